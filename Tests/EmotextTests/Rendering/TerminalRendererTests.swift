import Testing

@testable import Emotext

@Suite("Terminal renderer") struct TerminalRendererTests {
  let post = BracketTokenizer(catalog: .default).tokenize("//@小明: 好[哈哈] #春天# https://a.cn [未知]")
    .recognizingEntities()

  @Test func goldenANSI() {
    let output = TerminalRenderer(options: [.colors]).render(post)
    #expect(output == "//\u{1B}[36m@小明\u{1B}[0m: 好😆 \u{1B}[36m#春天#\u{1B}[0m \u{1B}[4;34mhttps://a.cn\u{1B}[0m [未知]")
  }

  @Test func goldenANSIWithCodesAndWrapping() {
    let output = TerminalRenderer(options: [.colors, .emoticonCodes], columns: 13).lines(post)
    #expect(
      output == [
        "//\u{1B}[36m@小明\u{1B}[0m: 好",  // 11 cells: [哈哈] (6 cells) does not fit
        "\u{1B}[33m[哈哈]\u{1B}[0m \u{1B}[36m#春天#\u{1B}[0m",
        "\u{1B}[4;34mhttps://a.cn\u{1B}[0m",
        "[未知]",
      ])
  }

  @Test func plainHasNoEscapes() {
    let output = TerminalRenderer(options: []).render(post)
    #expect(output == "//@小明: 好😆 #春天# https://a.cn [未知]")
  }

  @Test(arguments: [
    ([String: String](), true, true),
    (["NO_COLOR": "1"], true, false),
    (["NO_COLOR": ""], true, true),
    ([String: String](), false, false),
  ])
  func colorsFollowNoColorAndTTY(environment: [String: String], isTerminal: Bool, colors: Bool) {
    let options = TerminalRenderer.defaultOptions(environment: environment, isTerminal: isTerminal)
    #expect(options.contains(.colors) == colors)
  }
}
