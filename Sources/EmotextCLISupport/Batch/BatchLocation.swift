import Emotext

/// Where in a batch input something went wrong, written as compilers write it: `FILE:LINE:COLUMN`.
///
/// ```swift
/// BatchLocation(file: "-", line: 2, utf8Offset: 12).description        // "<stdin>:2:13"
/// BatchLocation(file: "posts.txt", line: 3).description                  // "posts.txt:3"
/// BatchLocation(file: "posts.txt").description                           // "posts.txt"
/// ```
///
/// Every batch error of the library and every message of the `emotext` CLI uses this one format. `COLUMN` is
/// the 1-based byte position in the line (the 0-based ``utf8Offset`` plus one), as editors expect.
package struct BatchLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file's name as given, `-` for standard input.
  package var file: String
  /// The 1-based line number, when the problem is in a line.
  package var line: Int?
  /// The 0-based byte offset in the line, when known.
  package var utf8Offset: Int?

  /// A location in `file`, optionally a line and a byte offset in it.
  package init(file: String, line: Int? = nil, utf8Offset: Int? = nil) {
    self.file = file
    self.line = line
    self.utf8Offset = utf8Offset
  }

  /// How a file is named in messages: `<stdin>` for `-`, else the name as given.
  package static func displayName(of file: String) -> String { file == "-" ? "<stdin>" : file }

  package var description: String {
    var text = Self.displayName(of: file)
    if let line {
      text += ":\(line)"
      if let utf8Offset { text += ":\(utf8Offset + 1)" }
    }
    return text
  }
}

/// A batch input that could not be processed: where, and what was wrong (`posts.txt:3:5: message`).
package struct BatchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the problem is.
  package var location: BatchLocation
  /// What was wrong, without the location.
  package var message: String

  /// An error at `location`.
  package init(_ location: BatchLocation, _ message: String) {
    self.location = location
    self.message = message
  }

  package var description: String { "\(location): \(message)" }
}

/// Why one input line could not be answered: a message and, when known, the byte offset in the line.
///
/// ```swift
/// throw LineProblem("expected a JSON value, found end of line", utf8Offset: 8)
/// ```
package struct LineProblem: Error, Hashable, Sendable {
  /// What was wrong with the line.
  package var message: String
  /// The 0-based byte offset in the line where the problem is, when known.
  package var utf8Offset: Int?

  /// A problem described by `message`, at `utf8Offset` in the line when given.
  package init(_ message: String, utf8Offset: Int? = nil) {
    self.message = message
    self.utf8Offset = utf8Offset
  }

  /// The result of `body`, with any error it throws as a problem described by the error.
  package static func catching<Output>(_ body: () throws -> Output) -> Result<Output, LineProblem> {
    do {
      return .success(try body())
    } catch let problem as LineProblem {
      return .failure(problem)
    } catch {
      return .failure(LineProblem("\(error)"))
    }
  }
}

extension LineProblem {
  /// The text of `bytes`, which must be UTF-8 (RFC 3629), as the line decoder requires of every input line.
  /// - Throws: a problem at the first invalid byte: `invalid UTF-8 (byte 0xFF)`.
  package static func text(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> String {
    // Note: the standard library's validation first (it copies too); the slower reference only for invalid bytes,
    // to name the first one.
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
      throw LineProblem(
        LineDecodingError(line: 1, utf8Offset: offset, reason: .invalidUTF8(byte: bytes[offset])).message,
        utf8Offset: offset)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
