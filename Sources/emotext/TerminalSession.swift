import EmotextCLISupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A terminal's size in cells.
struct TerminalSize: Equatable {
  var columns: Int
  var rows: Int

  /// The size of the terminal on `fileDescriptor`, or nil when it is not a terminal.
  static func current(of fileDescriptor: Int32) -> TerminalSize? {
    var size = winsize()
    guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}

/// The settings to put back, readable from a signal handler (which may only make async-signal-safe calls).
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var savedDescriptor: Int32 = -1

/// Puts the terminal back (settings, main screen, cursor) from a signal handler, then exits 128 + signal.
private func restoreAndExit(_ signal: Int32) {
  if savedDescriptor >= 0 {
    var settings = savedSettings
    tcsetattr(savedDescriptor, TCSAFLUSH, &settings)
    let restore = Array(TerminalSession.leaveSequence.utf8)
    _ = restore.withUnsafeBufferPointer { write(savedDescriptor, $0.baseAddress, $0.count) }
  }
  _exit(128 + signal)
}

/// The controlling terminal (`/dev/tty`) in raw mode on the alternate screen, restored on `restore()`,
/// and on SIGINT, SIGTERM, SIGHUP and SIGQUIT.
///
/// The composer draws on `/dev/tty`, so stdout stays free for the post it prints.
final class TerminalSession {
  static let enterSequence = "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"
  static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  let fileDescriptor: Int32
  private var original = termios()
  private var isRaw = false

  /// Opens `/dev/tty`; fails when there is no controlling terminal.
  init() throws(CommandFailure) {
    fileDescriptor = open("/dev/tty", O_RDWR | O_NOCTTY)
    guard fileDescriptor >= 0 else { throw CommandFailure("compose needs a terminal (cannot open /dev/tty)") }
    guard tcgetattr(fileDescriptor, &original) == 0 else {
      close(fileDescriptor)
      throw CommandFailure("compose needs a terminal (/dev/tty has no terminal settings)")
    }
  }

  deinit {
    restore()
    close(fileDescriptor)
  }

  /// Switches to raw mode and the alternate screen.
  func enterRawMode() {
    savedSettings = original
    savedDescriptor = fileDescriptor
    for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      signal(signalNumber) { restoreAndExit($0) }
    }
    var raw = original
    cfmakeraw(&raw)
    raw.c_oflag |= tcflag_t(OPOST | ONLCR)  // Note: keep "\n" → "\r\n" so stray output stays readable.
    tcsetattr(fileDescriptor, TCSAFLUSH, &raw)
    isRaw = true
    write(Self.enterSequence)
  }

  /// Restores the settings and the main screen; safe to call twice.
  func restore() {
    guard isRaw else { return }
    write(Self.leaveSequence)
    tcsetattr(fileDescriptor, TCSAFLUSH, &original)
    isRaw = false
    savedDescriptor = -1
    for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { signal(signalNumber, SIG_DFL) }
  }

  func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBufferPointer { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }

  /// The size now.
  var size: TerminalSize { TerminalSize.current(of: fileDescriptor) ?? TerminalSize(columns: 80, rows: 24) }

  /// Waits up to `milliseconds` for input and returns what arrived: empty on timeout, nil when the
  /// terminal is gone.
  func read(timeout milliseconds: Int32) -> [UInt8]? {
    var poller = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, milliseconds)
    if ready < 0 { return errno == EINTR ? [] : nil }
    guard ready > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = buffer.withUnsafeMutableBufferPointer { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
    if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
    return count > 0 ? Array(buffer[0..<count]) : nil
  }
}
