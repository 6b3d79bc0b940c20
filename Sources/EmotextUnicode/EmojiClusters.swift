import CICU

/// Which grapheme clusters are emoji, from ICU's emoji properties (Unicode 15.0 in ICU 72), with no list
/// of our own: exactly what `emoji-test.txt` lists as fully-qualified, minimally-qualified or component.
///
/// A cluster is an emoji when it is an RGI emoji (ICU's `RGI_Emoji` property of strings: the
/// fully-qualified sequences and the components), or when it is minimally qualified: it equals an RGI emoji
/// once every U+FE0F is removed from both, and its first character is qualified (it has emoji presentation
/// by default, or U+FE0F or an emoji modifier follows it). Digits, `#` and `©` without U+FE0F are text.
package enum EmojiClusters {
  /// Every RGI emoji with its U+FE0Fs removed: the key a minimally-qualified sequence shares with its
  /// fully-qualified form. Read from ICU once.
  package static let rgiWithoutVariationSelectors: Set<String> = {
    let needed = cicu_rgi_emoji_list(nil, 0)
    if needed < 0 { fatalError("ICU failed listing the RGI_Emoji set (a broken ICU installation or out of memory)") }
    var units = [UInt16](repeating: 0, count: Int(needed))
    let written = units.withUnsafeMutableBufferPointer { cicu_rgi_emoji_list($0.baseAddress, needed) }
    precondition(written == needed, "ICU's RGI_Emoji set changed while it was read")
    var result = Set<String>()
    for emoji in units.split(separator: 0) {
      result.insert(withoutVariationSelectors(String(decoding: emoji, as: UTF16.self)))
    }
    return result
  }()

  /// Whether `cluster`, one extended grapheme cluster, is an emoji (see ``EmojiClusters``).
  package static func isEmoji(_ cluster: Substring) -> Bool {
    let scalars = cluster.unicodeScalars
    guard let first = scalars.first else { return false }
    // Note: a cheap test first, since almost every cluster of a post is not an emoji: every emoji sequence
    // starts with a scalar that has the Emoji property (digits and `#` included) or is a tag base.
    guard first.icuIsEmoji else { return false }
    let utf16 = Array(cluster.utf16)
    if cicu_is_rgi_emoji(utf16, Int32(utf16.count)) == 1 { return true }
    let second = scalars.dropFirst().first
    let qualified =
      first.icuIsEmojiPresentation || second == "\u{FE0F}" || (second.map(\.icuIsEmojiModifier) ?? false)
    return qualified && rgiWithoutVariationSelectors.contains(withoutVariationSelectors(String(cluster)))
  }

  /// Splits `text` into maximal stretches of text that is not emoji and single emoji clusters, in order.
  /// - Complexity: O(*n*) in the UTF-8 length: the boundaries are read from the bytes, and only a cluster whose
  ///   first scalar has the Emoji property is looked at further.
  package static func segments(of text: String) -> [(text: Substring, isEmoji: Bool)] {
    var result: [(text: Substring, isEmoji: Bool)] = []
    var bytes = text
    bytes.withUTF8 { utf8 in
      forEachSegment(inUTF8: utf8) { utf8Range, isEmoji in
        let start = text.utf8.index(text.startIndex, offsetBy: utf8Range.lowerBound)
        result.append((text[start..<text.utf8.index(start, offsetBy: utf8Range.count)], isEmoji))
      }
    }
    return result
  }

  /// Calls `body` with each segment of ``segments(of:)`` in valid UTF-8 read in place: its UTF-8 range and whether it
  /// is one emoji cluster; no `String` is made but for a cluster whose first scalar has the Emoji property.
  /// - Complexity: O(*n*) in the UTF-8 length.
  package static func forEachSegment(
    inUTF8 utf8: UnsafeBufferPointer<UInt8>, _ body: (_ utf8Range: Range<Int>, _ isEmoji: Bool) -> Void
  ) {
    var plainStart = 0
    var clusterStart = 0
    GraphemeBreaks.forEachBoundary(inUTF8: utf8) { clusterEnd in
      defer { clusterStart = clusterEnd }
      // Note: a cluster of one byte (`#`, `*`, a digit) is never an emoji: a keycap needs U+20E3.
      guard clusterEnd - clusterStart > 1, mayStartEmoji(utf8, at: clusterStart),
        isEmoji(String(decoding: UnsafeBufferPointer(rebasing: utf8[clusterStart..<clusterEnd]), as: UTF8.self)[...])
      else { return true }
      if plainStart < clusterStart { body(plainStart..<clusterStart, false) }
      body(clusterStart..<clusterEnd, true)
      plainStart = clusterEnd
      return true
    }
    if plainStart < utf8.count { body(plainStart..<utf8.count, false) }
  }

  /// Whether the scalar at `index` of `utf8` has the Emoji property, as every emoji sequence's first scalar
  /// does (``isEmoji(_:)``'s first test); the ASCII ones are `#`, `*` and the digits, answered without ICU.
  @inline(__always)
  private static func mayStartEmoji(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let lead = utf8[index]
    if lead < 0x80 {
      return lead == UInt8(ascii: "#") || lead == UInt8(ascii: "*")
        || (lead >= UInt8(ascii: "0") && lead <= UInt8(ascii: "9"))
    }
    let (value, _) = GraphemeBreaks.scalar(in: utf8, at: index)
    return Unicode.Scalar(value)?.icuIsEmoji ?? false
  }

  private static func withoutVariationSelectors(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    result.append(contentsOf: text.unicodeScalars.lazy.filter { $0 != "\u{FE0F}" })
    return String(result)
  }
}
