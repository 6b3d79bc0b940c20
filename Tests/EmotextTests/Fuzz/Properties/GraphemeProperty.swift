@testable import Emotext

/// The graphemes target: on any text, the table-driven boundaries, the count, the cluster length and
/// truncation agree exactly with ICU's character break iterator. The first byte picks how the rest is read:
/// even, as UTF-8 (invalid bytes become U+FFFD); odd, as choices of ``GraphemeTextGenerator``, which reaches
/// conjuncts, emoji sequences and flags far sooner than raw bytes.
enum GraphemeProperty {
  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let text: String
    if let first = bytes.first, first & 1 == 1 {
      var input = FuzzInput(Array(bytes.dropFirst()))
      text = GraphemeTextGenerator.text { input.byte() }
    } else {
      text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    }
    let expected = GraphemeBreaks.icuBoundaries(in: text)
    let found = GraphemeBreaks.boundaries(in: text)
    try require(found == expected, "boundaries \(found), ICU \(expected) for \(Array(text.unicodeScalars))")
    let document = RichText(text)
    try require(
      document.length(by: .graphemeClusters) == expected.count,
      "length \(document.length(by: .graphemeClusters)), ICU \(expected.count) for \(Array(text.unicodeScalars))")
    let limit = expected.count / 2
    let truncated = document.truncated(toFit: limit, by: .graphemeClusters).postText
    let kept = expected.count > limit ? (limit == 0 ? 0 : expected[limit - 1]) : text.utf8.count
    try require(
      Array(truncated.utf8) == Array(text.utf8.prefix(kept)),
      "truncated to \(limit) clusters: \(Array(truncated.unicodeScalars)) for \(Array(text.unicodeScalars))")
  }
}
