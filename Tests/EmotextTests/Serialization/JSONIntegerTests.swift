import Testing

@testable import Emotext

/// `JSONValue.appendInteger`, which writes the digits itself, against the standard library's `String(value)`.
@Suite("JSON integers") struct JSONIntegerTests {
  func expectDigits(_ value: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    var output: [UInt8] = Array("x".utf8)
    JSONValue.appendInteger(value, to: &output)
    #expect(output == Array("x\(value)".utf8), "\(value)", sourceLocation: sourceLocation)
  }

  @Test func integersAreWrittenAsTheStandardLibraryWritesThem() {
    for value in 0...20_000 { expectDigits(value) }
    var power = 1
    for _ in 0...17 {
      for value in [power - 1, power, power + 1, -power, 9 * power] { expectDigits(value) }
      power *= 10
    }
    for value in [Int.max, Int.min, Int.min + 1, 999_999_999, 1_000_000_000, -1] { expectDigits(value) }
  }
}
