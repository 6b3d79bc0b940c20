import Foundation

/// Buffered stdout for line output: bytes are collected and written in large blocks.
///
/// Note: every command flushes before it reports an error, so all answers precede the error.
enum StandardOutput {
  nonisolated(unsafe) private static var buffer: [UInt8] = []

  /// Appends `line` and a LF.
  static func write(_ line: String) {
    buffer.append(contentsOf: line.utf8)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count > 1 << 16 { flush() }
  }

  /// Appends bytes that already hold whole lines.
  static func write(utf8 bytes: [UInt8]) {
    if buffer.isEmpty && bytes.count > 1 << 16 { return writeAll(bytes) }
    buffer.append(contentsOf: bytes)
    if buffer.count > 1 << 16 { flush() }
  }

  /// Writes what is buffered.
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
          return
        }
        offset += written
      }
    }
  }
}

extension [UInt8] {
  /// Appends `line` as UTF-8 and a LF.
  mutating func appendLine(_ line: String) {
    append(contentsOf: line.utf8)
    append(UInt8(ascii: "\n"))
  }
}
