import Testing

@testable import Emotext
@testable import EmotextCLISupport

/// Issue 21's composer keys: candidates picked by number and moved by Left/Right, Home/End along the line, and
/// the composer's words in the locale's language.
@Suite("Composer keys and language") struct ComposerKeysTests {
  @Test func aDigitPicksThatCandidate() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
    screen.handle(.text("好[哈"))
    let offered = screen.candidates
    try? #require(offered.count >= 3)
    #expect(screen.draw().contains("3."))
    screen.handle(.text("3"))
    #expect(screen.editor.document.postText == "好" + offered[2].code)
    #expect(screen.candidates.isEmpty)
    #expect(screen.recents.emoticons.first == offered[2])
  }

  @Test func aDigitPastTheCandidatesIsTyped() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
    screen.handle(.text("[哈"))
    let count = screen.candidates.count
    try? #require(count < 9)
    screen.handle(.text("9"))
    #expect(screen.editor.document.postText == "[哈9")
  }

  @Test func leftAndRightMoveTheHighlightAlongTheRow() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
    screen.handle(.text("[哈"))
    let offered = screen.candidates
    try? #require(offered.count >= 2)
    screen.handle(.right)
    #expect(screen.candidateIndex == 1)
    #expect(screen.editor.caret == screen.editor.document.utf16Count, "the caret stays")
    screen.handle(.left)
    screen.handle(.left)
    #expect(screen.candidateIndex == offered.count - 1, "Left from the first wraps to the last")
    screen.handle(.enter)
    #expect(screen.editor.document.postText == offered[offered.count - 1].code)
  }

  @Test func theRowSaysHowToPick() {
    var screen = ComposerScreen(catalog: .default, columns: 100, rows: 24)
    screen.handle(.text("[哈"))
    let count = screen.candidates.count
    #expect(screen.draw().contains("1-\(count)/Tab/Enter 选择  ←→ 移动"))
    var english = ComposerScreen(catalog: .default, columns: 100, rows: 24, language: .english)
    english.handle(.text("[哈"))
    #expect(english.draw().contains("1-\(count)/Tab/Enter pick  ←→ move"))
  }

  /// Issue 36: at 80 columns the candidate row's hint fits whole, shortened to the room the candidates leave
  /// (never cut inside a word, a cluster or a wide character); narrower, a shorter hint or none.
  @Test(arguments: [
    (80, ComposerLanguage.chinese, "[ha", true), (80, .english, "[ha", true), (80, .chinese, "[", true),
    (80, .english, "[d", true), (64, .chinese, "[哈", true), (64, .english, "[ha", true), (40, .chinese, "[哈", false),
  ])
  func theCandidateHintFitsWhole(columns: Int, language: ComposerLanguage, typed: String, showsAHint: Bool) throws {
    var screen = ComposerScreen(catalog: .default, columns: columns, rows: 24, language: language)
    screen.handle(.text(typed))
    let count = screen.candidates.count
    try #require(count >= 2)
    let rows = ComposerScreenTests.visibleRows(screen.draw())
    let row = try #require(rows.first { $0.hasPrefix("  1.") })
    #expect(TerminalCellWidth.ofText(row) <= columns, "\(row)")
    let hints = language.candidateHints(count: count)
    let shown = hints.first { row.hasSuffix("  " + $0) }
    #expect((shown != nil) == showsAHint, "\(columns): \(row)")
    if let shown {
      #expect(
        hints.first {
          TerminalCellWidth.ofText(row) - TerminalCellWidth.ofText(shown) + TerminalCellWidth.ofText($0) <= columns
        }
          == shown, "the longest hint that fits: \(row)")
    } else {
      let titles = screen.candidates.map { EmoticonAttachment($0).title }
      #expect(titles.contains { row.hasSuffix($0) }, "without a hint the row ends after a whole candidate: \(row)")
    }
  }

  @Test func homeAndEndGoToTheStartAndEndOfTheCurrentLine() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
    screen.handle(.text("第一行\n第二行[哈哈]x\n第三行"))
    // The caret on the second line, after "第二行" (the column of the end of the third line).
    screen.handle(.up)
    #expect(screen.editor.caret == 4 + 3, "setup: the caret is on the second line")
    screen.handle(.home)
    #expect(screen.editor.caret == 4, "the start of the second line, not of the text")
    screen.handle(.end)
    #expect(screen.editor.caret == 4 + 5, "before the line break: 第二行, the emoticon and x")
    screen.handle(.text("!"))
    #expect(screen.editor.document.postText == "第一行\n第二行[哈哈]x!\n第三行")
  }

  @Test func homeAndEndFollowTheLinesAsDrawn() {
    // 20 columns, 18 for text: 12 CJK characters are a line of 9 and one of 3.
    var screen = ComposerScreen(catalog: .default, columns: 20, rows: 12)
    screen.handle(.text("一二三四五六七八九十甲乙"))
    screen.handle(.home)
    #expect(screen.editor.caret == 9, "the start of the second drawn line")
    screen.handle(.left)
    screen.handle(.home)
    #expect(screen.editor.caret == 0)
    screen.handle(.end)
    #expect(screen.editor.caret == 8, "before the last character of the wrapped line")
  }

  @Test(arguments: [
    (["LANG": "zh_CN.UTF-8"], ComposerLanguage.chinese), (["LANG": "en_US.UTF-8"], .english), ([:], .english),
    (["LANG": "C.UTF-8"], .english), (["LC_ALL": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"], .chinese),
    (["LC_ALL": "C", "LANG": "zh_CN.UTF-8"], .english), (["LC_ALL": "", "LANG": "zh_CN.UTF-8"], .chinese),
    (["LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"], .chinese),
  ])
  func theLanguageFollowsTheLocale(environment: [String: String], language: ComposerLanguage) {
    #expect(ComposerLanguage(environment: environment) == language)
  }

  @Test func englishScreenHasEnglishWords() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24, language: .english)
    let empty = screen.draw()
    #expect(empty.contains("New post") && empty.contains("What's happening?"))
    #expect(empty.contains("Tab emoticons  Enter new line  Ctrl-D send  Esc cancel"))
    #expect(!empty.contains("发") && !empty.contains("分享"))
    screen.handle(.send)
    #expect(screen.draw().contains("Nothing to send"))
    screen.handle(.tab)
    #expect(screen.tabs.last == "Recent")
    let keyboard = screen.draw()
    #expect(keyboard.contains("page 1/"))
    #expect(keyboard.contains("⌫ delete"))
  }
}
