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
  /// - Throws: ``LineProblem`` when the line is not a JSON object with a string `"text"`, at the byte where it
  ///   stops being one (``problem(inRecord:)``).
  package static func text(ofRecord line: String) throws(LineProblem) -> String {
    var line = line
    if let body = line.withUTF8({ fastBody(ofRecord: $0) }) {
      guard body.isEscaped else {
        // Note: the range lies between two ASCII quotes, so the substring is valid and copies without revalidation.
        let start = line.utf8.index(line.utf8.startIndex, offsetBy: body.utf8Range.lowerBound)
        return String(line[start..<line.utf8.index(start, offsetBy: body.utf8Range.count)])
      }
      if let text = line.withUTF8({ unescaped(UnsafeBufferPointer(rebasing: $0[body.utf8Range])) }) { return text }
    }
    do {
      return try JSONDecoder().decode(Record.self, from: Data(line.utf8)).text
    } catch {
      // Note: the decoder's errors locate a problem only in its own words; the line is read again to say where
      // and what was expected there.
      throw problem(inRecord: line) ?? LineProblem("expected a JSON object with a string \"text\"")
    }
  }

  /// The `"text"` of a record given as bytes not yet validated: the same text or problem as validating the line
  /// (``LineProblem/text(ofUTF8:)``) and then ``text(ofRecord:)``, a line of invalid UTF-8 rejected as such
  /// before its JSON is looked at.
  ///
  /// The usual record, `{"text": "…"}` with no escape, is read without making a string of the line: only the text
  /// is validated (the bytes around it are the record's ASCII punctuation), and copied once.
  package static func text(ofRecordUTF8 line: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> String {
    if let body = fastBody(ofRecord: line), !body.isEscaped,
      let text = String(validating: UnsafeBufferPointer(rebasing: line[body.utf8Range]), as: UTF8.self)
    {
      return text
    }
    return try text(ofRecord: LineProblem.text(ofUTF8: line))
  }

  /// The bytes of the `"text"` of the usual record, `{"text": "…"}` with no escape, when they are valid UTF-8: the
  /// text ``text(ofRecordUTF8:)`` gives, not copied; nil for any other line (which that function reads or rejects).
  package static func plainText(ofRecordUTF8 line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    guard let body = fastBody(ofRecord: line), !body.isEscaped else { return nil }
    let text = UnsafeBufferPointer(rebasing: line[body.utf8Range])
    return UTF8Validation.isValid(text) ? text : nil
  }

  /// The string body of a record that is exactly `{"text": "…"}`: where it lies in the line, and whether it holds
  /// an escape (then it is to be unescaped).
  private struct RecordBody {
    var utf8Range: Range<Int>
    var isEscaped: Bool
  }

  /// The body of a record that is exactly `{"text": "…"}` (whitespace allowed between tokens), or nil for
  /// anything else, which the full decoder then reads (and rejects if it is not a record). Every byte outside
  /// the body is ASCII when it returns a body.
  private static func fastBody(ofRecord bytes: UnsafeBufferPointer<UInt8>) -> RecordBody? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    var index = 0
    @inline(__always) func skipSpace() {
      while index < count {
        let byte = base[index]
        guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { return }
        index &+= 1
      }
    }
    @inline(__always) func expect(_ byte: UInt8) -> Bool {
      skipSpace()
      guard index < count && base[index] == byte else { return false }
      index &+= 1
      return true
    }
    guard expect(UInt8(ascii: "{")), expect(UInt8(ascii: "\"")) else { return nil }
    // Note: `text"` as one little-endian word of five bytes.
    guard index &+ 5 <= count,
      UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self) == UInt32(littleEndian: 0x7478_6574),
      base[index &+ 4] == UInt8(ascii: "\"")
    else { return nil }
    index &+= 5
    guard expect(UInt8(ascii: ":")), expect(UInt8(ascii: "\"")) else { return nil }
    let start = index
    var end = start
    var escaped = false
    while end < count {
      // Note: eight bytes at a time while none is a quote, a backslash or a control.
      if end &+ 8 <= count, !wordHasByte(belowSpaceOr: 0x22, 0x5C, 0x5C, in: base + end) {
        end &+= 8
        continue
      }
      let byte = base[end]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        end &+= 2
      } else if byte < 0x20 {
        return nil
      } else {
        end &+= 1
      }
    }
    guard end < count else { return nil }
    index = end &+ 1
    guard expect(UInt8(ascii: "}")) else { return nil }
    skipSpace()
    guard index == count else { return nil }
    return RecordBody(utf8Range: start..<end, isEscaped: escaped)
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
  ///
  /// Text with nothing to escape (most posts) is copied as it is after one scan, eight bytes at a time; any other
  /// goes to ``JSONValue``'s escaper.
  package static func appendString(_ value: String, to output: inout [UInt8]) {
    var value = value
    let copied = value.withUTF8 { bytes in appendStringIfPlain(utf8: bytes, to: &output) }
    if !copied { JSONValue.appendString(value, to: &output) }
  }

  /// ``appendString(_:to:)`` of the string whose bytes are `utf8` (valid UTF-8).
  package static func appendString(utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    if !appendStringIfPlain(utf8: utf8, to: &output) {
      JSONValue.appendString(String(decoding: utf8, as: UTF8.self), to: &output)
    }
  }

  /// Appends `utf8` as a JSON string and returns true when nothing in it needs escaping; else appends nothing.
  private static func appendStringIfPlain(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Bool {
    guard !mayNeedEscape(bytes) else { return false }
    output.append(UInt8(ascii: "\""))
    output.append(contentsOf: bytes)
    output.append(UInt8(ascii: "\""))
    return true
  }

  /// Whether any byte of `bytes` may start an escape in a JSON string as ``JSONValue`` writes it: a control, `"`,
  /// `\`, or 0xE2 (the lead of U+2028 and U+2029).
  private static func mayNeedEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var index = 0
    while index &+ 8 <= bytes.count {
      if wordHasByte(belowSpaceOr: 0x22, 0x5C, 0xE2, in: base + index) { return true }
      index &+= 8
    }
    while index < bytes.count {
      let byte = base[index]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 { return true }
      index &+= 1
    }
    return false
  }

  /// Whether any of the eight bytes at `pointer` is below 0x20 or equal to `first`, `second` or `third` (SWAR: a
  /// byte below 0x20, or one that XORed with a value is zero, sets its high bit; the borrow can only disturb bytes
  /// above one that matches, so the answer is exact).
  @inline(__always)
  private static func wordHasByte(
    belowSpaceOr first: UInt8, _ second: UInt8, _ third: UInt8, in pointer: UnsafePointer<UInt8>
  ) -> Bool {
    let word = UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let a = word ^ (ones &* UInt64(first))
    let b = word ^ (ones &* UInt64(second))
    let c = word ^ (ones &* UInt64(third))
    let below = (word &- ones &* 0x20) & ~word
    return (below | (a &- ones) & ~a | (b &- ones) & ~b | (c &- ones) & ~c) & highBits != 0
  }

  /// Appends `value` as a JSON number: the bytes of `String(value)`.
  package static func appendInteger(_ value: Int, to output: inout [UInt8]) {
    JSONValue.appendInteger(value, to: &output)
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
