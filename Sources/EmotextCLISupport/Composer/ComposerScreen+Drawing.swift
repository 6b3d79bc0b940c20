import Emotext

extension ComposerScreen {
  /// Rows the keyboard takes when shown: the tab bar, the grid, the page line.
  static let keyboardRows = 2 + layout.rows

  /// The rows left for the text.
  var textRows: Int {
    max(1, rows - 4 - (isKeyboardVisible ? Self.keyboardRows : 0) - (candidates.isEmpty ? 0 : 1))
  }

  /// The whole screen as ANSI output: every row redrawn and cleared to its end, then the cursor at the caret.
  package func draw() -> String {
    var screen = ANSI.hideCursor
    var row = 0
    func line(_ content: String) {
      row += 1
      screen += ANSI.moveTo(row: row, column: 1) + ANSI.clearLine + content
    }
    line(ANSI.bold + " " + language.title + ANSI.reset)
    line(ANSI.dim + String(repeating: "─", count: columns) + ANSI.reset)

    // The text area, scrolled so the caret's line shows; every line in visual order (a full-screen program
    // places the caret itself, so the terminal's own bidi, if any, cannot apply), the caret still logical.
    // Note: links as the counter finds URLs, so what shows as a link is what counts as one.
    let urls = if case .weighted(let rule) = measure { rule.urlFinder } else { URLFinder.weibo }
    let shown = editor.document.recognizingEntities(urls: urls)
    let layout = TerminalLayout(shown, columns: textColumns, emoticonCodes: false, visualOrder: true)
    let caret = layout.position(ofCaret: editor.caret)
    let firstLine = max(0, caret.line - textRows + 1)
    for index in firstLine..<(firstLine + textRows) {
      if editor.document.isEmpty && index == 0 {
        line(" " + ANSI.dim + language.placeholder + ANSI.reset)
      } else if index < layout.lines.count {
        line(" " + TerminalRenderer.draw(layout.lines[index], colors: true))
      } else {
        line("")
      }
    }

    let offered = candidates
    if !offered.isEmpty { line(candidateRow(offered)) }
    line(ANSI.dim + String(repeating: "─", count: columns) + ANSI.reset)
    let count = length
    let counter = count > limit ? ANSI.red + "\(count)/\(limit)" + ANSI.reset : "\(count)/\(limit)"
    // Note: the hint is shortened, not cut, to the room the counter leaves: the longest variant that fits.
    let hints = language.hints(keyboardVisible: isKeyboardVisible)
    let room = columns - 3 - "\(count)/\(limit)".count
    let hint =
      message.map { ANSI.red + Self.shortened($0, cells: room) + ANSI.reset }
      ?? Self.shortened(hints.first { TerminalCellWidth.ofText($0) <= room } ?? hints.last!, cells: room)
    line(" " + counter + "  " + hint + ANSI.reset)

    if isKeyboardVisible {
      line(tabBar())
      let cellWidth = max(2, (columns - 1) / Self.layout.columns)
      // Note: a cell narrower than an emoji, a space and a two-character name shows the emoji alone, and the
      // page line names the selected emoticon instead.
      let showsNames = cellWidth - 1 >= 7
      let shownPage = page
      for (gridRow, cells) in shownPage.rowCells.enumerated() {
        line(" " + grid(cells, firstCellIndex: gridRow * Self.layout.columns, cellWidth: cellWidth, names: showsNames))
      }
      var selected = ""
      if !showsNames, let cellIndex, case .emoticon(let emoticon) = shownPage.cells[cellIndex] {
        selected = Self.label(of: emoticon) + "  "
      }
      let number = "\(shownPage.pageIndex + 1)/\(pages.count)"
      let pageLines = language.pageLines(number).map { " " + selected + $0 }
      line(
        Self.shortened(pageLines.first { TerminalCellWidth.ofText($0) <= columns } ?? pageLines.last!, cells: columns))
    }

    let caretRow = 3 + caret.line - firstLine
    let caretColumn = min(2 + caret.column, columns)
    screen += ANSI.moveTo(row: caretRow, column: caretColumn) + ANSI.showCursor
    return screen
  }

  /// The candidates for the partial token before the caret, the highlighted one inverted, then the longest hint
  /// that fits in the room they leave (none when none fits).
  ///
  /// Note: the row is made of whole items and a whole hint, never cut: a candidate that does not fit is left
  /// out (its number still picks it), and a hint cut short would say less than the shorter variant.
  private func candidateRow(_ offered: [Emoticon]) -> String {
    var row = " "
    var used = 1
    for (index, emoticon) in offered.enumerated() {
      let label = emoticon.fallback.map { "\($0) " } ?? ""
      let item = " \(index + 1).\(label)\(EmoticonAttachment(emoticon).title) "
      let cells = TerminalCellWidth.ofText(item)
      guard used + cells <= columns else {
        // Note: the first candidate shows even in a terminal too narrow for it, as much of it as fits.
        if index == 0 {
          let highlight = candidateIndex == 0 || offered.count == 1 ? ANSI.inverse : ""
          return Self.fitted(row + highlight + item, cells: columns) + ANSI.reset
        }
        break
      }
      row += index == min(candidateIndex, offered.count - 1) ? ANSI.inverse + item + ANSI.reset : item
      used += cells
    }
    let room = columns - used - 2
    guard
      let hint = language.candidateHints(count: offered.count).first(where: { TerminalCellWidth.ofText($0) <= room })
    else { return row }
    return row + "  " + hint
  }

  private func tabBar() -> String {
    var bar = " "
    var used = 1
    for (index, name) in tabs.enumerated() {
      let label = " \(name) "
      let cells = TerminalCellWidth.ofText(label)
      guard used + cells + 1 <= columns else { break }
      if index == tabIndex {
        bar += (cellIndex == nil ? ANSI.inverse : ANSI.bold + ANSI.yellow) + label + ANSI.reset
      } else {
        bar += label
      }
      bar += index == tabs.count - 1 ? "" : "│"
      used += cells + 1
    }
    return bar
  }

  /// What a keyboard cell shows for `emoticon`: an emoji itself, or an image emoticon's fallback and name.
  static func label(of emoticon: Emoticon) -> String {
    let attachment = EmoticonAttachment(emoticon)
    switch emoticon.kind {
    case .emoji(let text): return text
    case .image: return emoticon.fallback.map { $0 + " " + attachment.title } ?? attachment.title
    }
  }

  private func grid(_ cells: [KeyboardPage.Cell], firstCellIndex: Int, cellWidth: Int, names: Bool) -> String {
    var result = ""
    for (column, cellContent) in cells.enumerated() {
      let cell = firstCellIndex + column
      let label: String
      switch cellContent {
      case .delete: label = names ? language.deleteKey : "⌫"
      case .empty: label = ""
      case .emoticon(let emoticon):
        label = names || emoticon.fallback == nil ? Self.label(of: emoticon) : emoticon.fallback!
      }
      // Note: in a narrow terminal a cell has no gap, so an emoji (2 cells) still fits.
      let contentWidth = cellWidth >= 4 ? cellWidth - 1 : cellWidth
      let content = Self.shortened(label, cells: contentWidth)
      let padded = content + String(repeating: " ", count: contentWidth - TerminalCellWidth.ofText(content))
      let gap = contentWidth < cellWidth ? " " : ""
      result += cell == cellIndex ? ANSI.inverse + padded + ANSI.reset + gap : padded + gap
    }
    return result
  }

  /// `text` if it fits in `cells` terminal cells, else as much as fits before a `…` (never inside a cluster).
  static func shortened(_ text: String, cells limit: Int) -> String {
    guard TerminalCellWidth.ofText(text) > limit else { return text }
    guard limit >= 2 else { return fitted(text, cells: limit) }
    return fitted(text, cells: limit - 1) + "…"
  }

  /// `text` cut to at most `cells` terminal cells, never inside a cluster; escape sequences are kept whole
  /// and count 0 (so a cut string may need a reset after it, which callers add).
  static func fitted(_ text: String, cells limit: Int) -> String {
    var result = ""
    var used = 0
    var inEscape = false
    for cluster in text.graphemeClusters {
      if cluster == "\u{1B}" { inEscape = true }
      if inEscape {
        result += cluster
        if let last = cluster.unicodeScalars.last, (0x40...0x7E).contains(last.value), cluster != "\u{1B}",
          cluster != "["
        {
          inEscape = false
        }
        continue
      }
      let width = TerminalCellWidth.of(cluster)
      if used + width > limit { break }
      result += cluster
      used += width
    }
    return result
  }
}
