@testable import Emotext

/// The oracle editor the differential test (``StorageProperty``) runs beside ``Editor``, kept naive on purpose so
/// that it shares no logic with the editor's: each edit replaces the range in the array of runs, then every
/// text run of the whole document is tokenized again (the runs outside tokens stay as they were, attachments
/// stay), the caret is carried across by its offset in the post text (which tokenizing does not change), and
/// each undo step keeps a copy of the whole document and selection from before it. None of the editor's
/// local re-tokenizing, caret mapping or change recording is repeated here, so a bug there shows as a
/// difference.
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

  private var undoStack: [Snapshot] = []
  private var redoStack: [Snapshot] = []
  /// The kind of the last edit while it can still absorb the next one into the same undo step.
  private var openGroup: EditGroup?

  /// What an undo (or redo) step brings back: the whole document and the selection.
  private struct Snapshot: Sendable {
    var document: ArrayRichText
    var selection: Range<Int>
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
    document.replaceSubrange(range, with: content)
    let caret = document.postTextUTF8Offset(at: range.lowerBound + content.utf16Count)
    document = document.retokenizingTextRuns(with: tokenizer)
    // The caret after the inserted content, which is after the attachment when it was inside (or at the end of)
    // a token that formed; then on a cluster boundary: past a cluster the edit joined after typing, at its start
    // after a deletion.
    let mapped = document.utf16Offset(atPostTextUTF8Offset: caret)
    let snapped = document.snapped(mapped, content.isEmpty ? .backward : .forward)
    setSelection(snapped..<snapped)
    openGroup = group
    #if DEBUG
      document.checkInvariants()
    #endif
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
    redoStack.append(restore(step))
    return true
  }

  /// Redoes the last undone step; returns false when there is nothing to redo.
  @discardableResult
  mutating func redo() -> Bool {
    guard let step = redoStack.popLast() else { return false }
    undoStack.append(restore(step))
    return true
  }

  private mutating func beginUndoStep() {
    undoStack.append(Snapshot(document: document, selection: selection))
    if undoStack.count > undoLimit { undoStack.removeFirst(undoStack.count - undoLimit) }
  }

  /// Puts back the document and selection of `step` and returns what it replaced.
  private mutating func restore(_ step: Snapshot) -> Snapshot {
    let current = Snapshot(document: document, selection: selection)
    document = step.document
    setSelection(step.selection)
    openGroup = nil
    return current
  }

  private mutating func setSelection(_ range: Range<Int>) {
    anchor = range.lowerBound
    head = range.upperBound
  }
}

extension ArrayRichText {
  /// The tokens the oracle finds in `text`: for the bracket syntax, `TokenizeProperty.referenceMatches` (a scan
  /// back from each `]`, written apart from the tokenizer; the `tokenize` target compares the two on every input);
  /// other syntaxes (``PatternTokenizer``) through their tokenizer.
  static func referenceMatches(in text: String, tokenizer: any EmoticonTokenizer) -> [TokenMatch] {
    guard let bracket = tokenizer as? BracketTokenizer else { return tokenizer.matches(in: text) }
    return TokenizeProperty.referenceMatches(in: Array(text.utf8), catalog: bracket.catalog).map {
      TokenMatch(utf8Range: $0.0, emoticon: $0.1)
    }
  }

  /// Every text run tokenized again by `tokenizer`, each keeping its attributes; attachments stay as they are.
  func retokenizingTextRuns(with tokenizer: some EmoticonTokenizer) -> ArrayRichText {
    var runs: [Run] = []
    for run in self.runs {
      guard case .text(let text, let attributes) = run else {
        runs.append(run)
        continue
      }
      let bytes = Array(text.utf8)
      var textStart = 0
      for match in ArrayRichText.referenceMatches(in: text, tokenizer: tokenizer) {
        runs.append(.text(String(decoding: bytes[textStart..<match.utf8Range.lowerBound], as: UTF8.self), attributes))
        let token = String(decoding: bytes[match.utf8Range], as: UTF8.self)
        runs.append(.emoticon(EmoticonAttachment(match.emoticon, token: token)))
        textStart = match.utf8Range.upperBound
      }
      runs.append(.text(String(decoding: bytes[textStart...], as: UTF8.self), attributes))
    }
    return ArrayRichText(runs: runs)
  }

  /// The UTF-8 offset in ``postText`` of UTF-16 offset `utf16Offset` (not inside an attachment or a scalar).
  func postTextUTF8Offset(at utf16Offset: Int) -> Int {
    let prefix = slice(0..<utf16Offset)
    return prefix.postText.utf8.count
  }

  /// The UTF-16 offset at UTF-8 offset `utf8Offset` of ``postText``: inside an attachment's token or at its end,
  /// the offset after the attachment.
  func utf16Offset(atPostTextUTF8Offset utf8Offset: Int) -> Int {
    var utf8 = 0
    var utf16 = 0
    for run in runs {
      let post = run.postText
      if utf8Offset <= utf8 + post.utf8.count {
        guard case .text(let text, _) = run else { return utf8Offset == utf8 ? utf16 : utf16 + 1 }
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: utf8Offset - utf8)
        return utf16 + text.utf16.distance(from: text.utf16.startIndex, to: index)
      }
      utf8 += post.utf8.count
      utf16 += run.referenceUTF16Count
    }
    return utf16
  }
}
