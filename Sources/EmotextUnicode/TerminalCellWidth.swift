/// How many terminal cells text takes, per grapheme cluster, from ICU's character properties.
///
/// A cluster is 2 cells when it is shown as an emoji (a scalar with Emoji_Presentation, or an emoji
/// followed by U+FE0F) or when its first scalar is East Asian Wide or Fullwidth; 0 when it is only
/// combining marks, format or control characters (a lone U+0301, U+200B, U+200D); otherwise 1.
/// An emoticon attachment is 2 cells, like an emoji.
///
/// ```swift
/// TerminalCellWidth.of("中")        // 2
/// TerminalCellWidth.of("e\u{301}")  // 1
/// TerminalCellWidth.of("👍🏽")       // 2
/// RichText("中a").terminalCellWidth  // 3
/// ```
public enum TerminalCellWidth {
  /// The cells an emoticon attachment takes.
  public static let attachment = 2

  /// The cells one grapheme cluster takes.
  public static func of(_ cluster: some StringProtocol) -> Int {
    var scalars = cluster.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return 0 }
    if first.isASCII {
      // Note: the common case, decided without ICU: printable ASCII is 1, controls 0 (keycaps like 1️⃣ go on).
      if first.value < 0x20 || first.value == 0x7F { return 0 }
      if cluster.unicodeScalars.count == 1 { return 1 }
    }
    var base: Unicode.Scalar?
    var previous: Unicode.Scalar?
    for scalar in cluster.unicodeScalars {
      if scalar.icuIsEmojiPresentation { return 2 }
      if scalar == "\u{FE0F}", let previous, previous.icuIsEmoji { return 2 }
      if base == nil, !isZeroWidth(scalar) { base = scalar }
      previous = scalar
    }
    guard let base else { return 0 }
    switch base.icuEastAsianWidth {
    case .fullwidth, .wide: return 2
    default: return 1
    }
  }

  /// The cells `text` takes on one line: the sum over its grapheme clusters (line breaks count 0).
  public static func ofText(_ text: String) -> Int {
    text.graphemeClusters.reduce(0) { $0 + of($1) }
  }

  /// Whether a scalar takes no cell of its own: a combining mark (Mn, Me), a format character (Cf),
  /// a control (Cc), or a Hangul medial vowel or final consonant.
  package static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch ScalarCategories.generalCategory(of: scalar) {
    case .nonSpacingMark, .enclosingMark, .formatChar, .controlChar: return true
    default: return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
    }
  }
}

extension String {
  /// The extended grapheme clusters of this text, as ICU breaks them (the document's definition).
  package var graphemeClusters: [Substring] {
    var clusters: [Substring] = []
    var start = utf8.startIndex
    var startUTF8Offset = 0
    GraphemeBreaks.forEachBoundary(in: self) { boundary in
      let end = utf8.index(start, offsetBy: boundary - startUTF8Offset)
      clusters.append(self[start..<end])
      start = end
      startUTF8Offset = boundary
    }
    return clusters
  }
}
