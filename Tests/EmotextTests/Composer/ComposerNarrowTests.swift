import Testing

@testable import Emotext
@testable import EmotextCLISupport

/// The composer at 40 columns, and inserted emoticons drawn apart from typed emoji.
@Suite("Composer drawing: narrow screens and emoticons")
struct ComposerNarrowTests {
  static func screen(columns: Int) -> ComposerScreen {
    var screen = ComposerScreen(catalog: .default, columns: columns, rows: 16)
    screen.handle(.text("今天😆"))
    screen.handle(.tab)
    for _ in 0..<3 { screen.handle(.right) }
    screen.handle(.enter)  // inserts [哈哈], whose fallback is also 😆
    return screen
  }

  @Test func fortyColumnsShortenTheFooterAndNamesInsteadOfCuttingThem() {
    let rows = ComposerScreenTests.visibleRows(Self.screen(columns: 40).draw())
    for row in rows { #expect(TerminalCellWidth.ofText(row) <= 40, "row \(row)") }
    #expect(rows[10] == " 7/140  Tab收起 ⏎插入 ^D发送 Esc取消")
    #expect(rows[12] == " 👉   🙂   😁   😆   😍   👃   😲", "emoji alone in cells too narrow for names")
    #expect(rows[14].hasSuffix("⌫"))
    #expect(rows[15] == " 😆 哈哈  第 1/6 页  PgUp/PgDn 翻页", "the selected emoticon named on the page line")
  }

  @Test func eightyColumnsKeepTheFullWords() {
    let rows = ComposerScreenTests.visibleRows(Self.screen(columns: 80).draw())
    #expect(rows[10] == " 7/140  Tab 收起表情  Enter 插入  Ctrl-D 发送  Esc 取消")
    #expect(rows[12].hasPrefix(" 👉 最右    🙂 微笑"))
    #expect(rows[15] == " 第 1/6 页  PgUp/PgDn 翻页  ↑ 选择分组")
  }

  @Test func aTooLongNameEndsInAnEllipsis() {
    #expect(ComposerScreen.shortened("😆 给你小心心", cells: 8) == "😆 给你…")
    #expect(ComposerScreen.shortened("😆 哈哈", cells: 8) == "😆 哈哈")
  }

  @Test func anInsertedEmoticonIsDrawnApartFromATypedEmoji() {
    let drawn = Self.screen(columns: 80).draw()
    // The typed 😆 is plain text; the inserted [哈哈] shows its fallback 😆 on the emoticon background.
    #expect(drawn.contains(" 今天😆" + ANSI.emoticonBackground + "😆" + ANSI.reset))
  }
}
