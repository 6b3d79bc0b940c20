import Foundation
import Testing

@testable import Emotext

@Suite("HTML renderer") struct HTMLRendererTests {
  let tokenizer = BracketTokenizer(catalog: .default)

  func post(_ text: String, catalog: EmoticonCatalog = .default) -> RichText {
    BracketTokenizer(catalog: catalog).tokenize(text).recognizingEntities()
  }

  @Test func golden() {
    let html = HTMLRenderer.format(post("//@小明: 好开心[哈哈][愛你]\n看 #春天# https://weibo.com/a?b=1&c=2 [未知]"))
    #expect(
      html == """
        //<bdi><a class="mention" href="https://weibo.com/n/%E5%B0%8F%E6%98%8E">@小明</a></bdi>: 好开心\
        <span class="emoticon" title="哈哈">😆</span><span class="emoticon" title="爱你">😍</span><br>
        看 <bdi><a class="topic" href="https://s.weibo.com/weibo?q=%23%E6%98%A5%E5%A4%A9%23">#春天#</a></bdi> \
        <bdi><a class="link" href="https://weibo.com/a?b=1&amp;c=2">https://weibo.com/a?b=1&amp;c=2</a></bdi> [未知]
        """)
  }

  /// A bare domain linked by Twitter's rule gets `http://`, not a relative href; a scheme stays as written.
  @Test func bareDomainLinksGetAScheme() {
    let text = RichText("see t.co/abc and HTTPS://a.com").recognizingEntities(urls: .twitter)
    #expect(
      HTMLRenderer.format(text) == """
        see <bdi><a class="link" href="http://t.co/abc">t.co/abc</a></bdi> and \
        <bdi><a class="link" href="HTTPS://a.com">HTTPS://a.com</a></bdi>
        """)
  }

  @Test func withoutLinksImagesOrWithABaseURL() {
    let text = post("@a [哈哈]")
    #expect(
      HTMLRenderer.format(text, options: [.omitImages]) == """
        <bdi><span class="mention">@a</span></bdi> <span class="emoticon" title="哈哈">😆</span>
        """)
    var renderer = HTMLRenderer(imageBaseURL: "https://img.example/face/")
    renderer.mentionURLTemplate = "/u?name={name}&from=post"
    #expect(
      renderer.render(text) == """
        <bdi><a class="mention" href="/u?name=a&amp;from=post">@a</a></bdi> \
        <img class="emoticon" src="https://img.example/face/d_haha.png" alt="[哈哈]" title="哈哈">
        """)
  }

  @Test func imagePathsResolveAgainstThePackDirectoryWhenTheFileIsThere() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emotext-html-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data([0x47, 0x49, 0x46]).write(to: folder.appendingPathComponent("smile.gif"))
    try Data([0x89, 0x50]).write(to: folder.appendingPathComponent("cry.png"))
    let smile = Emoticon(code: "[笑]", kind: .image(png: "smile.png", gif: "smile.gif"), packID: "p")
    let cry = Emoticon(code: "[哭]", kind: .image(png: "cry.png", gif: "cry.gif"), packID: "p")
    let missing = Emoticon(code: "[缺]", kind: .image(png: "missing.png", gif: nil), fallback: "😶", packID: "p")
    let noFallback = Emoticon(code: "[无]", kind: .image(png: "", gif: nil), packID: "p")
    let catalog = EmoticonCatalog(packs: [
      EmoticonPack(id: "p", displayName: "P", emoticons: [smile, cry, missing, noFallback], directory: folder.path)
    ])
    let text = post("[笑][哭][缺][无]", catalog: catalog)
    // The GIF when asked for and there, else the PNG when there; a listed file that is missing is no image.
    #expect(
      HTMLRenderer.format(text, catalog: catalog, options: [.animatedImages]) == """
        <img class="emoticon" src="\(folder.path)/smile.gif" alt="[笑]" title="笑">\
        <img class="emoticon" src="\(folder.path)/cry.png" alt="[哭]" title="哭">\
        <span class="emoticon" title="缺">😶</span><span class="emoticon" title="无">[无]</span>
        """)
    #expect(
      HTMLRenderer.format(text, catalog: catalog).hasPrefix(
        "<span class=\"emoticon\" title=\"笑\">[笑]</span><img class=\"emoticon\" src=\"\(folder.path)/cry.png\""))
  }

  @Test(.enabled(if: TestPaths.hasSharedWeiboFixture, TestPaths.sharedWeiboFixtureMissing))
  func fixtureCatalogWithoutImagesShowsFallbacks() throws {
    let path = TestPaths.sharedFixtures.appendingPathComponent("weibo-emoticons").path
    let catalog = try EmoticonCatalog(contentsOf: path)
    let html = HTMLRenderer.format(post("好[哈哈]", catalog: catalog), catalog: catalog)
    #expect(html == "好<span class=\"emoticon\" title=\"哈哈\">😆</span>")
  }

  @Test func crLFAndLineSeparatorsBecomeOneBreakEach() {
    #expect(HTMLRenderer.format(RichText("a\r\nb\rc\u{2028}d")) == "a<br>\nb<br>\nc<br>\nd")
  }

  /// A CR and an LF with anything between them are two breaks, whatever byte that is (the escaper skips
  /// most bytes without looking at them; the fuzz target `html` found `[\r]\n` written as one break).
  @Test(arguments: ["]", "a", "é", "中", "<", " "])
  func crThenOtherTextThenLFAreTwoBreaks(between: String) {
    let expected = "x<br>\n" + HTMLRenderer.format(RichText(between)) + "<br>\ny"
    #expect(HTMLRenderer.format(RichText("x\r" + between + "\ny")) == expected)
  }

  /// Issue 36: the page is in the language its labels are spoken in.
  @Test(arguments: [
    (nil, "zh"), (SpokenLanguage.chineseSimplified, "zh"), (.chineseTraditional, "zh-Hant"), (.english, "en"),
    (.japanese, "ja"),
  ])
  func pageLanguageFollowsTheSpokenLanguage(language: SpokenLanguage?, tag: String) {
    var renderer = HTMLRenderer()
    renderer.spokenLanguage = language
    #expect(renderer.page(post("好[哈哈]")).hasPrefix("<!DOCTYPE html>\n<html lang=\"\(tag)\">\n"))
  }

  @Test func pageIsStandalone() {
    let page = HTMLRenderer(imageBaseURL: "faces").page(post("好[哈哈]"), title: "<t>")
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"zh\">"))
    #expect(page.contains("<meta charset=\"utf-8\">"))
    #expect(page.contains("<title>&lt;t&gt;</title>"))
    #expect(page.contains("img.emoticon, img.emoji { height: 1.25em;"))
    #expect(page.contains("<article class=\"post\" dir=\"auto\">好<img class=\"emoticon\""))
    #expect(page.hasSuffix("</html>\n"))
  }

  @Test func pageOfSeveralPostsHasOneArticleEach() {
    let renderer = HTMLRenderer(imageBaseURL: "faces")
    let page = renderer.page(posts: [post("好[哈哈]"), post("<b>"), post("c")], title: "t")
    let body = page.components(separatedBy: "<body>\n")[1]
    #expect(
      body == """
        <article class="post" dir="auto">\(renderer.render(post("好[哈哈]")))</article>
        <article class="post" dir="auto">&lt;b&gt;</article>
        <article class="post" dir="auto">c</article>
        </body>
        </html>

        """)
    #expect(renderer.page(post("c"), title: "t") == renderer.page(posts: [post("c")], title: "t"))
  }

  @Test(arguments: [
    ("https://a.b/c.png", true), ("HTTP://a.b", true), ("face/d.png", true), ("d.png?x=1:2", true),
    ("/abs/d.png", true),
    ("javascript:alert(1)", false), ("JaVaScRiPt:alert(1)", false), (" javascript:alert(1)", false),
    ("java\tscript:alert(1)", false), ("data:image/png;base64,AAAA", false), ("vbscript:x", false),
    ("//evil.example/x.png", false), ("\\\\evil\\x", false), ("", false), ("file:///etc/passwd", false),
  ])
  func urlSafety(url: String, isSafe: Bool) {
    #expect(HTMLRenderer.isSafeURL(url) == isSafe)
  }
}

/// Hostile input in text, emoticon codes, fallbacks, catalog image paths and host templates.
@Suite("HTML renderer XSS") struct HTMLRendererXSSTests {
  static let payloads = [
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "' onmouseover='alert(1)",
    "javascript:alert(1)",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "&#106;avascript:alert(1)",
    "</span><script>alert(1)</script>",
    "<svg/onload=alert(1)>",
    "data:text/html,<script>alert(1)</script>",
  ]

  /// Checks that `html` holds only the tags and attributes the renderer writes, with quoted values
  /// that contain no markup, and only safe URLs.
  static func checkOnlyRendererMarkup(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let allowedTags: Set<String> = ["a", "/a", "img", "span", "/span", "br", "bdi", "/bdi"]
    let allowedAttributes: Set<String> = ["class", "href", "src", "alt", "title"]
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
      guard let close = rest[open...].firstIndex(of: ">") else {
        Issue.record("unclosed tag in \(html)", sourceLocation: sourceLocation)
        return
      }
      let tag = rest[rest.index(after: open)..<close]
      let name = String(tag.prefix { $0 != " " })
      #expect(allowedTags.contains(name), "tag <\(tag)> in \(html)", sourceLocation: sourceLocation)
      // Attributes: name="value" pairs, values without quotes or angle brackets.
      var attributes = tag.dropFirst(name.count)
      while let equals = attributes.firstIndex(of: "=") {
        let attribute = attributes[..<equals].trimmingPrefix(" ")
        #expect(
          allowedAttributes.contains(String(attribute)), "attribute \(attribute) in \(html)",
          sourceLocation: sourceLocation)
        let valueStart = attributes.index(after: equals)
        guard attributes[valueStart...].first == "\"",
          let valueEnd = attributes[attributes.index(after: valueStart)...].firstIndex(of: "\"")
        else {
          Issue.record("unquoted attribute in <\(tag)>", sourceLocation: sourceLocation)
          return
        }
        let value = attributes[attributes.index(after: valueStart)..<valueEnd]
        #expect(
          !value.contains("<") && !value.contains("'"), "value \(value) in \(html)", sourceLocation: sourceLocation)
        if attribute == "href" || attribute == "src" {
          let lowered = value.lowercased()
          #expect(
            !lowered.contains("javascript:") && !lowered.hasPrefix("data:"), "URL \(value)",
            sourceLocation: sourceLocation)
          #expect(
            HTMLRenderer.isSafeURL(String(value).replacing("&amp;", with: "&")), "URL \(value)",
            sourceLocation: sourceLocation)
        }
        attributes = attributes[attributes.index(after: valueEnd)...]
      }
      rest = rest[rest.index(after: close)...]
    }
    #expect(!html.lowercased().contains("<script"), sourceLocation: sourceLocation)
  }

  @Test(arguments: payloads)
  func inText(payload: String) {
    let text = BracketTokenizer(catalog: .default).tokenize("@a \(payload) #\(payload)# [哈哈]").recognizingEntities()
    let html = HTMLRenderer.format(text)
    Self.checkOnlyRendererMarkup(html)
    let plain = HTMLRenderer.format(RichText(payload))
    #expect(plain == HTMLRenderer.escaped(payload))
    #expect(!plain.contains("<") && !plain.contains(">") && !plain.contains("\"") && !plain.contains("'"))
  }

  @Test(arguments: payloads)
  func inEmoticonCodesFallbacksAndImagePaths(payload: String) {
    let code = "[\(payload.replacing("[", with: "(").replacing("]", with: ")"))]"
    let hostile = Emoticon(code: code, kind: .image(png: payload, gif: nil), fallback: payload, packID: "evil")
    let emojiOnly = Emoticon(code: "[e]", kind: .image(png: "", gif: nil), fallback: payload, packID: "evil")
    let catalog = EmoticonCatalog(packs: [
      EmoticonPack(id: "evil", displayName: payload, emoticons: [hostile, emojiOnly], directory: payload)
    ])
    let text = BracketTokenizer(catalog: catalog).tokenize("x\(code)[e]")
    #expect(text.runs.count == 3, "the hostile code is an attachment")
    for options: HTMLRenderer.Options in [[], .default, [.omitImages], [.animatedImages]] {
      let html = HTMLRenderer.format(text, catalog: catalog, options: options)
      Self.checkOnlyRendererMarkup(html)
    }
  }

  @Test func checkerCatchesWhatItLooksFor() {
    withKnownIssue { Self.checkOnlyRendererMarkup("<script>alert(1)</script>") }
    withKnownIssue { Self.checkOnlyRendererMarkup("<img src=\"javascript:alert(1)\">") }
    withKnownIssue { Self.checkOnlyRendererMarkup("<a href=\"x\" onclick=\"alert(1)\">") }
    withKnownIssue { Self.checkOnlyRendererMarkup("<span title=\"\"><b>\">") }
  }

  @Test func unsafeImageIsDroppedAndTheAltTextShown() {
    let hostile = Emoticon(code: "[x]", kind: .image(png: "javascript:alert(1)", gif: nil), fallback: "🙂", packID: "p")
    let catalog = EmoticonCatalog(packs: [EmoticonPack(id: "p", displayName: "P", emoticons: [hostile])])
    let html = HTMLRenderer.format(BracketTokenizer(catalog: catalog).tokenize("[x]"), catalog: catalog)
    #expect(html == "<span class=\"emoticon\" title=\"x\">🙂</span>", "no folder, no base URL: no image")
    let based = HTMLRenderer(catalog: catalog, imageBaseURL: "javascript:alert(1)//").render(
      BracketTokenizer(catalog: catalog).tokenize("[x]"))
    #expect(
      based == "<span class=\"emoticon\" title=\"x\">[x]</span>", "an unsafe URL is dropped, the alt text shown")
  }

  @Test(arguments: payloads)
  func inHostTemplatesAndEntities(payload: String) {
    var renderer = HTMLRenderer(imageBaseURL: payload)
    renderer.mentionURLTemplate = payload + "{name}"
    renderer.topicURLTemplate = payload
    let text = RichText(runs: [
      .text("@\(payload)", TextAttributes(entity: .mention)),
      .text(payload, TextAttributes(entity: .link)),
      .text("#\(payload)#", TextAttributes(entity: .topic)),
    ]).appending(BracketTokenizer(catalog: .default).tokenize("[哈哈]"))
    Self.checkOnlyRendererMarkup(renderer.render(text))
  }
}

extension RichText {
  fileprivate func appending(_ other: RichText) -> RichText {
    var result = self
    result.append(other)
    return result
  }

  /// Every placeholder of a link template is replaced, a combining mark after one included.
  @Test func everyPlaceholderOfALinkTemplateIsReplaced() {
    var renderer = HTMLRenderer(options: [.linkEntities])
    renderer.mentionURLTemplate = "/u/{name}/{name}\u{301}?"
    renderer.topicURLTemplate = "{topic}"
    let html = renderer.render(RichText("@ab #c d#").recognizingEntities())
    #expect(html.contains("href=\"/u/ab/ab\u{301}?\">@ab</a>"))
    #expect(html.contains("href=\"c%20d\">#c d#</a>"))
  }
}
