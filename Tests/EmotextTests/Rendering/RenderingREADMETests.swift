import Emotext
import Testing

/// The README's rendering example, verbatim, so it keeps compiling and saying the truth.
@Suite("README rendering example") struct RenderingREADMETests {
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
}
