@testable import Emotext

// The editor as it was on the array-of-runs document, kept as the oracle for the differential test.

struct ArrayEditor: Sendable {
  /// The document being edited.
  private(set) var document: ArrayRichText
  /// The selection in UTF-16 offsets; an empty range is a caret.
  var selection: Range<Int> { min(anchor, head)..<max(anchor, head) }
  /// The end of the selection that stays put when the selection is extended.
  private var anchor: Int
  /// The end of the selection that moves when the selection is extended: the caret.
  private var head: Int
  /// What one Backspace removes from text.
  var backspaceMode: BackspaceMode
  /// What turns tokens into attachments as the user types: `[哈哈]` with a ``BracketTokenizer``, other
  /// syntaxes (`:smile:`) with a ``PatternTokenizer``.
  let tokenizer: any EmoticonTokenizer
  /// How many steps undo keeps.
  var undoLimit: Int = 100

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
    var replaced: ArrayRichText
  }

  private enum EditGroup: Equatable {
    case typing, deleting
  }

  /// An editor on `document` with the caret at its end, recognizing the catalog's `[xx]` tokens.
  init(
    document: ArrayRichText = ArrayRichText(), catalog: EmoticonCatalog = .default,
    backspaceMode: BackspaceMode = .platform
  ) {
    self.init(document: document, tokenizer: BracketTokenizer(catalog: catalog), backspaceMode: backspaceMode)
  }

  /// An editor on `document` with the caret at its end, recognizing the tokens `tokenizer` finds.
  init(
    document: ArrayRichText = ArrayRichText(), tokenizer: any EmoticonTokenizer,
    backspaceMode: BackspaceMode = .platform
  ) {
    self.document = document
    anchor = document.utf16Count
    head = anchor
    self.backspaceMode = backspaceMode
    self.tokenizer = tokenizer
  }

  /// The caret: the end of the selection that moves when it is extended.
  var caret: Int { head }

  // MARK: Selection

  /// Selects `utf16Range`, clamped to the document; a start inside a cluster moves to the cluster's start,
  /// an end inside one to its end, so a selection always covers whole clusters.
  mutating func select(_ utf16Range: Range<Int>) {
    let lower = document.snapped(utf16Range.lowerBound, .backward)
    let upper = utf16Range.isEmpty ? lower : max(lower, document.snapped(utf16Range.upperBound, .forward))
    setSelection(lower..<upper)
    openGroup = nil
  }

  /// Where the caret goes: the same movements as the editor's.
  typealias Movement = Editor.Movement

  /// Moves the caret by one cluster or attachment, or to either end. Without `extending`, a range
  /// collapses to its edge in that direction; with it, the selection's far end moves and its start stays.
  mutating func move(_ movement: Movement, extending: Bool = false) {
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
  mutating func insert(_ text: String) {
    replaceSelection(with: ArrayRichText(text), group: .typing)
  }

  /// Inserts `emoticon` over the selection: an image as one attachment (written as `token`, its code
  /// by default, or one of its aliases), an emoji as its text. Each emoticon is its own undo step.
  mutating func insert(emoticon: Emoticon, token: String? = nil) {
    precondition(
      token.map { $0 == emoticon.code || emoticon.aliases.contains($0) } ?? true,
      "\(token ?? "") is not a spelling of \(emoticon.code)")
    switch emoticon.kind {
    case .image:
      let attachment = EmoticonAttachment(emoticon, token: token ?? emoticon.code)
      replaceSelection(with: ArrayRichText(attachment: attachment), group: nil)
    case .emoji(let text): replaceSelection(with: ArrayRichText(text), group: nil)
    }
  }

  /// Pastes `content` over the selection as one undo step.
  mutating func insert(_ content: ArrayRichText) {
    replaceSelection(with: content, group: nil)
  }

  /// Replaces `utf16Range` (snapped outward to whole clusters) with `content`; the caret goes after it.
  mutating func replace(_ utf16Range: Range<Int>, with content: ArrayRichText) {
    select(utf16Range)
    replaceSelection(with: content, group: nil)
  }

  /// Backspace: removes the selection, or the attachment or text (per ``backspaceMode``) before the caret.
  mutating func deleteBackward() {
    guard selection.isEmpty else { return replaceSelection(with: ArrayRichText(), group: nil) }
    guard caret > 0 else { return }
    let start = document.deletionStart(before: caret, mode: backspaceMode)
    delete(start..<caret)
  }

  /// Forward delete: removes the selection, or the cluster or attachment after the caret.
  mutating func deleteForward() {
    guard selection.isEmpty else { return replaceSelection(with: ArrayRichText(), group: nil) }
    let end = document.graphemeBoundary(after: caret)
    guard end > caret else { return }
    delete(caret..<end)
  }

  private mutating func delete(_ range: Range<Int>) {
    let removesAttachment = document.slice(range).runs.contains(where: \.isEmoticon)
    replace(range, with: ArrayRichText(), group: removesAttachment ? nil : .deleting)
    if removesAttachment { openGroup = nil }
  }

  private mutating func replaceSelection(with content: ArrayRichText, group: EditGroup?) {
    replace(selection, with: content, group: group)
  }

  private mutating func replace(_ range: Range<Int>, with content: ArrayRichText, group: EditGroup?) {
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
    #if DEBUG
      document.checkInvariants()
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
  var canUndo: Bool { !undoStack.isEmpty }
  /// Whether there is a step to redo.
  var canRedo: Bool { !redoStack.isEmpty }

  /// Undoes the last step and restores its selection; returns false when there is nothing to undo.
  @discardableResult
  mutating func undo() -> Bool {
    guard let step = undoStack.popLast() else { return false }
    redoStack.append(revert(step))
    return true
  }

  /// Redoes the last undone step; returns false when there is nothing to redo.
  @discardableResult
  mutating func redo() -> Bool {
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
extension ArrayRichText {
  /// Turns catalog tokens in the text runs that touch `utf16Range` into attachments, so the document
  /// stays canonical after an edit there (typing the `]` of `[哈哈]`, or deleting what separated `[微`
  /// and `笑]`).
  ///
  /// - Returns: `caret` mapped into the new document (a caret inside a converted token lands after its
  ///   attachment), and what changed: from the first converted token to the last, nil when none was.
  /// - Complexity: linear in the length of the text runs touching the range.
  mutating func canonicalizeTokens(
    around utf16Range: Range<Int>, caret: Int, tokenizer: some EmoticonTokenizer
  ) -> (caret: Int, change: TextChange?) {
    guard tokenizer.catalog.longestTokenUTF8Count > 0 else { return (caret, nil) }
    var position = max(utf16Range.lowerBound - 1, 0)
    var upperBound = utf16Range.upperBound
    var mappedCaret = caret
    var change: TextChange?
    while position < utf16Count && position <= upperBound {
      let (run, runRange) = run(containing: position)
      position = runRange.upperBound
      guard case .text(let text, let attributes) = run else { continue }
      let matches = tokenizer.matches(in: text)
      guard let first = matches.first, let last = matches.last else { continue }
      // Note: only the text from the first token to the last is replaced, so the change a host redraws
      // is the tokens, not the whole run.
      let tokenUTF8Range = first.utf8Range.lowerBound..<last.utf8Range.upperBound
      let replacement = ArrayRichText(
        String(text.utf8Slice(tokenUTF8Range)),
        splittingAt: matches.map {
          TokenMatch(utf8Range: $0.utf8Range.shifted(by: -tokenUTF8Range.lowerBound), emoticon: $0.emoticon)
        },
        attributes: attributes)
      let start = runRange.lowerBound + text.utf16Offset(ofUTF8Offset: tokenUTF8Range.lowerBound)
      let end = runRange.lowerBound + text.utf16Offset(ofUTF8Offset: tokenUTF8Range.upperBound)
      let converted = replaceSubrange(start..<end, with: replacement)
      mappedCaret = Self.map(mappedCaret, through: replacement.runs, from: start, oldEnd: end)
      change = change.map { $0.followed(by: converted) } ?? converted
      position += converted.utf16Delta
      upperBound += converted.utf16Delta
    }
    return (mappedCaret, change)
  }

  /// Maps an offset in a document where `oldStart..<oldEnd` has just become `pieces` to the same place
  /// after the change: inside a token, after its attachment.
  private static func map(_ offset: Int, through pieces: some Sequence<Run>, from oldStart: Int, oldEnd: Int) -> Int {
    guard offset > oldStart else { return offset }
    guard offset < oldEnd else { return offset + pieces.reduce(0) { $0 + $1.utf16Count } - (oldEnd - oldStart) }
    var old = oldStart
    var new = oldStart
    for piece in pieces {
      let oldCount = piece.postText.utf16.count
      if offset <= old + oldCount {
        if case .text = piece { return new + (offset - old) }
        return offset == old ? new : new + 1
      }
      old += oldCount
      new += piece.utf16Count
    }
    return new
  }
}
