import Foundation
import Testing

/// `render --spoken [--locale]` and `render --plain/--ansi --visual` through the built binary.
@Suite("CLI spoken text and visual order")
struct CLISpokenVisualTests {
  @Test func spokenOnePostPerLine() throws {
    let output = try CLIProcess.run([
      "render", "--spoken", "--locale", "en", "--text", "好开心[哈哈]👍🏽", "--text", "👨‍👩‍👧[爱你]",
    ])
    #expect(output.status == 0)
    #expect(output.stdout == "好开心 哈哈 thumbs up: medium skin tone\nfamily: man, woman, girl 爱你\n")
    let traditional = try CLIProcess.run(["render", "--spoken", "--locale", "zh-TW", "--text", "[爱你]"])
    #expect(traditional.stdout == "愛你\n")
    let simplified = try CLIProcess.run(["render", "--spoken", "--text", "[愛你]"])
    #expect(simplified.stdout == "爱你\n")
  }

  @Test func badLocaleAndCombinations() throws {
    let locale = try CLIProcess.run(["render", "--spoken", "--locale", "fr", "--text", "x"])
    #expect(locale.status == 2)
    #expect(locale.stderr.contains("--locale 'fr' is not one of zh, zh_Hant (zh-TW, zh-HK), en and ja"))
    let visual = try CLIProcess.run(["render", "--html", "--visual", "--text", "x"])
    #expect(visual.status == 2)
    #expect(visual.stderr.contains("--visual goes with --ansi or --plain"))
    let both = try CLIProcess.run(["render", "--spoken", "--plain", "--text", "x"])
    #expect(both.status == 2)
  }

  @Test(arguments: [
    ("مرحبا [哈哈] بالعالم", "ملاعلاب 😆 ابحرم"),
    ("שלום [哈哈] עולם (טוב)", "(בוט) םלוע 😆 םולש"),
  ])
  func visualOrder(post: String, visual: String) throws {
    for format in ["--plain", "--ansi"] {
      let drawn = try CLIProcess.run(["render", format, "--visual", "--text", post])
      #expect(drawn.status == 0)
      #expect(drawn.stdout == visual + "\n")
    }
    let logical = try CLIProcess.run(["render", "--plain", "--text", post])
    #expect(logical.stdout.unicodeScalars.first == post.unicodeScalars.first)
  }
}
