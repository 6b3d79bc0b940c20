/// Where a renderer finds an image for each emoji, so every reader sees the same glyph (as Twitter's
/// twemoji and Android's emoji2 do): a base URL and how files are named.
///
/// ```swift
/// var renderer = HTMLRenderer()
/// renderer.emojiImages = EmojiImages(baseURL: "https://cdn.example/twemoji/svg")
/// renderer.render(RichText("好👍🏽"))
/// // 好<img class="emoji" src="https://cdn.example/twemoji/svg/1f44d-1f3fd.svg" alt="👍🏽" draggable="false">
/// ```
public struct EmojiImages: Hashable, Sendable {
  /// The URL the image files are served under (relative or http(s); others are not used).
  public var baseURL: String
  /// How a file is named after the emoji's code points.
  public var naming: EmojiImageNaming

  /// Images under `baseURL`, named the twemoji way unless `naming` says otherwise.
  public init(baseURL: String, naming: EmojiImageNaming = .twemoji) {
    self.baseURL = baseURL
    self.naming = naming
  }

  /// The image URL of `emoji`: `baseURL`, a `/` unless it ends with one (none when it is empty), the file name.
  public func url(for emoji: some StringProtocol) -> String {
    let file = naming.fileName(for: emoji)
    if baseURL.isEmpty || baseURL.hasSuffix("/") { return baseURL + file }
    return baseURL + "/" + file
  }
}

/// How emoji image files are named after their code points: lowercase hexadecimal, joined by a separator,
/// put into a template.
///
/// ```swift
/// EmojiImageNaming.twemoji.fileName(for: "👍🏽")   // "1f44d-1f3fd.svg"
/// EmojiImageNaming.twemoji.fileName(for: "©️")     // "a9.svg"
/// EmojiImageNaming.twemoji.fileName(for: "🏳️‍🌈")   // "1f3f3-fe0f-200d-1f308.svg"
/// EmojiImageNaming.noto.fileName(for: "👍🏽")      // "emoji_u1f44d_1f3fd.png"
/// ```
public struct EmojiImageNaming: Hashable, Sendable {
  /// Which U+FE0F (emoji presentation selectors) the name keeps.
  public enum VariationSelectors: Hashable, Sendable {
    /// Dropped unless the sequence contains U+200D (twemoji's rule).
    case droppedUnlessZWJ
    /// Always dropped (Noto's files).
    case dropped
    /// Always kept.
    case kept
  }

  /// The file name with `{codepoints}` where the joined code points go, e.g. `emoji_u{codepoints}.png`.
  public var template: String
  /// What joins the code points (`-` for twemoji, `_` for Noto).
  public var separator: String
  /// Each code point is zero-padded to at least this many hex digits (1 for twemoji, 4 for Noto).
  public var minimumHexDigits: Int
  /// Which U+FE0F the name keeps.
  public var variationSelectors: VariationSelectors

  /// A naming scheme; see the properties.
  public init(
    template: String, separator: String = "-", minimumHexDigits: Int = 1,
    variationSelectors: VariationSelectors = .droppedUnlessZWJ
  ) {
    self.template = template
    self.separator = separator
    self.minimumHexDigits = minimumHexDigits
    self.variationSelectors = variationSelectors
  }

  /// Twitter's twemoji (`1f44d-1f3fd.svg`): unpadded hex joined by `-`, U+FE0F dropped unless there is a ZWJ.
  public static let twemoji = EmojiImageNaming(template: "{codepoints}.svg")
  /// Google's Noto Color Emoji PNGs (`emoji_u1f44d_1f3fd.png`): 4-digit hex joined by `_`, no U+FE0F.
  public static let noto = EmojiImageNaming(
    template: "emoji_u{codepoints}.png", separator: "_", minimumHexDigits: 4, variationSelectors: .dropped)

  /// The file name of `emoji`'s image: the template with every `{codepoints}` (as written, compared by scalars)
  /// replaced by the code points.
  /// - Complexity: O(*n*) in the lengths of `emoji` and the template.
  public func fileName(for emoji: some StringProtocol) -> String {
    let scalars = emoji.unicodeScalars
    let keepsSelectors: Bool
    switch variationSelectors {
    case .droppedUnlessZWJ: keepsSelectors = scalars.contains("\u{200D}")
    case .dropped: keepsSelectors = false
    case .kept: keepsSelectors = true
    }
    var codePoints: [UInt8] = []
    var isFirst = true
    for scalar in scalars where keepsSelectors || scalar != "\u{FE0F}" {
      if !isFirst { codePoints.append(contentsOf: separator.utf8) }
      isFirst = false
      Self.appendHex(scalar.value, minimumDigits: minimumHexDigits, to: &codePoints)
    }
    var name: [UInt8] = []
    var template = template
    template.withUTF8 { template in
      let placeholder: StaticString = "{codepoints}"
      let placeholderBytes = UnsafeBufferPointer(start: placeholder.utf8Start, count: placeholder.utf8CodeUnitCount)
      for (index, part) in UTF8Search.parts(of: template, around: placeholderBytes).enumerated() {
        if index > 0 { name.append(contentsOf: codePoints) }
        name.append(contentsOf: UnsafeBufferPointer(rebasing: template[part]))
      }
    }
    return String(decoding: name, as: UTF8.self)
  }

  /// Appends `value` in lowercase hexadecimal, zero-padded to `minimumDigits`.
  private static func appendHex(_ value: UInt32, minimumDigits: Int, to bytes: inout [UInt8]) {
    var digits = 1
    while digits < 8 && value >> (4 * UInt32(digits)) != 0 { digits += 1 }
    if minimumDigits > digits {
      bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: minimumDigits - digits))
    }
    for digit in stride(from: digits - 1, through: 0, by: -1) {
      let nibble = UInt8((value >> (4 * UInt32(digit))) & 0xF)
      bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
    }
  }
}
