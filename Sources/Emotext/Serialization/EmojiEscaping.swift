import EmotextUnicode

/// Writes text for storage that only takes the Basic Multilingual Plane (MySQL's 3-byte `utf8`): every
/// grapheme cluster that contains a scalar above U+FFFF becomes one escape token, and ``decode(_:)``
/// brings the text back exactly.
///
/// ```swift
/// let escaping = EmojiEscaping()
/// escaping.encode("家👨‍👩‍👧")                 // "家[emoji:1f468-200d-1f469-200d-1f467]"
/// try escaping.decode("家[emoji:1f468-200d-1f469-200d-1f467]")   // "家👨‍👩‍👧"
/// escaping.encode("[emoji:1f600]")            // "[emoji:5b]emoji:1f600]": typed text survives
/// ```
///
/// The rules:
/// - A cluster (ICU's extended grapheme cluster) is escaped whole, all its scalars in hex, joined by
///   ``separator``, so a ZWJ sequence, a flag or a keycap is never cut in half.
/// - Escaping rule for text that looks like an escape: wherever the input contains ``prefix`` literally,
///   its first character is itself written as an escape (`[` → `[emoji:5b]`). So in encoded text the
///   prefix only ever starts an escape, and the decoder never has to guess.
/// - The decoder turns every `prefix hex(-hex)* suffix` back into its scalars and leaves other text as
///   it is; a prefix not followed by a well-formed escape is an error, since the encoder never writes one.
///
/// The format is configurable through ``prefix``, ``separator`` and ``suffix``. The prefix's first
/// character must not occur again in the prefix, separator or suffix, and must not be a hex digit: that
/// is what makes the escaping rule above unambiguous, and the throwing initializer checks it.
public struct EmojiEscaping: Sendable, Hashable {
  /// What starts an escape; default `[emoji:`.
  public let prefix: String
  /// What separates the scalars of one cluster; default `-`.
  public let separator: String
  /// What ends an escape; default `]`.
  public let suffix: String

  /// The default format: `[emoji:1f468-200d-1f469]`.
  public init() {
    prefix = "[emoji:"
    separator = "-"
    suffix = "]"
  }

  /// A custom format, such as `EmojiEscaping(prefix: "{U+", separator: " ", suffix: "}")`.
  /// - Throws: ``EmojiEscapingFormatError`` unless `prefix`, `separator` and `suffix` are non-empty BMP
  ///   text, the separator and suffix hold no hex digit, and the prefix's first character is not a hex
  ///   digit and does not occur again in the prefix, separator or suffix.
  public init(prefix: String, separator: String, suffix: String) throws(EmojiEscapingFormatError) {
    guard !prefix.isEmpty, !separator.isEmpty, !suffix.isEmpty else {
      throw EmojiEscapingFormatError(message: "the prefix, separator and suffix must not be empty")
    }
    guard (prefix + separator + suffix).unicodeScalars.allSatisfy({ $0.value <= 0xFFFF }) else {
      throw EmojiEscapingFormatError(message: "the prefix, separator and suffix must be BMP text")
    }
    let lead = prefix.unicodeScalars.first!
    guard !lead.isASCIIHexDigit else {
      throw EmojiEscapingFormatError(message: "the prefix must not start with a hex digit")
    }
    guard !(prefix.unicodeScalars.dropFirst() + separator.unicodeScalars + suffix.unicodeScalars).contains(lead) else {
      throw EmojiEscapingFormatError(
        message: "the prefix's first character '\(lead)' must not occur again in the prefix, separator or suffix")
    }
    guard !(separator + suffix).unicodeScalars.contains(where: \.isASCIIHexDigit) else {
      throw EmojiEscapingFormatError(message: "the separator and suffix must not contain hex digits")
    }
    self.prefix = prefix
    self.separator = separator
    self.suffix = suffix
  }

  /// `text` with every cluster that holds a scalar above U+FFFF, and the first character of every literal
  /// ``prefix``, written as escapes. The result is BMP-only.
  /// - Complexity: O(*n*) in the length of `text`.
  public func encode(_ text: String) -> String {
    let prefixUTF8 = Array(prefix.utf8)
    let needsWork =
      text.utf8.withContiguousStorageIfAvailable { bytes in
        bytes.contains { $0 >= 0xF0 } || UTF8Search.offset(of: prefixUTF8, in: bytes, from: 0) != nil
      } ?? true
    guard needsWork else { return text }
    var output = ""
    output.reserveCapacity(text.utf8.count + 16)
    let lead = prefix.unicodeScalars.first!
    let prefixScalars = Array(prefix.unicodeScalars)
    var clusterStart = text.startIndex
    GraphemeBreaks.forEachBoundary(in: text) { utf8Offset in
      let end = text.utf8.index(text.utf8.startIndex, offsetBy: utf8Offset)
      let cluster = text.unicodeScalars[clusterStart..<end]
      if cluster.contains(where: { $0.value > 0xFFFF }) {
        appendEscape(of: cluster, to: &output)
      } else {
        var position = cluster.startIndex
        while position < cluster.endIndex {
          let scalar = cluster[position]
          if scalar == lead && text.unicodeScalars[position...].starts(with: prefixScalars) {
            appendEscape(of: CollectionOfOne(scalar), to: &output)
          } else {
            output.unicodeScalars.append(scalar)
          }
          position = cluster.index(after: position)
        }
      }
      clusterStart = end
    }
    return output
  }

  /// The text that ``encode(_:)`` wrote as `encoded`.
  /// - Throws: ``EmojiEscapeError`` naming the UTF-16 offset of a malformed escape.
  /// - Complexity: O(*n*) in the length of `encoded`.
  public func decode(_ encoded: String) throws(EmojiEscapeError) -> String {
    // Note: the search is on UTF-8 bytes, which is the search on scalars (not Characters: a literal prefix can
    // share a grapheme cluster with what precedes it, U+0600 followed by `[` is one cluster): the prefix,
    // separator and suffix are valid UTF-8, and a match of valid UTF-8 in valid UTF-8 starts and ends on scalar
    // boundaries.
    let outcome: Result<String, EmojiEscapeError>? = encoded.utf8.withContiguousStorageIfAvailable { bytes in
      decode(utf8: bytes, of: encoded)
    }
    switch outcome ?? Array(encoded.utf8).withUnsafeBufferPointer({ decode(utf8: $0, of: encoded) }) {
    case .success(let text): return text
    case .failure(let error): throw error
    }
  }

  /// ``decode(_:)`` of `encoded`, whose UTF-8 is `bytes`.
  private func decode(utf8 bytes: UnsafeBufferPointer<UInt8>, of encoded: String) -> Result<String, EmojiEscapeError> {
    let prefix = Array(self.prefix.utf8)
    let separator = Array(self.separator.utf8)
    let suffix = Array(self.suffix.utf8)
    guard var start = UTF8Search.offset(of: prefix, in: bytes, from: 0) else { return .success(encoded) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var rest = 0  // the bytes from here on are not decoded yet
    func failure(_ reason: String) -> Result<String, EmojiEscapeError> {
      let index = encoded.utf8.index(encoded.utf8.startIndex, offsetBy: start)
      return .failure(
        EmojiEscapeError(utf16Offset: encoded.utf16.distance(from: encoded.utf16.startIndex, to: index), reason: reason)
      )
    }
    while true {
      output.append(contentsOf: bytes[rest..<start])
      let body = start + prefix.count
      guard let end = UTF8Search.offset(of: suffix, in: bytes, from: body) else {
        return failure("'\(self.prefix)' without a closing '\(self.suffix)'")
      }
      var fieldStart = body
      while true {
        let fieldEnd =
          UTF8Search.offset(of: separator, in: UnsafeBufferPointer(rebasing: bytes[..<end]), from: fieldStart) ?? end
        let field = bytes[fieldStart..<fieldEnd]
        // Note: one to six hex digits (each one byte), which fit in a UInt32.
        var value: UInt32? = (1...6).contains(field.count) ? 0 : nil
        for byte in field { value = value.flatMap { value in Self.hexDigitValue(byte).map { value << 4 | $0 } } }
        guard let value, let scalar = Unicode.Scalar(value) else {
          let hex = String(decoding: UnsafeBufferPointer(rebasing: field), as: UTF8.self)
          return failure("'\(hex)' is not a Unicode scalar in hex")
        }
        output.append(contentsOf: scalar.utf8)
        if fieldEnd == end { break }
        fieldStart = fieldEnd + separator.count
      }
      rest = end + suffix.count
      guard let next = UTF8Search.offset(of: prefix, in: bytes, from: rest) else { break }
      start = next
    }
    output.append(contentsOf: bytes[rest...])
    return .success(String(decoding: output, as: UTF8.self))
  }

  /// The value of an ASCII hex digit, or nil.
  private static func hexDigitValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private func appendEscape(of scalars: some Sequence<Unicode.Scalar>, to output: inout String) {
    output += prefix
    var first = true
    for scalar in scalars {
      if !first { output += separator }
      output += String(scalar.value, radix: 16)
      first = false
    }
    output += suffix
  }
}

/// An escape format that ``EmojiEscaping`` cannot decode unambiguously.
public struct EmojiEscapingFormatError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

/// A malformed escape in text given to ``EmojiEscaping/decode(_:)``.
public struct EmojiEscapeError: Error, Equatable, CustomStringConvertible {
  /// Where the escape starts: its UTF-16 offset from the start of the text.
  public var utf16Offset: Int
  /// What is wrong with it.
  public var reason: String

  public var description: String { "malformed emoji escape at UTF-16 offset \(utf16Offset): \(reason)" }
}

extension Unicode.Scalar {
  /// `0`–`9`, `a`–`f`, `A`–`F`.
  fileprivate var isASCIIHexDigit: Bool {
    ("0"..."9").contains(self) || ("a"..."f").contains(self) || ("A"..."F").contains(self)
  }
}
