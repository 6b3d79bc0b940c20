import Emotext
import Testing

@testable import EmotextCLISupport
@testable import EmotextUnicode

@Suite("README tokenizer section") struct TokenizerReadmeTests {
  /// The first example of the README's tokenizer section, with its comments as expectations.
  @Test func example() throws {
    let tokenizer = BracketTokenizer(catalog: .default)
    let text = "今天好开心[哈哈][愛你]😀 //@某人:[抓狂[兔子]]"
    let post = tokenizer.tokenize(text)
    #expect(
      Array(post.runListing.prefix(3)) == [#"text "今天好开心""#, #"emoticon "[哈哈]""#, #"emoticon "[愛你]" code "[爱你]""#])
    #expect(post.postText == text)
    #expect(PostTextSerializer(normalization: .nfc).serialize(post) == text)
    #expect(post.length(by: .graphemeClusters) == 20)
    #expect(post.length(by: .weighted(.weibo)) == 24)
    #expect(post.truncated(toFit: 10, by: .weighted(.twitter), ellipsis: "…").postText == "今天好开…")
    let json = post.documentJSON
    #expect(try RichText(documentJSON: json, catalog: .default) == post)
    let escaping = EmojiEscaping()
    let stored = escaping.encode("一家👨‍👩‍👧")
    #expect(stored == "一家[emoji:1f468-200d-1f469-200d-1f467]")
    #expect(try escaping.decode(stored) == "一家👨‍👩‍👧")
  }
}
