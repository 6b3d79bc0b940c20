import Emotext
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
package enum JSONLines {
  private struct Record: Decodable {
    var text: String
  }

  /// The `"text"` of a record.
  /// - Throws: ``LineProblem`` when the line is not a JSON object with a string `"text"`.
  package static func text(ofRecord line: String) throws(LineProblem) -> String {
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
  package static func record(text: String, extra: [(String, JSONValue)] = []) -> String {
    var bytes: [UInt8] = []
    appendRecord(text: text, extra: extra, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends a record line (without its LF) to `output`: the bytes of ``record(text:extra:)``.
  package static func appendRecord(text: String, extra: [(String, JSONValue)] = [], to output: inout [UInt8]) {
    output.append(contentsOf: #"{"text":"#.utf8)
    appendString(text, to: &output)
    for (key, value) in extra {
      output.append(UInt8(ascii: ","))
      appendString(key, to: &output)
      output.append(UInt8(ascii: ":"))
      value.appendUTF8(to: &output)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Appends `value` as a JSON string, escaped exactly as ``JSONValue/serialized`` escapes it.
  package static func appendString(_ value: String, to output: inout [UInt8]) {
    JSONValue.appendString(value, to: &output)
  }

  /// Appends `value` as a JSON number: the bytes of `String(value)`.
  package static func appendInteger(_ value: Int, to output: inout [UInt8]) {
    JSONValue.appendInteger(value, to: &output)
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
      if end + 8 <= bytes.count,
        !UTF8Words.containsByte(below: 0x20, orEqualTo: 0x22, 0x5C, in: UTF8Words.load(bytes, at: end))
      {
        end += 8
        continue
      }
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
