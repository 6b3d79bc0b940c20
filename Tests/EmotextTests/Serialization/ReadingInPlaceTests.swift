import EmotextTestSupport
import EmotextUnicode
import Foundation
import Testing

@testable import Emotext

/// The writers and renderers that read a document in place (document JSON, `Codable`, post text, HTML, the
/// terminal layout, entity recognition, the `AttributedString` bridge) give exactly what a naive writer built
/// on `runs` gives, on random documents whose text runs are cut across leaves (more of them with
/// `EMOTEXT_INTERNAL_CHECKS`, whose leaves hold 24 bytes).
@Suite("Reading in place")
struct ReadingInPlaceTests {
  static let haha = EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!
  static let love = EmoticonCatalog.default.emoticon(forToken: "[爱你]")!

  /// Runs with what the writers escape or treat specially: HTML and JSON metacharacters, controls, every kind
  /// of line break (CR LF too), emoji, combining marks, entity text, and text long enough to span leaves.
  static func randomRuns(_ random: inout SeededGenerator, count: Int) -> [Run] {
    let texts = [
      "a", "哈哈", "<b>&\"'", "\\/", "\r", "\n", "\r\n", "\u{2028}x\u{2029}", "\u{85}", "\0\u{1}\u{1B}[31m", "\t ",
      "😀👍🏽🏳️‍🌈", "e\u{301}", "@小明 ", "#春天# ", "https://weibo.com/a?b=1&c=2 ", "t.co/abc ", "[哈哈]",
      String(repeating: "长", count: 300) + "\r", "\n" + String(repeating: "ab<", count: 200),
    ]
    let attributes = [
      TextAttributes.plain, TextAttributes(entity: .mention), TextAttributes(entity: .topic),
      TextAttributes(entity: .link), TextAttributes(hostAttributes: ["font": "Kai", "color": "red\"\n"]),
      TextAttributes(entity: .link, hostAttributes: ["a": "1"]),
    ]
    return (0..<count).map { _ in
      switch Int.random(in: 0..<8, using: &random) {
      case 0: .emoticon(EmoticonAttachment(haha))
      case 1: .emoticon(EmoticonAttachment(love, token: "[愛你]"))
      default: .text(texts.randomElement(using: &random)!, attributes.randomElement(using: &random)!)
      }
    }
  }

  /// A document of random runs, sometimes edited, so that leaves are cut where edits left them.
  static func randomDocument(_ random: inout SeededGenerator) -> RichText {
    var document = RichText(runs: randomRuns(&random, count: Int.random(in: 0...120, using: &random)))
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      let lower = document.snapped(Int.random(in: 0...document.utf16Count, using: &random), .backward)
      let upper = document.snapped(Int.random(in: lower...document.utf16Count, using: &random), .forward)
      let count = Int.random(in: 0...12, using: &random)
      document.replaceSubrange(lower..<upper, with: RichText(runs: randomRuns(&random, count: count)))
    }
    return document
  }

  /// Whether some text run of `document` is cut across leaves.
  static func hasRunCutAcrossLeaves(_ document: RichText) -> Bool {
    var found = false
    document.forEachLeafChunk { chunk in
      found = chunk.lastContinuesRun
      return !found
    }
    return found
  }

  // MARK: Naive writers, on `runs`

  static func naiveJSONValue(_ document: RichText) -> JSONValue {
    .object([
      ("version", .integer(RichText.documentFormatVersion)),
      (
        "runs",
        .array(
          document.runs.map { run in
            switch run {
            case .text(let text, let attributes):
              var members: [(String, JSONValue)] = [("text", .string(text))]
              if let entity = attributes.entity { members.append(("entity", .string(entity.rawValue))) }
              if !attributes.hostAttributes.isEmpty {
                let sorted = attributes.hostAttributes.sorted { $0.key < $1.key }
                members.append(("attributes", .object(sorted.map { ($0.key, .string($0.value)) })))
              }
              return .object(members)
            case .emoticon(let attachment):
              return .object([("emoticon", .string(attachment.token))])
            }
          })
      ),
    ])
  }

  /// HTML as the renderer wrote it run by run from `runs`, each run's text a `String`.
  static func naiveHTML(_ document: RichText, _ renderer: HTMLRenderer) -> String {
    var html = ""
    func escapedLines(_ text: Substring) -> String {
      var result = ""
      var line = ""
      var previousWasCR = false
      for scalar in text.unicodeScalars {
        if LineBreaks.isLineBreak(scalar) {
          if !(scalar == "\n" && previousWasCR) {
            result += HTMLRenderer.escaped(line) + "<br>\n"
            line = ""
          }
        } else {
          line.unicodeScalars.append(scalar)
        }
        previousWasCR = scalar == "\r"
      }
      return result + HTMLRenderer.escaped(line)
    }
    func content(_ text: String) -> String {
      guard let emojiImages = renderer.emojiImages else { return escapedLines(text[...]) }
      return EmojiClusters.segments(of: text).map { segment, isEmoji in
        let src = emojiImages.url(for: segment)
        guard isEmoji, HTMLRenderer.isSafeURL(src) else { return escapedLines(segment) }
        return
          "<img class=\"emoji\" src=\"\(HTMLRenderer.escaped(src))\" alt=\"\(HTMLRenderer.escaped(String(segment)))\""
          + " draggable=\"false\">"
      }.joined()
    }
    func link(_ text: String, _ entity: TextAttributes.Entity) -> String? {
      let url: String
      switch entity {
      case .mention:
        let name = text.hasPrefix("@") ? String(text.dropFirst()) : text
        url = renderer.mentionURLTemplate.replacing("{name}", with: HTMLRenderer.percentEncoded(name))
      case .topic:
        var topic = Substring(text)
        if topic.hasPrefix("#") { topic = topic.dropFirst() }
        if topic.hasSuffix("#") { topic = topic.dropLast() }
        url = renderer.topicURLTemplate.replacing("{topic}", with: HTMLRenderer.percentEncoded(String(topic)))
      case .link:
        let isBareDomain =
          !URLFinder.startsWithScheme(text) && URLFinder.twitter.urlRanges(in: text) == [0..<text.utf8.count]
        url = isBareDomain ? "http://" + text : text
      }
      return HTMLRenderer.isSafeURL(url) ? url : nil
    }
    for run in document.runs {
      switch run {
      case .text(let text, let attributes):
        guard let entity = attributes.entity else {
          html += content(text)
          continue
        }
        if renderer.options.contains(.linkEntities), let href = link(text, entity) {
          html += "<bdi><a class=\"\(entity.rawValue)\" href=\"\(HTMLRenderer.escaped(href))\">"
          html += content(text) + "</a></bdi>"
        } else {
          html += "<bdi><span class=\"\(entity.rawValue)\">" + content(text) + "</span></bdi>"
        }
      case .emoticon(let attachment):
        // Note: the default catalog has no images, so an emoticon is its fallback span.
        html += "<span class=\"emoticon\" title=\"\(HTMLRenderer.escaped(attachment.title))\">"
        html += HTMLRenderer.escaped(attachment.fallbackText) + "</span>"
      }
    }
    return html
  }

  /// The terminal pieces of `document` from `runs`: one per cluster of each run's text, one per attachment,
  /// with the line break opportunities of the flattened text.
  static func naivePieces(_ document: RichText, emoticonCodes: Bool) -> [TerminalLayout.Piece] {
    var pieces: [TerminalLayout.Piece] = []
    var starts: [Int] = []
    var flattened = ""
    var utf16Offset = 0
    for run in document.runs {
      switch run {
      case .emoticon(let attachment):
        let shown = TerminalLayout.sanitized(emoticonCodes ? attachment.token : attachment.fallbackText)
        starts.append(flattened.utf8.count)
        flattened += "\u{FFFC}"
        pieces.append(
          .init(
            utf16Offset: utf16Offset, utf16Count: 1, shown: shown, cells: TerminalCellWidth.ofText(shown),
            style: emoticonCodes || attachment.fallbackText == attachment.token ? .emoticonCode : .emoticon,
            isAttachment: true))
        utf16Offset += 1
      case .text(let text, let attributes):
        for cluster in text.graphemeClusters {
          let isLineBreak = LineBreaks.isLineBreak(cluster.unicodeScalars.first!)
          let isSpace = cluster == " " || cluster == "\t"
          let shown = isLineBreak ? "" : isSpace ? " " : TerminalLayout.sanitized(String(cluster))
          starts.append(flattened.utf8.count)
          flattened += cluster
          pieces.append(
            .init(
              utf16Offset: utf16Offset, utf16Count: cluster.utf16.count, shown: shown,
              cells: TerminalCellWidth.of(shown), style: attributes.entity.map { .entity($0) } ?? .plain,
              isLineBreak: isLineBreak, isSpace: isSpace))
          utf16Offset += cluster.utf16.count
        }
      }
    }
    let opportunities = Set(LineBreaks.opportunities(in: flattened).map(\.utf8Offset))
    for index in pieces.indices { pieces[index].breakBefore = opportunities.contains(starts[index]) }
    return pieces
  }

  static func naiveEntities(_ document: RichText, urls: URLFinder) -> RichText {
    var result: [Run] = []
    for run in document.runs {
      guard case .text(let text, let attributes) = run, attributes.entity == nil else {
        result.append(run)
        continue
      }
      var start = 0
      let utf8 = Array(text.utf8)
      for entity in EntityScanner.entities(in: text, urls: urls) {
        result.append(.text(String(decoding: utf8[start..<entity.utf8Range.lowerBound], as: UTF8.self), attributes))
        var entityAttributes = attributes
        entityAttributes.entity = entity.kind
        result.append(.text(String(decoding: utf8[entity.utf8Range], as: UTF8.self), entityAttributes))
        start = entity.utf8Range.upperBound
      }
      result.append(.text(String(decoding: utf8[start...], as: UTF8.self), attributes))
    }
    return RichText(runs: result)
  }

  static func naiveAttributedString(_ document: RichText) -> AttributedString {
    var result = AttributedString()
    for run in document.runs {
      var attributes = AttributeContainer()
      switch run {
      case .text(let text, let textAttributes):
        attributes.entity = textAttributes.entity
        if !textAttributes.hostAttributes.isEmpty { attributes.hostAttributes = textAttributes.hostAttributes }
        result.append(AttributedString(text, attributes: attributes))
      case .emoticon(let attachment):
        attributes.emoticon = .init(token: attachment.token, code: attachment.emoticon.code)
        result.append(AttributedString("\u{FFFC}", attributes: attributes))
      }
    }
    return result
  }

  /// What a host reads from an attributed string: each run's scalars and attributes.
  // Note: not `==`: on long strings with many runs, swift-corelibs-foundation's `==` can tell apart two attributed
  // strings whose characters, scalars and runs are all equal (built by appending runs vs. by setting attributes).
  static func contents(_ attributed: AttributedString) -> [[String]] {
    attributed.runs.map { run in
      [
        attributed.unicodeScalars[run.range].map { String($0.value, radix: 16) }.joined(separator: " "),
        String(describing: run.entity), String(describing: run.emoticon),
        String(describing: run.hostAttributes?.sorted { $0.key < $1.key }),
      ]
    }
  }

  // MARK: Tests

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func everyWriterMatchesItsNaiveReference(seed: UInt64) throws {
    print("ReadingInPlaceTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    var cutRuns = 0
    for round in 0..<10 {
      let document = Self.randomDocument(&random)
      let context = "seed \(seed), round \(round)"
      if Self.hasRunCutAcrossLeaves(document) { cutRuns += 1 }

      let json = Self.naiveJSONValue(document)
      #expect(document.documentJSON == json.serialized, "\(context): documentJSON")
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys  // Note: else the order of keys is the encoder's choice.
      #expect(try encoder.encode(document) == encoder.encode(json), "\(context): Codable")
      #expect(document.postText == document.runs.map(\.postText).joined(), "\(context): postText")

      for options in [HTMLRenderer.Options.default, [.omitImages]] {
        let renderer = HTMLRenderer(options: options)
        #expect(renderer.render(document) == Self.naiveHTML(document, renderer), "\(context): HTML \(options)")
      }
      let emoji = HTMLRenderer(emojiImages: EmojiImages(baseURL: "https://e.example/"))
      #expect(emoji.render(document) == Self.naiveHTML(document, emoji), "\(context): HTML with emoji images")

      for emoticonCodes in [false, true] {
        let layout = TerminalLayout(document, columns: 10_000, emoticonCodes: emoticonCodes)
        #expect(
          layout.lines.flatMap { $0 } == Self.naivePieces(document, emoticonCodes: emoticonCodes),
          "\(context): terminal pieces")
      }

      for urls in [URLFinder.weibo, .twitter] {
        let recognized = document.recognizingEntities(urls: urls)
        recognized.checkInvariants()
        #expect(recognized == Self.naiveEntities(document, urls: urls), "\(context): entities")
      }
      let attributed = AttributedString(document)
      #expect(
        Self.contents(attributed) == Self.contents(Self.naiveAttributedString(document)), "\(context): AttributedString"
      )
      #expect(try RichText(attributed, catalog: .default) == document, "\(context): AttributedString read back")
    }
    #expect(cutRuns > 0, "seed \(seed): no document had a run cut across leaves")
  }

  /// A text run of more than one leaf, with a CR LF cut between two of them: one JSON run, one `<br>`, one
  /// `<span>`, one AttributedString run.
  @Test func aRunCutAcrossLeavesIsOneRun() throws {
    let text = String(repeating: "a", count: NodeCapacity.leafUTF8 - 1) + "\r\n" + String(repeating: "长", count: 400)
    let document = RichText(text, attributes: TextAttributes(entity: .mention))
    var leaves = 0
    var cutAfterCR = false
    document.forEachLeafChunk { chunk in
      leaves += 1
      if chunk.utf8.last == UInt8(ascii: "\r") && chunk.lastContinuesRun { cutAfterCR = true }
      return true
    }
    #expect(leaves >= 2 && cutAfterCR)

    #expect(document.documentJSON.components(separatedBy: #"{"text""#).count == 2)
    #expect(document.documentJSON == Self.naiveJSONValue(document).serialized)
    let html = HTMLRenderer(options: []).render(document)
    #expect(html.components(separatedBy: "<span").count == 2 && html.components(separatedBy: "<br>").count == 2)
    #expect(html.hasPrefix(#"<bdi><span class="mention">aaa"#) && html.hasSuffix("长</span></bdi>"))
    #expect(AttributedString(document).runs.count == 1)
    #expect(document.recognizingEntities() == document)
  }

  /// `parse --json` and `emotext edit` write the document JSON from the leaves; its members embed in an
  /// object of the caller's.
  @Test func documentJSONMembersEmbedInAnotherObject() {
    let document = BracketTokenizer(catalog: .default).tokenize("好[愛你]\n\"x\"").recognizingEntities()
    var output: [UInt8] = Array(#"{"text":"t","#.utf8)
    document.appendDocumentJSONMembers(to: &output)
    output.append(UInt8(ascii: "}"))
    guard case .object(let members) = Self.naiveJSONValue(document) else { return }
    #expect(String(decoding: output, as: UTF8.self) == JSONValue.object([("text", .string("t"))] + members).serialized)
    var runs: [UInt8] = []
    document.appendDocumentJSONRuns(to: &runs)
    #expect(String(decoding: runs, as: UTF8.self) == members[1].1.serialized)
  }

  /// U+2028 and U+2029 are escaped wherever they fall in the eight-byte steps over plain text, with no other byte
  /// to escape beside them (JavaScript reads them as line ends).
  @Test(arguments: 0..<16) func lineSeparatorsAmongPlainTextAreEscaped(offset: Int) {
    for separator in ["\u{2028}", "\u{2029}"] {
      let text = String(repeating: "a", count: offset) + separator + String(repeating: "b", count: 16)
      var output: [UInt8] = []
      JSONValue.appendString(text, to: &output)
      let escaped = separator == "\u{2028}" ? #"\u2028"# : #"\u2029"#
      #expect(
        String(decoding: output, as: UTF8.self)
          == "\"" + String(repeating: "a", count: offset) + escaped + String(repeating: "b", count: 16) + "\"")
    }
  }

  /// JSON escapes written from bytes are the ones the JSON writer writes for strings: every C0 control, `"`,
  /// `\`, U+2028 and U+2029.
  @Test func escapesMatchTheStringWriter() {
    let text = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\"\\/\u{2028}\u{2029}\u{2027}é好😀"
    var output: [UInt8] = []
    JSONValue.appendString(text, to: &output)
    #expect(
      String(decoding: output, as: UTF8.self)
        == #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\t\n\u000b\u000c\r\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\"\\/\u2028\u2029"#
        + "\u{2027}é好😀\"")
  }
}
