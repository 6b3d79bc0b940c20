import Testing

@testable import Emotext

@Suite("Terminal renderer") struct TerminalRendererTests {
  let post = BracketTokenizer(catalog: .default).tokenize("//@小明: 好[哈哈] #春天# https://a.cn [未知]")
    .recognizingEntities()

  @Test func goldenANSI() {
    let output = TerminalRenderer(options: [.colors]).render(post)
    #expect(
      output
        == "//\u{1B}[36m@小明\u{1B}[0m: 好\u{1B}[43m😆\u{1B}[0m \u{1B}[36m#春天#\u{1B}[0m \u{1B}[4;34mhttps://a.cn\u{1B}[0m [未知]"
    )
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

/// Hostile text must not reach the terminal as escape sequences.
@Suite("Terminal renderer injection") struct TerminalRendererInjectionTests {
  static let payloads = [
    "\u{1B}[2J\u{1B}[H", "\u{1B}]0;title\u{7}", "\u{9B}31m", "a\u{8}\u{8}b", "\u{1B}P+q\u{1B}\\", "x\u{0}y",
  ]

  @Test(arguments: payloads)
  func controlsInTextCodesAndFallbacksAreReplaced(payload: String) {
    let code = "[\(payload.replacing("[", with: "(").replacing("]", with: ")"))]"
    let hostile = Emoticon(code: code, kind: .image(png: "x.png", gif: nil), fallback: payload, packID: "p")
    let catalog = EmoticonCatalog(packs: [EmoticonPack(id: "p", displayName: "P", emoticons: [hostile])])
    let text = BracketTokenizer(catalog: catalog).tokenize("@a\(payload) \(code)").recognizingEntities()
    #expect(text.runs.contains { $0.isEmoticon })
    for options: TerminalRenderer.Options in [[], [.emoticonCodes], [.colors], [.colors, .emoticonCodes]] {
      let output = TerminalRenderer(options: options, columns: 8).render(text)
      // Only the renderer's own SGR sequences may contain ESC.
      var withoutSGR = output
      for sgr in [ANSI.reset, ANSI.cyan, ANSI.underlinedBlue, ANSI.yellow, ANSI.emoticonBackground] {
        withoutSGR = withoutSGR.replacing(sgr, with: "")
      }
      let controls = withoutSGR.unicodeScalars.filter {
        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
      }
      #expect(controls.isEmpty, "\(output.debugDescription)")
    }
  }
}
