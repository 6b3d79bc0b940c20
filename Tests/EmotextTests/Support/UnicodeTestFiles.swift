import Foundation

@testable import EmotextUnicode

/// The Unicode 15.0 conformance files Debian's `unicode-data` package installs (ICU 72's version).
enum UnicodeTestFiles {
  static let graphemeBreakTest = "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt"
  static let emojiTest = "/usr/share/unicode/emoji/emoji-test.txt"
  static let lineBreakTest = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

  /// The file's lines; a missing file is a test failure naming the package to install, never a skip.
  static func lines(_ path: String) throws -> [Substring] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw MissingFile(path: path)
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
  }

  struct MissingFile: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) is missing: apt-get install -y unicode-data" }
  }

  /// A string from space-separated hex code points.
  static func string(fromHex hex: some StringProtocol) -> String {
    var result = ""
    for word in hex.split(separator: " ") {
      result.unicodeScalars.append(Unicode.Scalar(UInt32(word, radix: 16)!)!)
    }
    return result
  }

  /// The fully-qualified and component sequences of emoji-test.txt, with their line numbers.
  static func emojiSequences() throws -> [(line: Int, emoji: String)] {
    try emojiTestEntries().filter { $0.status == "fully-qualified" || $0.status == "component" }
      .map { ($0.line, $0.emoji) }
  }

  /// Every sequence of emoji-test.txt with its status (`fully-qualified`, `minimally-qualified`,
  /// `unqualified`, `component`) and line number.
  static func emojiTestEntries() throws -> [(line: Int, emoji: String, status: String)] {
    var result: [(Int, String, String)] = []
    for (index, line) in try lines(emojiTest).enumerated() {
      guard !line.hasPrefix("#"), let semicolon = line.firstIndex(of: ";") else { continue }
      let status = line[line.index(after: semicolon)...].split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
      result.append((index + 1, string(fromHex: line[..<semicolon]), status))
    }
    return result
  }
}
