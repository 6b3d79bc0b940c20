import Foundation
import Testing

@testable import Emotext

@Suite("Document JSON") struct DocumentJSONTests {
  let tokenizer = BracketTokenizer(catalog: .default)

  @Test func writesVersionAndRunsInOrder() {
    var document = tokenizer.tokenize("好[愛你]\n")
    document.append(RichText("@某人", attributes: TextAttributes(entity: .mention, hostAttributes: ["color": "red"])))
    #expect(
      document.documentJSON == #"""
        {"version":1,"runs":[{"text":"好"},{"emoticon":"[愛你]"},{"text":"\n"},{"text":"@某人","entity":"mention","attributes":{"color":"red"}}]}
        """#)
  }

  @Test func decodingGivesBackTheDocument() throws {
    var random = TokenizerTestRandom(test: "decodingGivesBackTheDocument")
    for _ in 0..<300 {
      let document = tokenizer.tokenize(PostTextPieces.random(using: &random))
      #expect(try RichText(documentJSON: document.documentJSON, catalog: .default) == document)
    }
  }

  @Test func codableThroughJSONEncoderAndACatalogInUserInfo() throws {
    let document = tokenizer.tokenize("a[哈哈]b")
    let data = try JSONEncoder().encode(document)
    let decoder = JSONDecoder()
    decoder.userInfo[RichText.catalogUserInfoKey] = EmoticonCatalog.default
    #expect(try decoder.decode(RichText.self, from: data) == document)
  }

  @Test(arguments: [
    (
      #"{"version":1,"runs":[{"text":"a"},{"text":"b"},{"text":"c"},{"emoticon":"[xx]"}]}"#,
      #"runs[3].emoticon: unknown emoticon "[xx]""#
    ),
    (#"{"version":2,"runs":[]}"#, "version: unsupported version 2 (expected 1)"),
    (#"{"runs":[]}"#, "version: missing"),
    (#"{"version":1,"runs":[{"text":1}]}"#, "runs[0].text: expected a string"),
    (
      #"{"version":1,"runs":[{"text":"a","emoticon":"[哈哈]"}]}"#,
      #"runs[0]: expected exactly one of "text" or "emoticon""#
    ),
    (
      #"{"version":1,"runs":[{"text":"a","entity":"hashtag"}]}"#,
      #"runs[0].entity: unknown entity "hashtag" (expected mention, topic or link)"#
    ),
    (#"{"version":1,"runs":{}}"#, "runs: expected Array<Any>"),
  ])
  func decodeErrorsNameThePath(json: String, message: String) {
    do {
      _ = try RichText(documentJSON: json, catalog: .default)
      Issue.record("expected an error for \(json)")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func invalidJSONIsAnErrorAtTheTop() {
    do {
      _ = try RichText(documentJSON: "{", catalog: .default)
      Issue.record("expected an error")
    } catch {
      #expect(error.path == "")
      #expect(error.message.hasPrefix("invalid JSON"))
    }
  }
}
