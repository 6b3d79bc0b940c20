import Testing

@testable import Emotext

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
        GraphemeBreaks.count(in: text) == GraphemeBreaks.boundaries(in: text).count,
        "seed \(seed): \(text.debugDescription)")
    }
  }

  @Test func classesComeFromICU() {
    #expect(GraphemeBreaks.countClasses[0x61] == .other)
    #expect(GraphemeBreaks.countClasses[0x0A] == .control)
    #expect(GraphemeBreaks.countClasses[0x301] == .extend)
    #expect(GraphemeBreaks.countClasses[0x200D] == .zwj)
    #expect(GraphemeBreaks.countClasses[0x1F1E8] == .regional)
    #expect(GraphemeBreaks.countClasses[0xAC00] == .complex)  // a Hangul LV syllable
    #expect(GraphemeBreaks.count(in: "🇨🇳🇯🇵🇺") == 3)
    #expect(GraphemeBreaks.count(in: "a\r\n\r\nb") == 4)
    #expect(GraphemeBreaks.countClasses[0x1F600] == .other)
    #expect(GraphemeBreaks.count(in: "a" + String(repeating: "\u{301}", count: 1000)) == 1)
  }
}
