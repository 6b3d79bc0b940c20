import EmotextTestSupport
import Testing

@testable import Emotext
@testable import EmotextUnicode

/// Grapheme counting and queries read in place: the cursor's fast paths against ICU, a run read in pieces
/// against the run read whole, and the document's counts and queries against ICU on the `runs` view, on
/// documents whose runs are cut across leaves (long runs, and tiny leaves with `EMOTEXT_INTERNAL_CHECKS`).
@Suite("Grapheme reading in place")
struct GraphemeReadingTests {
  /// Text around the fast paths' edges: ASCII next to CR, LF, combining marks and ZWJ; ideographs next to
  /// variation selectors, ZWJ, extenders and spacing marks; kana with its combining voiced marks.
  static let edgePieces = [
    "a", "ab", "\r\n", "\r", "\n", "a\u{301}", " \u{301}", "a\u{200D}", "a\u{200D}b", "1\u{FE0F}\u{20E3}", "\u{7F}",
    "好", "好\u{FE0F}", "好\u{E0100}", "好\u{200D}好", "好\u{903}", "好\u{302A}", "好\u{FF9E}", "中文", "\u{3099}",
    "か\u{3099}", "ｶ\u{FF9E}", "𠀀", "😀", "👍🏽", "🇨🇳", "क्‍ष", "\u{600}a", "，", "。", "\u{4DC0}", "\u{9FFF}\u{300}",
  ]

  /// A random text of edge pieces and GraphemeTextGenerator's pieces.
  static func edgeText(_ random: inout SeededGenerator, pieces: Int) -> String {
    var text = ""
    for _ in 0..<pieces {
      text +=
        Bool.random(using: &random)
        ? edgePieces.randomElement(using: &random)! : GraphemeTextGenerator.text(using: &random)
    }
    return text
  }

  /// The UTF-8 offsets where a text's scalars start, and its end.
  static func scalarBoundaries(_ text: String) -> [Int] {
    var offsets = [0]
    for scalar in text.unicodeScalars { offsets.append(offsets[offsets.count - 1] + UTF8.width(scalar)) }
    return offsets
  }

  @Test(arguments: [
    ("\r\n", 1), ("a\r\nb", 3), ("ab\r", 3), ("\r\r\n\n", 3), ("a\u{301}b", 2), ("ab\u{301}\u{301}c", 3),
    ("好好\u{FE0F}好", 3), ("好\u{200D}好", 2), ("好\u{903}好", 2), ("好\u{302A}", 1), ("ｶ\u{FF9E}ｶ", 2),
    ("ab\u{200D}c", 3), ("中文abc中", 6), ("\u{7F}\u{301}", 2), ("a\u{600}b", 2),
  ])
  func countsAtTheFastPathsEdges(text: String, clusters: Int) {
    var text = text
    #expect(GraphemeBreaks.icuBoundaries(in: text).count == clusters, "the case itself: \(text.debugDescription)")
    var cursor = GraphemeBreaks.Cursor()
    #expect(text.withUTF8 { cursor.countClusterStarts(inUTF8: $0) } == clusters, "\(text.debugDescription)")
    #expect(RichText(text).graphemeCount == clusters, "\(text.debugDescription)")
  }

  /// A run read in pieces cut at every scalar boundary counts and finds cluster starts as ICU does on the whole.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func aRunReadInPiecesAgreesWithICU(seed: UInt64) {
    print("GraphemeReadingTests.aRunReadInPiecesAgreesWithICU seed \(seed)")
    var random = SeededGenerator(seed: seed)
    for round in 0..<3_000 {
      var text = Self.edgeText(&random, pieces: Int.random(in: 1...6, using: &random))
      let ends = GraphemeBreaks.icuBoundaries(in: text)
      let starts = ends.isEmpty ? [] : [0] + ends.dropLast()
      let scalarBoundaries = Self.scalarBoundaries(text)
      let cuts = Set(
        (0..<Int.random(in: 0...3, using: &random)).map { _ in scalarBoundaries.randomElement(using: &random)! }
      )
      .sorted()
      let description = text.debugDescription
      text.withUTF8 { utf8 in
        let pieces = zip([0] + cuts, cuts + [utf8.count]).map { UnsafeBufferPointer(rebasing: utf8[$0..<$1]) }
        var cursor = GraphemeBreaks.Cursor()
        let count = pieces.reduce(0) { $0 + cursor.countClusterStarts(inUTF8: $1) }
        #expect(count == starts.count, "seed \(seed) round \(round): \(description) cut at \(cuts)")
        // Each start, found by number across the pieces.
        for number in 1...(starts.count + 1) {
          var remaining = number
          var found: Int?
          var cursor = GraphemeBreaks.Cursor()
          for (piece, pieceStart) in zip(pieces, [0] + cuts) {
            if let utf8Offset = cursor.utf8OffsetOfClusterStart(&remaining, inUTF8: piece) {
              found = pieceStart + utf8Offset
              break
            }
          }
          let expected = number <= starts.count ? starts[number - 1] : nil
          #expect(found == expected, "seed \(seed) round \(round): start \(number) of \(description)")
        }
      }
    }
  }

  /// A document of random runs (text with two styles, attachments), long enough for runs to cross leaves.
  static func randomDocument(_ random: inout SeededGenerator) -> RichText {
    let catalog = EmoticonCatalog.default
    let haha = catalog.emoticon(forToken: "[哈哈]")!
    var runs: [Run] = []
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      if Int.random(in: 0..<4, using: &random) == 0 {
        runs.append(.emoticon(EmoticonAttachment(haha)))
      } else {
        // Note: some runs far longer than a leaf (2,048 bytes), so they are read in pieces in any build.
        let pieces = Int.random(in: 0..<5, using: &random) == 0 ? 200 : Int.random(in: 1...8, using: &random)
        let attributes = Bool.random(using: &random) ? TextAttributes.plain : TextAttributes(entity: .mention)
        runs.append(.text(edgeText(&random, pieces: pieces), attributes))
      }
    }
    return RichText(runs: runs)
  }

  /// Counts, offsets and boundary queries of documents whose runs cross leaves, against ICU on each run of
  /// the `runs` view.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func documentQueriesAgreeWithICUOnEachRun(seed: UInt64) {
    print("GraphemeReadingTests.documentQueriesAgreeWithICUOnEachRun seed \(seed)")
    var random = SeededGenerator(seed: seed)
    for round in 0..<25 {
      let document = Self.randomDocument(&random)
      let context = "seed \(seed) round \(round)"
      // The reference: every UTF-16 offset that is a boundary, and the clusters' ends in order.
      var isBoundary = [true]
      var clusterEnds: [Int] = []
      var runStart = 0
      for run in document.runs {
        switch run {
        case .emoticon:
          isBoundary.append(true)
          clusterEnds.append(runStart + 1)
        case .text(let text, _):
          let ends = GraphemeBreaks.icuBoundaries(in: text).map { text.utf8Slice(0..<$0).utf16.count }
          let endSet = Set(ends)
          for utf16Offset in 1...text.utf16.count { isBoundary.append(endSet.contains(utf16Offset)) }
          clusterEnds += ends.map { runStart + $0 }
        }
        runStart += run.utf16Count
      }
      #expect(document.graphemeCount == clusterEnds.count, "\(context): graphemeCount")
      #expect(document.length(by: .graphemeClusters) == clusterEnds.count, "\(context): length")
      for utf16Offset in 0...document.utf16Count where utf16Offset < 300 || utf16Offset % 5 == 0 {
        #expect(document.isGraphemeBoundary(utf16Offset) == isBoundary[utf16Offset], "\(context): at \(utf16Offset)")
      }
      for (index, end) in clusterEnds.enumerated() where index % 7 == 0 || index == clusterEnds.count - 1 {
        #expect(document.graphemeCount(before: end) == index + 1, "\(context): count before \(end)")
        #expect(document.utf16Offset(graphemeOffset: index + 1) == end, "\(context): offset of \(index + 1)")
        let start = index == 0 ? 0 : clusterEnds[index - 1]
        #expect(document.graphemeBoundary(after: start) == end, "\(context): boundary after \(start)")
        #expect(document.graphemeBoundary(before: end) == start, "\(context): boundary before \(end)")
        if end - start > 1 {
          #expect(document.snapped(end - 1, .forward) == end, "\(context): snapped forward from \(end - 1)")
          #expect(document.snapped(start + 1, .backward) == start, "\(context): snapped backward from \(start + 1)")
        }
        #expect(
          document.deletionStart(before: end, mode: .graphemeCluster) == start, "\(context): deletion before \(end)")
      }
      #expect(document.utf16Offset(graphemeOffset: clusterEnds.count + 5) == document.utf16Count, "\(context)")
      #expect(document.utf16Offset(graphemeOffset: 0) == 0, "\(context)")
    }
  }

  /// Platform Backspace on a run read in place deletes what it deletes on the run's `String`.
  @Test func platformDeletionOnARunCrossingLeaves() {
    let run = String(repeating: "好a", count: 300) + "e\u{301}\u{301}" + String(repeating: "中", count: 200) + "👩‍💻"
    let document = RichText(runs: [.text("x", TextAttributes(entity: .mention)), .text(run, .plain)])
    let end = document.utf16Count
    #expect(document.deletionStart(before: end, mode: .platform) == end - 5)  // the whole ZWJ sequence
    let afterMarks = 1 + (String(repeating: "好a", count: 300) + "e\u{301}\u{301}").utf16.count
    #expect(document.deletionStart(before: afterMarks, mode: .platform) == afterMarks - 1)  // one mark
    #expect(document.deletionStart(before: afterMarks, mode: .graphemeCluster) == afterMarks - 3)
  }
}
