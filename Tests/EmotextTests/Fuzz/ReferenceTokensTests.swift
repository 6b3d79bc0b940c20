import Testing

@testable import Emotext
@testable import EmotextUnicode

/// The oracles' own definitions agree with the library's, each made without the other.
@Suite("Reference tokens and counts")
struct ReferenceTokensTests {
  @Test func lineBreaksAgreeWithICUsLineBreakClasses() {
    #expect(ReferenceTokens.lineBreaks == Set(LineBreaks.characters))
  }

  @Test func tokenDictionaryAgreesWithTheCatalog() {
    for catalog in [EmoticonCatalog.default, FuzzCatalogs.small] {
      let tokens = ReferenceTokens.dictionary(of: catalog)
      #expect(tokens.count == catalog.tokens.count)
      for (token, emoticon) in tokens { #expect(catalog.emoticon(forToken: token) == emoticon, "\(token)") }
    }
  }

  @Test(arguments: ["", "a", "好", "👍🏽", "e\u{301}", "\u{10FFFF}x"])
  func runLengthsAreTheStandardLibrarys(text: String) {
    #expect(Run.text(text, .plain).referenceUTF16Count == text.utf16.count)
    #expect(Run.text(text, .plain).referenceUTF16Count == Run.text(text, .plain).utf16Count)
  }
}
