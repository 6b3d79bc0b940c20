import Foundation
import Testing

@testable import Emotext

/// `AttributedString(_: RichText)` and `RichText(_:catalog:)`: lossless both ways, positions in step.
@Suite("AttributedString bridge")
struct AttributedStringBridgeTests {
  static let catalog = EmoticonCatalog.default

  /// Text pieces that stress the seams: a literal U+FFFC, marks that would join a preceding attachment
  /// character, CR LF split across runs, emoji sequences, CJK Extension B, NUL.
  static let pieces: [String] = [
    "a", "好开心", "\u{FFFC}", "\u{301}", "e\u{301}", "\r", "\n", "\r\n", "👍", "🏽", "👨‍👩‍👧", "🇨🇳", "\u{200D}", "1️⃣",
    "𠀀", "\0", "[哈哈]", "@小明", " ",
  ]

  static func randomDocument(_ random: inout TokenizerTestRandom) -> RichText {
    let emoticons = catalog.packs.flatMap(\.emoticons).filter(\.isImage)
    let entities: [TextAttributes.Entity?] = [nil, nil, .mention, .topic, .link]
    var runs: [Run] = []
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      if Int.random(in: 0..<3, using: &random) == 0 {
        let emoticon = emoticons.randomElement(using: &random)!
        let token = ([emoticon.code] + emoticon.aliases).randomElement(using: &random)!
        runs.append(.emoticon(EmoticonAttachment(emoticon, token: token)))
      } else {
        let text = (0...Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }
          .joined()
        let host: [String: String] =
          Bool.random(using: &random) ? [:] : ["font": ["a", "b"].randomElement(using: &random)!]
        runs.append(.text(text, TextAttributes(entity: entities.randomElement(using: &random)!, hostAttributes: host)))
      }
    }
    return RichText(runs: runs)
  }

  /// The runs with their text as bytes (`String ==` is canonical equivalence; the bridge must keep bytes).
  static func exactRuns(_ document: RichText) -> [String] {
    document.runs.map { run in
      switch run {
      case .text(let text, let attributes):
        "text \(Array(text.utf8)) \(attributes.entity?.rawValue ?? "-") \(attributes.hostAttributes.sorted { $0.key < $1.key })"
      case .emoticon(let attachment): "emoticon \(attachment.token) \(attachment.emoticon.code)"
      }
    }
  }

  @Test func randomDocumentsSurviveTheRoundTrip() throws {
    var random = TokenizerTestRandom(test: "AttributedStringBridgeTests.randomDocumentsSurviveTheRoundTrip")
    for round in 0..<500 {
      let document = Self.randomDocument(&random)
      let attributed = AttributedString(document)
      let flat = String(attributed.characters)
      #expect(flat.utf16.count == document.utf16Count, "round \(round) (seed \(random.seed))")
      let back = try RichText(attributed, catalog: Self.catalog)
      back.checkInvariants()
      #expect(back == document, "round \(round) (seed \(random.seed)): \(document.runs)")
      #expect(Self.exactRuns(back) == Self.exactRuns(document), "round \(round) (seed \(random.seed))")
    }
  }

  @Test func attachmentIsOneObjectReplacementCharacterWithTheEmoticon() throws {
    let post = BracketTokenizer(catalog: Self.catalog).tokenize("@小明 好[愛你]").recognizingEntities()
    let attributed = AttributedString(post)
    #expect(String(attributed.characters) == "@小明 好\u{FFFC}")
    let runs = Array(attributed.runs)
    #expect(runs.count == 3)
    #expect(runs[0].entity == .mention)
    #expect(runs[1].entity == nil && runs[1].emoticon == nil)
    #expect(runs[2].emoticon == .init(token: "[愛你]", code: "[爱你]"))
    #expect(String(attributed.characters[runs[2].range]) == "\u{FFFC}")
  }

  @Test func offsetsAgreeWithTheDocument() throws {
    let post = BracketTokenizer(catalog: Self.catalog).tokenize("👍🏽[哈哈]好")
    let attributed = AttributedString(post)
    let flat = String(attributed.characters)
    // The caret after the attachment: UTF-16 offset 5 in both.
    let index = flat.utf16.index(flat.startIndex, offsetBy: post.utf16Offset(graphemeOffset: 2))
    #expect(flat[index...] == "好")
  }

  @Test func hostEditsReadBack() throws {
    var attributed = AttributedString(BracketTokenizer(catalog: Self.catalog).tokenize("好[哈哈]"))
    // A host types after the attachment: the new text does not inherit the emoticon.
    // (Typed through the character view, which gives new text the attributes before it unless a key opts out.)
    attributed.characters.append("!")
    attributed.insert(AttributedString("\u{FFFC}"), at: attributed.startIndex)  // a U+FFFC without the attribute
    var back = try RichText(attributed, catalog: Self.catalog)
    #expect(back.postText == "\u{FFFC}好[哈哈]!")
    #expect(back.runs.filter(\.isEmoticon).count == 1)
    // Two attachments coalesced into one attribute run still read back as two.
    let two = RichText(
      runs: Array(repeating: .emoticon(EmoticonAttachment(Self.catalog.emoticon(forToken: "[哈哈]")!)), count: 2))
    back = try RichText(AttributedString(two), catalog: Self.catalog)
    #expect(back == two)
  }

  @Test func unknownTokenSaysWhere() {
    var attributed = AttributedString("ab")
    var container = AttributeContainer()
    container.emoticon = .init(token: "[xx]", code: "[xx]")
    attributed.append(AttributedString("\u{FFFC}", attributes: container))
    #expect(throws: AttributedStringConversionError.unknownEmoticon(token: "[xx]", utf16Offset: 2)) {
      try RichText(attributed, catalog: Self.catalog)
    }
    #expect(
      AttributedStringConversionError.unknownEmoticon(token: "[xx]", utf16Offset: 2).description
        == #"UTF-16 offset 2: unknown emoticon "[xx]" (not in the catalog)"#)
  }

  /// Every way into a document admits the same attachments: the bridge accepts exactly the tokens JSON decoding
  /// accepts (an image emoticon's code or alias), so an emoji, which the catalog knows but which is text in a
  /// document, is not an attachment through either.
  @Test func theBridgeAndJSONDecodingAdmitTheSameAttachments() throws {
    let emoji = try #require(Self.catalog.packs.flatMap(\.emoticons).first { !$0.isImage })
    for token in ["[哈哈]", "[愛你]", emoji.code, "[xx]"] {
      var attributed = AttributedString("a")
      var container = AttributeContainer()
      container.emoticon = .init(token: token, code: token)
      attributed.append(AttributedString("\u{FFFC}", attributes: container))
      let bridged = try? RichText(attributed, catalog: Self.catalog)
      let json = #"{"version":1,"runs":[{"text":"a"},{"emoticon":""# + token + #""}]}"#
      let decoded = try? RichText(documentJSON: json, catalog: Self.catalog)
      #expect(
        bridged == decoded, "\(token): bridge \(String(describing: bridged)), JSON \(String(describing: decoded))")
      if let bridged { #expect(BracketTokenizer(catalog: Self.catalog).tokenize(bridged.postText) == bridged) }
    }
    #expect(throws: AttributedStringConversionError.unknownEmoticon(token: emoji.code, utf16Offset: 0)) {
      var container = AttributeContainer()
      container.emoticon = .init(token: emoji.code, code: emoji.code)
      return try RichText(AttributedString("\u{FFFC}", attributes: container), catalog: Self.catalog)
    }
  }
}
