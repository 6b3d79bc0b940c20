import Emotext
import Testing

/// The examples of the Rendering and the Composer article (RenderingAndComposer.md), verbatim but for the
/// expectations, so they keep compiling and saying the truth.
@Suite("Rendering article examples") struct RenderingArticleTests {
  @Test func switchOverRuns() {
    let catalog = EmoticonCatalog.default
    let post = BracketTokenizer(catalog: catalog).tokenize("//@小明: 好开心[哈哈] #春天#").recognizingEntities()

    var attributed = ""  // e.g. your UIKit / game-engine text builder
    for run in post.runs {
      switch run {
      case .text(let text, let attributes):
        attributed += attributes.entity == .mention ? "<b>\(text)</b>" : text
      case .emoticon(let attachment):
        let image = catalog.imagePath(for: attachment.emoticon, baseURL: "https://img.example/face")
        attributed += image.map { "{image \($0) alt=\(attachment.altText)}" } ?? attachment.fallbackText
      }
    }
    #expect(attributed == "//<b>@小明</b>: 好开心{image https://img.example/face/d_haha.png alt=[哈哈]} #春天#")
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
}
