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
    let start = selection.lowerBound
    let end = selection.upperBound
    let lower = document.snapped(document.utf16Offset(movingBack: before, codePointsFrom: start), .backward)
    let upper = document.snapped(document.utf16Offset(movingForward: after, codePointsFrom: end), .forward)
    deleteAround(lower..<start, end..<upper)
  }

  /// Deletes `trailing`, then `leading`, in one undo step, and keeps the selection between them.
  private mutating func deleteAround(_ leading: Range<Int>, _ trailing: Range<Int>) {
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

extension RichText {
  /// The UTF-16 offset `count` code points before `utf16Offset` (an attachment is one), or 0.
  func utf16Offset(movingBack count: Int, codePointsFrom utf16Offset: Int) -> Int {
    var offset = utf16Offset
    var remaining = count
    while remaining > 0 && offset > 0 {
      let (run, runRange) = run(containing: offset - 1)
      guard case .text(let text, _) = run else {
        offset -= 1
        remaining -= 1
        continue
      }
      let units = text.utf16
      var index = units.index(units.startIndex, offsetBy: offset - runRange.lowerBound)
      while remaining > 0 && index > units.startIndex {
        units.formIndex(before: &index)
        offset -= 1
        if UTF16.isTrailSurrogate(units[index]) && index > units.startIndex {
          units.formIndex(before: &index)
          offset -= 1
        }
        remaining -= 1
      }
    }
    return offset
  }

  /// The UTF-16 offset `count` code points after `utf16Offset` (an attachment is one), or the end.
  func utf16Offset(movingForward count: Int, codePointsFrom utf16Offset: Int) -> Int {
    var offset = utf16Offset
    var remaining = count
    let total = utf16Count
    while remaining > 0 && offset < total {
      let (run, runRange) = run(containing: offset)
      guard case .text(let text, _) = run else {
        offset += 1
        remaining -= 1
        continue
      }
      let units = text.utf16
      var index = units.index(units.startIndex, offsetBy: offset - runRange.lowerBound)
      while remaining > 0 && index < units.endIndex {
        let width = UTF16.isLeadSurrogate(units[index]) ? 2 : 1
        units.formIndex(&index, offsetBy: width)
        offset += width
        remaining -= 1
      }
    }
    return offset
  }
}
