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
    var cluster = String(cluster)
    return cluster.withUTF8 { of(utf8Cluster: $0) }
  }

  /// ``of(_:)`` for one grapheme cluster of valid UTF-8 read in place.
  package static func of(utf8Cluster utf8: UnsafeBufferPointer<UInt8>) -> Int {
    switch utf8.count {
    case 0: 0
    // Note: the common case, decided without ICU: printable ASCII is 1, controls 0 (keycaps like 1️⃣ go on).
    case 1: utf8[0] < 0x20 || utf8[0] == 0x7F ? 0 : 1
    default: of(cluster: utf8)
    }
  }

  /// The cells `text` takes on one line: the sum over its grapheme clusters (line breaks count 0).
  public static func ofText(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { ofText(utf8: $0) }
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
