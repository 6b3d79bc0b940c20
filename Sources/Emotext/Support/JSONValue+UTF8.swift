/// JSON written straight as UTF-8 bytes, for batch output: ``JSONValue/serialized`` is these bytes.
extension JSONValue {
  /// Appends the compact JSON text of this value (keys in order, `/` and non-ASCII unescaped) to `output`.
  package func appendUTF8(to output: inout [UInt8]) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .integer(let value): Self.appendInteger(value, to: &output)
    case .string(let value): Self.appendString(value, to: &output)
    case .array(let values):
      output.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        value.appendUTF8(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        Self.appendString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        value.appendUTF8(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `value` as a JSON string.
  package static func appendString(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { appendEscaped($0, to: &output) }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends the valid UTF-8 `bytes` escaped as the inside of a JSON string (no quotes), so that a string cut
  /// into pieces at scalar boundaries is written piece by piece.
  /// - Complexity: O(*n*) in the length of `bytes`, eight bytes at a time where nothing needs escaping.
  package static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    var runStart = 0
    var index = 0
    let count = bytes.count
    while index < count {
      // Note: eight bytes at a time while none of them can start an escape (most post text).
      if index + 8 <= count,
        !UTF8Words.containsByte(below: 0x20, orEqualTo: 0x22, 0x5C, 0xE2, in: UTF8Words.load(bytes, at: index))
      {
        index += 8
        continue
      }
      let byte = bytes[index]
      // Note: only `"`, `\`, C0 controls and U+2028/U+2029 (E2 80 A8/A9) need escapes.
      guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 else {
        index += 1
        continue
      }
      var length = 1
      let escape: StaticString
      switch byte {
      case UInt8(ascii: "\""): escape = "\\\""
      case UInt8(ascii: "\\"): escape = "\\\\"
      case UInt8(ascii: "\n"): escape = "\\n"
      case UInt8(ascii: "\r"): escape = "\\r"
      case UInt8(ascii: "\t"): escape = "\\t"
      case 0xE2:
        guard index + 2 < count && bytes[index + 1] == 0x80 && (bytes[index + 2] & 0xFE) == 0xA8 else {
          index += 1
          continue
        }
        escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
        length = 3
      default:
        // Note: a C0 control with no short escape: `\u00` and two lowercase hex digits, appended below.
        escape = "\\u00"
        length = 0
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      output.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
      if length == 0 {
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0xF)])
        length = 1
      }
      index += length
      runStart = index
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
  }

  /// Lowercase hexadecimal digits, as `String(_:radix:)` writes them.
  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// Appends `value` as a JSON number: the bytes of `String(value)`.
  package static func appendInteger(_ value: Int, to output: inout [UInt8]) {
    guard value >= 0 && value < 1_000_000_000 else {
      output.append(contentsOf: String(value).utf8)
      return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        count += 1
      } while rest > 0
      for position in stride(from: count - 1, through: 0, by: -1) { output.append(buffer[position]) }
    }
  }
}

/// Byte tests on eight UTF-8 bytes at once (SWAR), for scans that skip ahead while nothing matches.
package enum UTF8Words {
  // Note: inlinable (the CLI's JSON Lines reader calls these per 8 bytes from another module), so the constants
  // are literals.

  /// The eight bytes at `offset` (which must have eight bytes after it) as one little-endian word.
  @inlinable @inline(__always)
  package static func load(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
  }

  /// Whether any byte of `word` is below `limit` (at most 0x80) or equal to one of `values`. Exact: the
  /// borrow of the subtraction can only disturb bytes above a byte that matches.
  @inlinable @inline(__always)
  package static func containsByte(
    below limit: UInt8, orEqualTo first: UInt8, _ second: UInt8, _ third: UInt8 = 0, in word: UInt64
  ) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highBits != 0 }
    let below = (word &- ones &* UInt64(limit)) & ~word & highBits != 0
    return below || hasZeroByte(word ^ (ones &* UInt64(first))) || hasZeroByte(word ^ (ones &* UInt64(second)))
      || (third != 0 && hasZeroByte(word ^ (ones &* UInt64(third))))
  }
}
