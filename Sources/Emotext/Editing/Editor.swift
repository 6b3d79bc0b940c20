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
  /// The catalog tokens are recognized against.
  public let tokenizer: BracketTokenizer
  /// How many steps undo keeps.
  public var undoLimit: Int = 100

  private var undoStack: [UndoStep] = []
  private var redoStack: [UndoStep] = []
  /// The kind of the last edit while it can still absorb the next one into the same undo step.
  private var openGroup: EditGroup?

  /// One undo (or redo) step: the run changes it made, in order, and the selection to restore.
  // Note: a step keeps only the runs its edits replaced, not the whole document, so recording a keystroke
  // costs the size of the edit. A whole-document snapshot made every keystroke copy all runs (the next
  // edit un-shared them), O(runs) per key.
  private struct UndoStep: Sendable {
    var changes: [RunChange]
    var selection: Range<Int>
  }

  /// The runs `runIndex..<runIndex + count` of the edited document were `runs` before the change.
  private struct RunChange: Sendable {
    var runIndex: Int
    var count: Int
    var runs: [Run]
  }

  private enum EditGroup: Equatable {
    case typing, deleting
  }

  /// An editor on `document` with the caret at its end.
  public init(
    document: RichText = RichText(), catalog: EmoticonCatalog = .default,
    backspaceMode: BackspaceMode = .platform
  ) {
    self.document = document
    anchor = document.utf16Count
    head = anchor
    self.backspaceMode = backspaceMode
    tokenizer = BracketTokenizer(catalog: catalog)
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
    let start = range.lowerBound
    // Note: `replaceSubrange` rebuilds the runs from one before the edited ones to one after, and
    // `canonicalizeTokens` only retokenizes text runs inside what was rebuilt; a margin of one more run
    // on each side holds every run the edit can change (checked below in debug builds).
    let lowerRun = document.location(of: range.lowerBound).run
    let upperRun = range.isEmpty ? lowerRun : document.location(of: range.upperBound).run
    let changed = max(lowerRun - 2, 0)..<min(upperRun + 3, document.runs.count)
    let replacedRuns = Array(document.runs[changed])
    let unchangedSuffixCount = document.runs.count - changed.upperBound
    #if DEBUG
      let before = document
    #endif
    document.replaceSubrange(range, with: content)
    var caret = start + content.utf16Count
    caret = document.canonicalizeTokens(around: start..<caret, caret: caret, tokenizer: tokenizer)
    let change = RunChange(
      runIndex: changed.lowerBound, count: document.runs.count - unchangedSuffixCount - changed.lowerBound,
      runs: replacedRuns)
    #if DEBUG
      precondition(
        document.runs[..<change.runIndex] == before.runs[..<change.runIndex]
          && document.runs.suffix(unchangedSuffixCount) == before.runs.suffix(unchangedSuffixCount),
        "an edit changed runs outside the window its undo step records")
    #endif
    if !undoStack.isEmpty { undoStack[undoStack.count - 1].changes.append(change) }
    // Note: the edit can join clusters on either side. After typing (🏽 after 👍) the caret moves past the
    // joined cluster; after a deletion (L V T + V → L V V) it moves to the joined cluster's start.
    caret = document.snapped(caret, content.isEmpty ? .backward : .forward)
    setSelection(caret..<caret)
    openGroup = group
    #if DEBUG
      document.checkInvariants()
    #endif
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
    var inverse: [RunChange] = []
    inverse.reserveCapacity(step.changes.count)
    for change in step.changes.reversed() {
      let current = change.runIndex..<(change.runIndex + change.count)
      inverse.append(
        RunChange(runIndex: change.runIndex, count: change.runs.count, runs: Array(document.runs[current])))
      document.replaceRuns(current, with: change.runs)
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
