/// The host contract in every unit: a host that counts positions in Unicode scalars (GTK, Python) or in UTF-8
/// bytes (C, Rust, Go) reads and sets the selection, edits, and mirrors changes in its own unit, each conversion
/// O(log *n*) by the document tree's counts (see ``TextUnit``).
///
/// ```swift
/// var editor = Editor()
/// editor.insert("😀好")
/// editor.select(anchor: 2, head: 0, in: .unicodeScalars)   // shift+left twice: the head is at the start
/// editor.selectionEnds(in: .utf8)                          // anchor 7, head 0
/// editor.insert("你")
/// editor.lastChange(in: .unicodeScalars)                   // replaced 0..<2 with 1 scalar
/// ```
extension Editor {
  /// The selection's ends in `unit`: the anchor stays put when it is extended, the head moves (the caret).
  /// - Complexity: O(log *n*).
  public func selectionEnds(in unit: TextUnit) -> SelectionEnds {
    SelectionEnds(
      anchor: document.offset(anchor, from: .utf16, to: unit), head: document.offset(head, from: .utf16, to: unit))
  }

  /// The selection in `unit`; an empty range is a caret.
  /// - Complexity: O(log *n*).
  public func selection(in unit: TextUnit) -> Range<Int> { document.range(selection, from: .utf16, to: unit) }

  /// The marked text's range in `unit`, or nil when nothing is marked.
  /// - Complexity: O(log *n*).
  public func markedRange(in unit: TextUnit) -> Range<Int>? {
    markedRange.map { document.range($0, from: .utf16, to: unit) }
  }

  /// Selects from `anchor` to `head` (offsets in `unit`, clamped to the document), keeping the direction: a
  /// toolkit's shift-extended selection is mirrored with its anchor and head. As ``select(_:)``, the selection
  /// covers whole clusters: its lower end moves back to a cluster's start, its upper end on to a cluster's end.
  /// Marked text is committed first.
  /// An offset inside a scalar (or an attachment's U+FFFC) moves back to its start.
  public mutating func select(anchor: Int, head: Int, in unit: TextUnit) {
    beginCall()
    commitMarkedText()
    let anchor = utf16Offset(clamping: anchor, in: unit)
    let head = utf16Offset(clamping: head, in: unit)
    let range = snappedRange(min(anchor, head)..<max(anchor, head))
    setSelection(range)
    if head < anchor { (self.anchor, self.head) = (range.upperBound, range.lowerBound) }
    openGroup = nil
  }

  /// Replaces `range` (offsets in `unit`, snapped outward to whole clusters) with `content`; the caret goes
  /// after it (see ``replace(_:with:)``).
  /// Ends inside a scalar (or an attachment's U+FFFC) move back to its start.
  /// - Precondition: `range` lies in the document.
  public mutating func replace(_ range: Range<Int>, in unit: TextUnit, with content: RichText) {
    let total = document.count(in: unit)
    precondition(
      range.lowerBound >= 0 && range.upperBound <= total,
      "Editor range \(range) (\(unit)) is outside the document (\(total))")
    let lower = utf16Offset(clamping: range.lowerBound, in: unit)
    replace(lower..<max(lower, utf16Offset(clamping: range.upperBound, in: unit)), with: content)
  }

  /// Sets the input method's marked text with `selectedRange` inside it counted in `unit` from the marked text's
  /// start (see ``setMarkedText(_:selectedRange:)``): GTK's preedit cursor is in characters (scalars).
  public mutating func setMarkedText(_ text: String, selectedRange: Range<Int>, in unit: TextUnit) {
    func utf16Offset(_ offset: Int) -> Int {
      let scalars = text.unicodeScalars
      let index: String.Index =
        switch unit {
        case .utf16: text.utf16.index(text.startIndex, offsetBy: min(max(offset, 0), text.utf16.count))
        case .unicodeScalars: scalars.index(scalars.startIndex, offsetBy: min(max(offset, 0), scalars.count))
        case .utf8: text.utf8.index(text.startIndex, offsetBy: min(max(offset, 0), text.utf8.count))
        }
      return text.utf16.distance(from: text.startIndex, to: index)
    }
    setMarkedText(text, selectedRange: utf16Offset(selectedRange.lowerBound)..<utf16Offset(selectedRange.upperBound))
  }

  /// Deletes `count` units of `unit` starting `offset` units from the caret (negative: before it), keeping the
  /// selection: GTK's `GtkIMContext::delete-surrounding` (offset and count in characters, that is, scalars). The
  /// part before the selection and the part after it are widened to whole clusters, as in
  /// ``deleteSurroundingText(before:after:)``; what lies in the selection stays; counts past either end of the
  /// document stop there. One undo step. Marked text is committed first.
  /// Ends inside a scalar (or an attachment's U+FFFC) move back to its start: the offsets are relative to a caret
  /// that committing the marked text may have moved.
  /// - Precondition: `count >= 0`.
  public mutating func deleteSurroundingText(offset: Int, count: Int, in unit: TextUnit) {
    precondition(count >= 0, "deleteSurroundingText takes a count of 0 or more, not \(count)")
    beginCall()
    commitMarkedText()
    // Note: a host's offset and count may be anything up to Int.max (the C ABI passes them on); the ends saturate
    // at Int.max, past the end, instead of overflowing (the caret's offset is not negative, so only a sum does).
    let start = max(document.offset(caret, from: .utf16, to: unit).addingSaturated(offset), 0)
    let selected = selection
    let lower = document.snapped(utf16Offset(clamping: start, in: unit), .backward)
    let upper = max(lower, document.snapped(utf16Offset(clamping: start.addingSaturated(count), in: unit), .forward))
    deleteAround(
      lower..<max(lower, min(upper, selected.lowerBound)),
      max(lower, selected.upperBound)..<max(upper, selected.upperBound))
  }

  /// The UTF-16 offset of `offset`, counted in `unit` and clamped to the document; an offset inside a scalar or an
  /// attachment's U+FFFC moves back to its start (a host computed it before the call committed marked text).
  private func utf16Offset(clamping offset: Int, in unit: TextUnit) -> Int {
    document.offset(min(max(offset, 0), document.count(in: unit)), from: unit, to: .utf16, snapping: true)
  }

  /// ``lastChange`` in `unit`: the replaced range of the document before the call and the length of what replaced
  /// it, both in `unit`.
  /// - Complexity: O(log *n*): the ends are converted in the document after the call, and the replaced length
  ///   follows from how much each call's changes changed the length.
  public func lastChange(in unit: TextUnit) -> UnitTextChange? {
    guard let change = lastChange else { return nil }
    let lower = document.offset(change.replacedRange.lowerBound, from: .utf16, to: unit)
    let insertedUpper = document.offset(change.insertedRange.upperBound, from: .utf16, to: unit)
    return UnitTextChange(
      unit: unit, replacedRange: lower..<(insertedUpper - unit.size(of: lastChangeDelta)),
      insertedCount: insertedUpper - lower)
  }

  /// ``lastRestyle`` in `unit`, in the document after the call.
  /// - Complexity: O(log *n*).
  public func lastRestyle(in unit: TextUnit) -> Range<Int>? {
    lastRestyle.map { document.range($0, from: .utf16, to: unit) }
  }

  /// The text around the selection for an input method, with the caret (the head) and the anchor as byte
  /// indices into it: GTK's `gtk_im_context_set_surrounding_with_selection`, answering `retrieve-surrounding`.
  ///
  /// The text is the selection's paragraph (from the line break before the selection to the one after it), at
  /// most `scalarLimit` scalars on either side of the selection; attachments are U+FFFC; marked text is
  /// included, as a toolkit's buffer holds it.
  /// - Complexity: O(log *n*) plus the length of the text.
  public func surroundingText(scalarLimit: Int = 1024) -> SurroundingText {
    let selected = selection
    let scalars = document.range(selected, from: .utf16, to: .unicodeScalars)
    let windowStart = document.offset(max(scalars.lowerBound - scalarLimit, 0), from: .unicodeScalars, to: .utf16)
    let windowEnd = document.offset(
      min(scalars.upperBound + scalarLimit, document.scalarCount), from: .unicodeScalars, to: .utf16)
    var before = Substring(document.bufferText(in: windowStart..<selected.lowerBound))
    if let lineBreak = before.lastIndex(where: \.isNewline) { before = before[before.index(after: lineBreak)...] }
    let inside = document.bufferText(in: selected)
    var after = Substring(document.bufferText(in: selected.upperBound..<windowEnd))
    if let lineBreak = after.firstIndex(where: \.isNewline) { after = after[..<lineBreak] }
    let lower = before.utf8.count
    let upper = lower + inside.utf8.count
    let headIsLower = head == selected.lowerBound
    return SurroundingText(
      text: String(before) + inside + after, caretUTF8Index: headIsLower ? lower : upper,
      anchorUTF8Index: headIsLower ? upper : lower)
  }
}

/// The two ends of a selection in one unit, with its direction: the anchor stays put when the selection is
/// extended, the head (the caret) moves.
public struct SelectionEnds: Hashable, Sendable {
  /// The end that stays put.
  public var anchor: Int
  /// The end that moves: the caret.
  public var head: Int

  public init(anchor: Int, head: Int) {
    self.anchor = anchor
    self.head = head
  }

  /// The selected range, lower end first.
  public var range: Range<Int> { min(anchor, head)..<max(anchor, head) }
}

/// A text change in one unit (see ``Editor/lastChange(in:)``): the range it replaced in the document before it,
/// and the length of what replaced it.
///
/// A GTK host deletes `replacedRange` from its buffer (character offsets) and inserts the document's content of
/// `insertedRange`, read after the change.
public struct UnitTextChange: Hashable, Sendable {
  /// The unit of the ranges and counts.
  public var unit: TextUnit
  /// The replaced range, in the document before the change.
  public var replacedRange: Range<Int>
  /// The length of what replaced it.
  public var insertedCount: Int

  public init(unit: TextUnit, replacedRange: Range<Int>, insertedCount: Int) {
    self.unit = unit
    self.replacedRange = replacedRange
    self.insertedCount = insertedCount
  }

  /// The range the new content occupies, in the document after the change.
  public var insertedRange: Range<Int> { replacedRange.lowerBound..<(replacedRange.lowerBound + insertedCount) }
}

/// What an input method reads around the caret (GTK's `retrieve-surrounding`): a stretch of the text as the
/// host's buffer holds it, with the caret and the anchor as UTF-8 byte indices into it.
public struct SurroundingText: Hashable, Sendable {
  /// The text: each attachment as U+FFFC.
  public var text: String
  /// The caret (the selection's head), in UTF-8 bytes from the start of `text`.
  public var caretUTF8Index: Int
  /// The selection's anchor, in UTF-8 bytes from the start of `text`; the caret's index when nothing is
  /// selected.
  public var anchorUTF8Index: Int

  public init(text: String, caretUTF8Index: Int, anchorUTF8Index: Int) {
    self.text = text
    self.caretUTF8Index = caretUTF8Index
    self.anchorUTF8Index = anchorUTF8Index
  }
}

extension Int {
  /// `self + other`, or `Int.max` where the sum would overflow; for `self` and `other` not both negative.
  fileprivate func addingSaturated(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? .max : sum
  }
}
