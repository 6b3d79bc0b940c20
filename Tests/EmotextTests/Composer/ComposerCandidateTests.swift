import Testing

@testable import Emotext
@testable import EmotextCLISupport

@Suite("Composer candidates") struct ComposerCandidateTests {
  @Test func typingAPartialTokenOffersCandidatesAndEnterPicksOne() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
    screen.handle(.text("好[哈h"))
    #expect(screen.candidates.first?.code == "[哈哈]")
    #expect(screen.draw().contains("1.😆 哈哈"))
    screen.handle(.enter)
    #expect(screen.editor.document.postText == "好[哈哈]")
    #expect(screen.editor.document.runs.last?.isEmoticon == true)
    #expect(screen.candidates.isEmpty)
    #expect(!screen.draw().contains("Tab/Enter 选择"))
    #expect(screen.recents.emoticons.first?.code == "[哈哈]")
  }

  @Test func downMovesTheHighlightAndTabPicks() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
    screen.handle(.text("[哈"))
    let offered = screen.candidates
    #expect(offered.count >= 2)
    screen.handle(.down)
    #expect(screen.candidateIndex == 1)
    screen.handle(.tab)
    #expect(screen.editor.document.postText == offered[1].code)
    #expect(!screen.isKeyboardVisible)
  }

  @Test func withoutAPartialTokenTabAndEnterKeepTheirMeaning() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
    screen.handle(.text("[哈哈] x"))
    #expect(screen.candidates.isEmpty)
    screen.handle(.enter)
    #expect(screen.editor.document.postText == "[哈哈] x\n")
    screen.handle(.tab)
    #expect(screen.isKeyboardVisible)
  }

  @Test func mentionsAreColouredAsTheyAreTyped() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
    screen.handle(.text("@小明 你好"))
    #expect(screen.editor.document.runs.first == .text("@小明", TextAttributes(entity: .mention)))
  }
}
