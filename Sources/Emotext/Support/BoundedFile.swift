import Foundation

/// Why ``BoundedFile/read(_:maximumByteCount:)`` read no contents.
package enum FileReadProblem: Error, Hashable, Sendable {
  /// There is no such file.
  case missing
  /// The path names something other than a regular file: `kind` says what ("a directory", "a FIFO", …).
  case notRegularFile(kind: String)
  /// The file holds more than `maximumByteCount` bytes: `byteCount` or more.
  case tooLarge(byteCount: Int, maximumByteCount: Int)
  /// The system refused to open or read it: its reason (`Permission denied`).
  case unreadable(reason: String)

  /// What is wrong, without the file's name: `expected a regular file, found a FIFO`.
  package var message: String {
    switch self {
    case .missing: "no such file"
    case .notRegularFile(let kind): "expected a regular file, found \(kind)"
    case .tooLarge(let byteCount, let maximumByteCount):
      "expected a file of at most \(maximumByteCount) bytes, found \(byteCount) bytes"
    case .unreadable(let reason): "cannot read the file: \(reason)"
    }
  }
}

/// Reading a file from outside whole, bounded: regular files only, up to a size.
package enum BoundedFile {
  /// The contents of the regular file at `path`, when it holds at most `maximumByteCount` bytes.
  ///
  /// A FIFO, a device (`/dev/zero`), a socket or a directory is refused before anything is read, and opening
  /// never waits for a FIFO's writer; a file that grows past the limit while it is read is refused too.
  /// - Complexity: O(*n*) in the file's size, at most `maximumByteCount` + 1 bytes read.
  package static func read(_ path: String, maximumByteCount: Int) -> Result<Data, FileReadProblem> {
    let descriptor: Int32
    let statedByteCount: Int
    switch open(path, maximumByteCount: maximumByteCount) {
    case .success(let opened): (descriptor, statedByteCount) = opened
    case .failure(let problem): return .failure(problem)
    }
    defer { close(descriptor) }
    // Note: one byte past the limit is read, so a file that grew since fstat is refused, not cut.
    var bytes = [UInt8](repeating: 0, count: statedByteCount + 1)
    var count = 0
    while count < maximumByteCount + 1 {
      if count == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, maximumByteCount + 1 - bytes.count)))
      }
      let read = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if read < 0 {
        if errno == EINTR { continue }
        return .failure(.unreadable(reason: reason(errno)))
      }
      if read == 0 { break }
      count += read
    }
    guard count <= maximumByteCount else {
      return .failure(.tooLarge(byteCount: count, maximumByteCount: maximumByteCount))
    }
    return .success(Data(bytes[..<count]))
  }

  /// Opens the regular file at `path` for reading, when it holds at most `maximumByteCount` bytes: its descriptor,
  /// which the caller closes, and its size when opened. A reader that streams the file refuses it too when it reads
  /// more than `maximumByteCount` bytes (it grew).
  ///
  /// A FIFO, a device (`/dev/zero`), a socket or a directory is refused before anything is read, and opening
  /// never waits for a FIFO's writer.
  package static func open(
    _ path: String, maximumByteCount: Int
  ) -> Result<(descriptor: Int32, byteCount: Int), FileReadProblem> {
    let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      return .failure(code == ENOENT || code == ENOTDIR ? .missing : .unreadable(reason: reason(code)))
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      close(descriptor)
      return .failure(.unreadable(reason: reason(code)))
    }
    let type = info.st_mode & S_IFMT
    let statedByteCount = Int(info.st_size)
    let problem: FileReadProblem? =
      if type != S_IFREG {
        .notRegularFile(kind: kindName(type))
      } else if statedByteCount > maximumByteCount {
        .tooLarge(byteCount: statedByteCount, maximumByteCount: maximumByteCount)
      } else {
        nil
      }
    if let problem {
      close(descriptor)
      return .failure(problem)
    }
    return .success((descriptor, statedByteCount))
  }

  /// What a file of type `type` (`st_mode & S_IFMT`) is, in words.
  private static func kindName(_ type: mode_t) -> String {
    switch type {
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
