import EmotextUnicode

extension RichText {
  /// The width in terminal cells: the sum over clusters (see ``TerminalCellWidth``), 2 per attachment.
  /// Line breaks count 0; this is the width of the text laid out on one line.
  /// - Complexity: O(*n*) in the UTF-8 length, read in place run by run (a run cut across leaves is assembled).
  public var terminalCellWidth: Int {
    var cells = 0
    forEachWholeRun { run in
      cells += run.isAttachment ? TerminalCellWidth.attachment : TerminalCellWidth.ofText(utf8: run.utf8)
      return true
    }
    return cells
  }
}
