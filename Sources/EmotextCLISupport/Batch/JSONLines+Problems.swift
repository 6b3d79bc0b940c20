extension JSONLines {
  /// The deepest nesting of arrays and objects the problem finder follows (as deep as `JSONDecoder` reads).
  static let maximumNesting = 512

  /// Why `line` is not a record, located: the first place where it stops being JSON (RFC 8259), or, for JSON
  /// that is not a record, its value that is not an object or its `"text"` that is missing or not a string.
  ///
  /// ```swift
  /// JSONLines.problem(inRecord: #"{"text": }"#)
  /// // LineProblem("not a record {\"text\": …}: expected a JSON value, found '}'", utf8Offset: 9)
  /// ```
  ///
  /// Nil when it finds nothing wrong (the caller then reports the line without a position).
  static func problem(inRecord line: String) -> LineProblem? {
    var scanner = RecordScanner(bytes: Array(line.utf8))
    do throws(LineProblem) {
      try scanner.scanRecord()
      return nil
    } catch {
      return LineProblem("not a record {\"text\": …}: " + error.message, utf8Offset: error.utf8Offset)
    }
  }
}

/// A JSON scanner that only checks: it reads one record line and throws a problem at the first byte that does not
/// fit, saying what was expected there.
private struct RecordScanner {
  /// The kinds of JSON values, as a message names them.
  enum Kind: String {
    case object = "an object"
    case array = "an array"
    case string = "a string"
    case number = "a number"
    case literal = "a literal"
  }

  let bytes: [UInt8]
  var index = 0

  /// The byte each one-letter escape stands for (`\\n` → LF); `"`, `\\` and `/` stand for themselves.
  private static let unescaped: [UInt8: UInt8] = [
    UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D,
    UInt8(ascii: "t"): 0x09,
  ]

  /// Reads a whole line that should be a record: an object with a string `"text"`, then nothing but spaces.
  mutating func scanRecord() throws(LineProblem) {
    skipSpace()
    let start = index
    guard peek == UInt8(ascii: "{") else {
      throw problem(expected: "a JSON object", found: describedValue(at: index), at: index)
    }
    var text: (kind: Kind, utf8Offset: Int)?
    try scanObject(depth: 1) { key, kind, utf8Offset in
      if key == Array("text".utf8) { text = (kind, utf8Offset) }
    }
    skipSpace()
    guard index == bytes.count else {
      throw problem(expected: "the end of the line after the object", found: described(at: index), at: index)
    }
    guard let text else {
      throw LineProblem("expected a \"text\" member in the object", utf8Offset: start)
    }
    guard text.kind == .string else {
      throw LineProblem("expected a string as \"text\", found \(text.kind.rawValue)", utf8Offset: text.utf8Offset)
    }
  }

  private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipSpace() {
    while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
  }

  private func problem(expected: String, found: String, at utf8Offset: Int) -> LineProblem {
    LineProblem("expected \(expected), found \(found)", utf8Offset: utf8Offset)
  }

  /// What is at `utf8Offset`, for a message: `end of line`, or the character quoted (a control by its code point).
  private func described(at utf8Offset: Int) -> String {
    guard utf8Offset < bytes.count else { return "end of line" }
    // Note: the line is valid UTF-8 (it was a string), so the scalar ends within it.
    var iterator = bytes[utf8Offset...].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "a byte that is not UTF-8" }
    if scalar.value < 0x20 || scalar.value == 0x7F {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    return "'\(scalar)'"
  }

  /// What starts at `utf8Offset` where a value should: its kind when it looks like one, else ``described(at:)``
  /// (a run of letters whole: `'nope'`).
  private func describedValue(at utf8Offset: Int) -> String {
    guard utf8Offset < bytes.count else { return "end of line" }
    switch bytes[utf8Offset] {
    case UInt8(ascii: "["): return Kind.array.rawValue
    case UInt8(ascii: "\""): return Kind.string.rawValue
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return Kind.number.rawValue
    default:
      let word = bytes[utf8Offset...].prefix { isLetter($0) }
      if !word.isEmpty { return "'\(String(decoding: word, as: UTF8.self))'" }
      return described(at: utf8Offset)
    }
  }

  private func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  /// Reads one value (at most `depth` containers deep already) and says what it was.
  private mutating func scanValue(depth: Int) throws(LineProblem) -> Kind {
    skipSpace()
    guard let byte = peek else {
      throw problem(expected: "a JSON value", found: "end of line", at: index)
    }
    switch byte {
    case UInt8(ascii: "{"):
      try scanObject(depth: depth + 1) { _, _, _ in }
      return .object
    case UInt8(ascii: "["):
      try scanArray(depth: depth + 1)
      return .array
    case UInt8(ascii: "\""):
      _ = try scanString(keepingBytes: false)
      return .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try scanNumber()
      return .number
    default:
      let start = index
      let word = bytes[start...].prefix { isLetter($0) }
      guard ["true", "false", "null"].contains(String(decoding: word, as: UTF8.self)) else {
        throw problem(expected: "a JSON value", found: describedValue(at: start), at: start)
      }
      index += word.count
      return .literal
    }
  }

  /// Steps past an array's or object's opening bracket, at most ``JSONLines/maximumNesting`` deep; true when it is
  /// empty (its `closing` bracket read too).
  private mutating func enterContainer(depth: Int, closing: UInt8) throws(LineProblem) -> Bool {
    guard depth <= JSONLines.maximumNesting else {
      throw LineProblem(
        "expected at most \(JSONLines.maximumNesting) nested arrays and objects", utf8Offset: index)
    }
    index += 1
    skipSpace()
    guard peek == closing else { return false }
    index += 1
    return true
  }

  /// Reads the `,` or the `closing` bracket after `item` (a member or an element); true when the container ended.
  private mutating func leaveContainer(closing: UInt8, after item: String) throws(LineProblem) -> Bool {
    skipSpace()
    switch peek {
    case UInt8(ascii: ","):
      index += 1
      return false
    case closing:
      index += 1
      return true
    default:
      let bracket = Character(Unicode.Scalar(closing))
      throw problem(expected: "',' or '\(bracket)' after \(item)", found: described(at: index), at: index)
    }
  }

  /// Reads an object (its `{` next), reporting each member's key, the kind of its value and where that starts.
  private mutating func scanObject(
    depth: Int, member: (_ key: [UInt8], _ kind: Kind, _ utf8Offset: Int) -> Void
  ) throws(LineProblem) {
    if try enterContainer(depth: depth, closing: UInt8(ascii: "}")) { return }
    while true {
      skipSpace()
      guard peek == UInt8(ascii: "\"") else {
        throw problem(expected: "a member name in quotes", found: described(at: index), at: index)
      }
      let key = try scanString(keepingBytes: true)
      skipSpace()
      guard peek == UInt8(ascii: ":") else {
        throw problem(expected: "':' after the member name", found: described(at: index), at: index)
      }
      index += 1
      skipSpace()
      let start = index
      member(key, try scanValue(depth: depth), start)
      if try leaveContainer(closing: UInt8(ascii: "}"), after: "a member") { return }
    }
  }

  /// Reads an array (its `[` next).
  private mutating func scanArray(depth: Int) throws(LineProblem) {
    if try enterContainer(depth: depth, closing: UInt8(ascii: "]")) { return }
    while true {
      _ = try scanValue(depth: depth)
      if try leaveContainer(closing: UInt8(ascii: "]"), after: "an element") { return }
    }
  }

  /// Reads a string (its `"` next); its content unescaped when `keepingBytes` (for member names), else empty.
  private mutating func scanString(keepingBytes: Bool) throws(LineProblem) -> [UInt8] {
    index += 1
    var content: [UInt8] = []
    while true {
      guard let byte = peek else {
        throw problem(expected: "'\"' closing the string", found: "end of line", at: index)
      }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return content
      case UInt8(ascii: "\\"):
        let start = index
        index += 1
        switch peek {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
          UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          if keepingBytes { content.append(Self.unescaped[bytes[index]] ?? bytes[index]) }
          index += 1
        case UInt8(ascii: "u"):
          index += 1
          var value = try scanHex4()
          if (0xDC00..<0xE000).contains(value) {
            throw problem(expected: "a high surrogate (\\uD800-\\uDBFF) before", found: "a low one", at: start)
          }
          if (0xD800..<0xDC00).contains(value) {
            let low = index
            guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
              throw problem(
                expected: "a low surrogate escape (\\uDC00-\\uDFFF) after a high one", found: described(at: low),
                at: low)
            }
            index += 2
            let lowValue = try scanHex4()
            guard (0xDC00..<0xE000).contains(lowValue) else {
              throw problem(
                expected: "a low surrogate (\\uDC00-\\uDFFF) after a high one", found: "another escape", at: low)
            }
            value = 0x10000 + (value - 0xD800) << 10 + (lowValue - 0xDC00)
          }
          if keepingBytes, let scalar = Unicode.Scalar(value) { content += Array(String(scalar).utf8) }
        default:
          throw problem(
            expected: "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", found: described(at: index), at: index)
        }
      case 0..<0x20:
        throw problem(
          expected: "a control character escaped (\\n, \\t, \\u0001)", found: described(at: index), at: index)
      default:
        if keepingBytes { content.append(byte) }
        index += 1
      }
    }
  }

  /// Reads the four hex digits of a `\u` escape.
  private mutating func scanHex4() throws(LineProblem) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
        throw problem(expected: "four hex digits after \\u", found: described(at: index), at: index)
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// Reads a number: `-`, an integer part without leading zeros, then optionally a fraction and an exponent.
  private mutating func scanNumber() throws(LineProblem) {
    if peek == UInt8(ascii: "-") { index += 1 }
    if peek == UInt8(ascii: "0") {
      index += 1
    } else {
      try scanDigits()
    }
    if peek == UInt8(ascii: ".") {
      index += 1
      try scanDigits()
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      try scanDigits()
    }
  }

  /// Reads one or more digits.
  private mutating func scanDigits() throws(LineProblem) {
    guard let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
      throw problem(expected: "a digit", found: described(at: index), at: index)
    }
    while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
  }
}
