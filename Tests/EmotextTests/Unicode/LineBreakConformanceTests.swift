import Foundation
import Testing

@testable import Emotext
@testable import EmotextUnicode

@Suite(
  "Line break conformance (LineBreakTest.txt, Unicode 15.0)",
  .enabled(
    if: FileManager.default.fileExists(atPath: UnicodeTestFiles.lineBreakTest),
    "\(UnicodeTestFiles.lineBreakTest) is missing (apt-get install -y unicode-data): skipped"))
struct LineBreakConformanceTests {
  struct Case {
    var line: Int
    var text: String
    /// The expected opportunities as UTF-8 offsets, after 0 (the end included).
    var opportunities: [Int]
  }

  static func cases() throws -> [Case] {
    var result: [Case] = []
    for (index, line) in try UnicodeTestFiles.lines(UnicodeTestFiles.lineBreakTest).enumerated() {
      let rule = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      guard rule.contains("÷") else { continue }
      var text = ""
      var opportunities: [Int] = []
      for word in rule.split(whereSeparator: \.isWhitespace) {
        switch word {
        case "÷": if !text.isEmpty { opportunities.append(text.utf8.count) }
        case "×": break
        default: text.unicodeScalars.append(Unicode.Scalar(UInt32(word, radix: 16)!)!)
        }
      }
      result.append(Case(line: index + 1, text: text, opportunities: opportunities))
    }
    return result
  }

  /// The lines where ICU 72's tailoring differs from the file, with what ICU finds instead and why. Each is
  /// checked to differ exactly so: a newer ICU that changes one shows up here.
  static let tailored: [Int: (opportunities: [Int], reason: Tailoring)] = [
    2265: ([2], .wordInitialHyphen),  // 002D 0023
    2267: ([4], .wordInitialHyphen),  // 002D 0308 0023
    2421: ([3], .wordInitialHyphen),  // 002D 00A7
    2423: ([5], .wordInitialHyphen),  // 002D 0308 00A7
    2425: ([5], .wordInitialHyphen),  // 002D 50005
    2427: ([7], .wordInitialHyphen),  // 002D 0308 50005
    2429: ([4], .wordInitialHyphen),  // 002D 0E01
    2431: ([6], .wordInitialHyphen),  // 002D 0308 0E01
    2873: ([2], .separatorBeforeDigit),  // 002C 0030
    2875: ([4], .separatorBeforeDigit),  // 002C 0308 0030
    7477: ([7, 11, 16], .separatorBeforeDigit),  // "equals .35 cents"
    7576: ([4], .separatorBeforeDigit),  // 0061 002E 0032 0020
    7577: ([4, 7], .separatorBeforeDigit),  // 0061 002E 0032 0020 0915
    7578: ([4, 7], .separatorBeforeDigit),  // 0061 002E 0032 0020 672C
    7579: ([6, 9], .separatorBeforeDigit),  // 0061 002E 0032 3000 672C
    7580: ([6, 9], .separatorBeforeDigit),  // 0061 002E 0032 3000 307E
    7581: ([6, 7], .separatorBeforeDigit),  // 0061 002E 0032 3000 0033
    7583: ([4, 7], .separatorBeforeDigit),  // 0041 002E 0031 0020 BABB
    7584: ([3, 8, 12, 15], .separatorBeforeDigit),  // BD24 C5B4 002E 0020 0041 002E 0032 0020 BCFC
    7585: ([3, 8, 12, 15], .separatorBeforeDigit),  // BD10 C694 002E 0020 0041 002E 0033 0020 BABB
    7586: ([5, 9, 12], .separatorBeforeDigit),  // C694 002E 0020 0041 002E 0034 0020 BABB
    7587: ([6, 9], .separatorBeforeDigit),  // 0061 002E 0032 3000 300C
  ]

  enum Tailoring {
    /// ICU does not break after a hyphen that starts a word and precedes a letter (`-#`, `-§`, `-ก`): CLDR's
    /// rule that Unicode 15.1 adopted as LB20.1; Unicode 15.0's file breaks after the hyphen.
    case wordInitialHyphen
    /// ICU keeps a full stop or comma (Line_Break IS) with the digit after it (`,0`, `a.2`, `.35`), its
    /// tailoring of the number rule (LB25 allows one) that Unicode 15.1 adopted in LB15c/LB15d; so it breaks
    /// before `.35` after a space instead of after the full stop.
    case separatorBeforeDigit
  }

  @Test func everyLineOfTheFileIsRead() throws {
    #expect(try Self.cases().count == 7654)
  }

  @Test func opportunitiesMatchEveryLineButICUsTailoring() throws {
    var seenTailored = 0
    for testCase in try Self.cases() {
      let found = LineBreaks.opportunities(in: testCase.text).map(\.utf8Offset)
      if let tailored = Self.tailored[testCase.line] {
        seenTailored += 1
        #expect(found == tailored.opportunities, "line \(testCase.line): \(tailored.reason)")
        #expect(found != testCase.opportunities, "line \(testCase.line) now follows the file: drop it from the list")
      } else {
        #expect(found == testCase.opportunities, "line \(testCase.line)")
      }
    }
    #expect(seenTailored == Self.tailored.count)
  }
}
