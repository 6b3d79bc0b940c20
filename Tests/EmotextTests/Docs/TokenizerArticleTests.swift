import Emotext
import Testing

@testable import EmotextCLISupport
@testable import EmotextUnicode

@Suite("Tokenizing, Serializing and Counting article") struct TokenizerArticleTests {
  /// The first example of the article (TokenizingSerializingCounting.md), with its comments as expectations.
  @Test func example() throws {
    let tokenizer = BracketTokenizer(catalog: .default)
    let post = tokenizer.tokenize("今天好开心[哈哈][愛你]😀 //@某人:[抓狂[兔子]]")
    let text = "今天好开心[哈哈][愛你]😀 //@某人:[抓狂[兔子]]"
    #expect(post.runs.count == 6)
    #expect(
      post.runListing == [
        #"text "今天好开心""#, #"emoticon "[哈哈]""#, #"emoticon "[愛你]" code "[爱你]""#, #"text "😀 //@某人:[抓狂""#,
        #"emoticon "[兔子]""#, #"text "]""#,
      ])
    #expect(post.postText == text)
    #expect(PostTextSerializer(normalization: .nfc).serialize(post) == text)
    #expect(post.length(by: .graphemeClusters) == 20)
    #expect(post.length(by: .weighted(.weibo)) == 24)
    #expect(post.truncated(toFit: 10, by: .weighted(.twitter), ellipsis: "…").postText == "今天好开…")
    let json = post.documentJSON
    let back = try RichText(documentJSON: json, catalog: .default)
    #expect(back == post)
    let escaping = EmojiEscaping()
    let stored = escaping.encode("一家👨‍👩‍👧")
    #expect(stored == "一家[emoji:1f468-200d-1f469-200d-1f467]")
    #expect(try escaping.decode(stored) == "一家👨‍👩‍👧")
  }

  /// The grammar section's example of other syntaxes, with the pattern tokenizer tests' catalogs for
  /// `chatCatalog` and `qqCatalog`.
  @Test func patternExample() throws {
    let chatCatalog = PatternTokenizerTests.chat
    let qqCatalog = PatternTokenizerTests.qq
    let shortCodes = try PatternTokenizer(pattern: #":[a-z0-9_+\-]+:"#, catalog: chatCatalog)  // :smile:
    let qq = PatternTokenizer.literals(of: qqCatalog) { $0.hasPrefix("/:") }  // /::) /::~
    #expect(shortCodes.tokenize("好:smile:").runListing == [#"text "好""#, #"emoticon ":smile:""#])
    #expect(qq.tokenize("/::)/::~").runListing == [#"emoticon "/::)""#, #"emoticon "/::~""#])
    #expect(throws: PatternError.self) { try PatternTokenizer(pattern: "ab)cd", catalog: chatCatalog) }
  }
}
