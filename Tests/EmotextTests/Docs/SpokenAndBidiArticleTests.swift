import Emotext
import Foundation
import Testing

/// The examples of the Spoken and Bidirectional Text article (SpokenAndBidiText.md), verbatim but for the
/// expectations; a further test checks that every code line of the article's Swift blocks is in this file.
@Suite("Spoken and bidi article examples") struct SpokenAndBidiArticleTests {
  @Test func spokenText() {
    let post = BracketTokenizer(catalog: .default).tokenize("好开心[哈哈][爱你]👍🏽")
    let language = SpokenLanguage(localeIdentifier: "zh-Hant-TW") ?? .chineseSimplified
    let spoken = post.spokenText(in: language)  // "好开心 哈哈 愛你 讚: 淺褐皮膚"
    #expect(spoken == "好开心 哈哈 愛你 讚: 淺褐皮膚")
  }

  @Test func names() {
    let love = EmoticonCatalog.default.emoticon(forToken: "[爱你]")!
    #expect(love.spokenName(in: .chineseTraditional) == "愛你")
    #expect(EmojiNames.name(of: "👨‍👩‍👧", in: .english) == "family: man, woman, girl")
    #expect(EmojiNames.name(of: "🧑🏻‍🤝‍🧑🏻", in: .japanese) == "手をつなぐ2人: 薄い肌色")
  }

  @Test func accessibleNamesInHTML() {
    var renderer = HTMLRenderer(imageBaseURL: "https://img.example/face")
    renderer.spokenLanguage = .english
    #expect(
      renderer.render(BracketTokenizer(catalog: .default).tokenize("[哈哈]"))
        == #"<img class="emoticon" src="https://img.example/face/d_haha.png" alt="[哈哈]" title="哈哈" aria-label="哈哈">"#
    )
  }

  @Test func visualOrder() {
    let line = BidiLine(BracketTokenizer(catalog: .default).tokenize("مرحبا[哈哈] (نص)"))
    #expect(line.isRightToLeft)
    var drawn = ""
    for cluster in line.visualClusters {  // left to right
      drawn += line.mirroredText(of: cluster)  // "\u{FFFC}" is where the emoticon goes
    }
    #expect(drawn == "(صن) \u{FFFC}ابحرم")
  }

  @Test func terminals() {
    let hebrew = BracketTokenizer(catalog: .default).tokenize("שלום [哈哈] עולם")
    #expect(TerminalRenderer(options: [.visualOrder]).render(hebrew) == "םלוע 😆 םולש")
    #expect(TerminalRenderer(options: []).render(hebrew) == "שלום 😆 עולם")
  }

  /// Each code line of the article's Swift blocks (its comment dropped) is in this file, and each expected
  /// value the article shows in a comment is one this file checks.
  @Test func theArticleShowsWhatTheseTestsRun() throws {
    let article = try DocumentationText.article("SpokenAndBidiText")
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "\n```")[0]
    }
    #expect(blocks.count == 5)
    for line in blocks.flatMap({ $0.split(separator: "\n") }) {
      let parts = line.components(separatedBy: "//")
      let code = parts[0].trimmingCharacters(in: .whitespaces)
      // Note: an expression line of the article (`x  // value`) is in an #expect here.
      if !code.isEmpty { #expect(source.contains(code), "not in the tests: \(code)") }
      if parts.count > 1, let value = parts.last?.trimmingCharacters(in: .whitespaces), value.hasPrefix("\"") {
        #expect(source.contains(value), "an expected value the tests do not check: \(value)")
      }
    }
  }
}
