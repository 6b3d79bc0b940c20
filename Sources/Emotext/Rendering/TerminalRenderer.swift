/// Renders a document for a terminal: ANSI colours for entities and emoticons, wrapped to a width.
///
/// Emoticons show as their emoji fallback (or, with ``Options/emoticonCodes`` or without a fallback, as
/// their highlighted token). Wrapping never splits a grapheme cluster or an emoticon. Without
/// ``Options/colors`` the output has no escape sequences at all.
///
/// ```swift
/// let post = BracketTokenizer(catalog: .default).tokenize("@小明 今天好开心[哈哈]").recognizingEntities()
/// let renderer = TerminalRenderer(options: TerminalRenderer.defaultOptions(environment: ["NO_COLOR": "1"],
///                                                                          isTerminal: true),
///                                 columns: 10)
/// renderer.render(post)   // "@小明 今天\n好开心😆"
/// ```
public struct TerminalRenderer: Sendable {
  /// What the renderer writes.
  public struct Options: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// ANSI SGR colours (mentions and topics cyan, links underlined blue, emoticon tokens yellow, emoticon
    /// fallbacks on a yellow background, so an inserted emoticon is told apart from a typed emoji).
    public static let colors = Options(rawValue: 1 << 0)
    /// Emoticons as their token (`[哈哈]`) instead of their emoji fallback.
    public static let emoticonCodes = Options(rawValue: 1 << 1)
    /// Each line in visual order by the Unicode Bidirectional Algorithm (``BidiLine``: right-to-left runs
    /// reversed, their brackets mirrored, attachments as U+FFFC), for terminals that do no bidi of their own.
    /// Without it lines are in logical order, for files, pipes and terminals that reorder text themselves.
    public static let visualOrder = Options(rawValue: 1 << 2)
  }

  /// What the renderer writes.
  public var options: Options
  /// The width to wrap at, in terminal cells; nil for no wrapping.
  public var columns: Int?

  /// A renderer with `options`, wrapping at `columns` cells when given (at least 1).
  public init(options: Options = [.colors], columns: Int? = nil) {
    precondition(columns.map { $0 > 0 } ?? true, "TerminalRenderer needs a positive column count")
    self.options = options
    self.columns = columns
  }

  /// `[.colors]` when the output is a terminal and `NO_COLOR` is unset or empty (https://no-color.org),
  /// else no options.
  public static func defaultOptions(environment: [String: String], isTerminal: Bool) -> Options {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return isTerminal && !noColor ? [.colors] : []
  }

  /// The rendered lines joined with `\n` (no trailing newline).
  public func render(_ text: RichText) -> String { lines(text).joined(separator: "\n") }

  /// The rendered lines: one per line break in the text, more where it wraps; each at most ``columns``
  /// cells wide unless one cluster or emoticon is wider. Trailing spaces are dropped.
  public func lines(_ text: RichText) -> [String] {
    let layout = TerminalLayout(
      text, columns: columns, emoticonCodes: options.contains(.emoticonCodes),
      visualOrder: options.contains(.visualOrder))
    return layout.lines.map { Self.draw($0, colors: options.contains(.colors)) }
  }

  /// One line of pieces as a string, each stretch of one style wrapped in its SGR sequence.
  package static func draw(_ line: [TerminalLayout.Piece], colors: Bool) -> String {
    var pieces = line[...]
    while let last = pieces.last, last.isSpace || last.isLineBreak || last.shown.isEmpty { pieces.removeLast() }
    var result = ""
    // Note: one allocation for the line (each piece appended to a string that grows would copy it again and again):
    // the pieces' bytes, a reset (4 bytes) and an SGR sequence (at most 6) where the style changes, a reset at the end.
    var capacity = colors ? 4 : 0
    var previousStyle: TerminalLayout.Style?
    for piece in pieces {
      capacity &+= piece.shown.utf8.count
      if colors && piece.style != previousStyle { capacity &+= 10 }
      previousStyle = piece.style
    }
    result.reserveCapacity(capacity)
    var active = ""  // the SGR sequence in effect, "" for none
    for piece in pieces {
      let wanted = colors ? sgr(for: piece.style) : ""
      if wanted != active {
        if !active.isEmpty { result += ANSI.reset }
        result += wanted
        active = wanted
      }
      result += piece.shown
    }
    if !active.isEmpty { result += ANSI.reset }
    return result
  }

  static func sgr(for style: TerminalLayout.Style) -> String {
    switch style {
    case .plain: ""
    case .emoticon: ANSI.emoticonBackground
    case .entity(.mention), .entity(.topic): ANSI.cyan
    case .entity(.link): ANSI.underlinedBlue
    case .emoticonCode: ANSI.yellow
    }
  }
}

/// The SGR and cursor sequences the terminal renderer and the composer write.
package enum ANSI {
  package static let reset = "\u{1B}[0m"
  package static let cyan = "\u{1B}[36m"
  package static let underlinedBlue = "\u{1B}[4;34m"
  package static let yellow = "\u{1B}[33m"
  package static let emoticonBackground = "\u{1B}[43m"
  package static let red = "\u{1B}[31m"
  package static let dim = "\u{1B}[2m"
  package static let inverse = "\u{1B}[7m"
  package static let bold = "\u{1B}[1m"
  package static let clearLine = "\u{1B}[2K"
  package static let hideCursor = "\u{1B}[?25l"
  package static let showCursor = "\u{1B}[?25h"

  /// Moves the cursor to `row` and `column`, both from 1.
  package static func moveTo(row: Int, column: Int) -> String { "\u{1B}[\(row);\(column)H" }
}
