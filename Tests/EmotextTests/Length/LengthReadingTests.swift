import EmotextTestSupport
import Foundation
import Testing

@testable import Emotext
@testable import EmotextUnicode

/// Lengths and truncation read in place (run by run, per-scalar weights by lead byte, only the run where a cut
/// falls walked unit by unit) against a naive unit walk over the `runs` view with ICU's clusters, on posts whose
/// runs cross leaves.
@Suite("Length reading in place")
struct LengthReadingTests {
  static let pieces = [
    "a", "Hello ", "\r\n", "好", "中文", "，", "。", "e\u{301}", "\u{212B}", "👍🏽", "🇨🇳", "❤️", "✨", "1️⃣", "😀", "𠀀",
    "好\u{FE0F}", "[哈哈]", "[未知]", "[doge]", " https://example.com/a?b=1 ", "http://t.cn/A6x", "example.com",
    "a.b", "//@name: ", "ｶ\u{FF9E}", "\u{2003}", "\u{2010}", "\u{10FF}\u{1100}", "🇨🇳🇺", "好\u{200D}😀",
    "\u{1F3FB}", "#\u{FE0F}\u{20E3}", "👩‍💻", "a\u{200D}", "क्‍ष",
  ]

  /// Weibo, Twitter, a rule whose ranges split lead bytes (so scalars are looked up one by one) with every
  /// cluster rule on, and one with a negative weight (so truncation cannot skip whole runs).
  static let rules: [(String, WeightedLengthRule)] = [
    ("weibo", .weibo), ("twitter", .twitter),
    (
      "split ranges",
      WeightedLengthRule(
        ranges: [.init(0x4E2D...0x4E2D, weight: 3), .init(0x41...0x5A, weight: 5), .init(0x300...0x301, weight: 0)],
        defaultWeight: 1, emojiClusterWeight: 7, urlWeight: 9, urlFinder: .twitter, normalizesToNFC: true,
        unitsPerCharacter: 3)
    ),
    (
      "negative",
      WeightedLengthRule(
        ranges: [.init(0...0x7F, weight: -1)], defaultWeight: 2, emoticonWeight: 4, urlWeight: 1, unitsPerCharacter: 2)
    ),
  ]

  static func document(_ random: inout SeededGenerator) -> RichText {
    let count = Int.random(in: 0..<4, using: &random) == 0 ? 300 : Int.random(in: 0...20, using: &random)
    let text = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
    return BracketTokenizer(catalog: .default).tokenize(text)
  }

  /// The units of `document` by `rule`, walked naively: each run of the `runs` view on its own, its URLs from
  /// the finder on the run's `String`, its clusters from ICU, emoji clusters by their scalars' properties.
  static func naiveUnits(_ document: RichText, _ rule: WeightedLengthRule) -> [(weight: Int, utf16End: Int)] {
    func weight(_ scalars: some Sequence<Unicode.Scalar>) -> Int {
      scalars.reduce(0) { sum, scalar in
        sum + (rule.ranges.first { $0.scalars.contains(scalar.value) }?.weight ?? rule.defaultWeight)
      }
    }
    var units: [(weight: Int, utf16End: Int)] = []
    var runStart = 0
    for run in document.runs {
      defer { runStart += run.utf16Count }
      guard case .text(let text, _) = run else {
        guard case .emoticon(let attachment) = run else { continue }
        units.append((rule.emoticonWeight ?? weight(attachment.token.unicodeScalars), runStart + 1))
        continue
      }
      let urls = rule.urlWeight == nil ? [] : rule.urlFinder.urlRanges(in: text)
      let isNFC = text.nfcNormalized().utf8.elementsEqual(text.utf8)
      let normalizes = rule.normalizesToNFC && !isNFC
      var clusterStart = 0
      for clusterEnd in GraphemeBreaks.icuBoundaries(in: text) {
        defer { clusterStart = clusterEnd }
        let utf16End = runStart + text.utf8Slice(0..<clusterEnd).utf16.count
        if let url = urls.first(where: { $0.contains(clusterStart) }), let urlWeight = rule.urlWeight {
          if clusterEnd >= url.upperBound { units.append((urlWeight, utf16End)) }
          continue
        }
        let cluster = text.utf8Slice(clusterStart..<clusterEnd).unicodeScalars
        let isEmoji = cluster.contains { scalar in
          scalar.icuIsEmojiPresentation || scalar.icuIsRegionalIndicator || scalar == "\u{20E3}"
            || (cluster.contains("\u{FE0F}") && scalar.icuIsEmoji)
        }
        if isEmoji, let emojiWeight = rule.emojiClusterWeight {
          units.append((emojiWeight, utf16End))
        } else if normalizes {
          units.append((weight(String(String.UnicodeScalarView(cluster)).nfcNormalized().unicodeScalars), utf16End))
        } else {
          units.append((weight(cluster), utf16End))
        }
      }
    }
    return units
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func lengthsAndTruncationAgreeWithANaiveWalk(seed: UInt64) {
    print("LengthReadingTests.lengthsAndTruncationAgreeWithANaiveWalk seed \(seed)")
    var random = SeededGenerator(seed: seed)
    for round in 0..<60 {
      let document = Self.document(&random)
      for (name, rule) in Self.rules {
        let context = "seed \(seed) round \(round) \(name): \(document.postText.debugDescription)"
        let units = Self.naiveUnits(document, rule)
        let sum = units.reduce(0) { $0 + $1.weight }
        let scale = rule.unitsPerCharacter
        // Note: the rounding up of a negative sum, as the library divides.
        #expect(document.length(by: .weighted(rule)) == (sum + scale - 1) / scale, "\(context)")
        var walked: [(weight: Int, utf16End: Int)] = []
        document.forEachLengthUnit(by: .weighted(rule)) { weight, utf16End in
          walked.append((weight, utf16End))
          return true
        }
        #expect(
          walked.map(\.weight) == units.map(\.weight) && walked.map(\.utf16End) == units.map(\.utf16End), "\(context)")

        let ellipsis = ["", "…", "[哈哈]"].randomElement(using: &random)!
        let ellipsisSum = Self.naiveUnits(RichText(ellipsis), rule).reduce(0) { $0 + $1.weight }
        let limit = Int.random(in: 0...max(0, (sum + scale - 1) / scale + 1), using: &random)
        var partial = 0
        var cut = 0
        var fits = true
        for unit in units {
          partial += unit.weight
          if partial > limit * scale {
            fits = false
            break
          }
          if partial <= limit * scale - ellipsisSum { cut = unit.utf16End }
        }
        let expected =
          fits ? document.postText : limit * scale - ellipsisSum < 0 ? "" : document.slice(0..<cut).postText + ellipsis
        let truncated = document.truncated(toFit: limit, by: .weighted(rule), ellipsis: ellipsis)
        #expect(truncated.postText == expected, "\(context): limit \(limit), ellipsis \(ellipsis)")
      }
      for measure in [LengthMeasure.utf16, .unicodeScalars, .graphemeClusters] {
        let limit = Int.random(in: 0...document.length(by: measure), using: &random)
        let truncated = document.truncated(toFit: limit, by: measure, ellipsis: "…")
        let context = "seed \(seed) round \(round) \(measure): \(document.postText.debugDescription)"
        #expect(truncated.length(by: measure) <= limit, "\(context)")
        if truncated.utf16Count > 0 && truncated.postText != document.postText {
          // Note: cut, then "…" (one UTF-16 unit) appended.
          #expect(document.isGraphemeBoundary(truncated.utf16Count - 1), "\(context)")
        }
      }
    }
  }

  /// A run cut across leaves is one run: a URL or a cluster astride the cut is one unit.
  @Test func unitsAstrideALeafEdgeAreWhole() {
    let filler = String(repeating: "好", count: 170)  // 510 bytes, just under a leaf
    for tail in ["https://example.com/abc", "👩‍💻", "e\u{301}\u{301}\u{301}", "\r\n", "好\u{FE0F}", "ｶ\u{FF9E}"] {
      // Note: the filler's clusters are single ideographs, so the whole weighs the filler plus the tail alone.
      let document = RichText(filler + tail)
      let alone = RichText(tail)
      for rule in [WeightedLengthRule.twitter, .weibo] {
        #expect(
          document.length(by: .weighted(rule)) == 170 * 2 / rule.unitsPerCharacter + alone.length(by: .weighted(rule)),
          "\(tail.debugDescription)")
      }
      #expect(document.length(by: .graphemeClusters) == 170 + alone.graphemeCount, "\(tail.debugDescription)")
      #expect(document.graphemeCount == 170 + GraphemeBreaks.icuBoundaries(in: tail).count, "\(tail.debugDescription)")
      #expect(
        document.truncated(toFit: 170, by: .graphemeClusters).postText == filler, "\(tail.debugDescription)")
      #expect(document.terminalCellWidth == 340 + TerminalCellWidth.ofText(tail), "\(tail.debugDescription)")
    }
  }

  /// Line break opportunities and the terminal width, read in place, against the same computed on the
  /// document's post text with attachments as U+FFFC.
  @Test(arguments: [1, 2] as [UInt64])
  func lineBreaksAndCellWidthAgreeWithTheFlattenedText(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for round in 0..<40 {
      let document = Self.document(&random)
      var flattened = ""
      var cells = 0
      for run in document.runs {
        switch run {
        case .emoticon:
          flattened += "\u{FFFC}"
          cells += TerminalCellWidth.attachment
        case .text(let text, _):
          flattened += text
          cells += TerminalCellWidth.ofText(text)
        }
      }
      let expected = LineBreaks.opportunities(in: flattened).map {
        (flattened.utf8Slice(0..<$0.utf8Offset).utf16.count, $0.isMandatory)
      }
      let opportunities = document.lineBreakOpportunities()
      #expect(
        opportunities.map(\.utf16Offset) == expected.map(\.0) && opportunities.map(\.isMandatory) == expected.map(\.1),
        "seed \(seed) round \(round)")
      #expect(document.terminalCellWidth == cells, "seed \(seed) round \(round)")
    }
  }
}
