@testable import Emotext

/// The urls target: for Weibo's and Twitter's finders, whatever the text, the URLs are in order, apart (a
/// character between two), whole grapheme clusters, each holds a `.` (and a scheme for Weibo); entity
/// recognition links exactly those UTF-16 ranges, and a weighted length that weighs only URLs counts exactly
/// those, ending where the links end, in its one-pass sum and in its unit walk alike.
enum URLProperty {
  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let text = String(decoding: bytes, as: UTF8.self)
    let document = RichText(text)
    for finder in [URLFinder.weibo, .twitter] {
      let ranges = finder.urlRanges(in: text)
      var previousEnd: Int?
      for range in ranges {
        try require(
          !range.isEmpty && range.upperBound <= text.utf8.count && range.lowerBound > (previousEnd ?? -1),
          "\(finder.detection): URL \(range) after \(String(describing: previousEnd)) in \(bytes)")
        try require(
          (range.lowerBound == 0 || GraphemeBreaks.isBoundary(range.lowerBound, in: text))
            && (range.upperBound == text.utf8.count || GraphemeBreaks.isBoundary(range.upperBound, in: text)),
          "\(finder.detection): URL \(range) is not whole clusters in \(bytes)")
        let url = text.utf8Slice(range)
        try require(url.utf8.contains(UInt8(ascii: ".")), "\(finder.detection): URL \(url.debugDescription) has no dot")
        if finder.detection == .schemeOnly {
          try require(
            URLFinder.startsWithScheme(url),
            "Weibo URL without a scheme: \(url.debugDescription)")
        }
        previousEnd = range.upperBound
      }
      let expected = ranges.map {
        text.utf8Slice(0..<$0.lowerBound).utf16.count..<text.utf8Slice(0..<$0.upperBound).utf16.count
      }

      let linked = document.recognizingEntities(urls: finder)
      try require(linked.postText == text, "entities changed the text of \(bytes)")
      var links: [Range<Int>] = []
      var utf16Offset = 0
      for run in linked.runs {
        if case .text(_, let attributes) = run, attributes.entity == .link {
          links.append(utf16Offset..<(utf16Offset + run.utf16Count))
        }
        utf16Offset += run.utf16Count
      }
      try require(links == expected, "\(finder.detection): links \(links), URLs \(expected) in \(bytes)")

      let counting = WeightedLengthRule(ranges: [], defaultWeight: 0, urlWeight: 1, urlFinder: finder)
      var unitWalk = counting
      unitWalk.emojiClusterWeight = 0
      var urlEnds: [Int] = []
      document.forEachLengthUnit(by: .weighted(unitWalk)) { weight, utf16End in
        if weight == 1 { urlEnds.append(utf16End) }
        return true
      }
      try require(
        document.length(by: .weighted(counting)) == ranges.count
          && document.length(by: .weighted(unitWalk)) == ranges.count && urlEnds == expected.map(\.upperBound),
        "\(finder.detection): length counts \(document.length(by: .weighted(counting))) URLs ending \(urlEnds), "
          + "the finder \(expected) in \(bytes)")
    }
  }
}
