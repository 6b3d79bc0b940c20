import Emotext

/// The state of the terminal composer (`emotext compose`): an ``Editor``, the emoticon keyboard and the
/// counter, with key handling and drawing to a string, and no terminal I/O of its own.
///
/// The keyboard has a tab per pack offered on the keyboard, then 最近 (recents, "Recent" in English). Each page is a 3 × 7
/// grid of 20 emoticons and the delete key last. With the keyboard shown, the arrows move the highlight
/// (Up from the top row reaches the tab bar, where Left and Right change tabs), Enter inserts the
/// highlighted emoticon at the caret (or presses delete), PageUp and PageDown turn pages. Typing and
/// Backspace always edit the text. While the user types a partial emoticon token (`[哈`, `[haha`), a row of
/// candidates from ``EmoticonCatalog/search(_:limit:)`` shows under the text, numbered: Left and Right (or Up
/// and Down) move its highlight, Tab or Enter puts the highlighted one in place of the partial token, and a
/// digit from 1 puts that candidate there. Home and End go to the start and end of the caret's line as drawn.
/// Mentions, topics and links are coloured as they are typed. The composer's own words follow ``language``.
///
/// ```swift
/// var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
/// screen.handle(.text("今天好开心"))
/// screen.handle(.tab)       // shows the keyboard
/// screen.handle(.enter)     // inserts the highlighted emoticon, the first of the first pack
/// screen.handle(.send)      // .send("今天好开心[最右]")
/// let frame = screen.draw() // the whole screen, with ANSI cursor moves
/// ```
package struct ComposerScreen: Sendable {
  /// What a key press leads to.
  package enum Outcome: Equatable, Sendable {
    /// Keep composing (redraw).
    case none
    /// Send this post text.
    case send(String)
    /// Cancelled by Esc or Ctrl-C.
    case cancel
  }

  /// The keyboard's page size: Weibo's 3 × 7, the delete key last.
  package static let layout = KeyboardLayout.standard
  /// The language of the title, placeholder, hints and messages.
  package let language: ComposerLanguage

  /// The text being composed.
  package private(set) var editor: Editor
  /// The emoticons inserted from the keyboard, most recent first (one page of them at most).
  package private(set) var recents: RecentEmoticons
  /// The most the counter allows: the editor's ``LengthLimit``, so typing, pasting and emoticons stop there;
  /// past it (the limit lowered) the counter is red and sending is refused.
  package var limit: Int {
    get { editor.lengthLimit?.maximum ?? 0 }
    set { editor.lengthLimit?.maximum = newValue }
  }
  /// How the counter measures the document (by default Weibo's weighted length).
  package var measure: LengthMeasure { editor.lengthLimit?.measure ?? .weighted(.weibo) }
  /// The screen width in cells (at least 20).
  package private(set) var columns: Int
  /// The screen height in rows (at least 10: the header, a line of text, the status and the keyboard).
  package private(set) var rows: Int
  /// Whether the emoticon keyboard is shown.
  package private(set) var isKeyboardVisible = false
  /// The tab shown: an index into ``tabs``.
  package private(set) var tabIndex = 0
  /// The page shown in the current tab, from 0.
  package private(set) var pageIndex = 0
  /// The highlighted cell of the page (0 ..< 21 in reading order, the last is delete), or nil when the
  /// tab bar is.
  package private(set) var cellIndex: Int? = 0
  /// A one-line message for the status bar (a refused send), cleared by the next key.
  package private(set) var message: String?

  /// The highlighted candidate (an index into ``candidates``).
  package private(set) var candidateIndex = 0

  /// How many candidates the candidate row offers.
  package static let candidateLimit = 5

  private let packs: [EmoticonPack]

  /// A composer on an empty document, with the recents loaded earlier (see ``RecentEmoticons/load(from:catalog:capacity:)``).
  package init(
    catalog: EmoticonCatalog, columns: Int, rows: Int, limit: Int = 140,
    recents: RecentEmoticons = RecentEmoticons(capacity: ComposerScreen.layout.emoticonsPerPage),
    measure: LengthMeasure = .weighted(.weibo), language: ComposerLanguage = .chinese
  ) {
    self.language = language
    editor = Editor(catalog: catalog, recognizesEntities: true)
    packs = catalog.keyboardPacks.filter { !$0.emoticons.isEmpty }
    self.recents = recents
    editor.lengthLimit = LengthLimit(measure: measure, maximum: limit)
    self.columns = max(columns, 20)
    self.rows = max(rows, 10)
  }

  /// The keyboard tabs: each pack's name, then the recents (最近).
  package var tabs: [String] { packs.map(\.displayName) + [language.recentsTabName] }

  /// The emoticons offered for the partial token before the caret (`[哈`), best first; empty when the caret
  /// is not after one or the keyboard is shown.
  package var candidates: [Emoticon] {
    guard !isKeyboardVisible, let completion = editor.completion, completion.kind == .emoticon else { return [] }
    return editor.tokenizer.catalog.search(completion.query, limit: Self.candidateLimit)
  }

  /// The counter's value.
  package var length: Int { editor.lengthStatus?.length ?? 0 }

  /// The pages of the current tab: a pack's pages, or the recents as one page.
  package var pages: [KeyboardPage] {
    let pack =
      tabIndex < packs.count
      ? packs[tabIndex]
      : EmoticonPack(id: "recents", displayName: language.recentsTabName, emoticons: recents.emoticons)
    return pack.pages(layout: Self.layout)
  }

  /// The page shown.
  package var page: KeyboardPage { pages[min(pageIndex, pages.count - 1)] }

  /// Adapts to a new terminal size.
  package mutating func resize(columns: Int, rows: Int) {
    self.columns = max(columns, 20)
    self.rows = max(rows, 10)
  }

  // MARK: Keys

  /// Applies one key press.
  @discardableResult
  package mutating func handle(_ key: ComposerKey) -> Outcome {
    message = nil
    let offered = candidates
    if !offered.isEmpty {
      switch key {
      case .tab, .enter:
        complete(with: offered[min(candidateIndex, offered.count - 1)])
        return .none
      case .text(let digit) where digit.count == 1 && Int(digit).map { (1...offered.count).contains($0) } == true:
        complete(with: offered[Int(digit)! - 1])
        return .none
      case .left, .right, .up, .down:
        let forward = key == .right || key == .down
        candidateIndex = (candidateIndex + (forward ? 1 : offered.count - 1)) % offered.count
        return .none
      default: candidateIndex = 0
      }
    }
    switch key {
    case .text(let text): editor.insert(text)
    case .backspace: editor.deleteBackward()
    case .delete: editor.deleteForward()
    case .home, .end: moveCaretAlongLine(toEnd: key == .end)
    case .undo: editor.undo()
    case .redo: editor.redo()
    case .tab: isKeyboardVisible.toggle()
    case .escape, .interrupt: return .cancel
    case .send:
      guard !editor.document.isEmpty else {
        message = language.nothingToSend
        return .none
      }
      guard length <= limit else {
        message = language.overLimit(by: length - limit)
        return .none
      }
      return .send(editor.document.postText)
    case .left, .right, .up, .down:
      if isKeyboardVisible { moveHighlight(key) } else { moveCaret(key) }
    case .pageUp: if isKeyboardVisible { turnPage(by: -1) }
    case .pageDown: if isKeyboardVisible { turnPage(by: 1) }
    case .enter:
      if isKeyboardVisible { pressHighlightedKey() } else { editor.insert("\n") }
    }
    return .none
  }

  /// Puts `emoticon` in place of the partial token before the caret.
  private mutating func complete(with emoticon: Emoticon) {
    editor.complete(with: emoticon.code)
    recents.use(emoticon)
    candidateIndex = 0
  }

  /// Moves the caret to the start or end of its line as drawn (a wrapped line's end is before its last cluster,
  /// as after it is the start of the next line).
  private mutating func moveCaretAlongLine(toEnd: Bool) {
    let layout = TerminalLayout(editor.document, columns: textColumns, emoticonCodes: false)
    let line = layout.position(ofCaret: editor.caret).line
    let utf16Offset = layout.caretOffset(
      line: line, column: toEnd ? Int.max : 0, documentEnd: editor.document.utf16Count)
    editor.select(utf16Offset..<utf16Offset)
  }

  private mutating func moveCaret(_ key: ComposerKey) {
    switch key {
    case .left: editor.move(.left)
    case .right: editor.move(.right)
    case .up, .down:
      // Note: Up and Down go to the same column of the line above or below as drawn (wrapped), or to
      // either end of the text from the first or last line.
      let layout = TerminalLayout(editor.document, columns: textColumns, emoticonCodes: false, visualOrder: true)
      let caret = layout.position(ofCaret: editor.caret)
      let target = caret.line + (key == .up ? -1 : 1)
      guard layout.lines.indices.contains(target) else { return editor.move(key == .up ? .start : .end) }
      let utf16Offset = layout.caretOffset(line: target, column: caret.column, documentEnd: editor.document.utf16Count)
      editor.select(utf16Offset..<utf16Offset)
    default: break
    }
  }

  /// The cells a line of text has on screen (a margin of one cell on each side).
  var textColumns: Int { columns - 2 }

  private mutating func moveHighlight(_ key: ComposerKey) {
    guard let cell = cellIndex else {
      // On the tab bar.
      switch key {
      case .left: selectTab((tabIndex + tabs.count - 1) % tabs.count)
      case .right: selectTab((tabIndex + 1) % tabs.count)
      case .down: cellIndex = 0
      default: break
      }
      return
    }
    let columns = Self.layout.columns
    let last = Self.layout.cellsPerPage - 1
    switch key {
    case .left: cellIndex = cell == 0 ? last : cell - 1
    case .right: cellIndex = cell == last ? 0 : cell + 1
    case .up: cellIndex = cell < columns ? nil : cell - columns
    case .down: cellIndex = cell + columns > last ? cell : cell + columns
    default: break
    }
  }

  private mutating func selectTab(_ index: Int) {
    tabIndex = index
    pageIndex = 0
  }

  private mutating func turnPage(by pages: Int) {
    pageIndex = min(max(pageIndex + pages, 0), self.pages.count - 1)
    if cellIndex == nil { cellIndex = 0 }
  }

  private mutating func pressHighlightedKey() {
    guard let cell = cellIndex else {
      cellIndex = 0
      return
    }
    switch page.cells[cell] {
    case .delete: editor.deleteBackward()
    case .empty: break
    case .emoticon(let emoticon):
      editor.insert(emoticon: emoticon)
      recents.use(emoticon)
    }
  }
}
