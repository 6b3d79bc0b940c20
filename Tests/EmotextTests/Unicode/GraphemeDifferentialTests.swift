import Testing

@testable import Emotext

/// The table-driven boundaries (``GraphemeTable``) against ICU's character break iterator, the definition the
/// editor uses, on random text of every script and sequence the rules treat specially: every boundary, and so
/// every count, length and truncation, must agree.
@Suite("Grapheme boundaries: tables against ICU")
struct GraphemeDifferentialTests {
  @Test func boundariesMatchICUOnRandomText() {
    var random = TokenizerTestRandom(test: "GraphemeDifferentialTests.boundariesMatchICUOnRandomText")
    var mismatches = 0
    for _ in 0..<300_000 {
      let text = GraphemeTextGenerator.text(using: &random)
      let expected = GraphemeBreaks.icuBoundaries(in: text)
      if GraphemeBreaks.boundaries(in: text) != expected || GraphemeBreaks.count(in: text) != expected.count {
        mismatches += 1
        if mismatches <= 5 {
          Issue.record(
            "seed \(random.seed): \(text.unicodeScalars.map { String($0.value, radix: 16) }): tables \(GraphemeBreaks.boundaries(in: text)), ICU \(expected)"
          )
        }
      }
    }
    #expect(mismatches == 0, "seed \(random.seed)")
  }

  /// Truncation and the lengths walk the same boundaries: a count by clusters equals ICU's.
  @Test func lengthsAgreeWithICU() {
    var random = TokenizerTestRandom(test: "GraphemeDifferentialTests.lengthsAgreeWithICU")
    for _ in 0..<3_000 {
      let text = GraphemeTextGenerator.text(using: &random)
      let clusters = GraphemeBreaks.icuBoundaries(in: text).count
      let document = RichText(text)
      #expect(document.length(by: .graphemeClusters) == clusters, "seed \(random.seed): \(text.debugDescription)")
      let limit = clusters / 2
      let truncated = document.truncated(toFit: limit, by: .graphemeClusters)
      #expect(
        GraphemeBreaks.icuBoundaries(in: truncated.postText).count == limit,
        "seed \(random.seed): \(text.debugDescription)")
    }
  }
}
