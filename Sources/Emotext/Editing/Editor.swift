import EmotextUnicode

/// A composer's editing state: a document, a selection, marked text, and undo history.
///
/// Positions are UTF-16 offsets, so a host can pass UITextView's `selectedRange` straight in. Every
/// edit leaves the selection on grapheme boundaries outside attachments, and keeps the document
/// canonical against the catalog: typing the `]` that completes `[哈哈]` turns it into an attachment.
/// After every call, ``lastChange`` says what the call changed in the text, in the host's coordinates.
///
/// ```swift
/// var editor = Editor(catalog: .default)
/// editor.insert("今天好开心")
/// editor.insert(emoticon: EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!)
/// editor.deleteBackward()            // removes [哈哈] whole
/// editor.lastChange                  // replaced 5..<6 with 0 units
/// editor.undo()                      // brings it back
/// editor.document.postText           // "今天好开心[哈哈]"
/// ```
public struct Editor: Sendable {
  /// The document being edited.
  public internal(set) var document: RichText
  /// With ``recognizesEntities``: the stretch between cuts that the last recognition found empty of anything an
  /// entity needs, while the document is unchanged since (see ``QuietEntityStretch``).
  // Note: the document changes only in `edit` and `revert`; both forget it first, and only `normalize` sets it, after
  // its last change of the document.
  var quietEntityStretch: QuietEntityStretch?
  /// Whether an edit inside `quietEntityStretch` skips recognition; false only for the tests that compare that fast
  /// path with recognizing every edit's stretch.
  var remembersQuietEntityStretch = true
  /// The start of the last stretch where ``RichText/markedQuietStretch(around:)`` found none: it is not asked again
  /// in that stretch (a guess only: the fast path is then not taken, and recognition is always right).
  var stretchWithoutMarkedQuietStretch: Int?
  /// The selection in UTF-16 offsets; an empty range is a caret.
  public var selection: Range<Int> { min(anchor, head)..<max(anchor, head) }
  /// The end of the selection that stays put when the selection is extended.
  var anchor: Int
  /// The end of the selection that moves when the selection is extended: the caret.
  var head: Int
  /// What one Backspace removes from text.
  public var backspaceMode: BackspaceMode
  /// What turns tokens into attachments as the user types: `[哈哈]` with a ``BracketTokenizer``, other
  /// syntaxes (`:smile:`) with a ``PatternTokenizer``.
  public let tokenizer: any EmoticonTokenizer
  /// With a ``BracketTokenizer``, its catalog's longest token in bytes: how far from an edit a token it completes can
  /// start (read once: the catalog behind the existential is a copy of its arrays each time); nil with any other.
  let bracketTokenReach: Int?
  /// Whether `@mentions`, `#topics#` and links are recognized as they are typed (see ``Editor`` + Entities).
  public let recognizesEntities: Bool
  /// How many steps undo keeps.
  public var undoLimit: Int = 100
  /// The length limit typing, pasting, emoticons and completion are held to, or nil for none
  /// (see ``LengthLimit``).
  public var lengthLimit: LengthLimit?
  /// What Backspace and forward delete remove next to a mention or topic (see ``EntityDeletion``).
  public var entityDeletion: EntityDeletion = .characters

  /// The marked text of an input method's composition, in UTF-16 offsets; nil when nothing is marked.
  ///
  /// UITextInput's `markedTextRange`: see ``setMarkedText(_:selectedRange:)``.
  public internal(set) var markedRange: Range<Int>?

  /// What the last mutating method call changed in the text: the replaced UTF-16 range of the document
  /// before the call and the length of what replaced it (one covering change when the call made several),
  /// or nil when the call changed no text (a selection change, an undo with nothing to undo). Setting a
  /// property (``backspaceMode``, ``undoLimit``) is no such call and leaves it as it was.
  ///
  /// Only text changes are reported here: entity recognition, which recolours runs without changing their text,
  /// is reported in ``lastRestyle``, so a host re-applies its tags there instead of deleting and reinserting
  /// text. The new selection is ``selection``, the new marked text ``markedRange``; ``lastChange(in:)`` gives
  /// the change in another unit.
  /// This is what `NSTextStorage.edited(_:range:changeInLength:)` and Android's `TextWatcher` report:
  ///
  /// ```swift
  /// editor.insert("好")
  /// if let change = editor.lastChange {
  ///   textStorage.edited(.editedCharacters, range: NSRange(change.replacedRange),
  ///                      changeInLength: change.utf16Delta)
  /// }
  /// textView.selectedRange = NSRange(editor.selection)
  /// ```
  public internal(set) var lastChange: TextChange?
  /// How much the last call's text changes (``lastChange``) changed the document's length in each unit, so that
  /// ``lastChange(in:)`` converts the change in O(log *n*) without the document before it.
  var lastChangeDelta = Summary()

  /// The UTF-16 range of the document after the last mutating call whose attributes that call changed without
  /// changing its text (entity recognition recolouring a mention as it is typed, or undo taking that back), or
  /// nil. A host re-applies its styling (tags) over this range, reading the runs from ``document``; the text
  /// there is what the host's buffer already holds.
  ///
  /// ```swift
  /// var editor = Editor(recognizesEntities: true)
  /// editor.insert("@bob")      // each letter extends the mention
  /// editor.lastRestyle         // 0..<3: "@bo" recoloured as part of "@bob"; the "b" typed is in lastChange
  /// ```
  public internal(set) var lastRestyle: Range<Int>?

  /// The caret the last ``edit(_:with:group:normalizing:alsoAround:caret:)`` returned, when that edit knows it to be a
  /// cluster boundary: the end of text inserted in place before an attachment, the document's end, or a scalar the
  /// local cluster rule decides, with no token converted (see ``RichText/InsertionEdges``); nil otherwise. Read right
  /// after the edit, in place of snapping.
  var caretKnownOnBoundary: Int?
  /// Whether an edit uses what a text insertion made in place found at its edges (``RichText/InsertionEdges``) to skip
  /// token canonicalization and snapping; false only for the tests that compare that with looking again.
  var trustsInsertionEdges = true

  var undoStack = UndoSteps()
  var redoStack: [UndoStep] = []
  /// The kind of the last edit while it can still absorb the next one into the same undo step.
  var openGroup: EditGroup?

  /// One undo (or redo) step: the changes it made, in order, and the selection to restore.
  // Note: a step keeps only what its edits replaced, not the whole document, so recording a keystroke
  // costs the size of the edit.
  struct UndoStep: Sendable {
    var changes: RecordedChanges
    var selection: Range<Int>
  }

  /// A change, with the content it replaced.
  struct RecordedChange: Sendable {
    var change: TextChange
    var replaced: RichText
    /// Whether the change kept the text and changed attributes only (entity recognition).
    var restyles = false
  }

  enum EditGroup: Equatable {
    case typing, deleting, composing
  }

  /// An editor on `document` with the caret at its end, recognizing the catalog's `[xx]` tokens, and
  /// entities as they are typed when `recognizesEntities` is true.
  public init(
    document: RichText = RichText(), catalog: EmoticonCatalog = .default, backspaceMode: BackspaceMode = .platform,
    recognizesEntities: Bool = false
  ) {
    self.init(
      document: document, tokenizer: BracketTokenizer(catalog: catalog), backspaceMode: backspaceMode,
      recognizesEntities: recognizesEntities)
  }

  /// An editor on `document` with the caret at its end, recognizing the tokens `tokenizer` finds, and
  /// entities as they are typed when `recognizesEntities` is true (the document's own entities are then
  /// recognized at once).
  public init(
    document: RichText = RichText(), tokenizer: any EmoticonTokenizer, backspaceMode: BackspaceMode = .platform,
    recognizesEntities: Bool = false
  ) {
    // Note: the document's own entities are recognized again from scratch: recognition keeps a run that has an
    // entity, so the text after it would read as a run of its own (`http://t.cn/a` + `@b`: no mention).
    self.document = recognizesEntities ? document.removingEntities().recognizingEntities() : document
    anchor = document.utf16Count
    head = anchor
    self.backspaceMode = backspaceMode
    self.tokenizer = tokenizer
    bracketTokenReach = (tokenizer as? BracketTokenizer)?.catalog.longestTokenUTF8Count
    self.recognizesEntities = recognizesEntities
  }

  /// The caret: the end of the selection that moves when it is extended.
  public var caret: Int { head }

  // MARK: Selection

  /// Selects `utf16Range`, clamped to the document; a start inside a cluster moves to the cluster's start,
  /// an end inside one to its end, so a selection always covers whole clusters. Marked text is committed
  /// first (see ``setMarkedText(_:selectedRange:)``).
  public mutating func select(_ utf16Range: Range<Int>) {
    beginCall()
    commitMarkedText()
    selectSnapped(utf16Range)
  }

  func snappedRange(_ utf16Range: Range<Int>) -> Range<Int> {
    let lower = document.snapped(utf16Range.lowerBound, .backward)
    let upper = utf16Range.isEmpty ? lower : max(lower, document.snapped(utf16Range.upperBound, .forward))
    return lower..<upper
  }

  mutating func selectSnapped(_ utf16Range: Range<Int>) {
    setSelection(snappedRange(utf16Range))
    openGroup = nil
  }

  /// Where the caret goes.
  public enum Movement: String, Sendable, CaseIterable {
    case left, right, start, end
  }

  /// Moves the caret by one cluster or attachment, or to either end. Without `extending`, a range
  /// collapses to its edge in that direction; with it, the selection's far end moves and its start stays.
  /// Marked text is committed first.
  public mutating func move(_ movement: Movement, extending: Bool = false) {
    beginCall()
    commitMarkedText()
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
  ///
  /// While text is marked, `text` replaces the marked text and commits it, in the composition's undo step
  /// (UITextInput's `insertText(_:)`).
  public mutating func insert(_ text: String) {
    beginCall()
    if let marked = markedRange {
      markedRange = nil
      placeCaret(edit(marked, with: limitedCommit(text, replacing: marked), group: .composing), joiningBackward: false)
      openGroup = nil
      return
    }
    replaceSelection(with: RichText(text), group: .typing)
  }

  /// Inserts `emoticon` over the selection: an image as one attachment (written as `token`, its code
  /// by default, or one of its aliases), an emoji as its text. Each emoticon is its own undo step.
  public mutating func insert(emoticon: Emoticon, token: String? = nil) {
    precondition(
      token.map { $0 == emoticon.code || emoticon.aliases.contains($0) } ?? true,
      "\(token ?? "") is not a spelling of \(emoticon.code)")
    beginCall()
    commitMarkedText()
    replaceSelection(with: content(of: emoticon, token: token ?? emoticon.code), group: nil)
  }

  /// What inserting `emoticon` written as `token` puts in the document. An attachment shares the document's content
  /// table, with the emoticon added to it first, so the insertion finds its content without a lookup.
  mutating func content(of emoticon: Emoticon, token: String) -> RichText {
    switch emoticon.kind {
    case .image:
      // Note: added to the document's own table, in place (added to a copy, the table's arrays were copied whole).
      let content = document.contents.index(of: .emoticon(emoticon))
      return RichText(attachmentToken: token, content: content, sharing: document.contents)
    case .emoji(let text): return RichText(text)
    }
  }

  /// Pastes `content` over the selection as one undo step.
  public mutating func insert(_ content: RichText) {
    beginCall()
    commitMarkedText()
    replaceSelection(with: content, group: nil)
  }

  /// Replaces `utf16Range` (snapped outward to whole clusters) with `content`; the caret goes after it.
  public mutating func replace(_ utf16Range: Range<Int>, with content: RichText) {
    beginCall()
    commitMarkedText()
    selectSnapped(utf16Range)
    replaceSelection(with: content, group: nil)
  }

  /// Backspace: removes the selection, or the attachment or text (per ``backspaceMode``) before the caret.
  /// While text is marked, it edits the marked text only (see ``setMarkedText(_:selectedRange:)``).
  public mutating func deleteBackward() {
    beginCall()
    if markedRange != nil { return deleteInMarkedText(forward: false) }
    guard selection.isEmpty else { return replaceSelection(with: RichText(), group: nil) }
    guard caret > 0 else { return }
    if let entity = wholeEntity(endingAt: caret) { return delete(entity) }
    let deletion = document.deletion(before: caret, mode: backspaceMode)
    delete(deletion.start..<caret, removesAttachment: deletion.isAttachment)
  }

  /// Forward delete: removes the selection, or the cluster or attachment after the caret. While text is
  /// marked, it edits the marked text only.
  public mutating func deleteForward() {
    beginCall()
    if markedRange != nil { return deleteInMarkedText(forward: true) }
    guard selection.isEmpty else { return replaceSelection(with: RichText(), group: nil) }
    if let entity = wholeEntity(startingAt: caret) { return delete(entity) }
    let end = document.graphemeBoundary(after: caret)
    guard end > caret else { return }
    delete(caret..<end)
  }

  /// Deletes `range`, which holds an attachment when `removesAttachment` says so (read from the document when it
  /// is nil).
  mutating func delete(_ range: Range<Int>, removesAttachment knownRemovesAttachment: Bool? = nil) {
    var removesAttachment = knownRemovesAttachment ?? false
    if knownRemovesAttachment == nil {
      document.forEachPiece(in: range) { piece in
        removesAttachment = piece.isAttachment
        return !removesAttachment
      }
    }
    placeCaret(edit(range, with: RichText(), group: removesAttachment ? nil : .deleting), joiningBackward: true)
    openGroup = removesAttachment ? nil : .deleting
  }

  mutating func replaceSelection(with content: RichText, group: EditGroup?) {
    // Note: without a limit, `content` itself (a copy cost a few hundred instructions an insertion).
    if lengthLimit != nil && !content.isEmpty {
      let fitting = limited(content, replacing: selection)
      if fitting.isEmpty && selection.isEmpty { return }  // Note: at the limit, nothing fits.
      return replaceSelection(fitting: fitting, group: group)
    }
    replaceSelection(fitting: content, group: group)
  }

  /// ``replaceSelection(with:group:)`` of `fitting`, which fits the length limit.
  private mutating func replaceSelection(fitting: RichText, group: EditGroup?) {
    let caret = edit(selection, with: fitting, group: group)
    if leavesTokensAlone(fitting) || caret == caretKnownOnBoundary {
      // Note: the caret is after the attachment, and the end of an attachment is always a cluster boundary; or the
      // edit knows it is one.
      setSelection(caret..<caret)
    } else {
      placeCaret(caret, joiningBackward: fitting.isEmpty)
    }
    openGroup = group
  }

  // MARK: The one edit path

  /// Whether putting `content` in the place of any range leaves the tokens as they are: one attachment, with a
  /// ``BracketTokenizer`` (a bracket token is text, and never spans an attachment, so the attachment completes none on
  /// either side, nor one with the text it replaced). Inserting an emoticon from the keyboard is this.
  func leavesTokensAlone(_ content: RichText) -> Bool {
    bracketTokenReach != nil && content.isOneAttachment
  }

  /// Whether text `content`, inserted in place with `edges`, completes no token, with a ``BracketTokenizer``: it
  /// starts at a hard edge (a bracket token never spans an attachment) and has no `[`, so no token can start in it or
  /// before it and hold it.
  func completesNoToken(_ content: RichText, _ edges: RichText.InsertionEdges?) -> Bool {
    bracketTokenReach != nil && edges?.startsAtHardEdge == true && !content.mayHoldOpenBracket
  }

  /// Starts a public call: ``lastChange`` reports only what this call changes.
  mutating func beginCall() {
    lastChange = nil
    lastChangeDelta = Summary()
    lastRestyle = nil
  }

  /// Puts the caret at `offset`, snapped to a cluster boundary.
  // Note: the edit can join clusters on either side. After typing (🏽 after 👍) the caret moves past the
  // joined cluster; after a deletion (L V T + V → L V V) it moves to the joined cluster's start.
  mutating func placeCaret(_ offset: Int, joiningBackward: Bool) {
    let caret = document.snapped(offset, joiningBackward ? .backward : .forward)
    setSelection(caret..<caret)
  }

  /// Replaces `range` with `content`, then, when `normalizing`, turns tokens into attachments and (with
  /// ``recognizesEntities``) recognizes entities around the new content and around `alsoAround` (a range
  /// of the document after the replacement); records each change in the undo step of `group` and in
  /// ``lastChange``.
  ///
  /// - Returns: `caret` (by default the end of the new content), mapped through the token conversions.
  @discardableResult
  @inline(never)  // Note: inlined into `delete(_:)`, it crashes Swift 6.3.1's optimizer (SIL verification).
  mutating func edit(
    _ range: Range<Int>, with content: RichText, group: EditGroup?, normalizing: Bool = true,
    alsoAround: Range<Int>? = nil, caret: Int? = nil
  ) -> Int {
    if group == nil || group != openGroup { beginUndoStep() }
    redoStack.removeAll()
    let start = range.lowerBound
    let afterEnd = start + content.utf16Count
    // Note: the undo step keeps what each change replaced (a slice shares the document's leaves), so a
    // keystroke records only the units it replaced.
    let replaced = document.slice(range)
    let remembered = quietEntityStretch
    quietEntityStretch = nil
    caretKnownOnBoundary = nil
    var edges: RichText.InsertionEdges?
    let change = document.replaceSubrange(range, with: content, edges: &edges)
    record(change, replaced: replaced, inserted: content.root.summary)
    var mappedCaret = caret ?? afterEnd
    if normalizing {
      var touched = start..<afterEnd
      if let alsoAround {
        touched = min(touched.lowerBound, alsoAround.lowerBound)..<max(touched.upperBound, alsoAround.upperBound)
      }
      let quiet = recognizesEntities ? remembered?.following(change, inserting: content) : nil
      if !trustsInsertionEdges { edges = nil }
      let normalized = normalize(
        around: touched, caret: mappedCaret, quietStretch: quiet,
        canonicalizing: alsoAround != nil || !(leavesTokensAlone(content) || completesNoToken(content, edges)))
      if !normalized.convertedTokens, normalized.caret == afterEnd, edges?.endsAtClusterBoundary == true {
        caretKnownOnBoundary = afterEnd
      }
      mappedCaret = normalized.caret
    }
    // Note: the document only; the editor's own rules (selection, tokens) hold once the caller has placed
    // the caret, and the tests check them after every step with `checkInvariants()`.
    #if EMOTEXT_INTERNAL_CHECKS
      if InternalChecks.afterEveryEdit { document.checkInvariants() }
    #endif
    return mappedCaret
  }

  /// Adds `change` (which replaced `replaced` with content of `inserted` counts, read from the document when nil)
  /// to the open undo step and to ``lastChange``; a change that replaced nothing with nothing is dropped.
  mutating func record(_ change: TextChange, replaced: consuming RichText, inserted: Summary? = nil) {
    guard !(change.replacedRange.isEmpty && change.insertedUTF16Count == 0) else { return }
    let replacedCounts = replaced.root.summary
    undoStack.recordInNewest(RecordedChange(change: change, replaced: replaced))
    report(change, delta: (inserted ?? document.counts(in: change.insertedRange)) - replacedCounts)
  }

  /// Adds `change`, which changed the document's counts by `delta`, to ``lastChange``, and moves ``lastRestyle``
  /// along with it.
  mutating func report(_ change: TextChange, delta: Summary) {
    lastChange = lastChange.map { $0.followed(by: change) } ?? change
    lastChangeDelta += delta
    lastRestyle = lastRestyle.map { change.mapping($0) }
  }

  /// Adds `recorded`, a change of attributes only, to the open undo step and to ``lastRestyle``.
  mutating func recordRestyle(_ recorded: consuming RecordedChange) {
    recorded.restyles = true
    reportRestyle(recorded.change.insertedRange)
    undoStack.recordInNewest(recorded)
  }

  /// Adds `utf16Range`, whose attributes changed, to ``lastRestyle``.
  mutating func reportRestyle(_ utf16Range: Range<Int>) {
    lastRestyle =
      lastRestyle.map { min($0.lowerBound, utf16Range.lowerBound)..<max($0.upperBound, utf16Range.upperBound) }
      ?? utf16Range
  }

  /// Canonicalizes tokens (when `canonicalizing`) and, with ``recognizesEntities``, entities around `utf16Range`,
  /// recording each change; when no token changed and `utf16Range` lies in `quietStretch` (the remembered quiet stretch
  /// after the edit), entities need no recognition.
  ///
  /// - Returns: `caret` mapped through the conversions, and whether a token was converted.
  private mutating func normalize(
    around utf16Range: Range<Int>, caret: Int, quietStretch: QuietEntityStretch?, canonicalizing: Bool
  ) -> (caret: Int, convertedTokens: Bool) {
    let canonical =
      canonicalizing
      ? document.canonicalizeTokens(
        around: utf16Range, caret: caret, tokenizer: tokenizer, bracketReach: bracketTokenReach)
      : (caret: caret, changes: [])
    var touched = utf16Range
    for recorded in canonical.changes {
      record(recorded.change, replaced: recorded.replaced)
      // Note: the touched range after the conversion, with what the conversion inserted.
      touched =
        TextChange(replacedRange: touched, insertedUTF16Count: touched.count).followed(by: recorded.change)
        .insertedRange
    }
    if recognizesEntities {
      let around = touched.lowerBound..<max(touched.upperBound, canonical.caret)
      if remembersQuietEntityStretch, canonical.changes.isEmpty, let quietStretch,
        quietStretch.range.lowerBound <= around.lowerBound, around.upperBound <= quietStretch.range.upperBound
      {
        quietEntityStretch = quietStretch
      } else {
        let (recognized, quiet, stretch) = document.recognizeEntities(around: around)
        if let recognized { recordRestyle(recognized) }
        quietEntityStretch = quiet ?? markedQuietStretch(around: around, inStretchFrom: stretch.lowerBound)
      }
    }
    return (canonical.caret, !canonical.changes.isEmpty)
  }

  // MARK: Undo

  /// Whether there is a step to undo.
  public var canUndo: Bool { !undoStack.isEmpty }
  /// Whether there is a step to redo.
  public var canRedo: Bool { !redoStack.isEmpty }

  /// Undoes the last step and restores its selection; returns false when there is nothing to undo.
  /// Marked text is committed first, so undo then takes back the whole composition.
  @discardableResult
  public mutating func undo() -> Bool {
    beginCall()
    commitMarkedText()
    guard let step = undoStack.popLast() else { return false }
    redoStack.append(revert(step))
    return true
  }

  /// Redoes the last undone step; returns false when there is nothing to redo.
  @discardableResult
  public mutating func redo() -> Bool {
    beginCall()
    commitMarkedText()
    guard let step = redoStack.popLast() else { return false }
    undoStack.append(revert(step))
    return true
  }

  mutating func beginUndoStep() {
    undoStack.append(UndoStep(changes: RecordedChanges(), selection: selection), keepingLast: undoLimit)
  }

  /// Takes back the changes of `step`, last first, restores its selection, and returns the step that
  /// takes this back in turn.
  private mutating func revert(_ step: UndoStep) -> UndoStep {
    quietEntityStretch = nil
    var inverse = RecordedChanges()
    for recorded in step.changes.reversed() {
      let current = recorded.change.insertedRange
      let undone = TextChange(replacedRange: current, insertedUTF16Count: recorded.replaced.utf16Count)
      let replaced = document.slice(current)
      let delta = recorded.replaced.root.summary - replaced.root.summary
      inverse.append(RecordedChange(change: undone, replaced: replaced, restyles: recorded.restyles))
      document.replaceSubrange(current, with: recorded.replaced)
      if recorded.restyles { reportRestyle(undone.insertedRange) } else { report(undone, delta: delta) }
    }
    // Note: `inverse` lists the last change first; reverting it again walks it from the end, which
    // redoes the first change first.
    let reverse = UndoStep(changes: inverse, selection: selection)
    setSelection(step.selection)
    openGroup = nil
    return reverse
  }

  mutating func setSelection(_ range: Range<Int>) {
    anchor = range.lowerBound
    head = range.upperBound
  }
}
