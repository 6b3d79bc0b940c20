/// The state of the terminal composer (`emotext compose`): an ``Editor``, the emoticon keyboard and the
/// counter, with key handling and drawing to a string, and no terminal I/O of its own.
///
/// The keyboard has a tab per pack offered on the keyboard, then 最近 (recents). Each page is a 3 × 7
/// grid of 20 emoticons and the delete key last. With the keyboard shown, the arrows move the highlight
/// (Up from the top row reaches the tab bar, where Left and Right change tabs), Enter inserts the
/// highlighted emoticon at the caret (or presses delete), PageUp and PageDown turn pages. Typing and
/// Backspace always edit the text.
///
/// ```swift
/// var screen = ComposerScreen(catalog: .default, columns: 80, rows: 24)
/// screen.handle(.text("今天好开心"))
/// screen.handle(.tab)       // shows the keyboard
/// screen.handle(.enter)     // inserts the highlighted emoticon, [哈哈]
/// screen.handle(.send)      // .send("今天好开心[哈哈]")
/// let frame = screen.draw() // the whole screen, with ANSI cursor moves
/// ```
public struct ComposerScreen: Sendable {
  /// What a key press leads to.
  public enum Outcome: Equatable, Sendable {
    /// Keep composing (redraw).
    case none
    /// Send this post text.
    case send(String)
    /// Cancelled by Esc or Ctrl-C.
    case cancel
  }

  /// Rows in an emoticon keyboard page.
  public static let pageRows = 3
  /// Columns in an emoticon keyboard page.
  public static let pageColumns = 7
  /// Emoticons on a page: every cell but the last, which is the delete key.
  public static let emoticonsPerPage = pageRows * pageColumns - 1
  /// The most recents kept.
  public static let recentsLimit = emoticonsPerPage
  /// The text shown while the document is empty.
  public static let placeholder = "分享新鲜事…"
  /// The name of the recents tab.
  public static let recentsTabName = "最近"

  /// The text being composed.
  public private(set) var editor: Editor
  /// The emoticons inserted from the keyboard, most recent first.
  public private(set) var recents: [Emoticon]
  /// The most the counter allows; past it the counter is red and sending is refused.
  public var limit: Int
  /// How the counter measures the document (by default, grapheme clusters with attachments as 1).
  public var measure: @Sendable (RichText) -> Int
  public private(set) var columns: Int
  public private(set) var rows: Int
  /// Whether the emoticon keyboard is shown.
  public private(set) var isKeyboardVisible = false
  /// The tab shown: an index into ``tabs``.
  public private(set) var tabIndex = 0
  /// The page shown in the current tab, from 0.
  public private(set) var pageIndex = 0
  /// The highlighted cell of the page (0 ..< 21, the last is delete), or nil when the tab bar is.
  public private(set) var cellIndex: Int? = 0
  /// A one-line message for the status bar (a refused send), cleared by the next key.
  public private(set) var message: String?

  private let packs: [EmoticonPack]

  /// A composer on an empty document; `recentCodes` are resolved against the catalog, unknown ones dropped.
  public init(
    catalog: EmoticonCatalog, columns: Int, rows: Int, limit: Int = 140, recentCodes: [String] = [],
    measure: @escaping @Sendable (RichText) -> Int = { $0.graphemeCount }
  ) {
    editor = Editor(catalog: catalog)
    packs = catalog.packs.filter { !$0.isDisplayOnly && !$0.emoticons.isEmpty }
    recents = Array(recentCodes.compactMap { catalog.emoticon(forCode: $0) }.prefix(Self.recentsLimit))
    self.limit = limit
    self.measure = measure
    self.columns = max(columns, 20)
    self.rows = max(rows, 8)
  }

  /// The keyboard tabs: each pack's name, then 最近.
  public var tabs: [String] { packs.map(\.displayName) + [Self.recentsTabName] }

  /// The codes of ``recents``, most recent first, to persist between runs.
  public var recentCodes: [String] { recents.map(\.code) }

  /// The counter's value.
  public var length: Int { measure(editor.document) }

  /// The emoticons of the current tab.
  private var tabEmoticons: [Emoticon] { tabIndex < packs.count ? packs[tabIndex].emoticons : recents }

  /// How many pages the current tab has (at least 1).
  public var pageCount: Int { max(1, (tabEmoticons.count + Self.emoticonsPerPage - 1) / Self.emoticonsPerPage) }

  /// The emoticons on the current page, up to 20.
  public var pageEmoticons: ArraySlice<Emoticon> {
    let all = tabEmoticons
    let start = min(pageIndex * Self.emoticonsPerPage, all.count)
    return all[start..<min(start + Self.emoticonsPerPage, all.count)]
  }

  /// Adapts to a new terminal size.
  public mutating func resize(columns: Int, rows: Int) {
    self.columns = max(columns, 20)
    self.rows = max(rows, 8)
  }

  // MARK: Keys

  /// Applies one key press.
  @discardableResult
  public mutating func handle(_ key: ComposerKey) -> Outcome {
    message = nil
    switch key {
    case .text(let text): editor.insert(text)
    case .backspace: editor.deleteBackward()
    case .delete: editor.deleteForward()
    case .home: editor.move(.start)
    case .end: editor.move(.end)
    case .undo: editor.undo()
    case .redo: editor.redo()
    case .tab: isKeyboardVisible.toggle()
    case .escape, .interrupt: return .cancel
    case .send:
      guard !editor.document.isEmpty else {
        message = "没有内容可发送"
        return .none
      }
      guard length <= limit else {
        message = "超出 \(length - limit) 字，无法发送"
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

  private mutating func moveCaret(_ key: ComposerKey) {
    switch key {
    case .left: editor.move(.left)
    case .right: editor.move(.right)
    case .up: editor.move(.start)
    case .down: editor.move(.end)
    default: break
    }
  }

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
    let row = cell / Self.pageColumns
    let column = cell % Self.pageColumns
    switch key {
    case .left: cellIndex = cell == 0 ? Self.emoticonsPerPage : cell - 1
    case .right: cellIndex = cell == Self.emoticonsPerPage ? 0 : cell + 1
    case .up: cellIndex = row == 0 ? nil : cell - Self.pageColumns
    case .down: cellIndex = row == Self.pageRows - 1 ? cell : cell + Self.pageColumns
    default: _ = column
    }
  }

  private mutating func selectTab(_ index: Int) {
    tabIndex = index
    pageIndex = 0
  }

  private mutating func turnPage(by pages: Int) {
    pageIndex = min(max(pageIndex + pages, 0), pageCount - 1)
    if cellIndex == nil { cellIndex = 0 }
  }

  private mutating func pressHighlightedKey() {
    guard let cell = cellIndex else {
      cellIndex = 0
      return
    }
    if cell == Self.emoticonsPerPage { return editor.deleteBackward() }
    let page = pageEmoticons
    guard cell < page.count else { return }
    let emoticon = page[page.startIndex + cell]
    editor.insert(emoticon: emoticon)
    recents.removeAll { $0 == emoticon }
    recents.insert(emoticon, at: 0)
    if recents.count > Self.recentsLimit { recents.removeLast(recents.count - Self.recentsLimit) }
  }
}
