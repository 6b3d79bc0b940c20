import Testing

@testable import Emotext
@testable import EmotextUnicode

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

  /// `.twitter` weighs each ICU cluster: an emoji cluster 2, anything else its NFC scalars; the table-driven
  /// walk must give what a cluster-by-cluster reference with ICU's boundaries and properties gives.
  @Test func twitterLengthAgreesWithAReferenceOverICUClusters() throws {
    var random = TokenizerTestRandom(test: "GraphemeDifferentialTests.twitterLengthAgreesWithAReference")
    let rule = WeightedLengthRule.twitter
    for _ in 0..<3_000 {
      let text = GraphemeTextGenerator.text(using: &random)
      var sum = 0
      var start = text.utf8.startIndex
      for boundary in GraphemeBreaks.icuBoundaries(in: text) {
        let end = text.utf8.index(text.utf8.startIndex, offsetBy: boundary)
        let cluster = text[start..<end].unicodeScalars
        start = end
        let isEmoji = cluster.contains { scalar in
          scalar.icuIsEmojiPresentation || scalar.icuIsRegionalIndicator || scalar == "\u{20E3}"
            || (cluster.contains("\u{FE0F}") && scalar.icuIsEmoji)
        }
        if isEmoji {
          sum += 2
        } else {
          for scalar in String(String.UnicodeScalarView(cluster)).nfcNormalized().unicodeScalars {
            sum += rule.ranges.first { $0.scalars.contains(scalar.value) }?.weight ?? rule.defaultWeight
          }
        }
      }
      #expect(RichText(text).length(by: .weighted(rule)) == sum, "seed \(random.seed): \(text.debugDescription)")
    }
  }

  /// The table's NFC flag rests on every scalar with a non-zero combining class being Extend or SpacingMark;
  /// and text it calls NFC is what ICU leaves unchanged.
  @Test func nfcFlagAgreesWithICU() throws {
    for value in UInt32(0)..<0x110000 {
      guard let scalar = Unicode.Scalar(value), scalar.icuCombiningClass != 0 else { continue }
      let kind = GraphemeTable.kind(GraphemeTable.shared.entry(value))
      #expect(kind == .extend || kind == .spacingMark, "U+\(String(value, radix: 16))")
    }
    var random = TokenizerTestRandom(test: "GraphemeDifferentialTests.nfcFlagAgreesWithICU")
    for _ in 0..<20_000 {
      var text = GraphemeTextGenerator.text(using: &random)
      if text.withUTF8({ GraphemeTable.isKnownNFC(utf8: $0) }) {
        #expect(text.nfcNormalized() == text, "seed \(random.seed): \(text.debugDescription)")
      }
    }
  }
}
