import Emotext
import Foundation
import Synchronization

/// Lines of UTF-8 read from a file or standard input in batches, for streaming batch jobs.
///
/// ```swift
/// var source = try LineSource(path: "Corpus/posts.txt")
/// while let batch = try source.nextBatch(maxLines: 4096) {
///   for line in batch { _ = line }
/// }
/// ```
///
/// Reads 64 KiB at a time, so memory stays bounded by the batch size and the line length limit.
package struct LineSource: ~Copyable {
  /// The file's name as given, or `-` for standard input.
  package let name: String
  /// The file's size in bytes when known (a regular file), for progress.
  package let totalUTF8Count: Int?
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  private var decoder: UTF8LineDecoder
  private var ready: [String] = []
  private var readyStart = 0
  private var ended = false
  /// A read or decoding error not yet reported because lines read before it were still to go out.
  private var failure: BatchError?
  /// The lines of invalid UTF-8 kept in their place, by line number, when ``keepsInvalidLines`` is set.
  package let invalidLines = InvalidLines()

  /// Whether a line of invalid UTF-8 is returned in its place as an empty string, its error in
  /// ``invalidLines`` before the batch holding it is returned, instead of ending the input with an error.
  /// Set it before the first batch.
  package var keepsInvalidLines: Bool {
    get { decoder.keepsInvalidLines }
    set { decoder.keepsInvalidLines = newValue }
  }

  /// Opens `path` (`-` is standard input).
  /// - Throws: ``BatchError`` when the file cannot be opened.
  package init(path: String, maxLineUTF8Count: Int = 16 << 20) throws(BatchError) {
    name = path
    decoder = UTF8LineDecoder(maxLineUTF8Count: maxLineUTF8Count)
    if path == "-" {
      descriptor = STDIN_FILENO
      ownsDescriptor = false
    } else {
      descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else { throw BatchError(BatchLocation(file: path), String(cString: strerror(errno))) }
      ownsDescriptor = true
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
      totalUTF8Count = Int(status.st_size)
    } else {
      totalUTF8Count = nil
    }
  }

  /// Lines given in memory (for example on the command line), named `name` in messages.
  ///
  /// Each string is one line as it is, line breaks inside it included.
  package init(name: String, lines: [String]) {
    self.name = name
    decoder = UTF8LineDecoder()
    descriptor = -1
    ownsDescriptor = false
    totalUTF8Count = nil
    ready = lines
    ended = true
  }

  /// Standard input.
  package static func standardInput(maxLineUTF8Count: Int = 16 << 20) -> LineSource {
    do {
      return try LineSource(path: "-", maxLineUTF8Count: maxLineUTF8Count)
    } catch {
      preconditionFailure("standard input cannot fail to open")
    }
  }

  deinit { if ownsDescriptor { close(descriptor) } }

  /// The number of bytes read so far.
  package var consumedUTF8Count: Int { decoder.utf8Count }
  /// The number of lines returned so far (the 1-based number of the last one).
  package private(set) var lineCount = 0

  /// Up to `maxLines` more lines, or nil at the end of the input.
  /// - Throws: ``BatchError`` for a read error, invalid UTF-8 or an overlong line (`FILE:LINE:COLUMN: message`).
  package mutating func nextBatch(maxLines: Int) throws(BatchError) -> [String]? {
    precondition(maxLines > 0, "nextBatch needs maxLines > 0")
    while ready.count - readyStart < maxLines && !ended && failure == nil {
      do {
        try fill()
      } catch {
        // Note: the lines read before the failure go out first; the error comes with the next batch.
        failure = error
      }
    }
    if readyStart == ready.count, let failure { throw failure }
    guard readyStart < ready.count else { return nil }
    let end = min(ready.count, readyStart + maxLines)
    let batch = Array(ready[readyStart..<end])
    readyStart = end
    if readyStart == ready.count {
      ready.removeAll(keepingCapacity: true)
      readyStart = 0
    }
    lineCount += batch.count
    return batch
  }

  private mutating func fill() throws(BatchError) {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 {
      if errno == EINTR { return }
      throw BatchError(BatchLocation(file: name), String(cString: strerror(errno)))
    }
    do {
      if count == 0 {
        ended = true
        ready += try decoder.finish()
      } else {
        ready += try decoder.decode(buffer[..<count])
      }
    } catch {
      throw error.batchError(file: name)
    }
    for error in decoder.takeInvalidLines() { invalidLines.insert(error.batchError(file: name), at: error.line) }
  }
}

/// The errors of the lines of invalid UTF-8 a ``LineSource`` kept in their place, by line number: filled by the
/// reading thread before it hands out the batch holding them, and taken by whichever thread answers that batch.
package final class InvalidLines: Sendable {
  private let errors = Mutex<[Int: BatchError]>([:])

  /// Records the error of line `line`.
  func insert(_ error: BatchError, at line: Int) { errors.withLock { $0[line] = error } }

  /// The error of line `line`, if it was invalid, which is forgotten.
  package func take(line: Int) -> BatchError? {
    errors.withLock { $0.removeValue(forKey: line) }
  }
}
