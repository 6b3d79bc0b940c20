import EmotextTestSupport
import Testing

@testable import Emotext

/// ``RichText/recognizingEntities(urls:)`` returns a document in which it finds no entity as it is, instead of
/// building it again from a copy of its post text: on random documents with and without entities (attachments, host
/// attributes, entity runs already there, runs cut across leaves by edits, text of every script), the shortcut's
/// answer must equal the rebuilt one, for both URL finders.
@Suite("Entities: a document without entities returned as it is")
struct EntityRecognitionFastPathTests {
  /// Text with no entity but with the bytes that make a run worth scanning (`.`, `:`, `@` after a letter, `#` alone).
  static let quietPieces = [
    "abc", " ", "中文", "。", "\n", "\r\n", "\t", "a.b", "x:y", "ab@c", "#", "e\u{301}", "\u{600}a", "👍🏽", "[哈哈]",
    "[微", "笑]", "1.", ":/",
  ]

  static func document(_ random: inout SeededGenerator) -> RichText {
    if Bool.random(using: &random) { return EntityStretchFastPathTests.document(&random) }
    var text = ""
    for _ in 0..<Int.random(in: 0...120, using: &random) {
      switch Int.random(in: 0...4, using: &random) {
      case 0: text += GraphemeTextGenerator.text(using: &random)
      case 1: text += String(repeating: ["中", "a", "é"].randomElement(using: &random)!, count: 40)
      default: text += quietPieces.randomElement(using: &random)!
      }
    }
    var document = BracketTokenizer(catalog: .default).tokenize(text)
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let offset = document.scalarBoundary(atOrBefore: Int.random(in: 0...document.utf16Count, using: &random))
      document.replaceSubrange(
        offset..<offset,
        with: RichText(
          quietPieces.randomElement(using: &random)!, attributes: TextAttributes(hostAttributes: ["font": "bold"])))
    }
    return document
  }

  @Test func theFastPathAnswersAsTheRebuiltDocument() {
    var random = SeededGenerator(seed: 0x656e_7469_7479)
    var (unchanged, changed) = (0, 0)
    for _ in 0..<2_000 {
      let document = Self.document(&random)
      for finder in [URLFinder.weibo, .twitter] {
        let shortcut = document.recognizingEntities(urls: finder, unchangedWhenNoneFound: true)
        let rebuilt = document.recognizingEntities(urls: finder, unchangedWhenNoneFound: false)
        rebuilt.checkInvariants()
        shortcut.checkInvariants()
        if rebuilt == document { unchanged += 1 } else { changed += 1 }
        guard shortcut == rebuilt, Array(shortcut.runs) == Array(rebuilt.runs) else {
          Issue.record("\(document.runs) with \(finder.detection): shortcut \(shortcut.runs), rebuilt \(rebuilt.runs)")
          return
        }
      }
    }
    // Note: the comparison shows something only when both answers are common.
    #expect(unchanged > 1_000 && changed > 1_000, "unchanged \(unchanged), changed \(changed)")
  }
}
