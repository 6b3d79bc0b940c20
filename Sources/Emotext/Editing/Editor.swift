/// A composer's editing state: a document, a selection, and undo history.
///
/// Positions are UTF-16 offsets, so a host can pass UITextView's `selectedRange` straight in. Every
/// edit leaves the selection on grapheme boundaries outside attachments, and keeps the document
/// canonical against the catalog: typing the `]` that completes `[哈哈]` turns it into an attachment.
///
/// ```swift
/// var editor = Editor(catalog: .default)
/// editor.insert("今天好开心")
/// editor.insert(emoticon: EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!)
/// editor.deleteBackward()            // removes [哈哈] whole
/// editor.undo()                      // brings it back
/// editor.document.postText           // "今天好开心[哈哈]"
/// ```
public struct Editor: Sendable {
  /// The document being edited.
  public private(set) var document: RichText
  /// The selection in UTF-16 offsets; an empty range is a caret.
  public var selection: Range<Int> { min(anchor, head)..<max(anchor, head) }
  /// The end of the selection that stays put when the selection is extended.
  private var anchor: Int
  /// The end of the selection that moves when the selection is extended: the caret.
  private var head: Int
  /// What one Backspace removes from text.
  public var backspaceMode: BackspaceMode
  /// What turns tokens into attachments as the user types: `[哈哈]` with a ``BracketTokenizer``, other
  /// syntaxes (`:smile:`) with a ``PatternTokenizer``.
  public let tokenizer: any EmoticonTokenizer
  /// How many steps undo keeps.
  public var undoLimit: Int = 100

  private var undoStack: [UndoStep] = []
  private var redoStack: [UndoStep] = []
  /// The kind of the last edit while it can still absorb the next one into the same undo step.
  private var openGroup: EditGroup?

  /// One undo (or redo) step: the changes it made, in order, and the selection to restore.
  // Note: a step keeps only what its edits replaced, not the whole document, so recording a keystroke
  // costs the size of the edit.
  private struct UndoStep: Sendable {
    var changes: [RecordedChange]
    var selection: Range<Int>
  }

  /// A change, with the content it replaced.
  private struct RecordedChange: Sendable {
    var change: TextChange
    var replaced: RichText
  }

  private enum EditGroup: Equatable {
    case typing, deleting
  }

  /// An editor on `document` with the caret at its end, recognizing the catalog's `[xx]` tokens.
  public init(
    document: RichText = RichText(), catalog: EmoticonCatalog = .default, backspaceMode: BackspaceMode = .platform
  ) {
    self.init(document: document, tokenizer: BracketTokenizer(catalog: catalog), backspaceMode: backspaceMode)
  }

  /// An editor on `document` with the caret at its end, recognizing the tokens `tokenizer` finds.
  public init(
    document: RichText = RichText(), tokenizer: any EmoticonTokenizer, backspaceMode: BackspaceMode = .platform
  ) {
    self.document = document
    anchor = document.utf16Count
    head = anchor
    self.backspaceMode = backspaceMode
    self.tokenizer = tokenizer
  }

  /// The caret: the end of the selection that moves when it is extended.
  public var caret: Int { head }

  // MARK: Selection

  /// Selects `utf16Range`, clamped to the document; a start inside a cluster moves to the cluster's start,
  /// an end inside one to its end, so a selection always covers whole clusters.
  public mutating func select(_ utf16Range: Range<Int>) {
    let lower = document.snapped(utf16Range.lowerBound, .backward)
    let upper = utf16Range.isEmpty ? lower : max(lower, document.snapped(utf16Range.upperBound, .forward))
    setSelection(lower..<upper)
    openGroup = nil
  }

  /// Where the caret goes.
  public enum Movement: String, Sendable, CaseIterable {
    case left, right, start, end
  }

  /// Moves the caret by one cluster or attachment, or to either end. Without `extending`, a range
  /// collapses to its edge in that direction; with it, the selection's far end moves and its start stays.
  public mutating func move(_ movement: Movement, extending: Bool = false) {
    openGroup = nil
    if !extending && !selection.isEmpty && (movement == .left || movement == .right) {
      let edge = movement == .left ? selection.lowerBound : selection.upperBound
      setSelection(edge..<edge)
      return
    }
    let target: Int =
      switch movement {
      case .left: document.graphemeBoundary(before: head)
      case .right: document.graphemeBoundary(after: head)
      case .start: 0
      case .end: document.utf16Count
      }
    head = target
    if !extending { anchor = target }
  }

  // MARK: Editing

  /// Types `text` over the selection; the caret goes after it. Consecutive typing undoes as one step.
  public mutating func insert(_ text: String) {
    replaceSelection(with: RichText(text), group: .typing)
  }

  /// Inserts `emoticon` over the selection: an image as one attachment (written as `token`, its code
  /// by default, or one of its aliases), an emoji as its text. Each emoticon is its own undo step.
  public mutating func insert(emoticon: Emoticon, token: String? = nil) {
    precondition(
      token.map { $0 == emoticon.code || emoticon.aliases.contains($0) } ?? true,
      "\(token ?? "") is not a spelling of \(emoticon.code)")
    switch emoticon.kind {
    case .image:
      let attachment = EmoticonAttachment(emoticon, token: token ?? emoticon.code)
      replaceSelection(with: RichText(attachment: attachment), group: nil)
    case .emoji(let text): replaceSelection(with: RichText(text), group: nil)
    }
  }

  /// Pastes `content` over the selection as one undo step.
  public mutating func insert(_ content: RichText) {
    replaceSelection(with: content, group: nil)
  }

  /// Replaces `utf16Range` (snapped outward to whole clusters) with `content`; the caret goes after it.
  public mutating func replace(_ utf16Range: Range<Int>, with content: RichText) {
    select(utf16Range)
    replaceSelection(with: content, group: nil)
  }

  /// Backspace: removes the selection, or the attachment or text (per ``backspaceMode``) before the caret.
  public mutating func deleteBackward() {
    guard selection.isEmpty else { return replaceSelection(with: RichText(), group: nil) }
    guard caret > 0 else { return }
    let start = document.deletionStart(before: caret, mode: backspaceMode)
    delete(start..<caret)
  }

  /// Forward delete: removes the selection, or the cluster or attachment after the caret.
  public mutating func deleteForward() {
    guard selection.isEmpty else { return replaceSelection(with: RichText(), group: nil) }
    let end = document.graphemeBoundary(after: caret)
    guard end > caret else { return }
    delete(caret..<end)
  }

  private mutating func delete(_ range: Range<Int>) {
    let removesAttachment = document.slice(range).runs.contains(where: \.isEmoticon)
    replace(range, with: RichText(), group: removesAttachment ? nil : .deleting)
    if removesAttachment { openGroup = nil }
  }

  private mutating func replaceSelection(with content: RichText, group: EditGroup?) {
    replace(selection, with: content, group: group)
  }

  private mutating func replace(_ range: Range<Int>, with content: RichText, group: EditGroup?) {
    if group == nil || group != openGroup { beginUndoStep() }
    redoStack.removeAll()
    // Note: what the edit and the token canonicalization after it can change lies within the text runs
    // around the range (canonicalization retokenizes only those), so that window is kept before the edit
    // and the exact replaced content is cut from it afterwards.
    let window = changeWindow(around: range)
    let windowContent = document.slice(window)
    let edit = document.replaceSubrange(range, with: content)
    let start = range.lowerBound
    let canonical = document.canonicalizeTokens(
      around: start..<(start + content.utf16Count), caret: start + content.utf16Count, tokenizer: tokenizer)
    let change = canonical.change.map { edit.followed(by: $0) } ?? edit
    precondition(
      window.lowerBound <= change.replacedRange.lowerBound && change.replacedRange.upperBound <= window.upperBound,
      "an edit changed text outside the window its undo step records")
    let replaced = windowContent.slice(change.replacedRange.shifted(by: -window.lowerBound))
    if !undoStack.isEmpty {
      undoStack[undoStack.count - 1].changes.append(RecordedChange(change: change, replaced: replaced))
    }
    // Note: the edit can join clusters on either side. After typing (🏽 after 👍) the caret moves past the
    // joined cluster; after a deletion (L V T + V → L V V) it moves to the joined cluster's start.
    let caret = document.snapped(canonical.caret, content.isEmpty ? .backward : .forward)
    setSelection(caret..<caret)
    openGroup = group
    #if EMOTEXT_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// The part of the document an edit of `range` can change: from the start of the run before the range
  /// to the end of the run at its end.
  private func changeWindow(around range: Range<Int>) -> Range<Int> {
    let count = document.utf16Count
    let lower = range.lowerBound > 0 ? document.run(containing: range.lowerBound - 1).utf16Range.lowerBound : 0
    let upper = range.upperBound < count ? document.run(containing: range.upperBound).utf16Range.upperBound : count
    return lower..<upper
  }

  // MARK: Undo

  /// Whether there is a step to undo.
  public var canUndo: Bool { !undoStack.isEmpty }
  /// Whether there is a step to redo.
  public var canRedo: Bool { !redoStack.isEmpty }

  /// Undoes the last step and restores its selection; returns false when there is nothing to undo.
  @discardableResult
  public mutating func undo() -> Bool {
    guard let step = undoStack.popLast() else { return false }
    redoStack.append(revert(step))
    return true
  }

  /// Redoes the last undone step; returns false when there is nothing to redo.
  @discardableResult
  public mutating func redo() -> Bool {
    guard let step = redoStack.popLast() else { return false }
    undoStack.append(revert(step))
    return true
  }

  private mutating func beginUndoStep() {
    undoStack.append(UndoStep(changes: [], selection: selection))
    if undoStack.count > undoLimit { undoStack.removeFirst(undoStack.count - undoLimit) }
  }

  /// Takes back the changes of `step`, last first, restores its selection, and returns the step that
  /// takes this back in turn.
  private mutating func revert(_ step: UndoStep) -> UndoStep {
    var inverse: [RecordedChange] = []
    inverse.reserveCapacity(step.changes.count)
    for recorded in step.changes.reversed() {
      let current = recorded.change.insertedRange
      let undone = TextChange(replacedRange: current, insertedUTF16Count: recorded.replaced.utf16Count)
      inverse.append(RecordedChange(change: undone, replaced: document.slice(current)))
      document.replaceSubrange(current, with: recorded.replaced)
    }
    // Note: `inverse` lists the last change first; reverting it again walks it from the end, which
    // redoes the first change first.
    let reverse = UndoStep(changes: inverse, selection: selection)
    setSelection(step.selection)
    openGroup = nil
    return reverse
  }

  private mutating func setSelection(_ range: Range<Int>) {
    anchor = range.lowerBound
    head = range.upperBound
  }
}
