import Foundation
import Testing

@testable import Emotext
@testable import EmotextUnicode

/// Replays Corpus/backspace/platform.txt: the Android edge cases, press by press.
@Suite("Backspace corpus (platform mode)")
struct BackspaceCorpusTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var line: Int
    var states: [String]
    var testDescription: String { "line \(line)" }
  }

  static func cases() throws -> [Case] {
    let text = try String(
      contentsOf: TestPaths.corpus.appendingPathComponent("backspace/platform.txt"), encoding: .utf8)
    var result: [Case] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      let states = line.components(separatedBy: " => ").map(parse)
      result.append(Case(line: index + 1, states: states))
    }
    return result
  }

  /// `'a' U+1F44D | 'b'` → `a👍‸b`.
  static func parse(_ notation: String) -> String {
    var result = ""
    for word in notation.split(separator: " ") {
      if word == "|" {
        result += "‸"
      } else if word.hasPrefix("U+") {
        result.unicodeScalars.append(Unicode.Scalar(UInt32(word.dropFirst(2), radix: 16)!)!)
      } else {
        result += word.dropFirst().dropLast()
      }
    }
    return result
  }

  @Test func theCorpusIsRead() throws {
    #expect(try Self.cases().count >= 80)
  }

  @Test(arguments: try cases())
  func eachPressGivesTheNextState(_ testCase: Case) {
    var editor = Marked.editor(testCase.states[0], mode: .platform)
    for expected in testCase.states.dropFirst() {
      editor.deleteBackward()
      editor.document.checkInvariants()
      #expect(Marked.render(editor) == expected)
    }
  }
}
