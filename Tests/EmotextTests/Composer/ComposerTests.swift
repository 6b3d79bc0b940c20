import Testing

@testable import Emotext
@testable import EmotextCLISupport
@testable import EmotextUnicode

@Suite("Composer key decoder") struct ComposerKeyDecoderTests {
  @Test func decodesKeysTextAndSequences() {
    var decoder = ComposerKeyDecoder()
    let keys = decoder.decode(Array("ab好\u{1B}[D\u{1B}[3~\u{7F}\t\r\u{4}\u{1B}[5~\u{1B}[6~\u{1B}OH\u{1B}[F".utf8))
    #expect(keys == [.text("ab好"), .left, .delete, .backspace, .tab, .enter, .send, .pageUp, .pageDown, .home, .end])
  }

  @Test func holdsBackSplitSequencesAndUTF8() {
    var decoder = ComposerKeyDecoder()
    let bytes = Array("好\u{1B}[A".utf8)
    #expect(decoder.decode(Array(bytes[0..<2])) == [])
    #expect(decoder.decode(Array(bytes[2..<4])) == [.text("好")])
    #expect(decoder.hasPending)
    #expect(decoder.decode(Array(bytes[4...])) == [.up])
    #expect(!decoder.hasPending)
  }

  @Test func loneEscapeIsEscOnlyAfterFlush() {
    var decoder = ComposerKeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.flush() == [.escape])
    #expect(decoder.decode([0x1B, UInt8(ascii: "x")]) == [.escape, .text("x")])
  }
}

@Suite("Composer screen") struct ComposerScreenTests {
  /// A catalog with a pack of 25 emoticons (two pages) and an emoji pack.
  static let catalog: EmoticonCatalog = {
    let faces = (0..<25).map {
      Emoticon(code: "[f\($0)]", kind: .image(png: "f\($0).png", gif: nil), fallback: "😀", packID: "faces")
    }
    let emoji = [Emoticon(code: "👍", kind: .emoji("👍"), packID: "emoji")]
    return EmoticonCatalog(packs: [
      EmoticonPack(id: "faces", displayName: "脸", emoticons: faces),
      EmoticonPack(id: "emoji", displayName: "Emoji", emoticons: emoji),
      EmoticonPack(id: "hidden", displayName: "隐藏", emoticons: faces, isDisplayOnly: true),
    ])
  }()

  @Test func typesMovesAndDeletes() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
    screen.handle(.text("ab[哈哈"))
    screen.handle(.text("]"))
    #expect(screen.editor.document.runs.count == 2, "typing the ] makes an attachment")
    screen.handle(.left)
    screen.handle(.text("c"))
    #expect(screen.editor.document.postText == "abc[哈哈]")
    screen.handle(.end)
    screen.handle(.backspace)
    #expect(screen.editor.document.postText == "abc")
    screen.handle(.home)
    screen.handle(.delete)
    #expect(screen.editor.document.postText == "bc")
    screen.handle(.undo)
    #expect(screen.editor.document.postText == "abc")
  }

  @Test func keyboardPagesTabsAndRecents() {
    var recents = RecentEmoticons(capacity: 20)
    recents.use(Self.catalog.emoticon(forCode: "[f3]")!)
    var screen = ComposerScreen(catalog: Self.catalog, columns: 80, rows: 24, recents: recents)
    #expect(screen.tabs == ["脸", "Emoji", "最近"])
    screen.handle(.tab)
    #expect(screen.isKeyboardVisible)
    #expect(screen.pages.count == 2 && screen.page.emoticons.count == 20)
    screen.handle(.right)
    screen.handle(.down)
    screen.handle(.enter)  // row 1, column 1: the 9th emoticon
    #expect(screen.editor.document.postText == "[f8]")
    screen.handle(.pageDown)
    #expect(
      screen.pageIndex == 1 && screen.page.emoticons.map(\.code) == ["[f20]", "[f21]", "[f22]", "[f23]", "[f24]"])
    screen.handle(.pageDown)
    #expect(screen.pageIndex == 1)
    screen.handle(.left)  // wraps from cell 8 ... to cell 7
    screen.handle(.up)
    screen.handle(.enter)  // cell 0 of page 2
    #expect(screen.editor.document.postText == "[f8][f20]")
    #expect(screen.recents.emoticons.map(\.code) == ["[f20]", "[f8]", "[f3]"])
    // The delete key is the last cell.
    screen.handle(.left)
    screen.handle(.enter)
    #expect(screen.cellIndex == 20)
    #expect(screen.page.cells[20] == .delete)
    #expect(screen.editor.document.postText == "[f8]")
    // Up from the top row selects the tab bar; Right moves to the Emoji tab; an emoji inserts as text.
    screen.handle(.up)
    screen.handle(.up)
    screen.handle(.up)
    #expect(screen.cellIndex == nil)
    screen.handle(.right)
    screen.handle(.down)
    screen.handle(.enter)
    #expect(screen.tabIndex == 1)
    #expect(screen.editor.document.postText == "[f8]👍")
    screen.handle(.tab)
    screen.handle(.enter)
    #expect(screen.editor.document.postText == "[f8]👍\n", "Enter is a line break while the keyboard is hidden")
    // The recents tab shows the recents as one page.
    screen.handle(.tab)
    screen.handle(.up)
    screen.handle(.right)
    #expect(screen.tabIndex == 2)
    #expect(screen.page.emoticons.map(\.code) == ["👍", "[f20]", "[f8]", "[f3]"])
    #expect(screen.page.cells[4] == .empty)
  }

  @Test func sendIsRefusedPastTheLimitOrWhenEmpty() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24, limit: 5)
    #expect(screen.handle(.send) == .none)
    #expect(screen.message != nil)
    // Weibo's count: 好 1, [哈哈] as its text 3, a Latin letter one half, rounded up; the editor's limit stops
    // typing at 5, so "c" is not inserted.
    screen.handle(.text("好[哈哈]abc"))
    #expect(screen.editor.document.postText == "好[哈哈]ab")
    #expect(screen.length == 5)
    // A lowered limit does not cut the post: the counter turns red and sending is refused.
    screen.limit = 4
    #expect(screen.handle(.send) == .none)
    #expect(screen.draw().contains("\u{1B}[31m5/4"))
    screen.handle(.backspace)
    screen.handle(.backspace)
    #expect(screen.length == 4)
    #expect(!screen.draw().contains("\u{1B}[31m4/4"))
    #expect(screen.handle(.send) == .send("好[哈哈]"))
    #expect(screen.handle(.escape) == .cancel)
  }

  @Test func counterUsesTheGivenMeasure() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24, limit: 10, measure: .graphemeClusters)
    screen.handle(.text("好[哈哈]👍🏽ab"))
    #expect(screen.length == 5)
  }

  /// The composer shows as links exactly what its counter counts as URLs: a bare domain with Twitter's rule.
  @Test func linksFollowTheCounterRule() {
    for (measure, linked) in [(LengthMeasure.weighted(.twitter), true), (.weighted(.weibo), false)] {
      var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24, limit: 280, measure: measure)
      screen.handle(.text("看 t.co/abc"))
      #expect(screen.draw().contains(ANSI.underlinedBlue + "t.co/abc") == linked, "\(measure)")
    }
  }

  @Test func drawsPlaceholderCounterAndKeyboardWithin80By24() {
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
    let empty = Self.visibleRows(screen.draw())
    #expect(empty.count == 24)
    #expect(empty[2] == " 分享新鲜事…")
    #expect(empty[23].hasPrefix(" 0/140  Tab 表情"))
    screen.handle(.text("今天好开心"))
    screen.handle(.tab)
    let rows = Self.visibleRows(screen.draw())
    #expect(rows[2] == " 今天好开心")
    #expect(rows[19] == "  默认 │ Emoji │ 最近")
    #expect(rows[20].hasPrefix(" 👉 最右    🙂 微笑    😁 嘻嘻    😆 哈哈"))
    #expect(rows[22].hasSuffix("⌫ 删除"))
    for row in rows { #expect(TerminalCellWidth.ofText(row) <= 80, "row \(row)") }
    #expect(screen.draw().hasSuffix("\u{1B}[3;12H\u{1B}[?25h"), "the cursor is after 今天好开心")
  }

  @Test func scrollsToTheCaretAndFollowsResize() {
    // Note: longer than Weibo's 140, which the composer's editor would stop at.
    var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24, limit: 1000)
    screen.handle(.text((1...30).map { "line \($0)" }.joined(separator: "\n")))
    var rows = Self.visibleRows(screen.draw())
    #expect(rows[21] == " line 30")
    screen.resize(columns: 40, rows: 10)
    screen.handle(.text(" " + String(repeating: "好", count: 30)))
    rows = Self.visibleRows(screen.draw())
    #expect(rows.count == 10)
    let fifteen = String(repeating: "好", count: 15)
    #expect(Array(rows[6...7]) == [" line 30 " + fifteen, " " + fifteen], "wrapped at 38 cells, the caret's line last")
    for row in rows { #expect(TerminalCellWidth.ofText(row) <= 40, "row \(row)") }
  }

  @Test(arguments: [(20, 10), (33, 12), (80, 24), (132, 40)])
  func everyRowFitsTheScreen(columns: Int, rows: Int) {
    var screen = ComposerScreen(catalog: .default, columns: columns, rows: rows)
    screen.handle(.text("今天好开心[哈哈] @小明 #话题# https://weibo.com/abc 👍🏽"))
    screen.handle(.tab)
    let drawn = Self.visibleRows(screen.draw())
    #expect(drawn.count == rows)
    for row in drawn { #expect(TerminalCellWidth.ofText(row) <= columns, "\(columns)×\(rows): \(row)") }
  }

  /// The text of each row of a drawn screen, escape sequences removed and trailing spaces trimmed.
  static func visibleRows(_ screen: String) -> [String] {
    var rows: [Int: String] = [:]
    var current = 0
    var index = screen.startIndex
    while index < screen.endIndex {
      if screen[index] == "\u{1B}" {
        var end = screen.index(index, offsetBy: 2)
        while end < screen.endIndex, !("@"..."~").contains(screen[end]) { end = screen.index(after: end) }
        let sequence = screen[index...end]
        if sequence.hasSuffix("H"), sequence != "\u{1B}[H", let row = Int(sequence.dropFirst(2).prefix { $0 != ";" }) {
          current = row
        }
        index = screen.index(after: end)
        continue
      }
      rows[current, default: ""].append(screen[index])
      index = screen.index(after: index)
    }
    let last = rows.keys.max() ?? 0
    return (1...max(last, 1)).map { String((rows[$0] ?? "").reversed().drop { $0 == " " }.reversed()) }
  }
}

@Suite("Composer caret movement") struct ComposerCaretTests {
  @Test func upAndDownFollowDrawnLines() {
    var screen = ComposerScreen(catalog: .default, columns: 20, rows: 24)  // 18 cells of text a line
    screen.handle(.text("0123456789abcdefghijk\n好好好"))
    // Lines as drawn: "0123456789abcdefgh" / "ijk" / "好好好"; the caret is at the end (line 2, column 6).
    screen.handle(.up)
    #expect(screen.editor.caret == 21, "line 1 is only 3 cells: the caret goes to its end, before the break")
    screen.handle(.up)
    #expect(screen.editor.caret == 3)
    screen.handle(.up)
    #expect(screen.editor.caret == 0, "Up from the first line goes to the start")
    screen.handle(.right)
    screen.handle(.right)
    screen.handle(.down)
    #expect(screen.editor.caret == 20)
    screen.handle(.down)
    #expect(screen.editor.caret == 23, "column 2 is where the second 好 starts")
    screen.handle(.right)
    screen.handle(.up)
    #expect(screen.editor.caret == 21, "column 4 is past the end of ijk")
    screen.handle(.down)
    screen.handle(.down)
    #expect(screen.editor.caret == screen.editor.document.utf16Count, "Down from the last line goes to the end")
  }
}
