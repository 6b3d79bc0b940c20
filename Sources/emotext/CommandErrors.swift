import Foundation

/// Writes a line to stderr.
func printError(_ message: String) {
  printErrorRaw(message + "\n")
}

/// Writes `text` to stderr as it is.
func printErrorRaw(_ text: String) {
  FileHandle.standardError.write(Data(text.utf8))
}
