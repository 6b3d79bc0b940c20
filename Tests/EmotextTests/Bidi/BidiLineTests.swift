import Emotext
import Testing

@Suite("Bidi line") struct BidiLineTests {
  @Test func documentedExamples() {
    let line = BidiLine("abc שלום!")
    #expect(!line.isRightToLeft)
    #expect(line.visualText == "abc םולש!")
    let hebrew = BidiLine("שלום (abc)")
    #expect(hebrew.isRightToLeft)
    #expect(hebrew.visualText == "(abc) םולש")
  }

  @Test func attachmentsAreNeutralAndStayWhole() {
    let post = BracketTokenizer(catalog: .default).tokenize("مرحبا[哈哈] عالم")
    let line = BidiLine(post)
    #expect(line.isRightToLeft)
    #expect(line.text == "مرحبا\u{FFFC} عالم")
    // The attachment between two Arabic words is drawn between them, right to left.
    #expect(line.visualText == "ملاع \u{FFFC}ابحرم")
    #expect(line.visualClusters.map(\.utf16Range.lowerBound) == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
  }

  @Test func bracketsAreMirroredRightToLeft() {
    // "(" in a right-to-left run is drawn as ")" (rule L4), so the pair still opens towards its content.
    #expect(BidiLine("שלום (עולם)").visualText == "(םלוע) םולש")
    #expect(BidiLine("a (b)").visualText == "a (b)")
  }

  @Test func clustersAreNeverSplit() {
    let line = BidiLine("שלום 👨‍👩‍👧 ok")
    #expect(line.visualText == "ok 👨‍👩‍👧 םולש")
    #expect(line.visualClusters.count == line.text.count)
  }

  @Test func explicitDirection() {
    #expect(BidiLine("abc", direction: .rightToLeft).isRightToLeft)
    #expect(!BidiLine("שלום", direction: .leftToRight).isRightToLeft)
    #expect(BidiLine("123").paragraphLevel == 0)
    #expect(BidiLine("").visualText == "")
  }
}
