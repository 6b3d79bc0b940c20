import Emotext
import Foundation

/// Splits a stream of bytes into lines of valid UTF-8, for batch jobs that read one post per line.
///
/// ```swift
/// var decoder = UTF8LineDecoder(maxLineUTF8Count: 1 << 20)
/// var lines = try decoder.decode(Array("好[哈哈]\nsecond".utf8))   // ["好[哈哈]"]
/// lines += try decoder.finish()                                     // ["second"]
/// ```
///
/// Lines end at LF; a CR before it stays part of the line, so a post written with CR LF comes back
/// byte for byte. Bytes that are not UTF-8 are an error naming the line and the byte offset, never
/// replaced; so is a line longer than ``maxLineUTF8Count``, reported as soon as it is exceeded.
package struct UTF8LineDecoder: Sendable {
  /// The longest line accepted, in UTF-8 bytes without its LF.
  package let maxLineUTF8Count: Int
  /// The number of lines returned so far.
  package private(set) var lineCount = 0
  /// The number of bytes consumed so far, the pending partial line included.
  package private(set) var utf8Count = 0
  private var pending: [UInt8] = []
  /// An error found after lines that were returned first; every later call reports it.
  private var deferredError: LineDecodingError?
  /// Whether a line of invalid UTF-8 is kept in its place (as an empty string, its error in
  /// ``invalidLines``) rather than ending the stream.
  package var keepsInvalidLines = false
  /// The errors of the lines of invalid UTF-8 kept in their place since ``takeInvalidLines()`` last ran.
  package private(set) var invalidLines: [LineDecodingError] = []

  /// A decoder that accepts lines up to `maxLineUTF8Count` bytes (default 16 MiB).
  package init(maxLineUTF8Count: Int = 16 << 20) {
    precondition(maxLineUTF8Count > 0, "UTF8LineDecoder needs a positive line length limit")
    self.maxLineUTF8Count = maxLineUTF8Count
  }

  /// Consumes `bytes` and returns the lines they complete, without their LF.
  /// - Throws: ``LineDecodingError`` for invalid UTF-8 or a line over the limit.
  ///   The lines before a bad one are returned first: the error comes from the next call.
  package mutating func decode(_ bytes: some Collection<UInt8>) throws(LineDecodingError) -> [String] {
    if let deferredError { throw deferredError }
    let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(LineDecodingError) in try decodeContiguous(buffer) }
    }
    if let contiguous { return try contiguous.get() }
    var lines: [String] = []
    do {
      var start = bytes.startIndex
      while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
        try appendPending(bytes[start..<newline])
        utf8Count += 1
        lines.append(try takeLine())
        start = bytes.index(after: newline)
      }
      try appendPending(bytes[start...])
    } catch {
      // Note: nothing is lost: the good lines of this chunk go out before the error is reported.
      if lines.isEmpty { throw error }
      deferredError = error
    }
    return lines
  }

  /// ``decode(_:)`` over contiguous bytes: a line that lies whole in `bytes` becomes a string straight from
  /// them (one validation, one copy) instead of going through the pending buffer.
  private mutating func decodeContiguous(_ bytes: UnsafeBufferPointer<UInt8>) throws(LineDecodingError) -> [String] {
    var lines: [String] = []
    do throws(LineDecodingError) {
      var start = 0
      while start < bytes.count, let found = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start) {
        let newline = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        let line = UnsafeBufferPointer(rebasing: bytes[start..<newline])
        if pending.isEmpty && line.count <= maxLineUTF8Count, let text = String(validating: line, as: UTF8.self) {
          utf8Count += line.count + 1
          lineCount += 1
          lines.append(text)
        } else {
          try appendPending(line)
          utf8Count += 1
          lines.append(try takeLine())
        }
        start = newline + 1
      }
      try appendPending(UnsafeBufferPointer(rebasing: bytes[start...]))
    } catch {
      // Note: nothing is lost: the good lines of this chunk go out before the error is reported.
      if lines.isEmpty { throw error }
      deferredError = error
    }
    return lines
  }

  private mutating func appendPending(_ bytes: some Collection<UInt8>) throws(LineDecodingError) {
    let count = bytes.count
    utf8Count += count
    if pending.count + count > maxLineUTF8Count {
      throw LineDecodingError(
        line: lineCount + 1, utf8Offset: maxLineUTF8Count, reason: .lineTooLong(limit: maxLineUTF8Count))
    }
    pending.append(contentsOf: bytes)
  }

  /// The whole of `bytes` as text, for input read at once (no line length limit).
  /// - Throws: ``LineDecodingError`` naming the line and the byte in it of the first invalid sequence.
  package static func text(of bytes: [UInt8]) throws(LineDecodingError) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    let invalid = UTF8Validation.firstInvalidOffset(in: bytes) ?? 0
    let lineStart = bytes[..<invalid].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let line = 1 + bytes[..<lineStart].count { $0 == UInt8(ascii: "\n") }
    throw LineDecodingError(line: line, utf8Offset: invalid - lineStart, reason: .invalidUTF8(byte: bytes[invalid]))
  }

  /// Ends the stream and returns its last line when it did not end with LF.
  package mutating func finish() throws(LineDecodingError) -> [String] {
    if let deferredError { throw deferredError }
    return pending.isEmpty ? [] : [try takeLine()]
  }

  /// The errors of the lines kept in their place (see ``keepsInvalidLines``), which are forgotten.
  package mutating func takeInvalidLines() -> [LineDecodingError] {
    defer { invalidLines = [] }
    return invalidLines
  }

  private mutating func takeLine() throws(LineDecodingError) -> String {
    defer { pending.removeAll(keepingCapacity: true) }
    if let line = String(validating: pending, as: UTF8.self) {
      lineCount += 1
      return line
    }
    if let invalid = UTF8Validation.firstInvalidOffset(in: pending) {
      let error = LineDecodingError(
        line: lineCount + 1, utf8Offset: invalid, reason: .invalidUTF8(byte: pending[invalid]))
      guard keepsInvalidLines else { throw error }
      invalidLines.append(error)
      lineCount += 1
      return ""
    }
    lineCount += 1
    return String(decoding: pending, as: UTF8.self)
  }
}

/// A line that ``UTF8LineDecoder`` could not accept.
package struct LineDecodingError: Error, Hashable, CustomStringConvertible {
  package enum Reason: Hashable, Sendable {
    /// The byte at the offset does not start or continue a valid UTF-8 sequence.
    case invalidUTF8(byte: UInt8)
    /// The line is longer than the limit, in bytes.
    case lineTooLong(limit: Int)
  }

  /// The 1-based line number.
  package var line: Int
  /// The byte offset in the line (0-based) where the problem is.
  package var utf8Offset: Int
  package var reason: Reason

  /// What is wrong, without the location: `invalid UTF-8 (byte 0xFF)`.
  package var message: String {
    switch reason {
    case .invalidUTF8(let byte):
      let hex = String(byte, radix: 16, uppercase: true)
      return "invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex))"
    case .lineTooLong(let limit):
      return "longer than the limit of \(limit) bytes"
    }
  }

  /// The location of the problem in the stream.
  package func location(file: String) -> BatchLocation {
    switch reason {
    case .invalidUTF8: BatchLocation(file: file, line: line, utf8Offset: utf8Offset)
    case .lineTooLong: BatchLocation(file: file, line: line)
    }
  }

  /// The error with its file: `posts.txt:2:13: invalid UTF-8 (byte 0xFF)`.
  package func batchError(file: String) -> BatchError { BatchError(location(file: file), message) }

  /// `LINE:COLUMN: message` (the ``BatchLocation`` format without a file; the column is 1-based).
  package var description: String {
    let location = location(file: "")
    return String(location.description.dropFirst()) + ": " + message
  }
}

/// UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
package enum UTF8Validation {
  /// The offset of the first byte that makes `bytes` invalid UTF-8, or nil when it is valid.
  static func firstInvalidOffset(in bytes: some RandomAccessCollection<UInt8>) -> Int? {
    var offset = 0
    var index = bytes.startIndex
    let count = bytes.count
    func byte(_ at: Int) -> UInt8? { at < count ? bytes[bytes.index(bytes.startIndex, offsetBy: at)] : nil }
    while offset < count {
      let lead = bytes[index]
      if lead < 0x80 {
        offset += 1
        index = bytes.index(after: index)
        continue
      }
      let length: Int
      var secondRange: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        secondRange = 0xA0...0xBF
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        secondRange = 0x80...0x9F
      case 0xF0:
        length = 4
        secondRange = 0x90...0xBF
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        secondRange = 0x80...0x8F
      default: return offset
      }
      guard let second = byte(offset + 1), secondRange.contains(second) else {
        return offset + 1 < count ? offset + 1 : offset
      }
      for continuation in 2..<length {
        guard let next = byte(offset + continuation), (0x80...0xBF).contains(next) else {
          return offset + continuation < count ? offset + continuation : offset
        }
      }
      offset += length
      index = bytes.index(index, offsetBy: length)
    }
    return nil
  }
}
