@testable import Emotext

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The urls target: for Weibo's and Twitter's finders, whatever the text, the URLs are in order, apart (a
/// character between two), whole grapheme clusters, each holds a `.` (and a scheme for Weibo), and entity
/// recognition links exactly those UTF-16 ranges. The urlLength target (split off so `urls` stays fast): a weighted
/// length that weighs only URLs counts exactly the finder's URLs, ending where they end, in its one-pass sum and in
/// its unit walk alike.
enum URLProperty {
  /// The urls target.
  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let text = String(decoding: bytes, as: UTF8.self)
    let document = RichText(text)
    // Note: the reference's boundaries only when there is a URL to check against them, and once.
    var boundaries: [Int]?
    for finder in [URLFinder.weibo, .twitter] {
      let ranges = finder.urlRanges(in: text)
      if !ranges.isEmpty && boundaries == nil { boundaries = UnicodeReference.clusterBoundaries(in: text) }
      try checkRanges(ranges, in: text, finder: finder, boundaries: boundaries ?? [])
      try checkEntities(
        of: document, postText: text, expected: utf16Ranges(ranges, in: text), finder: finder, input: bytes)
    }
  }

  /// The urlLength target.
  static func checkLength(_ bytes: [UInt8]) throws(PropertyFailure) {
    let text = String(decoding: bytes, as: UTF8.self)
    let document = RichText(text)
    var finders = [URLFinder.weibo, .twitter]
    #if EMOTEXT_FUZZ
      if twitterFirst { finders.reverse() }
      twitterFirst.toggle()
    #endif
    for finder in finders {
      let expected = utf16Ranges(finder.urlRanges(in: text), in: text)
      try checkLength(of: document, expected: expected, finder: finder, input: bytes)
    }
  }

  #if EMOTEXT_FUZZ
    /// Whether the fuzz binary's next input takes Twitter's finder first: the order turns from one input to the next,
    /// so the unit walk's rule an input prepares first is the one the input before prepared last, which the library
    /// keeps. The fuzz binary checks one input at a time, on one thread; the tests, which run in parallel, keep the
    /// one order.
    nonisolated(unsafe) private static var twitterFirst = false
  #endif

  /// UTF-8 `ranges` of `text` as UTF-16 ranges.
  static func utf16Ranges(_ ranges: [Range<Int>], in text: String) -> [Range<Int>] {
    ranges.map { text.utf8Slice(0..<$0.lowerBound).utf16.count..<text.utf8Slice(0..<$0.upperBound).utf16.count }
  }

  /// The finder's ranges in `text`: in order, apart, on cluster boundaries (``UnicodeReference``'s), each with a
  /// `.`, and a scheme for Weibo.
  /// `boundaries`: the text's cluster boundaries (UTF-8 offsets, ascending), when the caller has them.
  static func checkRanges(
    _ ranges: [Range<Int>], in text: String, finder: URLFinder, boundaries: [Int]? = nil
  ) throws(PropertyFailure) {
    let boundaries = boundaries ?? UnicodeReference.clusterBoundaries(in: text)
    func isBoundary(_ offset: Int) -> Bool {
      var (low, high) = (0, boundaries.count)
      while low < high {
        let middle = (low + high) / 2
        if boundaries[middle] < offset { low = middle + 1 } else { high = middle }
      }
      return low < boundaries.count && boundaries[low] == offset
    }
    var previousEnd: Int?
    for range in ranges {
      try require(
        !range.isEmpty && range.upperBound <= text.utf8.count && range.lowerBound > (previousEnd ?? -1),
        "\(finder.detection): URL \(range) after \(String(describing: previousEnd)) in \(Array(text.utf8))")
      try require(
        (range.lowerBound == 0 || isBoundary(range.lowerBound))
          && (range.upperBound == text.utf8.count || isBoundary(range.upperBound)),
        "\(finder.detection): URL \(range) is not whole clusters in \(Array(text.utf8))")
      let url = text.utf8Slice(range)
      try require(url.utf8.contains(UInt8(ascii: ".")), "\(finder.detection): URL \(url.debugDescription) has no dot")
      if finder.detection == .schemeOnly {
        try require(
          URLFinder.startsWithScheme(url),
          "Weibo URL without a scheme: \(url.debugDescription)")
      }
      previousEnd = range.upperBound
    }
  }

  /// Entity recognition links exactly `expected` (UTF-16 ranges) and keeps the text. `postText`: the document's,
  /// when the caller has it.
  static func checkEntities(
    of document: RichText, postText: String? = nil, expected: [Range<Int>], finder: URLFinder, input bytes: [UInt8]
  ) throws(PropertyFailure) {
    var text = postText ?? document.postText
    let linked = document.recognizingEntities(urls: finder)
    // Note: the result read piece by piece in place (its runs as `String`s and its post text would be copies), its
    // bytes compared with the text's as they come, and each link run's UTF-16 range gathered.
    var links: [Range<Int>] = []
    var linkStart: Int?
    var sameText = true
    var utf8End = 0
    text.withUTF8 { textBytes in
      linked.forEachPiece { piece in
        let end = piece.utf8Start + piece.utf8.count
        sameText =
          piece.utf8Start == utf8End && end <= textBytes.count
          && (piece.utf8.isEmpty
            || memcmp(piece.utf8.baseAddress!, textBytes.baseAddress! + piece.utf8Start, piece.utf8.count) == 0)
        utf8End = end
        guard sameText else { return false }
        if case .text(let attributes) = piece.content, attributes.entity == .link {
          if !piece.continuesRun { linkStart = piece.utf16Start }
          if piece.endsRun, let start = linkStart { links.append(start..<(piece.utf16Start + piece.utf16Count)) }
        }
        return true
      }
      sameText = sameText && utf8End == textBytes.count
    }
    try require(sameText, "entities changed the text of \(bytes)")
    try require(links == expected, "\(finder.detection): links \(links), URLs \(expected) in \(bytes)")
  }

  /// The rule that weighs only `finder`'s URLs, 1 each, as the one-pass sum reads it (no emoji cluster weight).
  static func countingRule(_ finder: URLFinder) -> WeightedLengthRule {
    WeightedLengthRule(ranges: [], defaultWeight: 0, urlWeight: 1, urlFinder: finder)
  }

  /// The counting rules of the two finders, prepared once: `length(by: .weighted(rule))` is
  /// `length(by: PreparedLengthMeasure(.weighted(rule)))`, and the library keeps only the last rule it prepared, so
  /// the four rules an input measures by (two per finder) would make their tables again at every call.
  static let preparedCounting = (
    weibo: PreparedLengthMeasure(.weighted(countingRule(.weibo))),
    twitter: PreparedLengthMeasure(.weighted(countingRule(.twitter)))
  )

  /// A weighted length that weighs only URLs counts exactly `expected` (UTF-16 ranges), ending where they end, in its
  /// one-pass sum and in its unit walk.
  static func checkLength(
    of document: RichText, expected: [Range<Int>], finder: URLFinder, input bytes: [UInt8]
  ) throws(PropertyFailure) {
    let counting = countingRule(finder)
    var unitWalk = counting
    unitWalk.emojiClusterWeight = 0
    // Note: the one-pass sum by the counting rule prepared once (the finder's, when it is one of the two), and the
    // unit walk's two calls one after the other, so the second finds the rule the first prepared.
    let prepared =
      finder == .weibo
      ? preparedCounting.weibo
      : finder == .twitter ? preparedCounting.twitter : PreparedLengthMeasure(.weighted(counting))
    var urlEnds: [Int] = []
    document.forEachLengthUnit(by: .weighted(unitWalk)) { weight, utf16End in
      if weight == 1 { urlEnds.append(utf16End) }
      return true
    }
    let unitWalkLength = document.length(by: .weighted(unitWalk))
    let countingLength = document.length(by: prepared)
    try require(
      countingLength == expected.count && unitWalkLength == expected.count && urlEnds == expected.map(\.upperBound),
      "\(finder.detection): length counts \(countingLength) URLs (\(unitWalkLength) by units) ending \(urlEnds), "
        + "the finder \(expected) in \(bytes)")
  }
}
