@testable import Emotext

/// A naive editor to check ``Editor`` against: the state is the post text and a selection; the document is
/// recomputed from scratch after every edit (the reference tokenizer over the whole post text, cluster
/// boundaries as one sorted array, both they and Backspace from ``UnicodeReference``, not the library's rules), so
/// it shares none of the editor's run splitting, coalescing, local
/// re-tokenizing or caret mapping. It follows the editor's documented rules: the caret after an edit goes
/// after the inserted content, a caret inside a token that forms lands after its attachment, then snaps to a
/// cluster boundary (backward when nothing was inserted, forward otherwise); typing and deleting group into
/// undo steps; extending a selection moves its head and keeps its anchor.
struct EditModel {
  /// A piece of the document: text, or an attachment written as `token`.
  enum Piece: Equatable {
    case text([UInt8])
    case attachment(token: [UInt8])
  }

  enum Group: Equatable { case typing, deleting }

  struct Snapshot: Equatable {
    var postText: [UInt8]
    var selection: Range<Int>
  }

  let catalog: EmoticonCatalog
  var mode: BackspaceMode = .platform
  var undoLimit: Int
  private(set) var postText: [UInt8]
  /// The end of the selection that stays put when it is extended.
  private(set) var anchor = 0
  /// The end that moves: the caret.
  private(set) var head = 0
  var selection: Range<Int> { min(anchor, head)..<max(anchor, head) }
  private(set) var pieces: [Piece] = []
  /// Every cluster boundary in UTF-16 offsets, ascending, 0 and the end included.
  private(set) var boundaries: [Int] = [0]
  private(set) var undoStack: [Snapshot] = []
  private(set) var redoStack: [Snapshot] = []
  /// Whether the undo limit dropped a step, so undoing everything no longer reaches the start.
  private(set) var droppedUndo = false
  private var openGroup: Group?

  init(postText: [UInt8], catalog: EmoticonCatalog, undoLimit: Int) {
    self.catalog = catalog
    self.undoLimit = undoLimit
    self.postText = postText
    rebuild()
    anchor = utf16Count
    head = utf16Count
  }

  private mutating func setSelection(_ range: Range<Int>) {
    anchor = range.lowerBound
    head = range.upperBound
  }

  var utf16Count: Int { boundaries.last! }
  var snapshot: Snapshot { Snapshot(postText: postText, selection: selection) }

  // MARK: Derived document

  private mutating func rebuild() {
    pieces = []
    var textStart = 0
    for (range, _) in TokenizeProperty.referenceMatches(in: postText, catalog: catalog) {
      if textStart < range.lowerBound { pieces.append(.text(Array(postText[textStart..<range.lowerBound]))) }
      pieces.append(.attachment(token: Array(postText[range])))
      textStart = range.upperBound
    }
    if textStart < postText.count { pieces.append(.text(Array(postText[textStart...]))) }
    boundaries = [0]
    var pieceStart = 0
    for piece in pieces {
      switch piece {
      case .attachment:
        pieceStart += 1
        boundaries.append(pieceStart)
      case .text(let bytes):
        let text = String(decoding: bytes, as: UTF8.self)
        for utf8Offset in UnicodeReference.clusterBoundaries(in: text) {
          boundaries.append(pieceStart + text.utf16Offset(ofUTF8Offset: utf8Offset))
        }
        pieceStart += text.utf16.count
      }
    }
  }

  /// The piece holding the unit at `utf16Offset` (the one after a seam), its start, and the post-text
  /// UTF-16 offset of that start; `nil` piece at the end.
  private func locate(_ utf16Offset: Int) -> (piece: Int?, start: Int, postStart: Int) {
    var start = 0
    var postStart = 0
    for (index, piece) in pieces.enumerated() {
      switch piece {
      case .attachment(let token):
        if utf16Offset < start + 1 { return (index, start, postStart) }
        start += 1
        postStart += String(decoding: token, as: UTF8.self).utf16.count
      case .text(let bytes):
        let count = String(decoding: bytes, as: UTF8.self).utf16.count
        if utf16Offset < start + count { return (index, start, postStart) }
        start += count
        postStart += count
      }
    }
    return (nil, start, postStart)
  }

  /// The post-text UTF-16 offset of a document offset on a scalar boundary.
  private func postOffset(of utf16Offset: Int) -> Int {
    let location = locate(utf16Offset)
    return location.postStart + (utf16Offset - location.start)
  }

  /// The document offset of a post-text offset; inside a token, the offset after its attachment.
  private func documentOffset(ofPostOffset postOffset: Int) -> Int {
    var start = 0
    var postStart = 0
    for piece in pieces {
      switch piece {
      case .attachment(let token):
        let count = String(decoding: token, as: UTF8.self).utf16.count
        if postOffset <= postStart { return start }
        if postOffset < postStart + count { return start + 1 }
        start += 1
        postStart += count
      case .text(let bytes):
        let count = String(decoding: bytes, as: UTF8.self).utf16.count
        if postOffset <= postStart + count { return start + (postOffset - postStart) }
        start += count
        postStart += count
      }
    }
    return start
  }

  func isBoundary(_ utf16Offset: Int) -> Bool { boundaries.contains(utf16Offset) }
  func boundary(after utf16Offset: Int) -> Int { boundaries.first { $0 > utf16Offset } ?? utf16Count }
  func boundary(before utf16Offset: Int) -> Int { boundaries.last { $0 < utf16Offset } ?? 0 }

  func snapped(_ utf16Offset: Int, backward: Bool) -> Int {
    let clamped = min(max(utf16Offset, 0), utf16Count)
    if isBoundary(clamped) { return clamped }
    return backward ? boundary(before: clamped) : boundary(after: clamped)
  }

  // MARK: Commands

  mutating func select(_ utf16Range: Range<Int>) {
    let lower = snapped(utf16Range.lowerBound, backward: true)
    let upper = utf16Range.isEmpty ? lower : max(lower, snapped(utf16Range.upperBound, backward: false))
    setSelection(lower..<upper)
    openGroup = nil
  }

  mutating func move(_ movement: Editor.Movement, extending: Bool) {
    openGroup = nil
    if !extending && !selection.isEmpty && (movement == .left || movement == .right) {
      let edge = movement == .left ? selection.lowerBound : selection.upperBound
      setSelection(edge..<edge)
      return
    }
    let target =
      switch movement {
      case .left: boundary(before: head)
      case .right: boundary(after: head)
      case .start: 0
      case .end: utf16Count
      }
    head = target
    if !extending { anchor = target }
  }

  mutating func insert(text: [UInt8]) { replace(selection, with: text, group: .typing) }
  mutating func insert(content postText: [UInt8]) { replace(selection, with: postText, group: nil) }

  mutating func deleteBackward() {
    guard selection.isEmpty else { return replace(selection, with: [], group: nil) }
    let caret = head
    guard caret > 0 else { return }
    let location = locate(caret - 1)
    guard case .text(let bytes) = pieces[location.piece!] else { return delete((caret - 1)..<caret) }
    let start: Int
    switch mode {
    case .graphemeCluster:
      start = boundary(before: caret)
    case .platform:
      let text = String(decoding: bytes, as: UTF8.self)
      let utf8End = text.utf8Offset(ofUTF16Offset: caret - location.start)!
      start =
        location.start
        + text.utf16Offset(ofUTF8Offset: UnicodeReference.backspaceStart(before: utf8End, in: text, mode: mode))
    }
    delete(start..<caret)
  }

  mutating func deleteForward() {
    guard selection.isEmpty else { return replace(selection, with: [], group: nil) }
    let end = boundary(after: head)
    guard end > head else { return }
    delete(head..<end)
  }

  private mutating func delete(_ range: Range<Int>) {
    var removesAttachment = false
    var start = 0
    for piece in pieces {
      if case .attachment = piece, range.contains(start) { removesAttachment = true }
      switch piece {
      case .attachment: start += 1
      case .text(let bytes): start += String(decoding: bytes, as: UTF8.self).utf16.count
      }
    }
    replace(range, with: [], group: removesAttachment ? nil : .deleting)
  }

  private mutating func replace(_ range: Range<Int>, with content: [UInt8], group: Group?) {
    if group == nil || group != openGroup { recordUndo() }
    redoStack.removeAll()
    let utf16 = Array(String(decoding: postText, as: UTF8.self).utf16)
    let postLower = postOffset(of: range.lowerBound)
    let postUpper = postOffset(of: range.upperBound)
    let contentUTF16 = Array(String(decoding: content, as: UTF8.self).utf16)
    let joined = Array(utf16[..<postLower]) + contentUTF16 + Array(utf16[postUpper...])
    postText = Array(String(decoding: joined, as: UTF16.self).utf8)
    rebuild()
    var caret = documentOffset(ofPostOffset: postLower + contentUTF16.count)
    // A deletion (nothing inserted) snaps back to the start of a cluster it joined; an insertion past it.
    caret = snapped(caret, backward: content.isEmpty)
    setSelection(caret..<caret)
    openGroup = group
  }

  mutating func undo() {
    guard let last = undoStack.popLast() else { return }
    redoStack.append(snapshot)
    restore(last)
  }

  mutating func redo() {
    guard let last = redoStack.popLast() else { return }
    undoStack.append(snapshot)
    restore(last)
  }

  private mutating func recordUndo() {
    undoStack.append(snapshot)
    if undoStack.count > undoLimit {
      undoStack.removeFirst(undoStack.count - undoLimit)
      droppedUndo = true
    }
  }

  private mutating func restore(_ snapshot: Snapshot) {
    postText = snapshot.postText
    rebuild()
    setSelection(snapshot.selection)
    openGroup = nil
  }
}
