import EmotextTestSupport
import Testing

@testable import Emotext
@testable import EmotextUnicode

/// The editor's fast paths that decide a cluster question from the scalars next to an offset
/// (``GraphemeBreaks/Local``, ``Backspace/Local``) against the general path (ICU's break iterator, Android's
/// Backspace walk on a `String`), at every scalar offset of random text of every script: each answer the fast
/// path gives must be the general path's, and it must answer often enough to matter.
@Suite("Grapheme fast paths against ICU")
struct GraphemeLocalBreakTests {
  /// Random text: GraphemeReadingTests' edge pieces and every script of GraphemeTextGenerator, with runs of CJK,
  /// full-width punctuation, digits and symbols that are Emoji, and Mongolian variation selectors.
  static func text(_ random: inout SeededGenerator) -> String {
    let extra = [
      "今天好开心", "，", "。", "！", "【", "】", "[哈哈]", "0", "#", "©", "™", "ok ", "\u{180B}", "ᠠ\u{180B}", "\u{E0100}",
      "\u{FF9E}", "\u{200D}", "\u{1F3FB}", "\u{E007F}", "\r", "\n",
    ]
    var text = ""
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      text +=
        Bool.random(using: &random)
        ? extra.randomElement(using: &random)! : GraphemeReadingTests.edgeText(&random, pieces: 2)
    }
    return text
  }

  @Test func clusterFastPathsAgreeWithICU() {
    var random = SeededGenerator(seed: 0x6C6F_6361_6C62_726B)
    var answered = (isBoundary: 0, before: 0, after: 0)
    var asked = 0
    for _ in 0..<6_000 {
      var text = Self.text(&random)
      let offsets = GraphemeReadingTests.scalarBoundaries(text)
      text.withUTF8 { utf8 in
        for offset in offsets {
          asked += 1
          if let local = GraphemeBreaks.Local.isBoundary(offset, inUTF8: utf8) {
            answered.isBoundary += 1
            #expect(
              local == GraphemeBreaks.isBoundary(offset, inUTF8: utf8), "isBoundary(\(offset)) in \(utf8.map { $0 })")
          }
          // Note: the same question with the two sides in separate buffers (an insertion and the text after it).
          let seam = GraphemeBreaks.Local.isBoundaryBetween(
            UnsafeBufferPointer(rebasing: utf8[..<offset]), and: UnsafeBufferPointer(rebasing: utf8[offset...]))
          #expect(seam == GraphemeBreaks.Local.isBoundary(offset, inUTF8: utf8), "seam at \(offset)")
          if offset > 0, let local = GraphemeBreaks.Local.boundary(before: offset, inUTF8: utf8) {
            answered.before += 1
            #expect(
              local == GraphemeBreaks.boundary(before: offset, inUTF8: utf8),
              "boundary(before: \(offset)) in \(utf8.map { $0 })")
          }
          if offset < utf8.count, let local = GraphemeBreaks.Local.boundary(after: offset, inUTF8: utf8) {
            answered.after += 1
            #expect(
              local == GraphemeBreaks.boundary(after: offset, inUTF8: utf8),
              "boundary(after: \(offset)) in \(utf8.map { $0 })")
          }
        }
      }
    }
    // Note: the fast paths must answer a good share, or the test compares nothing.
    #expect(answered.isBoundary > asked / 4 && answered.before > asked / 5 && answered.after > asked / 5)
  }

  @Test(arguments: BackspaceMode.allCases) func backspaceFastPathAgreesWithTheGeneralPath(mode: BackspaceMode) {
    var random = SeededGenerator(seed: 0x6261_636B_7370_6163)
    var answered = 0
    var asked = 0
    for _ in 0..<6_000 {
      var text = Self.text(&random)
      let original = text
      let offsets = GraphemeReadingTests.scalarBoundaries(text).dropFirst()
      text.withUTF8 { utf8 in
        for offset in offsets {
          asked += 1
          guard let local = Backspace.Local.deletionStart(before: offset, inUTF8: utf8, mode: mode) else { continue }
          answered += 1
          let general = Backspace.deletionStart(before: offset, in: String(original.utf8Prefix(offset)), mode: mode)
          #expect(local == general, "\(mode) before \(offset) in \(utf8.map { $0 })")
        }
      }
    }
    #expect(answered > asked / 5)
  }
}

extension String {
  /// The text of the first `utf8Count` bytes (a scalar boundary).
  fileprivate func utf8Prefix(_ utf8Count: Int) -> Substring {
    self[..<utf8.index(utf8.startIndex, offsetBy: utf8Count)]
  }
}
