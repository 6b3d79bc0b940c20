@testable import Emotext

/// The graphemes target: on any text, the table-driven boundaries, the count, the cluster length and
/// truncation agree exactly with ICU's character break iterator, and the boundaries and Backspace (both modes)
/// with ``UnicodeReference``, which has its rules from the Unicode data files instead of ICU. The first byte picks how the rest is read:
/// even, as UTF-8 (invalid bytes become U+FFFD); odd, as choices of ``GraphemeTextGenerator``, which reaches
/// conjuncts, emoji sequences and flags far sooner than raw bytes.
enum GraphemeProperty {
  /// How many offsets Backspace is checked before, at most, in one input.
  static let backspaceChecks = 8

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let text: String
    if let first = bytes.first, first & 1 == 1 {
      var input = FuzzInput(Array(bytes.dropFirst()))
      text = GraphemeTextGenerator.text { input.byte() }
    } else {
      text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    }
    var schedule = CheckSchedule(bytes, period: 1)
    try check(text, boundaries: GraphemeBreaks.boundaries(in: text), document: RichText(text), schedule: &schedule)
  }

  /// The checks of the library's answers for `text`: its `boundaries` and the `document` of `text` whose length and
  /// truncation are checked (answers of its own for `PlantedDifferenceTests`).
  static func check(
    _ text: String, boundaries found: [Int], document: RichText, schedule: inout CheckSchedule
  ) throws(PropertyFailure) {
    let expected = GraphemeBreaks.icuBoundaries(in: text)
    try require(found == expected, "boundaries \(found), ICU \(expected) for \(Array(text.unicodeScalars))")
    try checkAgainstReference(text, libraryBoundaries: found, schedule: &schedule)
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

  /// The boundaries and Backspace against ``UnicodeReference``: Backspace before every scalar of a text of up to
  /// ``backspaceChecks`` scalars; of a longer one, before its end and before scalars `schedule` picks (seeded by the
  /// input, so a failing input replays the same offsets), since each query walks back from its offset.
  static func checkAgainstReference(
    _ text: String, libraryBoundaries: [Int], schedule: inout CheckSchedule
  ) throws(PropertyFailure) {
    let scalars = Array(text.unicodeScalars)
    var utf8Starts = [0]
    for scalar in scalars { utf8Starts.append(utf8Starts.last! + UTF8.width(scalar)) }
    let reference = UnicodeReference.clusterBoundaries(in: scalars)
    let referenceUTF8 = reference.dropFirst().map { utf8Starts[$0] }
    try require(
      libraryBoundaries == referenceUTF8,
      "boundaries \(libraryBoundaries), reference \(referenceUTF8) for \(scalars)")
    guard !scalars.isEmpty else { return }
    let ends =
      scalars.count <= backspaceChecks
      ? Array(1...scalars.count)
      : [scalars.count] + (1..<backspaceChecks).map { _ in 1 + schedule.number(below: scalars.count) }
    for end in ends {
      let platform = utf8Starts[UnicodeReference.backspaceStart(before: end, in: scalars, mode: .platform)]
      let cluster = utf8Starts[reference.last { $0 < end }!]
      for (mode, expected) in [(BackspaceMode.platform, platform), (.graphemeCluster, cluster)] {
        let found = Backspace.deletionStart(before: utf8Starts[end], in: text, mode: mode)
        try require(
          found == expected,
          "Backspace (\(mode)) before UTF-8 \(utf8Starts[end]): \(found), reference \(expected) for \(scalars)")
      }
    }
  }
}
