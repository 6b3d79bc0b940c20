import EmotextTestSupport
import Testing

@testable import Emotext

/// One line per run: `text` for plain text, `mention(@x)` for entities, `[哈哈]` for attachments.
func entityRuns(_ text: RichText) -> [String] {
  text.runs.map { run in
    switch run {
    case .text(let string, let attributes): attributes.entity.map { "\($0.rawValue)(\(string))" } ?? string
    case .emoticon(let attachment): "<\(attachment.token)>"
    }
  }
}

@Suite("Entity recognition") struct EntityRecognitionTests {
  let tokenizer = BracketTokenizer(catalog: .default)

  @Test(arguments: [
    ("@小明 你好", ["mention(@小明)", " 你好"]),
    ("//@小明: 转发 //@user_1-2:原文", ["//", "mention(@小明)", ": 转发 //", "mention(@user_1-2)", ":原文"]),
    ("邮件 a@b.com 不是", ["邮件 a@b.com 不是"]),
    ("@ 空", ["@ 空"]),
    ("@小明，你好", ["mention(@小明)", "，你好"]),
    ("看 #春天# 吧", ["看 ", "topic(#春天#)", " 吧"]),
    ("#未闭合 话题", ["#未闭合 话题"]),
    ("## 空话题", ["## 空话题"]),
    ("#   #", ["#   #"]),
    ("#跨\n行#", ["#跨\n行#"]),
    ("见 https://weibo.com/a?b=1。", ["见 ", "link(https://weibo.com/a?b=1)", "。"]),
    ("(HTTP://x.cn/p).", ["(", "link(HTTP://x.cn/p)", ")."]),
    ("https://en.wikipedia.org/wiki/A_(b)", ["link(https://en.wikipedia.org/wiki/A_(b))"]),
    ("http:// 空", ["http:// 空"]),
    ("xhttp://a.b", ["xhttp://a.b"]),
    ("ftp://a.b javascript:alert(1)", ["ftp://a.b javascript:alert(1)"]),
  ])
  func recognizes(input: String, expected: [String]) {
    #expect(entityRuns(tokenizer.tokenize(input).recognizingEntities()) == expected)
  }

  @Test func keepsAttachmentsAndSerialization() {
    let post = tokenizer.tokenize("#好开心[哈哈]# @小明[爱你]").recognizingEntities()
    #expect(entityRuns(post) == ["#好开心", "<[哈哈]>", "# ", "mention(@小明)", "<[爱你]>"])
    #expect(post.postText == "#好开心[哈哈]# @小明[爱你]")
  }

  @Test func keepsHostAttributesAndExistingEntities() {
    let host = TextAttributes(hostAttributes: ["font": "serif"])
    let text = RichText(runs: [
      .text("hi @a ", host),
      .text("#not rescanned#", TextAttributes(entity: .link)),
    ])
    let result = text.recognizingEntities()
    #expect(
      Array(result.runs) == [
        .text("hi ", host),
        .text("@a", TextAttributes(entity: .mention, hostAttributes: ["font": "serif"])),
        .text(" ", host),
        .text("#not rescanned#", TextAttributes(entity: .link)),
      ])
  }

  @Test func entityRunsEndOnGraphemeBoundaries() {
    // A combining mark after the closing `#` joins it into one cluster: no topic.
    #expect(entityRuns(RichText("#话题#\u{301} x").recognizingEntities()) == ["#话题#\u{301} x"])
    // A mark after a name is part of the name; a ZWJ after a URL makes the URL's last cluster "m‍": shortened.
    #expect(entityRuns(RichText("@e\u{301}!").recognizingEntities()) == ["mention(@e\u{301})", "!"])
    #expect(entityRuns(RichText("https://a.com\u{200D}").recognizingEntities()) == ["link(https://a.co)", "m\u{200D}"])
    // An `@` carrying a combining mark is not a boundary start.
    #expect(entityRuns(RichText("x \u{301}@a").recognizingEntities()) == ["x \u{301}", "mention(@a)"])
  }

  @Test func everyEntityRunIsWholeClusters() {
    var generator = SeededGenerator(seed: 0x5EED_0005)
    print("entity property seed: 0x5EED0005")
    let pieces = ["@", "#", "a", "小", "\u{301}", "\u{200D}", "👍", "🏽", " ", ":", "/", "https://", "x.cn", "\n", "🇨🇳"]
    for _ in 0..<300 {
      let length = Int.random(in: 0..<12, using: &generator)
      let input = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
      let result = RichText(input).recognizingEntities()
      #expect(result.postText == input, "input \(input.debugDescription)")
      var utf16Offset = 0
      for run in result.runs {
        #expect(result.isGraphemeBoundary(utf16Offset), "input \(input.debugDescription)")
        utf16Offset += run.utf16Count
      }
    }
  }
}
