/// A mistake in how a command was called, such as an unknown rule name: the CLI prints it on stderr with a hint
/// to `--help` (exit status 2); the C ABI returns it as `EMOTEXT_STATUS_INVALID_ARGUMENT` with the same message.
package struct UsageError: Error {
  package let message: String
  package init(_ message: String) { self.message = message }
}

/// A failure with a message and an exit status (1 unless said otherwise), such as a catalog that cannot be loaded.
///
/// Messages about input start with its location in the one format every command uses,
/// `FILE:LINE:COLUMN: message` (``BatchLocation``), `<stdin>` naming standard input.
package struct CommandFailure: Error {
  package let message: String
  package let status: Int32
  package init(_ message: String, status: Int32 = 1) {
    self.message = message
    self.status = status
  }
}
