import Testing

@testable import Emotext

/// One definition of "line break" (``LineBreaks``), asked by the tokenizer, catalog validation, entities, the
/// terminal layout and the HTML renderer. Before, they listed LF CR; LF CR VT FF NEL LS PS; LF CR LS PS;
/// LF CR LS PS; and LF CR LS PS, so NEL, VT and FF ended a line in some places and not in others.
@Suite("Line breaks: one definition")
struct LineBreakTests {
  /// The line-break characters other than LF and CR, which a place with its own list of line breaks tends to miss:
  /// each place must treat them as line breaks.
  static let disputed: [Unicode.Scalar] = ["\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

  @Test func definitionIsUAX14MandatoryBreaksFromICU() {
    #expect(LineBreaks.characters.map(\.value) == [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029])
    #expect(LineBreaks.isLineBreak("\r") && LineBreaks.isLineBreak("\n"))
    #expect(!LineBreaks.isLineBreak("\t") && !LineBreaks.isLineBreak(" ") && !LineBreaks.isLineBreak("a"))
    #expect(!LineBreaks.isLineBreak("\u{2027}") && !LineBreaks.isLineBreak("\u{C5}") && !LineBreaks.isLineBreak("@"))
  }

  @Test(arguments: disputed)
  func tokenizerGrammarStopsAtEveryLineBreak(lineBreak: Unicode.Scalar) {
    // Note: built in code, so catalog validation (which rejects such a token) does not stand in the way.
    let token = "[a\(lineBreak)b]"
    let catalog = EmoticonCatalog(packs: [
      EmoticonPack(
        id: "t", displayName: "t",
        emoticons: [Emoticon(code: token, kind: .image(png: "a.png", gif: nil), packID: "t")])
    ])
    let document = BracketTokenizer(catalog: catalog).tokenize("x\(token)y")
    #expect(!document.runs.contains { $0.isEmoticon }, "U+\(String(lineBreak.value, radix: 16))")
  }

  @Test(arguments: disputed + ["\n", "\r"])
  func catalogRuleRejectsEveryLineBreak(lineBreak: Unicode.Scalar) {
    #expect(!EmoticonCatalog.isValidImageToken("[a\(lineBreak)b]"))
    #expect(EmoticonCatalog.isValidImageToken("[a\tb]"))
  }

  @Test(arguments: disputed)
  func topicEndsAtEveryLineBreak(lineBreak: Unicode.Scalar) {
    let document = RichText("#a\(lineBreak)b#").recognizingEntities()
    #expect(
      !document.runs.contains { run in
        if case .text(_, let attributes) = run { return attributes.entity == .topic }
        return false
      }, "U+\(String(lineBreak.value, radix: 16))")
  }

  @Test(arguments: disputed)
  func terminalStartsANewLineAtEveryLineBreak(lineBreak: Unicode.Scalar) {
    let lines = TerminalRenderer(options: [], columns: 20).lines(RichText("ab\(lineBreak)cd"))
    #expect(lines == ["ab", "cd"], "U+\(String(lineBreak.value, radix: 16))")
  }

  @Test(arguments: disputed)
  func htmlWritesEveryLineBreakAsBR(lineBreak: Unicode.Scalar) {
    let html = HTMLRenderer().render(RichText("ab\(lineBreak)cd"))
    #expect(html.contains("ab<br>\ncd"), "U+\(String(lineBreak.value, radix: 16)): \(html)")
    #expect(!HTMLRenderer().render(RichText("ab\r\ncd")).contains("<br>\n<br>"))
  }

  @Test func opportunitiesSayWhichAreMandatory() {
    let found = LineBreaks.opportunities(in: "ab cd\u{2028}ef")
    #expect(found.map(\.utf8Offset) == [3, 8, 10])
    #expect(found.map(\.isMandatory) == [false, true, false])
    #expect(LineBreaks.opportunities(in: "a\r\nb\n").map(\.isMandatory) == [true, true])
    #expect(LineBreaks.opportunities(in: "").isEmpty)
    let document = BracketTokenizer(catalog: .default).tokenize("好[哈哈]好 ok")
    let offsets = document.lineBreakOpportunities().map(\.utf16Offset)
    #expect(offsets.last == document.utf16Count)
    #expect(offsets.contains(1) && offsets.contains(2))  // around the attachment, like U+FFFC
  }
}
