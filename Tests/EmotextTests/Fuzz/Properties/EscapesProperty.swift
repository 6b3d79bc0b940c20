@testable import Emotext

/// The escapes target, the BMP-only emoji escaping, and the emojiCode target, the tutorials' emoji code strings
/// (split apart so each stays fast).
///
/// escapes, for any text: `encode` writes only BMP scalars and `decode(encode(s))` gives `s` back byte for byte,
/// in the default and a custom format; `decode` of arbitrary text gives text or an error whose byte offset
/// lies in the text. emojiCode: `EmojiCode.parse(EmojiCode.format(s))` gives `s` back, and `parse` of arbitrary
/// text gives text or an error.
enum EscapesProperty {
  static let formats: [EmojiEscaping] = {
    var formats = [EmojiEscaping()]
    if let custom = try? EmojiEscaping(prefix: "{e:", separator: ",", suffix: "}") { formats.append(custom) }
    return formats
  }()

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let text = String(validating: bytes, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
    for escaping in formats { try check(text, encoded: escaping.encode(text), escaping: escaping, input: bytes) }
  }

  /// The escapes target's checks of `encoded`, what `escaping` encoded `text` to (an encoding of its own for
  /// `PlantedDifferenceTests`): only BMP scalars, decoding back to `text` byte for byte; and `decode(text)` gives
  /// text or an error inside it.
  static func check(_ text: String, encoded: String, escaping: EmojiEscaping, input bytes: [UInt8])
    throws(PropertyFailure)
  {
    try require(encoded.unicodeScalars.allSatisfy { $0.value <= 0xFFFF }, "encode left a non-BMP scalar in \(bytes)")
    let decoded: String
    do {
      decoded = try escaping.decode(encoded)
    } catch {
      throw PropertyFailure(description: "decode(encode(s)) failed for \(bytes): \(error)")
    }
    try require(Array(decoded.utf8) == Array(text.utf8), "decode(encode(s)) != s for \(bytes) (\(escaping.prefix))")
    do {
      _ = try escaping.decode(text)
    } catch {
      try require(
        (0...text.utf16.count).contains(error.utf16Offset),
        "decode error offset \(error.utf16Offset) outside the text (\(text.utf16.count) UTF-16 units)")
    }
  }

  /// The emojiCode target.
  static func checkEmojiCode(_ bytes: [UInt8]) throws(PropertyFailure) {
    let text = String(validating: bytes, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
    try checkEmojiCode(text, formatted: EmojiCode.format(text), input: bytes)
  }

  /// The emojiCode target's checks of `formatted`, what `EmojiCode.format` made of `text` (a string of its own for
  /// `PlantedDifferenceTests`): it parses back to `text`; and `parse(text)` gives text or an error with a message.
  static func checkEmojiCode(_ text: String, formatted: String, input bytes: [UInt8]) throws(PropertyFailure) {
    if !text.isEmpty {
      let parsed: String
      do {
        parsed = try EmojiCode.parse(formatted)
      } catch {
        throw PropertyFailure(description: "EmojiCode.parse(format(s)) failed for \(bytes): \(error)")
      }
      try require(Array(parsed.utf8) == Array(text.utf8), "EmojiCode.parse(format(s)) != s for \(bytes)")
    }
    let parsed: String
    do {
      parsed = try EmojiCode.parse(text)
    } catch {
      return try require(!error.description.isEmpty, "an EmojiCode error without a message")
    }
    try require(!parsed.isEmpty, "EmojiCode.parse gave empty text for \(bytes)")
  }
}
