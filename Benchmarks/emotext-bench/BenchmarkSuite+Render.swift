import Emotext
import Foundation

extension BenchmarkSuite {
  /// Write a document as the document JSON: `RichText.documentJSON` and `JSONEncoder` vs. NSAttributedString
  /// enumeration into `JSONSerialization`.
  mutating func runDocumentJSON() {
    let task = "serialize to document JSON"
    guard shouldRun(task) else { return }
    for corpus in corpora {
      let text = input(corpus)
      let input = corpus.name
      let bytes = text.utf8.count
      let document = tokenizer.tokenize(text).recognizingEntities()
      let expected = document.documentJSON
      let attributed = Self.attributedString(document)
      guard
        measure(
          task, input: input, inputBytes: bytes, contender: "Emotext RichText.documentJSON",
          check: { $0.utf8.count == expected.utf8.count ? nil : "\($0.utf8.count) bytes" }, { document.documentJSON }
        ) != nil
      else { continue }
      measure(
        task, input: input, inputBytes: bytes, contender: "Emotext JSONEncoder (Codable)",
        check: { $0.isEmpty ? "empty" : nil }, { (try? JSONEncoder().encode(document)) ?? Data() })
      measure(
        task, input: input, inputBytes: bytes, contender: "NSAttributedString + JSONSerialization",
        check: { $0.isEmpty ? "empty" : nil }, { Self.documentJSON(of: attributed) })
    }
  }

  /// Render a document (entities recognized) as HTML: `HTMLRenderer` vs. NSAttributedString enumeration with
  /// the same escaping.
  mutating func runRenderHTML() {
    let task = "render HTML"
    guard shouldRun(task) else { return }
    let renderer = HTMLRenderer(catalog: tokenizer.catalog, options: [.linkEntities, .omitImages])
    for corpus in corpora {
      let text = input(corpus)
      let input = corpus.name
      let bytes = text.utf8.count
      let document = tokenizer.tokenize(text).recognizingEntities()
      let attributed = Self.attributedString(document)
      guard
        measure(
          task, input: input, inputBytes: bytes, contender: "Emotext HTMLRenderer.render",
          check: { $0.isEmpty ? "empty" : nil }, { renderer.render(document) }) != nil
      else { continue }
      measure(
        task, input: input, inputBytes: bytes, contender: "NSAttributedString enumerate + escape",
        check: { $0.isEmpty ? "empty" : nil }, { Self.html(of: attributed) })
    }
  }

  /// Recognize entities in a tokenized document (`recognizingEntities()`), on its own.
  mutating func runRecognizeEntities() {
    let task = "recognize entities"
    guard shouldRun(task) else { return }
    for corpus in corpora {
      let text = input(corpus)
      let document = tokenizer.tokenize(text)
      measure(
        task, input: corpus.name, inputBytes: text.utf8.count, contender: "Emotext recognizingEntities",
        check: { $0.utf16Count == document.utf16Count ? nil : "length differs" }, { document.recognizingEntities() })
    }
  }

  /// The document JSON's shape built from an attributed string: one dictionary per attribute run.
  static func documentJSON(of attributed: NSAttributedString) -> Data {
    let string = NSString(string: attributed.string)
    var runs: [[String: String]] = []
    attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) { attributes, range, _ in
      if let token = attributes[emoticonTokenKey] as? String {
        for _ in 0..<range.length { runs.append(["emoticon": token]) }
      } else {
        runs.append(["text": string.substring(with: range)])
      }
    }
    return (try? JSONSerialization.data(withJSONObject: ["version": 1, "runs": runs] as [String: Any])) ?? Data()
  }

  /// HTML from an attributed string: escaped text, each attachment a span holding its token.
  static func html(of attributed: NSAttributedString) -> String {
    let string = NSString(string: attributed.string)
    var result = ""
    attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) { attributes, range, _ in
      if let token = attributes[emoticonTokenKey] as? String {
        for _ in 0..<range.length { result += "<span class=\"emoticon\">" + HTMLRenderer.escaped(token) + "</span>" }
      } else {
        result += HTMLRenderer.escaped(string.substring(with: range))
      }
    }
    return result
  }
}
