import EmotextUnicode

/// Marked text: an input method's composition, as UIKit's `UITextInput` and AppKit's `NSTextInputClient`
/// define it.
///
/// The rules (UITextInput's, and Chromium's `ImeTextSpan` composition, where UIKit is silent):
/// - ``setMarkedText(_:selectedRange:)`` replaces the marked text, or the selection when nothing is marked;
///   `selectedRange` is relative to the marked text. Empty marked text ends the composition.
/// - Marked text is never turned into attachments or entities while it is marked: typing `[哈哈]` through a
///   pinyin IME does not flicker into an emoticon mid-composition.
/// - ``unmarkText()`` commits the marked text as if it had been typed (tokens and entities recognized), and
///   ``insert(_:)-(String)`` while text is marked replaces the marked text and commits it.
/// - The whole composition, its commit included, is one undo step.
/// - Backspace and forward delete while text is marked edit the marked text (as the IME itself does,
///   sending shorter marked text); deleting its last character ends the composition. With the caret at
///   the start of the marked text, Backspace does nothing.
/// - Moving the caret, selecting, undo, redo, pasting, inserting an emoticon, surrounding deletes and
///   completion commit the marked text first, as AppKit's `NSTextView` and Chromium do when the user
///   clicks elsewhere during a composition.
extension Editor {
  /// Sets the input method's marked text, replacing the marked text, or the selection when nothing is
  /// marked, and selects `selectedRange` inside it (UTF-16 offsets from the marked text's start, clamped
  /// to it).
  ///
  /// A UIKit host forwards `UITextInput.setMarkedText(_:selectedRange:)` here, an AppKit host
  /// `NSTextInputClient.setMarkedText(_:selectedRange:replacementRange:)`, an Android host
  /// `InputConnection.setComposingText` (with the caret at the end).
  public mutating func setMarkedText(_ text: String, selectedRange: Range<Int>) {
    beginCall()
    if markedRange == nil { openGroup = nil }
    replaceMarkedText(with: text, selectedRange: selectedRange)
  }

  /// Sets the marked text with the caret at its end.
  public mutating func setMarkedText(_ text: String) {
    setMarkedText(text, selectedRange: text.utf16.count..<text.utf16.count)
  }

  /// Commits the marked text as typed text: its tokens become attachments and its entities are recognized.
  /// Does nothing when nothing is marked.
  public mutating func unmarkText() {
    beginCall()
    commitMarkedText()
  }

  /// The marked text as a string, or nil when nothing is marked.
  public var markedText: String? {
    markedRange.map { document.slice($0).postText }
  }

  private mutating func replaceMarkedText(with text: String, selectedRange: Range<Int>) {
    let target = markedRange ?? selection
    let text = limitedWhileComposing(text, replacing: target)
    edit(target, with: RichText(text), group: .composing, normalizing: false)
    openGroup = .composing
    let start = target.lowerBound
    let count = text.utf16.count
    guard count > 0 else {
      // Note: removing the marked text can join what was on either side of it (`[哈` and `哈]`), so that is
      // recognized as a commit would.
      markedRange = nil
      commit(around: start..<start, caret: start)
      return
    }
    markedRange = start..<(start + count)
    let lower = start + min(max(selectedRange.lowerBound, 0), count)
    let upper = start + min(max(selectedRange.upperBound, 0), count)
    // Note: kept off surrogate halves (an IME counting UTF-16 might still land in one), not on clusters:
    // the IME decides where its caret goes inside its composition.
    setSelection(
      document.snappedToScalar(lower)..<max(document.snappedToScalar(lower), document.snappedToScalar(upper)))
  }

  /// Commits the marked text, if any, in the composition's undo step.
  mutating func commitMarkedText() {
    guard let marked = markedRange else { return }
    let kept = cutMarkedTextToLimit(marked)
    markedRange = nil
    commit(around: kept, caret: head)
  }

  private mutating func commit(around range: Range<Int>, caret: Int) {
    let mapped = edit(
      range.upperBound..<range.upperBound, with: RichText(), group: .composing, alsoAround: range, caret: caret)
    placeCaret(mapped, joiningBackward: false)
    openGroup = nil
  }

  /// Backspace or forward delete inside the marked text.
  mutating func deleteInMarkedText(forward: Bool) {
    guard let marked = markedRange else { return }
    var range = selection.clamped(to: marked)
    if range.isEmpty {
      let caret = range.lowerBound
      range =
        forward
        ? caret..<min(document.graphemeBoundary(after: caret), marked.upperBound)
        : max(document.deletionStart(before: caret, mode: backspaceMode), marked.lowerBound)..<caret
    }
    guard !range.isEmpty else { return }
    let text = document.slice(marked).postText.utf16
    let prefix = String(text[..<text.index(text.startIndex, offsetBy: range.lowerBound - marked.lowerBound)])!
    let suffix = String(text[text.index(text.startIndex, offsetBy: range.upperBound - marked.lowerBound)...])!
    let caretInMarked = prefix.utf16.count
    replaceMarkedText(with: prefix + suffix, selectedRange: caretInMarked..<caretInMarked)
  }
}

extension RichText {
  /// `utf16Offset` moved back off the second half of a surrogate pair, if it is on one.
  func snappedToScalar(_ utf16Offset: Int) -> Int {
    guard utf16Offset > 0, utf16Offset < utf16Count else { return max(0, min(utf16Offset, utf16Count)) }
    let (run, runRange) = run(containing: utf16Offset)
    guard case .text(let text, _) = run else { return utf16Offset }
    let units = text.utf16
    let index = units.index(units.startIndex, offsetBy: utf16Offset - runRange.lowerBound)
    return UTF16.isTrailSurrogate(units[index]) ? utf16Offset - 1 : utf16Offset
  }
}
