import Emotext
import Foundation
import Testing

/// README's Foundation and emoji-image examples, verbatim but for the expectations, so they keep compiling
/// and saying the truth. (The UIKit snippet is Apple-only and cannot compile here.)
@Suite("README interop examples") struct InteropREADMETests {
  @Test func attributedString() throws {
    let catalog = EmoticonCatalog.default
    let post = BracketTokenizer(catalog: catalog).tokenize("@小明 好开心[愛你]").recognizingEntities()

    let attributed = AttributedString(post)  // "@小明 好开心\u{FFFC}"
    let runs = Array(attributed.runs)
    #expect(String(attributed.characters) == "@小明 好开心\u{FFFC}")
    #expect(runs.first?.entity == .mention)
    #expect(runs.last?.emoticon == .init(token: "[愛你]", code: "[爱你]"))
    let back = try RichText(attributed, catalog: catalog)  // == post
    #expect(back == post)
  }

  @Test func emojiImages() {
    var renderer = HTMLRenderer()
    renderer.emojiImages = EmojiImages(baseURL: "https://cdn.example/twemoji/svg")
    #expect(
      renderer.render(RichText("好👍🏽 1©"))
        == #"好<img class="emoji" src="https://cdn.example/twemoji/svg/1f44d-1f3fd.svg" alt="👍🏽" draggable="false"> 1©"#
    )

    #expect(EmojiImageNaming.twemoji.fileName(for: "🏳️‍🌈") == "1f3f3-fe0f-200d-1f308.svg")
    #expect(EmojiImageNaming.noto.fileName(for: "👍🏽") == "emoji_u1f44d_1f3fd.png")
    let custom = EmojiImageNaming(template: "e-{codepoints}.webp", separator: "_")
    #expect(custom.fileName(for: "👍🏽") == "e-1f44d_1f3fd.webp")
  }

  /// README claims only what a test here shows: no "Apple platforms" support claim.
  @Test func platformsAreStatedAsTested() throws {
    let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(!readme.contains("on Linux and Apple platforms"))
    #expect(readme.contains("**Linux is what is built and tested**"))
  }
}
