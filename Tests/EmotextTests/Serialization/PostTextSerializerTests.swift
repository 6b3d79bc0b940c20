import Testing

@testable import Emotext
@testable import EmotextUnicode

@Suite("Post text serializer") struct PostTextSerializerTests {
  let tokenizer = BracketTokenizer(catalog: .default)

  @Test(arguments: ["\u{FEFF}好[哈哈]\r\n", "a\0b[[哈哈]]", "\\(≧▽≦)/[愛你]", "Cafe\u{301}", "[", ""])
  func theDefaultIsLossless(text: String) throws {
    #expect(Array(PostTextSerializer().serialize(tokenizer.tokenize(text)).utf8) == Array(text.utf8))
  }

  @Test func nfcIsAnExplicitOption() throws {
    let document = tokenizer.tokenize("Cafe\u{301}[哈哈]\u{1100}\u{1161}")
    #expect(PostTextSerializer(normalization: .nfc).serialize(document) == "Caf\u{E9}[哈哈]\u{AC00}")
    #expect(PostTextSerializer(normalization: .nfc).serialize(document).unicodeScalars.count == 9)
    #expect(PostTextSerializer().serialize(document).unicodeScalars.count == 11)
  }

  @Test func nfcLeavesComposedTextAndReordersMarks() throws {
    #expect("é好".nfcNormalized() == "é好")
    // A below mark (ccc 220) sorts before an above mark (ccc 230), then composes with the base.
    #expect(Array("a\u{301}\u{323}".nfcNormalized().unicodeScalars) == ["\u{1EA1}", "\u{301}"])
  }
}
