import EmotextTestSupport
import EmotextUnicode
import Foundation
import Testing

@testable import Emotext

/// Live entity recognition reads only the stretch between the cuts around an edit (``EntityCut``); these check
/// that it still gives exactly what recognizing the whole document gives, and that the stretch stays short in a
/// long line.
@Suite("Live entities bounded by the entity")
struct LiveEntityPropertyTests {
  /// Text rich in what starts, ends or pairs entities, and in what might wrongly be taken for a cut.
  static let pieces = [
    "@", "#", "#", "@小明", "#春天#", "http://", "https://t.cn/x", "http://a.", "com", ".com", ":", "//", " ", " ",
    "  ", "\n", "\r", "\r\n", "\t", "a", "b", "x", "哈", "，", "。", "：", "、", "\u{3000}", "\u{A0}", "\u{2014}",
    "\u{2013}", "\u{201C}", "!", "?", "-", "_", "[", "]", "[哈哈]", "[微", "笑]", "😀", "👍", "🏽", "\u{200D}",
    "\u{301}", "\u{600}", "\u{203C}", "🇨", "🇳", "ab@c", "#a b#", "(", ")", "/", "1",
  ]

  static func randomText(_ count: Int, using random: inout SeededGenerator) -> String {
    (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
  }

  /// What the batch pass makes of the editor's text: tokenized, then entities recognized over the whole document.
  static func batch(_ document: RichText, tokenizer: BracketTokenizer) -> RichText {
    tokenizer.tokenize(document.postText).recognizingEntities()
  }

  @Test(arguments: 1...16 as ClosedRange<UInt64>)
  func liveRecognitionEqualsWholeDocumentRecognition(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let tokenizer = BracketTokenizer(catalog: .default)
    // Note: long enough that the walk for the cut before an edit often starts inside the document.
    let start = tokenizer.tokenize(Self.randomText(Int.random(in: 0...400, using: &random), using: &random))
    var editor = Editor(document: start, catalog: .default, recognizesEntities: true)
    var history: [String] = []
    for _ in 0..<250 {
      let count = editor.document.utf16Count
      let action: String
      switch Int.random(in: 0..<10, using: &random) {
      case 0...4:
        let text = Self.randomText(Int.random(in: 1...3, using: &random), using: &random)
        action = "insert \(text.unicodeScalars.map(\.value))"
        editor.insert(text)
      case 5, 6:
        action = "backspace"
        editor.deleteBackward()
      case 7:
        action = "delete"
        editor.deleteForward()
      default:
        let bounds = [Int.random(in: 0...count, using: &random), Int.random(in: 0...count, using: &random)].sorted()
        let caretOnly = Bool.random(using: &random)
        action = "select \(bounds[0])..<\(caretOnly ? bounds[0] : bounds[1])"
        editor.select(bounds[0]..<(caretOnly ? bounds[0] : bounds[1]))
      }
      history.append(action)
      let expected = Self.batch(editor.document, tokenizer: tokenizer)
      guard editor.document == expected else {
        Issue.record("seed \(seed): after \(history.suffix(8)): \(Self.difference(editor.document, expected))")
        return
      }
    }
  }

  /// An editor on a document whose entities are already marked recognizes them again from scratch: the text after
  /// a link is not a run of its own (failed before: `@b` after `http://t.cn/a` became a mention).
  @Test func editorOnARecognizedDocumentRecognizesFromScratch() {
    let tokenizer = BracketTokenizer(catalog: .default)
    let document = tokenizer.tokenize("http://t.cn/a@b #话题# x").recognizingEntities()
    let editor = Editor(document: document, catalog: .default, recognizesEntities: true)
    #expect(editor.document == Self.batch(editor.document, tokenizer: tokenizer))
    #expect(Set(editor.document.entityKinds()) == [nil, .link, .topic])
  }

  /// A megabyte on one line: edits at the start, the middle and the end give what whole recognition gives, and
  /// the stretch read again is a few words, not the line.
  @Test func megabyteLineIsRecognizedAroundTheEditOnly() {
    var random = SeededGenerator(seed: 99)
    let tokenizer = BracketTokenizer(catalog: .default)
    let words = ["@小明", "#春天#", "http://t.cn/abc", "今天", "好", "开心", "[哈哈]", "word", "，", "。"]
    var line = ""
    while line.utf8.count < (Int(ProcessInfo.processInfo.environment["LIVE_TEST_SIZE"] ?? "") ?? 1 << 20) {
      line += words.randomElement(using: &random)! + (Bool.random(using: &random) ? " " : "")
    }
    let document = tokenizer.tokenize(line).recognizingEntities()
    for position in [0, document.utf16Count / 2, document.utf16Count - 3] {
      let stretch = document.entityStretch(around: position..<position).range
      #expect(stretch.count < 4 * EntityCut.quietScalarCount, "stretch \(stretch) around \(position)")
    }
    var editor = Editor(document: document, catalog: .default, recognizesEntities: true)
    let edits: [(Int, String)] = [
      (document.utf16Count / 2, "@"), (document.utf16Count / 2 + 1, "新"), (10, "#"), (25, "#"),
      (document.utf16Count - 1, " http://t.cn/x"),
    ]
    let checksEveryStep = ProcessInfo.processInfo.environment["LIVE_TEST_SIZE"] != nil
    for (offset, text) in edits {
      for step in ["select", "insert", "backspace", "insert"] {
        switch step {
        case "select": editor.select(offset..<offset)
        case "insert": editor.insert(text)
        default: editor.deleteBackward()
        }
        guard checksEveryStep else { continue }
        let expected = Self.batch(editor.document, tokenizer: tokenizer)
        let same = editor.document == expected
        #expect(same, "\(step) \(text) at \(offset): \(Self.difference(editor.document, expected))")
        if !same { return }
      }
    }
    let expected = Self.batch(editor.document, tokenizer: tokenizer)
    let same = editor.document == expected
    #expect(same, "\(Self.difference(editor.document, expected))")
  }

  /// The first unit where `live` and `whole` differ in entity, with the text around it.
  static func difference(_ live: RichText, _ whole: RichText) -> String {
    let (kinds, expected) = (live.entityKinds(), whole.entityKinds())
    guard let at = zip(kinds, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else {
      return "same entities; runs \(live.runs.prefix(40)) vs \(whole.runs.prefix(40))"
    }
    let around = max(at - 90, 0)..<min(at + 60, live.utf16Count)
    return "at \(at) live \(kinds[at].debugDescription), whole \(expected[at].debugDescription) in \(around): "
      + live.slice(around).postText.debugDescription
  }

  /// The derivation in ``EntityCut``: a separator is no name character, no `@` or `#`, no URL path character,
  /// and clusters break before it whatever comes before (but a Prepend scalar, or a CR before an LF).
  @Test func separatorsEndEveryEntityAndBreakClusters() {
    var separators = 0
    let contexts = ["a", "😀\u{200D}", "🇨", "क\u{94D}", "e\u{301}", "가"]
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), EntityCut.isSeparator(scalar) else { continue }
      separators += 1
      #expect(!EntityScanner.isNameScalar(scalar) && scalar != "@" && scalar != "#", "\(value)")
      #expect(!scalar.isURLPathCharacter, "\(value)")
      for context in contexts {
        let text = context + String(scalar)
        #expect(
          GraphemeBreaks.isBoundary(context.utf8.count, in: text),
          "no cluster break before U+\(String(value, radix: 16)) after \(context.unicodeScalars.map(\.value))")
      }
    }
    #expect(separators > 150)
    #expect(!EntityCut.breaks(between: "\u{600}", and: " ") && !EntityCut.breaks(between: "\r", and: "\n"))
  }
}
