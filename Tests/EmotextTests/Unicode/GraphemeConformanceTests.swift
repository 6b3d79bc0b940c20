import Testing

@testable import Emotext
@testable import EmotextUnicode

@Suite("Grapheme cluster conformance (GraphemeBreakTest.txt, Unicode 15.0)")
struct GraphemeConformanceTests {
  struct Case {
    var line: Int
    var text: String
    /// The expected boundaries as UTF-16 offsets, 0 and the end included.
    var boundaries: [Int]
  }

  static func cases() throws -> [Case] {
    var result: [Case] = []
    for (index, line) in try UnicodeTestFiles.lines(UnicodeTestFiles.graphemeBreakTest).enumerated() {
      let rule = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      guard rule.contains("÷") else { continue }
      var text = ""
      var boundaries: [Int] = []
      for word in rule.split(whereSeparator: \.isWhitespace) {
        switch word {
        case "÷": boundaries.append(text.utf16.count)
        case "×": break
        default: text.unicodeScalars.append(Unicode.Scalar(UInt32(word, radix: 16)!)!)
        }
      }
      result.append(Case(line: index + 1, text: text, boundaries: boundaries))
    }
    return result
  }

  @Test func everyLineOfTheFileIsRead() throws {
    #expect(try Self.cases().count == 602)
    #expect(unicodeVersion.hasPrefix("15.0"))
  }

  @Test func boundariesMatchEveryLine() throws {
    for testCase in try Self.cases() {
      let document = RichText(testCase.text)
      let length = document.utf16Count
      var scalarOffsets: [Int] = [0]
      for scalar in testCase.text.unicodeScalars { scalarOffsets.append(scalarOffsets.last! + scalar.utf16.count) }
      let found = scalarOffsets.filter { document.isGraphemeBoundary($0) }
      #expect(found == testCase.boundaries, "line \(testCase.line)")

      var forward = [0]
      while forward.last! < length { forward.append(document.graphemeBoundary(after: forward.last!)) }
      #expect(forward == testCase.boundaries, "line \(testCase.line), walking forward")

      var backward = [length]
      while backward.last! > 0 { backward.append(document.graphemeBoundary(before: backward.last!)) }
      #expect(backward.reversed() == testCase.boundaries, "line \(testCase.line), walking backward")

      #expect(document.graphemeCount == testCase.boundaries.count - 1, "line \(testCase.line), count")
      #expect(GraphemeBreaks.count(in: testCase.text) == testCase.boundaries.count - 1, "line \(testCase.line)")
    }
  }
}
