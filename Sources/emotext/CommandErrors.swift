import Foundation

/// A mistake in how the command was called: printed on stderr with a hint to `--help`, exit status 2.
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// A failure with a message for stderr and an exit status (1 unless said otherwise).
///
/// Messages about input start with its location in the one format every command uses,
/// `FILE:LINE:COLUMN: message` (``BatchLocation``), `<stdin>` naming standard input.
struct CommandFailure: Error {
  let message: String
  let status: Int32
  init(_ message: String, status: Int32 = 1) {
    self.message = message
    self.status = status
  }
}

/// Writes a line to stderr.
func printError(_ message: String) {
  printErrorRaw(message + "\n")
}

/// Writes `text` to stderr as it is.
func printErrorRaw(_ text: String) {
  FileHandle.standardError.write(Data(text.utf8))
}
