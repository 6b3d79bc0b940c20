import EmotextUnicode

extension RichText {
  /// The width in terminal cells: the sum over clusters (see ``TerminalCellWidth``), 2 per attachment.
  /// Line breaks count 0; this is the width of the text laid out on one line.
  /// - Complexity: O(*n*) in the length of the text.
  public var terminalCellWidth: Int {
    var cells = 0
    for run in runs {
      switch run {
      case .emoticon: cells += TerminalCellWidth.attachment
      case .text(let text, _): cells += TerminalCellWidth.ofText(text)
      }
    }
    return cells
  }
}
