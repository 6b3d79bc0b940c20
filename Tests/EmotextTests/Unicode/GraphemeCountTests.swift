import EmotextTestSupport
import Testing

@testable import Emotext
@testable import EmotextUnicode

/// Grapheme counting splits text at boundaries it knows without ICU and asks ICU only about the pieces
/// in between: it must count exactly what ICU's break iterator counts over the whole text.
@Suite("Grapheme count fast path")
struct GraphemeCountTests {
  static let pieces = [
    "a", "哈", " ", "\n", "\r", "\r\n", "\t", "😀", "❤️", "☺︎", "👍🏽", "👨‍👩‍👧‍👦", "🇨🇳", "🇯", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "\u{301}",
    "\u{200D}", "é", "각", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{0600}", "ि", "क", "\u{094D}", "ำ", "𠀀", "\u{FE0F}",
    "\u{1F3FD}", "[哈哈]", "\u{0}", "\u{85}", "\u{2028}",
  ]

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func countMatchesICUOnRandomText(seed: UInt64) {
    print("GraphemeCountTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    for _ in 0..<300 {
      let count = Int.random(in: 0...24, using: &random)
      let text = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
      #expect(
        GraphemeBreaks.count(in: text) == GraphemeBreaks.icuBoundaries(in: text).count,
        "seed \(seed): \(text.debugDescription)")
    }
  }

  /// ICU 72 keeps an Indic conjunct (consonant, virama, consonant) in one cluster, as Unicode 15.1 later did;
  /// the count broke before the second consonant.
  @Test(arguments: ["क्ष", "क्\u{200D}ष", "ক্ষ", "स्त्र", "a\u{094D}क", "க்ஷ", "ക്ക", "ત્ર", "क्"])
  func indicConjunctsCountAsICUSplitsThem(text: String) {
    #expect(GraphemeBreaks.count(in: text) == GraphemeBreaks.icuBoundaries(in: text).count, "\(text.debugDescription)")
  }

  @Test func devanagariConjunctIsOneCluster() {
    #expect(GraphemeBreaks.icuBoundaries(in: "क्ष") == [9])
    #expect(GraphemeBreaks.count(in: "क्ष") == 1)
    #expect(RichText("क्ष").length(by: .graphemeClusters) == 1)
  }

  @Test func tableComesFromICU() {
    let table = GraphemeTable.shared
    #expect(GraphemeTable.kind(table.entry(0x61)) == .other)
    #expect(GraphemeTable.kind(table.entry(0x0A)) == .lineFeed)
    #expect(GraphemeTable.kind(table.entry(0x301)) == .extend)
    #expect(GraphemeTable.kind(table.entry(0x200D)) == .zwj)
    #expect(GraphemeTable.kind(table.entry(0x1F1E8)) == .regionalIndicator)
    #expect(GraphemeTable.kind(table.entry(0xAC00)) == .hangulLV)
    #expect(GraphemeTable.kind(table.entry(0xE0001)) == .control)  // LANGUAGE TAG, plane 14
    #expect(table.entry(0x1F600) & GraphemeTable.extendedPictographic != 0)
    #expect(table.entry(0x0915) & GraphemeTable.linkingConsonant != 0)  // DEVANAGARI KA
    #expect(table.entry(0x094D) & GraphemeTable.linkingVirama != 0)  // DEVANAGARI VIRAMA
    #expect(table.entry(0x0BCD) & GraphemeTable.linkingVirama == 0)  // TAMIL PULLI: ICU 72 does not join Tamil
    #expect(GraphemeBreaks.count(in: "🇨🇳🇯🇵🇺") == 3)
    #expect(GraphemeBreaks.count(in: "a\r\n\r\nb") == 4)
    #expect(GraphemeBreaks.count(in: "a" + String(repeating: "\u{301}", count: 1000)) == 1)
  }
}
