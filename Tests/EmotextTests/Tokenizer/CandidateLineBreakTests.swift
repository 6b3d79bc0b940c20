import Testing

@testable import Emotext

/// A candidate `[…]` ends at a line break (the scan tests only the bytes that can start one before it looks a
/// scalar up): every line break ends it, and characters that share a line break's lead byte do not.
@Suite("Candidates and line breaks")
struct CandidateLineBreakTests {
  /// UAX #14's mandatory breaks (BK, CR, LF, NL), written out: LF, VT, FF, CR, NEL, LINE and PARAGRAPH SEPARATOR.
  static let lineBreaks: [Character] = ["\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}"]
  /// Characters that are not line breaks, among them some with a line break's lead byte (0xC2: U+00A0, U+00B7;
  /// 0xE2: U+2026, U+2027, U+202A, U+2030) and controls that are not breaks.
  static let others: [Character] = [
    "a", "好", "\u{A0}", "\u{B7}", "\u{2026}", "\u{2027}", "\u{202A}", "\u{2030}", "\t", "\u{1}",
  ]

  private func candidates(_ text: String) -> [String] {
    var result: [String] = []
    BracketTokenizer(catalog: .default).forEachCandidate(in: text) { _, candidate in result.append(candidate) }
    return result
  }

  @Test func everyLineBreakEndsACandidate() {
    for lineBreak in Self.lineBreaks {
      #expect(candidates("[a\(lineBreak)b]").isEmpty, "\(lineBreak.unicodeScalars.first!)")
      #expect(candidates("[好\(lineBreak)[哈哈]") == ["[哈哈]"], "\(lineBreak.unicodeScalars.first!)")
    }
  }

  @Test func charactersThatAreNotLineBreaksStayInACandidate() {
    for other in Self.others {
      #expect(candidates("[a\(other)b]") == ["[a\(other)b]"], "\(other.unicodeScalars.first!)")
    }
  }
}
