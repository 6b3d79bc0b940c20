import Testing

@testable import Emotext

/// The URLs `finder` finds in `text`, as strings.
func urls(_ finder: URLFinder, in text: String) -> [String] {
  finder.urlRanges(in: text).map { String(text.utf8Slice($0)) }
}

/// The text of the link runs of `text` after entity recognition with `finder`.
func links(_ finder: URLFinder, in text: String) -> [String] {
  RichText(text).recognizingEntities(urls: finder).runs.compactMap { run in
    guard case .text(let string, let attributes) = run, attributes.entity == .link else { return nil }
    return string
  }
}

@Suite("URL finder") struct URLFinderTests {
  /// Weighted length and entity recognition find URLs through the one finder, so the counter and the rendered
  /// link agree: each text is one URL for both, or none for both.
  @Test(
    arguments: [
      // text, the URL, Weibo's length (URL 10 + the rest), Twitter's length (URL 23 + the rest)
      ("x http://en.wikipedia.org/wiki/Primer_(film)", "http://en.wikipedia.org/wiki/Primer_(film)", 11, 25),
      (
        "x http://www.foo.com/bar-path/some.stm?param1=foo;param2=P1|0||P2|0",
        "http://www.foo.com/bar-path/some.stm?param1=foo;param2=P1|0||P2|0", 11, 25
      ),
      ("xhttp://a.com", nil, 7, 13),
    ] as [(String, String?, Int, Int)])
  func lengthAndLinksAgree(text: String, url: String?, weibo: Int, twitter: Int) {
    #expect(links(.weibo, in: text) == (url.map { [$0] } ?? []))
    #expect(links(.twitter, in: text) == (url.map { [$0] } ?? []))
    #expect(RichText(text).length(by: .weighted(.weibo)) == weibo)
    #expect(RichText(text).length(by: .weighted(.twitter)) == twitter)
  }

  /// Links do not end at the first non-ASCII character. Paths keep Latin letters with accents, Cyrillic and `–` (twitter-text's path characters); after a scheme a host may be any letters
  /// (IDN) or punycode, and a TLD may be non-ASCII.
  @Test(arguments: [
    ("见 https://en.wikipedia.org/wiki/Hatfield–McCoy_feud 吧", ["https://en.wikipedia.org/wiki/Hatfield–McCoy_feud"]),
    ("Go to http://twitter.com/Русские_слова", ["http://twitter.com/Русские_слова"]),
    ("http://fr.wikipedia.org/wiki/Café_été!", ["http://fr.wikipedia.org/wiki/Café_été"]),
    ("看 http://例子.中国/路径", ["http://例子.中国/"]),
    ("看 http://ああ.com。", ["http://ああ.com"]),
    ("http://xn--fsq.xn--fiqs8s/a 和 http://bücher.de", ["http://xn--fsq.xn--fiqs8s/a", "http://bücher.de"]),
    ("http://foobar.پاکستان/ ok", ["http://foobar.پاکستان/"]),
    // A non-ASCII label cannot start with `xn--`; a label must be 63 characters or fewer once encoded.
    ("Hello http://xn--はじめよう.com/index.html", []),
    ("http://\(String(repeating: "あ", count: 60)).com/a", []),  // 66 once encoded
    ("http://\(String(repeating: "あ", count: 10)).com/a", ["http://\(String(repeating: "あ", count: 10)).com/a"]),
  ])
  func internationalizedURLs(text: String, expected: [String]) {
    #expect(links(.weibo, in: text) == expected)
    #expect(urls(.twitter, in: text) == expected)
  }

  /// Detection is a setting of the rule: Weibo links only `http(s)://`; Twitter also links bare domains with a
  /// known TLD. The cases mirror twitter-text's `extract.yml`, so a clone without `../shared` tests them too.
  @Test(arguments: [
    // text, Twitter's URLs, Weibo's URLs
    ("foo.com foo.co.jp foo.baz foo.comm www.foo.co.uk", ["foo.com", "foo.co.jp", "www.foo.co.uk"], []),
    ("t.co/abcde bit.ly/abcde MLB.tv", ["t.co/abcde", "bit.ly/abcde", "MLB.tv"], []),
    ("example.comてすとですtwitter.みんなです", ["example.com", "twitter.みんな"], []),
    ("これは日本語です。example.com/path/index.html中国語", ["example.com/path/index.html"], []),
    ("test ELPAÍS.com", ["ELPAÍS.com"], []),
    // Host labels: no leading or trailing `-` or `_`, no `_` in the domain name, a known TLD.
    ("http://-lead.twitter.com http://trail-.twitter.com http://a_b.com", [], []),
    (
      "http://sub_domain-dash.twitter.com", ["http://sub_domain-dash.twitter.com"],
      ["http://sub_domain-dash.twitter.com"]
    ),
    ("http://no-tld http://tld-too-short.x http://domain.com-that", [], []),
    // What comes before: `@`, `#`, `$` or a letter stop a URL for Twitter; a bare domain after `-`, `_`, `.`, `/`
    // is none; Weibo only refuses a URL glued to a letter or digit.
    ("#http://test.com $t.co/abcde @test.com", [], ["http://test.com"]),
    ("xhttp://a.com name.al-lastname@foo.com", [], []),
    ("(http://twitter.com)", ["http://twitter.com"], ["http://twitter.com"]),
    ("\u{2066}\u{202A}http://foobar.com/\u{202C}", ["http://foobar.com/"], ["http://foobar.com/"]),
    // Ends: trailing punctuation stays out, balanced parentheses and `-`, `+`, `=`, `#`, `/` stay in.
    (
      "http://example.com/path.... http://example.com/a+ http://x.com/?#",
      [
        "http://example.com/path", "http://example.com/a+", "http://x.com/?#",
      ], ["http://example.com/path", "http://example.com/a+", "http://x.com/?#"]
    ),
    ("http://msdn.com/x(v=VS.100).aspx", ["http://msdn.com/x(v=VS.100).aspx"], ["http://msdn.com/x(v=VS.100).aspx"]),
    // A balanced pair ends a path only right after a character that may end one (twitter-text's precedence).
    (
      "http://a.com/a(b) http://a.com/a%(b)", ["http://a.com/a(b)", "http://a.com/a"],
      ["http://a.com/a(b)", "http://a.com/a"]
    ),
    // A non-ASCII TLD in any case.
    ("www.РУС http://сайт.рус", ["www.РУС", "http://сайт.рус"], ["http://сайт.рус"]),
    ("http://somehost.com:3000/a", ["http://somehost.com:3000/a"], ["http://somehost.com:3000/a"]),
    // t.co keeps only its slug, at most 40 characters.
    ("http://t.co/pbY2NfTZ's", ["http://t.co/pbY2NfTZ"], ["http://t.co/pbY2NfTZ"]),
    (
      "http://t.co/\(String(repeating: "a", count: 40))", ["http://t.co/\(String(repeating: "a", count: 40))"],
      ["http://t.co/\(String(repeating: "a", count: 40))"]
    ),
    ("http://t.co/\(String(repeating: "a", count: 41))", [], []),
  ])
  func detectionPerRule(text: String, twitter: [String], weibo: [String]) {
    #expect(urls(.twitter, in: text) == twitter)
    #expect(urls(.weibo, in: text) == weibo)
    #expect(links(.twitter, in: text) == twitter)
    #expect(links(.weibo, in: text) == weibo)
  }

  /// The example in `URLFinder`'s documentation.
  /// Every ASCII top-level domain of the table matches in any case (lowercased byte by byte), as a bare domain for
  /// Twitter and after a scheme for Weibo, and so does a punycode one; one more letter is no TLD.
  @Test func asciiTopLevelDomainsMatchInAnyCase() {
    let table = TopLevelDomainTable.shared
    for tld in table.ascii.sorted() {
      for spelling in [
        tld, tld.uppercased(), String(tld.enumerated().map { $0 % 2 == 0 ? Character($1.uppercased()) : $1 }),
      ] {
        #expect(urls(.twitter, in: "see a.\(spelling) now") == ["a.\(spelling)"], "\(spelling)")
        #expect(urls(.weibo, in: "see http://a.\(spelling) now") == ["http://a.\(spelling)"], "\(spelling)")
        if !table.ascii.contains(tld + "q") {
          #expect(urls(.twitter, in: "see a.\(spelling)Q now").isEmpty, "\(spelling)Q")
        }
      }
    }
    #expect(urls(.weibo, in: "http://a.XN--P1AI/x") == ["http://a.XN--P1AI/x"])
    #expect(urls(.weibo, in: "http://a.XN--/x").isEmpty)
  }

  @Test func docExample() {
    #expect(URLFinder.twitter.urlRanges(in: "see example.com/a, http://ああ.com") == [4..<17, 19..<36])
    #expect(URLFinder.weibo.urlRanges(in: "see example.com/a, http://ああ.com") == [19..<36])
  }

  /// Links are found first, so a Weibo topic or mention right before a link ends where the link starts.
  @Test func weiboEntitiesNextToALink() {
    #expect(
      entityRuns(RichText("#话题#http://t.cn/A6x @小明http://t.cn/B").recognizingEntities()) == [
        "topic(#话题#)", "link(http://t.cn/A6x)", " ", "mention(@小明)", "link(http://t.cn/B)",
      ])
    #expect(entityRuns(RichText("#看 http://t.cn/x#").recognizingEntities()) == ["#看 ", "link(http://t.cn/x#)"])
  }

  /// A URL never ends inside a grapheme cluster: matched again up to the boundary before, for both features.
  @Test func rangesAreWholeClusters() {
    #expect(urls(.twitter, in: "https://a.com\u{200D}") == ["https://a.co"])
    #expect(urls(.twitter, in: "t.co/A6x1\u{FE0F}\u{20E3}") == ["t.co/A6x"])
    #expect(urls(.weibo, in: "http://x.cn/a\u{301}b") == ["http://x.cn/a\u{301}b"])
    #expect(RichText("t.co/A6x1\u{FE0F}\u{20E3}").length(by: .weighted(.twitter)) == 23 + 2)
  }

  /// A scheme is found by bytes, also when a combining mark joins its `/` (a fuzz finding:
  /// `"http://\u{301}.みんな"` is a Weibo URL whose first Characters are not `http://`).
  @Test func schemeBeforeACombiningMark() {
    #expect(urls(.weibo, in: "http://\u{301}.みんな") == ["http://\u{301}.みんな"])
    #expect(URLFinder.startsWithScheme("HTTP://\u{301}.みんな"))
    #expect(!URLFinder.startsWithScheme("t.co/http://"))
  }

  /// Punycode lengths against RFC 3492's sample strings and Python's codec.
  @Test(arguments: [
    ("bücher", 13), ("ああ", 8), ("exampleこれは日本語です", 36), ("あいうえおかきくけこあいうえおかきくけこあい", 31), ("abc", 3),
  ])
  func punycodeLength(label: String, encoded: Int) {
    #expect(Punycode.encodedLabelCount(label) == encoded)
  }
}
