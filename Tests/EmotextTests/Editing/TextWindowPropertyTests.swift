import EmotextTestSupport
import EmotextUnicode
import Testing

@testable import Emotext

/// Cluster boundaries and Backspace read only a window of a long text run (`withTextWindow(containing:_:)`); these
/// compare them at every offset of long one-run documents with segmentation of the whole text.
@Suite("Text windows segment as the whole run")
struct TextWindowPropertyTests {
  /// Text whose clusters reach far (runs of marks, flags, ZWJ sequences, keycaps, conjuncts, Prepend, CR LF) and
  /// the places a window may start or end.
  static let pieces = [
    "a", "b", " ", "好", "，", "\u{301}", "\u{301}\u{302}\u{303}", "🇨", "🇳", "🇨🇳", "👨\u{200D}👩\u{200D}👧", "\u{200D}",
    "👍🏽", "1\u{FE0F}\u{20E3}", "#", "क\u{94D}ष", "\u{600}", "\r", "\n", "\r\n", "ᄀ", "ᅡ", "ᆨ", "😀", "\u{FE0F}",
    "e", "\u{E0067}", "🏴",
  ]

  @Test(arguments: 1...8 as ClosedRange<UInt64>)
  func boundariesAndBackspaceMatchTheWholeRun(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    // Note: long repeats of one piece make clusters longer than the first window.
    let text = (0..<150).map { _ in
      String(
        repeating: Self.pieces.randomElement(using: &random)!,
        count: Int.random(in: 0..<8, using: &random) == 0 ? 30 : 1)
    }.joined()
    let document = RichText(text)
    let utf16Offsets = Self.scalarUTF16Offsets(text)
    let boundaries = Set(GraphemeBreaks.boundaries(in: text)).union([0, text.utf8.count]).map { utf16Offsets[$0]! }
      .sorted()
    for (utf8Offset, utf16Offset) in utf16Offsets.sorted(by: { $0.key < $1.key }) {
      let isBoundary = boundaries.contains(utf16Offset)
      #expect(document.isGraphemeBoundary(utf16Offset) == isBoundary, "seed \(seed), offset \(utf16Offset)")
      if utf16Offset < document.utf16Count {
        #expect(
          document.graphemeBoundary(after: utf16Offset) == boundaries.first { $0 > utf16Offset },
          "seed \(seed) after \(utf16Offset)")
      }
      guard utf16Offset > 0 else { continue }
      #expect(
        document.graphemeBoundary(before: utf16Offset) == boundaries.last { $0 < utf16Offset },
        "seed \(seed) before \(utf16Offset)")
      for mode in [BackspaceMode.platform, .graphemeCluster] {
        let expected = utf16Offsets[Backspace.deletionStart(before: utf8Offset, in: text, mode: mode)]
        #expect(
          document.deletionStart(before: utf16Offset, mode: mode) == expected,
          "seed \(seed) \(mode) before \(utf16Offset)")
      }
    }
  }

  /// The UTF-16 offset of each scalar boundary, by UTF-8 offset.
  static func scalarUTF16Offsets(_ text: String) -> [Int: Int] {
    var offsets: [Int: Int] = [:]
    var (utf8, utf16) = (0, 0)
    for scalar in text.unicodeScalars {
      offsets[utf8] = utf16
      utf8 += UTF8.width(scalar)
      utf16 += UTF16.width(scalar)
    }
    offsets[utf8] = utf16
    return offsets
  }
}
