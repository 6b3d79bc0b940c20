import Emotext
import Testing

@Suite("HTML direction and accessible names") struct HTMLBidiAndSpokenTests {
  private func post(_ text: String) -> RichText {
    BracketTokenizer(catalog: .default).tokenize(text).recognizingEntities()
  }

  @Test func anArabicPostIsAutoDirectedAndItsEntitiesIsolated() {
    let renderer = HTMLRenderer()
    let page = renderer.page(post("مرحبا @Ali [哈哈] #春天# https://weibo.com/a"))
    #expect(page.contains("<article class=\"post\" dir=\"auto\">مرحبا <bdi><a class=\"mention\""))
    let fragment = renderer.render(post("مرحبا @Ali [哈哈] #春天# https://weibo.com/a"))
    #expect(fragment.components(separatedBy: "<bdi>").count == 4)
    #expect(fragment.components(separatedBy: "</bdi>").count == 4)
    #expect(fragment.contains(">@Ali</a></bdi> <span class=\"emoticon\""))
    #expect(fragment.contains("<bdi><a class=\"link\" href=\"https://weibo.com/a\">https://weibo.com/a</a></bdi>"))
  }

  @Test func emoticonsAndEmojiImagesGetTheirSpokenNameWhileAltKeepsTheToken() {
    var renderer = HTMLRenderer(imageBaseURL: "https://img.example", emojiImages: EmojiImages(baseURL: "e"))
    renderer.spokenLanguage = .chineseTraditional
    #expect(
      renderer.render(post("[爱你]👍🏽")) == """
        <img class="emoticon" src="https://img.example/d_aini.png" alt="[爱你]" title="爱你" aria-label="愛你">\
        <img class="emoji" src="e/1f44d-1f3fd.svg" alt="👍🏽" aria-label="讚: 淺褐皮膚" draggable="false">
        """)
    renderer.spokenLanguage = .english
    renderer.options.insert(.omitImages)
    #expect(
      renderer.render(post("[哈哈]")) == """
        <span class="emoticon" title="哈哈" role="img" aria-label="哈哈">😆</span>
        """)
    #expect(!HTMLRenderer().render(post("[哈哈]")).contains("aria-label"))
  }
}
