import Emotext
import Testing

@testable import EmotextCLISupport

/// The examples in the rendering API's doc comments, so they stay true.
@Suite("Rendering doc examples") struct RenderingDocExampleTests {
  @Test func recognizingEntities() {
    let post = BracketTokenizer(catalog: .default).tokenize("//@小明: 看 #春天# https://weibo.com").recognizingEntities()
    #expect(
      Array(post.runs) == [
        .text("//", .plain), .text("@小明", TextAttributes(entity: .mention)), .text(": 看 ", .plain),
        .text("#春天#", TextAttributes(entity: .topic)), .text(" ", .plain),
        .text("https://weibo.com", TextAttributes(entity: .link)),
      ])
  }

  @Test func terminalRenderer() {
    let post = BracketTokenizer(catalog: .default).tokenize("@小明 今天好开心[哈哈]").recognizingEntities()
    let renderer = TerminalRenderer(
      options: TerminalRenderer.defaultOptions(environment: ["NO_COLOR": "1"], isTerminal: true), columns: 10)
    #expect(renderer.render(post) == "@小明 今天\n好开心😆")
  }

  @Test func htmlRenderer() {
    let post = BracketTokenizer(catalog: .default).tokenize("@小明 好开心[哈哈]").recognizingEntities()
    #expect(
      HTMLRenderer.format(post).hasPrefix(
        "<bdi><a class=\"mention\" href=\"https://weibo.com/n/%E5%B0%8F%E6%98%8E\">@小明</a></bdi> 好开心<span class=\"emoticon\" title=\"哈哈\">😆</span>"
      ))
    let haha = EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!
    #expect(
      EmoticonCatalog.default.imagePath(for: haha, baseURL: "https://img.example/face")
        == "https://img.example/face/d_haha.png")
  }

  @Test func cellWidths() {
    #expect(TerminalCellWidth.of("中") == 2)
    #expect(TerminalCellWidth.of("e\u{301}") == 1)
    #expect(TerminalCellWidth.of("👍🏽") == 2)
    #expect(RichText("中a").terminalCellWidth == 3)
  }

  @Test func keyDecoderAndScreen() {
    var decoder = ComposerKeyDecoder()
    #expect(decoder.decode(Array("好\u{1B}[D\u{7F}".utf8)) == [.text("好"), .left, .backspace])
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.flush() == [.escape])

    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
    screen.handle(.text("今天好开心"))
    screen.handle(.tab)
    screen.handle(.enter)
    #expect(screen.handle(.send) == .send("今天好开心[最右]"))
  }
}
