import Foundation

/// The `--jsonl` record format of the batch commands: one JSON object per line with a `"text"` string.
///
/// ```swift
/// try JSONLines.text(ofRecord: #"{"text": "好[哈哈]"}"#)   // "好[哈哈]"
/// JSONLines.record(text: "好", extra: [("length", .integer(1))])   // {"text":"好","length":1}
/// ```
///
/// Both directions have a fast path for batch jobs: a record that is exactly `{"text": "…"}` is read
/// without a JSON decoder (any other object goes through `JSONDecoder`, with the same result), and records
/// are written straight into a byte buffer (``appendRecord(text:extra:to:)``), escaped as ``JSONValue`` does.
public enum JSONLines {
  private struct Record: Decodable {
    var text: String
  }

  /// The `"text"` of a record.
  /// - Throws: ``LineProblem`` when the line is not a JSON object with a string `"text"`.
  public static func text(ofRecord line: String) throws(LineProblem) -> String {
    var line = line
    if let body = line.withUTF8({ fastText(ofRecord: $0) }) {
      switch body {
      case .plain(let range):
        // Note: the range lies between two ASCII quotes, so the substring is valid and copies without revalidation.
        let start = line.utf8.index(line.utf8.startIndex, offsetBy: range.lowerBound)
        return String(line[start..<line.utf8.index(start, offsetBy: range.count)])
      case .unescaped(let text): return text
      }
    }
    do {
      return try JSONDecoder().decode(Record.self, from: Data(line.utf8)).text
    } catch {
      throw LineProblem("expected a JSON object with a string \"text\"")
    }
  }

  /// A record line: `{"text": text}` followed by `extra` members, in order.
  public static func record(text: String, extra: [(String, JSONValue)] = []) -> String {
    var bytes: [UInt8] = []
    appendRecord(text: text, extra: extra, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends a record line (without its LF) to `output`: the bytes of ``record(text:extra:)``.
  public static func appendRecord(text: String, extra: [(String, JSONValue)] = [], to output: inout [UInt8]) {
    output.append(contentsOf: #"{"text":"#.utf8)
    appendString(text, to: &output)
    for (key, value) in extra {
      output.append(UInt8(ascii: ","))
      appendString(key, to: &output)
      output.append(UInt8(ascii: ":"))
      switch value {
      case .string(let string): appendString(string, to: &output)
      case .integer(let integer): appendInteger(integer, to: &output)
      default: output.append(contentsOf: value.serialized.utf8)
      }
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Appends `value` as a JSON string, escaped exactly as ``JSONValue/serialized`` escapes it.
  public static func appendString(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      let count = bytes.count
      while index < count {
        let byte = bytes[index]
        // Note: one cheap test per byte; only `"`, `\`, C0 controls and U+2028/U+2029 (E2 80 A8/A9) need escapes.
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 else {
          index += 1
          continue
        }
        var length = 1
        let escape: String
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
          let hex = String(byte, radix: 16)
          escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        output.append(contentsOf: escape.utf8)
        index += length
        runStart = index
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends `value` as a JSON number: the bytes of `String(value)`.
  public static func appendInteger(_ value: Int, to output: inout [UInt8]) {
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

  /// The string body of a fast-path record.
  private enum RecordText {
    /// The body has no escape: the text is these bytes of the line.
    case plain(Range<Int>)
    /// The body unescaped.
    case unescaped(String)
  }

  /// The text of a record that is exactly `{"text": "…"}` (whitespace allowed between tokens), or nil
  /// for anything else, which the full decoder then reads (and rejects if it is not a record).
  private static func fastText(ofRecord bytes: UnsafeBufferPointer<UInt8>) -> RecordText? {
    var index = 0
    func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[index]) { index += 1 }
    }
    func expect(_ literal: StaticString) -> Bool {
      skipSpace()
      let count = literal.utf8CodeUnitCount
      guard index + count <= bytes.count else { return false }
      for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
      index += count
      return true
    }
    guard expect("{"), expect(#""text""#), expect(":"), expect("\"") else { return nil }
    let start = index
    var end = start
    var escaped = false
    while end < bytes.count && bytes[end] != UInt8(ascii: "\"") {
      if bytes[end] == UInt8(ascii: "\\") {
        escaped = true
        end += 2
      } else if bytes[end] < 0x20 {
        return nil
      } else {
        end += 1
      }
    }
    guard end < bytes.count else { return nil }
    index = end + 1
    guard expect("}") else { return nil }
    skipSpace()
    guard index == bytes.count else { return nil }
    guard escaped else { return .plain(start..<end) }
    return unescaped(UnsafeBufferPointer(rebasing: bytes[start..<end])).map(RecordText.unescaped)
  }

  /// The JSON string body `bytes` (between the quotes) unescaped, or nil when an escape is not one the
  /// fast path handles (the full decoder then reads the line).
  private static func unescaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    func hex4(at position: Int) -> UInt32? {
      guard position + 4 <= bytes.count else { return nil }
      var value: UInt32 = 0
      for byte in bytes[position..<(position + 4)] {
        guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        output.append(byte)
        index += 1
        continue
      }
      guard index + 1 < bytes.count else { return nil }
      let kind = bytes[index + 1]
      index += 2
      switch kind {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(kind)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        guard var value = hex4(at: index) else { return nil }
        index += 4
        if (0xD800..<0xDC00).contains(value) {
          guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
            let low = hex4(at: index + 2), (0xDC00..<0xE000).contains(low)
          else { return nil }
          index += 6
          value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        output.append(contentsOf: String(scalar).utf8)
      default: return nil
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
