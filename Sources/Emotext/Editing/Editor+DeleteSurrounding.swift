/// Android `InputConnection` deletes: text around the selection, the selection itself kept.
extension Editor {
  /// Deletes `before` UTF-16 units before the selection and `after` units after it, keeping the selection
  /// (Android's `InputConnection.deleteSurroundingText(beforeLength, afterLength)`), as one undo step.
  ///
  /// Each range is widened to whole grapheme clusters, so a cluster is never split and an attachment the
  /// range touches goes whole (as emoji2's `EmojiCompat.handleDeleteSurroundingText` widens to its emoji
  /// spans); counts past either end of the document stop there. With ``entityDeletion`` ``EntityDeletion/whole``,
  /// a mention or topic the range reaches into from the selection goes whole too (an IME's Backspace is
  /// `deleteSurroundingText(1, 0)`). Marked text is committed first.
  public mutating func deleteSurroundingText(before: Int, after: Int) {
    precondition(before >= 0 && after >= 0, "deleteSurroundingText takes counts of 0 or more")
    beginCall()
    commitMarkedText()
    let start = selection.lowerBound
    let end = selection.upperBound
    let lower = document.snapped(max(start - before, 0), .backward)
    let upper = document.snapped(min(end + min(after, document.utf16Count), document.utf16Count), .forward)
    deleteAround(lower..<start, end..<upper)
  }

  /// Deletes `before` code points before the selection and `after` code points after it, keeping the
  /// selection (Android's `InputConnection.deleteSurroundingTextInCodePoints`); an attachment counts as one
  /// code point. Ranges are widened to whole clusters as in ``deleteSurroundingText(before:after:)``.
  public mutating func deleteSurroundingText(inCodePoints before: Int, after: Int) {
    precondition(before >= 0 && after >= 0, "deleteSurroundingText takes counts of 0 or more")
    beginCall()
    commitMarkedText()
    let scalars = selection(in: .unicodeScalars)
    let lower = max(scalars.lowerBound - before, 0)
    let upper = scalars.upperBound + min(after, document.scalarCount - scalars.upperBound)
    let range = document.range(lower..<upper, from: .unicodeScalars, to: .utf16)
    deleteAround(
      document.snapped(range.lowerBound, .backward)..<selection.lowerBound,
      selection.upperBound..<document.snapped(range.upperBound, .forward))
  }

  /// Deletes `trailing`, then `leading`, in one undo step, and keeps the selection between them.
  mutating func deleteAround(_ leading: Range<Int>, _ trailing: Range<Int>) {
    let (leading, trailing) = widenedToWholeEntities(leading, trailing)
    guard !leading.isEmpty || !trailing.isEmpty else { return }
    let selected = selection
    beginUndoStep()
    openGroup = .deleting
    redoStack.removeAll()
    var lower = selected.lowerBound
    var upper = selected.upperBound
    if !trailing.isEmpty {
      // Note: the caret passed through is the selection's start, which the deletion after it leaves alone
      // unless tokens join across the selection.
      let mappedUpper = edit(trailing, with: RichText(), group: .deleting, caret: upper)
      upper = mappedUpper
      lower = min(lower, upper)
    }
    if !leading.isEmpty {
      let mapped = edit(leading, with: RichText(), group: .deleting, caret: leading.lowerBound)
      upper = max(mapped, upper - leading.count)
      lower = mapped
    }
    openGroup = nil
    setSelection(snappedRange(lower..<max(lower, min(upper, document.utf16Count))))
  }
}
