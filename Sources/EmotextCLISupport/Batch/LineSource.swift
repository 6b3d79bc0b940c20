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
  /// The longest line accepted, in bytes without its LF.
  private let maxLineUTF8Count: Int
  /// The most bytes a file may hold (nil: any number, and always for standard input).
  private let maximumFileUTF8Count: Int?
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  /// The read buffer (64 KiB, reused) and the part of it not yet split into lines.
  private var buffer: [UInt8] = []
  private var bufferStart = 0
  private var bufferEnd = 0
  /// The bytes of a line begun in an earlier read and not yet ended.
  private var partialLine: [UInt8] = []
  /// Lines given in memory, not yet returned.
  private var ready: [String] = []
  private var readyStart = 0
  private var ended = false
  /// A read, decoding or length error not yet reported because lines read before it were still to go out.
  private var failure: BatchError?
  /// The lines of invalid UTF-8 kept in their place, by line number, when ``keepsInvalidLines`` is set.
  package let invalidLines = InvalidLines()

  /// Whether ``nextBatch(maxLines:)`` returns a line of invalid UTF-8 in its place as an empty string, its error in
  /// ``invalidLines`` before the batch holding it is returned, instead of ending the input with an error.
  /// Set it before the first batch. (``nextLineBatch(maxLines:)`` does not validate: its reader does.)
  package var keepsInvalidLines = false

  /// Opens `path` (`-` is standard input).
  ///
  /// With `maximumFileUTF8Count`, a path other than `-` must name a regular file of at most that many bytes: a FIFO,
  /// a device (`/dev/zero`) or a folder is refused as what it is before anything is read (opening never waits for a
  /// FIFO's writer), a larger file before it is read, and one that grows past it while it is read when it does.
  /// Standard input stays a stream of any length (a host drives a command through a pipe).
  /// - Throws: ``BatchError`` when the file cannot be opened or is refused.
  package init(
    path: String, maxLineUTF8Count: Int = 16 << 20, maximumFileUTF8Count: Int? = nil
  ) throws(BatchError) {
    precondition(maxLineUTF8Count > 0, "LineSource needs a positive line length limit")
    let opened: Int32
    if path == "-" {
      opened = STDIN_FILENO
    } else if let maximumFileUTF8Count {
      switch BoundedFile.open(path, maximumByteCount: maximumFileUTF8Count) {
      case .success(let bounded): opened = bounded.descriptor
      case .failure(.missing): throw BatchError(BatchLocation(file: path), String(cString: strerror(ENOENT)))
      case .failure(let problem): throw BatchError(BatchLocation(file: path), problem.message)
      }
    } else {
      opened = open(path, O_RDONLY)
      guard opened >= 0 else { throw BatchError(BatchLocation(file: path), String(cString: strerror(errno))) }
    }
    name = path
    self.maxLineUTF8Count = maxLineUTF8Count
    self.maximumFileUTF8Count = path == "-" ? nil : maximumFileUTF8Count
    descriptor = opened
    ownsDescriptor = path != "-"
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
    maxLineUTF8Count = .max
    maximumFileUTF8Count = nil
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
  package private(set) var consumedUTF8Count = 0
  /// The number of lines returned so far (the 1-based number of the last one).
  package private(set) var lineCount = 0

  /// Up to `maxLines` more lines, or nil at the end of the input.
  /// - Throws: ``BatchError`` for a read error, invalid UTF-8 or an overlong line (`FILE:LINE:COLUMN: message`).
  package mutating func nextBatch(maxLines: Int) throws(BatchError) -> [String]? {
    guard let batch = try nextLineBatch(maxLines: maxLines) else { return nil }
    let firstLineNumber = lineCount - batch.count + 1
    var lines: [String] = []
    lines.reserveCapacity(batch.count)
    for index in 0..<batch.count {
      do throws(LineProblem) {
        lines.append(try batch.string(ofLine: index))
      } catch {
        let error = BatchError(
          BatchLocation(file: name, line: firstLineNumber + index, utf8Offset: error.utf8Offset), error.message)
        if keepsInvalidLines {
          invalidLines.insert(error, at: firstLineNumber + index)
          lines.append("")
          continue
        }
        // Note: the lines before the bad one go out first; the error comes with the next batch, and nothing after
        // it is read.
        lineCount = firstLineNumber + index - 1
        failure = error
        ended = true
        if lines.isEmpty { throw error }
        return lines
      }
    }
    return lines
  }

  /// Up to `maxLines` more lines as bytes, not validated (so that threads answering them validate them), or nil at
  /// the end of the input.
  /// - Throws: ``BatchError`` for a read error or an overlong line (`FILE:LINE: message`), after the lines before it.
  package mutating func nextLineBatch(maxLines: Int) throws(BatchError) -> LineBatch? {
    precondition(maxLines > 0, "nextLineBatch needs maxLines > 0")
    var batch = LineBatch()
    if readyStart < ready.count {
      let end = min(ready.count, readyStart + maxLines)
      for line in ready[readyStart..<end] { batch.append(line.utf8) }
      readyStart = end
    }
    while batch.count < maxLines && !ended && failure == nil {
      do {
        try readLines(into: &batch, maxLines: maxLines)
      } catch {
        // Note: the lines read before the failure go out first; the error comes with the next batch.
        failure = error
      }
    }
    guard batch.count > 0 else {
      if let failure { throw failure }
      return nil
    }
    lineCount += batch.count
    return batch
  }

  /// Appends the lines of the read buffer to `batch` (reading more when it is used up) until `batch` has
  /// `maxLines` lines or the buffer is used up, or the input ends.
  private mutating func readLines(into batch: inout LineBatch, maxLines: Int) throws(BatchError) {
    if bufferStart == bufferEnd {
      if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: 1 << 16) }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { return }
        throw BatchError(BatchLocation(file: name), String(cString: strerror(errno)))
      }
      if count == 0 {
        ended = true
        if !partialLine.isEmpty {
          batch.append(partialLine)
          partialLine = []
        }
        return
      }
      bufferStart = 0
      bufferEnd = count
      consumedUTF8Count += count
      if let maximumFileUTF8Count, consumedUTF8Count > maximumFileUTF8Count {
        // Note: the file grew past the limit since it was opened.
        ended = true
        let problem = FileReadProblem.tooLarge(byteCount: consumedUTF8Count, maximumByteCount: maximumFileUTF8Count)
        throw BatchError(BatchLocation(file: name), problem.message)
      }
    }
    try buffer.withUnsafeBufferPointer { (bytes) throws(BatchError) in
      let base = bytes.baseAddress!
      while batch.count < maxLines && bufferStart < bufferEnd {
        guard let found = memchr(base + bufferStart, 0x0A, bufferEnd - bufferStart) else {
          try checkLength(partialLine.count + bufferEnd - bufferStart, lineNumber: lineCount + batch.count + 1)
          partialLine.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[bufferStart..<bufferEnd]))
          bufferStart = bufferEnd
          return
        }
        let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        let rest = UnsafeBufferPointer(rebasing: bytes[bufferStart..<newline])
        try checkLength(partialLine.count + rest.count, lineNumber: lineCount + batch.count + 1)
        if partialLine.isEmpty {
          batch.append(rest)
        } else {
          partialLine.append(contentsOf: rest)
          batch.append(partialLine)
          partialLine.removeAll(keepingCapacity: true)
        }
        bufferStart = newline + 1
      }
    }
  }

  /// Throws the error of a line over the limit when `utf8Count` is over it.
  private func checkLength(_ utf8Count: Int, lineNumber: Int) throws(BatchError) {
    guard utf8Count > maxLineUTF8Count else { return }
    throw LineDecodingError(
      line: lineNumber, utf8Offset: maxLineUTF8Count, reason: .lineTooLong(limit: maxLineUTF8Count)
    ).batchError(file: name)
  }
}

/// Lines read but not validated: their bytes one after another, for the thread that answers them to validate.
package struct LineBatch: Sendable {
  /// The lines' bytes, without their LFs.
  private var utf8: [UInt8] = []
  /// Where each line ends in ``utf8``; each starts where the one before ends.
  private var lineEnds: [Int] = []

  package init() {}

  /// The number of lines.
  package var count: Int { lineEnds.count }

  /// Appends a line.
  package mutating func append(_ line: some Collection<UInt8>) {
    utf8.append(contentsOf: line)
    lineEnds.append(utf8.count)
  }

  /// Calls `body` with the bytes of line `index` (0-based).
  package func withLine<Result, Failure: Error>(
    _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let start = index == 0 ? 0 : lineEnds[index - 1]
    let end = lineEnds[index]
    return try utf8.withUnsafeBufferPointer { (bytes) throws(Failure) in
      try body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }
  }

  /// Line `index` (0-based) as text.
  /// - Throws: ``LineProblem`` naming the first invalid byte when the line is not UTF-8.
  package func string(ofLine index: Int) throws(LineProblem) -> String {
    try withLine(index) { (bytes) throws(LineProblem) in try LineProblem.text(ofUTF8: bytes) }
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
