import Emotext
import EmotextCHeader

// The typed editor of emotext.h: each function reads its C arguments and calls one of `Editor`'s calls in a unit
// (Sources/Emotext/Editing/Editor+Units.swift) on the editor the handle's `emotext edit` session holds. Nothing
// here decides an edit; it converts units and checks what C cannot (lengths above PTRDIFF_MAX, unknown units).

/// The editor handle `pointer` points to.
func editorHandle(_ pointer: OpaquePointer?) throws(CallFailure) -> EditorHandle {
  guard let pointer else { throw .invalidArgument("editor is NULL") }
  return Unmanaged<EditorHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
}

/// The `TextUnit` an `emotext_unit` names.
func textUnit(_ unit: emotext_unit) throws(CallFailure) -> TextUnit {
  switch unit {
  case EMOTEXT_UNIT_UTF8: .utf8
  case EMOTEXT_UNIT_UTF16: .utf16
  case EMOTEXT_UNIT_SCALARS: .unicodeScalars
  default:
    throw .invalidArgument(
      "unit is \(unit.rawValue), not EMOTEXT_UNIT_UTF8 (0), EMOTEXT_UNIT_UTF16 (1) or EMOTEXT_UNIT_SCALARS (2)")
  }
}

/// A required result pointer.
func required<Pointee>(_ pointer: UnsafeMutablePointer<Pointee>?, _ name: String) throws(CallFailure)
  -> UnsafeMutablePointer<Pointee>
{
  guard let pointer else { throw .invalidArgument("\(name) is NULL") }
  return pointer
}

/// Runs `body` on the handle's editor and returns its status, or stores its failure's message in `errorOut`.
func editorCall(
  _ pointer: OpaquePointer?, _ errorOut: StringOut?, _ body: (inout Editor) throws(CallFailure) -> Void
) -> Int32 {
  status(errorOut) { () throws(CallFailure) in try body(&editorHandle(pointer).script.editor) }
}

/// A range of the document in `unit`, which must lie in it.
private func documentRange(_ start: Int, _ end: Int, in unit: TextUnit, of document: RichText) throws(CallFailure)
  -> Range<Int>
{
  try checkLength(start, name: "start")
  try checkLength(end, name: "end")
  let total = document.count(in: unit)
  guard start <= end, end <= total else {
    throw .invalidArgument("range \(start)..<\(end) (\(unit)) is not in the document (length \(total))")
  }
  return start..<end
}

/// The text of `document` as `kind` names it.
func text(of document: RichText, kind: emotext_text_kind) throws(CallFailure) -> String {
  switch kind {
  case EMOTEXT_TEXT_BUFFER: document.bufferText
  case EMOTEXT_TEXT_POST: document.postText
  default:
    throw .invalidArgument("kind is \(kind.rawValue), not EMOTEXT_TEXT_BUFFER (0) or EMOTEXT_TEXT_POST (1)")
  }
}

@_cdecl("emotext_editor_insert")
public func cEditorInsert(
  _ editor: OpaquePointer?, _ textPointer: CString?, _ textLength: Int, _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in editor.insert(try text(textPointer, textLength)) }
}

@_cdecl("emotext_editor_insert_emoticon")
public func cEditorInsertEmoticon(
  _ editor: OpaquePointer?, _ tokenPointer: CString?, _ tokenLength: Int, _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    let token = try text(tokenPointer, tokenLength, name: "token")
    guard let emoticon = editor.tokenizer.catalog.emoticon(forCode: token) else {
      throw .invalidArgument("unknown emoticon \(token): not in the catalog")
    }
    editor.insert(emoticon: emoticon, token: token)
  }
}

@_cdecl("emotext_editor_delete_backward")
public func cEditorDeleteBackward(_ editor: OpaquePointer?, _ errorOut: StringOut?) -> Int32 {
  editorCall(editor, errorOut) { $0.deleteBackward() }
}

@_cdecl("emotext_editor_delete_forward")
public func cEditorDeleteForward(_ editor: OpaquePointer?, _ errorOut: StringOut?) -> Int32 {
  editorCall(editor, errorOut) { $0.deleteForward() }
}

@_cdecl("emotext_editor_select")
public func cEditorSelect(
  _ editor: OpaquePointer?, _ anchor: Int, _ head: Int, _ unit: emotext_unit, _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    try checkLength(anchor, name: "anchor")
    try checkLength(head, name: "head")
    editor.select(anchor: anchor, head: head, in: try textUnit(unit))
  }
}

@_cdecl("emotext_editor_replace")
public func cEditorReplace(
  _ editor: OpaquePointer?, _ start: Int, _ end: Int, _ unit: emotext_unit,
  _ textPointer: CString?, _ textLength: Int, _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    let unit = try textUnit(unit)
    let range = try documentRange(start, end, in: unit, of: editor.document)
    editor.replace(range, in: unit, with: RichText(try text(textPointer, textLength)))
  }
}

@_cdecl("emotext_editor_set_marked_text")
public func cEditorSetMarkedText(
  _ editor: OpaquePointer?, _ textPointer: CString?, _ textLength: Int, _ selectedStart: Int,
  _ selectedEnd: Int, _ unit: emotext_unit, _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    // Note: the arguments before the text's content, so that a call with both wrong is EMOTEXT_INVALID_ARGUMENT, as
    // the header promises for a position above PTRDIFF_MAX or an unknown unit whatever the text holds.
    try checkLength(selectedStart, name: "selected_start")
    try checkLength(selectedEnd, name: "selected_end")
    guard selectedStart <= selectedEnd else {
      throw .invalidArgument("selected_start \(selectedStart) is after selected_end \(selectedEnd)")
    }
    let unit = try textUnit(unit)
    let marked = try text(textPointer, textLength)
    editor.setMarkedText(marked, selectedRange: selectedStart..<selectedEnd, in: unit)
  }
}

@_cdecl("emotext_editor_unmark_text")
public func cEditorUnmarkText(_ editor: OpaquePointer?, _ errorOut: StringOut?) -> Int32 {
  editorCall(editor, errorOut) { $0.unmarkText() }
}

@_cdecl("emotext_editor_delete_surrounding")
public func cEditorDeleteSurrounding(
  _ editor: OpaquePointer?, _ offset: Int, _ count: Int, _ unit: emotext_unit, _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    try checkLength(count, name: "count")
    editor.deleteSurroundingText(offset: offset, count: count, in: try textUnit(unit))
  }
}

@_cdecl("emotext_editor_undo")
public func cEditorUndo(_ editor: OpaquePointer?, _ doneOut: UnsafeMutablePointer<Int32>?, _ errorOut: StringOut?)
  -> Int32
{
  editorCall(editor, errorOut) {
    let done = $0.undo()
    doneOut?.pointee = done ? 1 : 0
  }
}

@_cdecl("emotext_editor_redo")
public func cEditorRedo(_ editor: OpaquePointer?, _ doneOut: UnsafeMutablePointer<Int32>?, _ errorOut: StringOut?)
  -> Int32
{
  editorCall(editor, errorOut) {
    let done = $0.redo()
    doneOut?.pointee = done ? 1 : 0
  }
}

@_cdecl("emotext_editor_last_change")
public func cEditorLastChange(
  _ editor: OpaquePointer?, _ unit: emotext_unit, _ changeOut: UnsafeMutablePointer<emotext_change>?,
  _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    let out = try required(changeOut, "change_out")
    out.pointee = emotext_change()
    guard let change = editor.lastChange(in: try textUnit(unit)) else { return }
    out.pointee = emotext_change(
      changed: 1, start: change.replacedRange.lowerBound, old_end: change.replacedRange.upperBound,
      new_end: change.insertedRange.upperBound)
  }
}

/// Stores `range` (nil: absent) in `out`.
private func store(_ range: Range<Int>?, in out: UnsafeMutablePointer<emotext_range>) {
  out.pointee = range.map { emotext_range(present: 1, start: $0.lowerBound, end: $0.upperBound) } ?? emotext_range()
}

@_cdecl("emotext_editor_last_restyle")
public func cEditorLastRestyle(
  _ editor: OpaquePointer?, _ unit: emotext_unit, _ rangeOut: UnsafeMutablePointer<emotext_range>?,
  _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    let out = try required(rangeOut, "range_out")
    store(editor.lastRestyle(in: try textUnit(unit)), in: out)
  }
}

@_cdecl("emotext_editor_marked_range")
public func cEditorMarkedRange(
  _ editor: OpaquePointer?, _ unit: emotext_unit, _ rangeOut: UnsafeMutablePointer<emotext_range>?,
  _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    let out = try required(rangeOut, "range_out")
    store(editor.markedRange(in: try textUnit(unit)), in: out)
  }
}

@_cdecl("emotext_editor_selection")
public func cEditorSelection(
  _ editor: OpaquePointer?, _ unit: emotext_unit, _ anchorOut: UnsafeMutablePointer<Int>?,
  _ headOut: UnsafeMutablePointer<Int>?, _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    let anchor = try required(anchorOut, "anchor_out")
    let head = try required(headOut, "head_out")
    let ends = editor.selectionEnds(in: try textUnit(unit))
    (anchor.pointee, head.pointee) = (ends.anchor, ends.head)
  }
}

@_cdecl("emotext_editor_count")
public func cEditorCount(
  _ editor: OpaquePointer?, _ unit: emotext_unit, _ countOut: UnsafeMutablePointer<Int>?, _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    let out = try required(countOut, "count_out")
    out.pointee = editor.document.count(in: try textUnit(unit))
  }
}

@_cdecl("emotext_editor_text")
public func cEditorText(
  _ editor: OpaquePointer?, _ kind: emotext_text_kind, _ textOut: StringOut?, _ textLength: LengthOut?,
  _ errorOut: StringOut?
) -> Int32 {
  answer(textOut, textLength, errorOut) { () throws(CallFailure) in
    Array(try text(of: try editorHandle(editor).script.editor.document, kind: kind).utf8)
  }
}

@_cdecl("emotext_editor_text_range")
public func cEditorTextRange(
  _ editor: OpaquePointer?, _ kind: emotext_text_kind, _ start: Int, _ end: Int, _ unit: emotext_unit,
  _ textOut: StringOut?, _ textLength: LengthOut?, _ errorOut: StringOut?
) -> Int32 {
  answer(textOut, textLength, errorOut) { () throws(CallFailure) in
    let document = try editorHandle(editor).script.editor.document
    let unit = try textUnit(unit)
    let range = try documentRange(start, end, in: unit, of: document)
    let lower = document.offset(range.lowerBound, from: unit, to: .utf16, snapping: true)
    let upper = document.offset(range.upperBound, from: unit, to: .utf16, snapping: true)
    return Array(try text(of: document.slice(lower..<upper), kind: kind).utf8)
  }
}

@_cdecl("emotext_editor_set_length_limit")
public func cEditorSetLengthLimit(
  _ editor: OpaquePointer?, _ rule: CString?, _ maximum: Int, _ enforcement: emotext_limit_enforcement,
  _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    let measure = try lengthMeasure(rule)
    try checkLength(maximum, name: "maximum")
    let cutting: LengthLimit.Enforcement
    switch enforcement {
    case EMOTEXT_LIMIT_AFTER_COMPOSITION: cutting = .truncateAfterComposition
    case EMOTEXT_LIMIT_ENFORCED: cutting = .enforced
    case EMOTEXT_LIMIT_COUNTED: cutting = .none
    default:
      throw .invalidArgument(
        "enforcement is \(enforcement.rawValue), not EMOTEXT_LIMIT_AFTER_COMPOSITION (0), EMOTEXT_LIMIT_ENFORCED (1) "
          + "or EMOTEXT_LIMIT_COUNTED (2)")
    }
    editor.lengthLimit = LengthLimit(measure: measure, maximum: maximum, enforcement: cutting)
  }
}

@_cdecl("emotext_editor_clear_length_limit")
public func cEditorClearLengthLimit(_ editor: OpaquePointer?, _ errorOut: StringOut?) -> Int32 {
  editorCall(editor, errorOut) { $0.lengthLimit = nil }
}

@_cdecl("emotext_editor_length_status")
public func cEditorLengthStatus(
  _ editor: OpaquePointer?, _ limitedOut: UnsafeMutablePointer<Int32>?, _ lengthOut: UnsafeMutablePointer<Int>?,
  _ maximumOut: UnsafeMutablePointer<Int>?, _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    let limited = try required(limitedOut, "limited_out")
    let length = try required(lengthOut, "length_out")
    let maximum = try required(maximumOut, "maximum_out")
    let status = editor.lengthStatus
    limited.pointee = status == nil ? 0 : 1
    (length.pointee, maximum.pointee) = (status?.length ?? 0, status?.maximum ?? 0)
  }
}

@_cdecl("emotext_editor_set_entity_deletion")
public func cEditorSetEntityDeletion(
  _ editor: OpaquePointer?, _ deletion: emotext_entity_deletion, _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    switch deletion {
    case EMOTEXT_ENTITY_DELETION_CHARACTERS: editor.entityDeletion = .characters
    case EMOTEXT_ENTITY_DELETION_WHOLE: editor.entityDeletion = .whole
    default:
      throw .invalidArgument(
        "deletion is \(deletion.rawValue), not EMOTEXT_ENTITY_DELETION_CHARACTERS (0) or "
          + "EMOTEXT_ENTITY_DELETION_WHOLE (1)")
    }
  }
}
