import Foundation

/// Buffered stdout for every command's output: bytes are collected and written in large blocks.
///
/// Every write is checked. When stdout cannot be written (a full disk, an I/O error), the command prints
/// `emotext CMD: write error: <the system's message>` on stderr and exits 1 at once, as `cat` and `jq` do;
/// a closed pipe (`| head`) ends it quietly by SIGPIPE, as before.
///
/// Note: every command flushes before it reports an error, so all answers precede the error.
enum StandardOutput {
  nonisolated(unsafe) private static var buffer: [UInt8] = []
  /// How write errors name the command (`emotext count`); set once before the command runs.
  nonisolated(unsafe) static var commandName = "emotext"

  /// Appends `line` and a LF.
  static func write(_ line: String) {
    buffer.append(contentsOf: line.utf8)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count > 1 << 16 { flush() }
  }

  /// Appends `text` as it is (no LF added).
  static func writeRaw(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count > 1 << 16 { flush() }
  }

  /// Appends bytes that already hold whole lines.
  static func write(utf8 bytes: [UInt8]) {
    if buffer.isEmpty && bytes.count > 1 << 16 { return writeAll(bytes) }
    buffer.append(contentsOf: bytes)
    if buffer.count > 1 << 16 { flush() }
  }

  /// Writes what is buffered (or exits 1 with a write error).
  static func flush() {
    guard !buffer.isEmpty else { return }
    writeAll(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  private static func writeAll(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Foundation.write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failWriting(errno: errno)
        }
        offset += written
      }
    }
  }

  /// Ends the process after a failed write: quietly by SIGPIPE for a closed pipe, else with the message.
  private static func failWriting(errno code: Int32) -> Never {
    if code == EPIPE {
      // Note: SIGPIPE was ignored (by the parent), so end as if it had not been: the quiet exit of a closed pipe.
      signal(SIGPIPE, SIG_DFL)
      raise(SIGPIPE)
    }
    printError("\(commandName): write error: \(String(cString: strerror(code)))")
    exit(1)
  }
}

extension [UInt8] {
  /// Appends `line` as UTF-8 and a LF.
  mutating func appendLine(_ line: String) {
    append(contentsOf: line.utf8)
    append(UInt8(ascii: "\n"))
  }
}
