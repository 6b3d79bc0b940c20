import Emotext
import Testing

/// The line-break example of the Document Model article (DocumentModel.md), with its comments as expectations.
@Suite("Document Model article") struct DocumentModelArticleTests {
  @Test func lineBreakExample() {
    let opportunities = LineBreaks.opportunities(in: "ab cd\nef")  // utf8Offset 3 (may wrap), 6 (mandatory), 8 (end)
    #expect(
      opportunities == [
        LineBreakOpportunity(utf8Offset: 3, isMandatory: false), LineBreakOpportunity(utf8Offset: 6, isMandatory: true),
        LineBreakOpportunity(utf8Offset: 8, isMandatory: false),
      ])
    #expect(RichText("hello world").lineBreakOpportunities().map(\.utf16Offset) == [6, 11])
  }
}
