import Testing

@testable import Emotext
@testable import EmotextCLISupport

@Suite("Corpus") struct CorpusTests {
  let tokenizer = BracketTokenizer(catalog: .default)

  @Test func everyCorpusPostRoundTripsByteForByte() throws {
    let posts = try TokenizerTestFiles.corpusPosts()
    #expect(posts.count >= 250)
    var tokens = 0
    for (index, post) in posts.enumerated() {
      let check = tokenizer.roundTrip(post)
      #expect(check.mismatchUTF8Offset == nil, "Corpus/posts.txt line \(index + 1)")
      tokens += check.tokenCount
      let document = tokenizer.tokenize(post)
      document.checkInvariants()
      // The other law on the same documents, through the JSON format too.
      #expect(tokenizer.tokenize(document.postText) == document)
      #expect(try RichText(documentJSON: document.documentJSON) == document)
    }
    #expect(tokens > 100)
  }

  @Test func theCorpusCoversTheShapesItDocuments() throws {
    let text = try TokenizerTestFiles.corpusPosts().joined(separator: "\n")
    let scalars = Set(text.unicodeScalars.map(\.value))
    #expect(text.contains("//@"))
    #expect(text.contains("#今日话题#"))
    #expect(text.contains("https://"))
    #expect(text.contains("【"))
    #expect(text.contains("[愛你]"))
    #expect(scalars.contains(0xFEFF))  // BOM
    #expect(scalars.contains(0x0D))  // CR
    #expect(scalars.contains(0x00))  // NUL
    #expect(scalars.contains(0x200D))  // ZWJ sequences
    #expect(scalars.contains(0x20E3))  // keycaps
    #expect(scalars.contains(0xE007F))  // tag sequences
    #expect(scalars.contains(0x1F3FD))  // skin tones
    #expect(scalars.contains(0x1F1E8))  // flags
    #expect(scalars.contains(0x20000))  // CJK Extension B
  }

  @Test(arguments: [
    (
      "今天好开心[哈哈][爱你]😀 //@某人:[抓狂[兔子]]",
      """
      text "今天好开心"
      emoticon "[哈哈]"
      emoticon "[爱你]"
      text "😀 //@某人:[抓狂"
      emoticon "[兔子]"
      text "]"
      """
    ),
    ("[[哈哈]", "text \"[\"\nemoticon \"[哈哈]\""),
    ("[哈哈]]", "emoticon \"[哈哈]\"\ntext \"]\""),
    ("…[哈", "text \"…[哈\""),
    ("[哈哈[哈哈[哈哈]]]", "text \"[哈哈[哈哈\"\nemoticon \"[哈哈]\"\ntext \"]]\""),
    (
      "转发理由//@甲:[哈哈]//@乙:[[哈哈]//@丙:[哈哈]]",
      """
      text "转发理由//@甲:"
      emoticon "[哈哈]"
      text "//@乙:["
      emoticon "[哈哈]"
      text "//@丙:"
      emoticon "[哈哈]"
      text "]"
      """
    ),
    ("\u{FEFF}开头有BOM的帖子[哈哈]", "text \"\\ufeff开头有BOM的帖子\"\nemoticon \"[哈哈]\""),
    ("Windows换行的帖子[微笑]\r", "text \"Windows换行的帖子\"\nemoticon \"[微笑]\"\ntext \"\\r\""),
    ("NUL\0在中间[爱你]", "text \"NUL\\u0000在中间\"\nemoticon \"[爱你]\""),
    ("繁體也可以[愛你]", "text \"繁體也可以\"\nemoticon \"[愛你]\" code \"[爱你]\""),
    ("[微[笑]]", "text \"[微[笑]]\""),
    ("[哈😀哈]", "text \"[哈😀哈]\""),
    ("全角括号［哈哈］不算表情", "text \"全角括号［哈哈］不算表情\""),
    (
      "[哈哈]👍🏽[爱你]🇨🇳[抓狂]1️⃣[兔子]👨‍👩‍👧",
      """
      emoticon "[哈哈]"
      text "👍🏽"
      emoticon "[爱你]"
      text "🇨🇳"
      emoticon "[抓狂]"
      text "1️⃣"
      emoticon "[兔子]"
      text "👨‍👩‍👧"
      """
    ),
  ])
  func parseOutput(post: String, listing: String) throws {
    #expect(
      try TokenizerTestFiles.corpusPosts().contains { $0.utf8.elementsEqual(post.utf8) },
      "golden posts come from the corpus")
    #expect(tokenizer.tokenize(post).runListing.joined(separator: "\n") == listing)
  }

  @Test func unknownTokensAreCountedByTheGrammar() {
    #expect(tokenizer.unknownTokenRanges(in: "未知表情[未知][xx][哈哈哈]") == [12..<20, 20..<24, 24..<35])
    #expect(tokenizer.unknownTokenRanges(in: "[一二三四五六七八九十]太长[]空[哈哈]") == [])
    let check = tokenizer.roundTrip("[哈哈][xx][[愛你]")
    #expect(check == RoundTripCheck(tokenCount: 2, unknownTokenCount: 1, mismatchUTF8Offset: nil))
  }
}
