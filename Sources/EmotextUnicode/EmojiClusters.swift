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
  package static func segments(of text: String) -> [(text: Substring, isEmoji: Bool)] {
    var result: [(text: Substring, isEmoji: Bool)] = []
    var plainStart = text.startIndex
    for cluster in text.graphemeClusters where isEmoji(cluster) {
      if plainStart < cluster.startIndex { result.append((text[plainStart..<cluster.startIndex], false)) }
      result.append((cluster, true))
      plainStart = cluster.endIndex
    }
    if plainStart < text.endIndex { result.append((text[plainStart...], false)) }
    return result
  }

  private static func withoutVariationSelectors(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    result.append(contentsOf: text.unicodeScalars.lazy.filter { $0 != "\u{FE0F}" })
    return String(result)
  }
}
