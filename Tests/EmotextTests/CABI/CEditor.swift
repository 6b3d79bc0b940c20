import EmotextC
import EmotextCHeader

@testable import Emotext

#if canImport(Glibc)
  import Glibc
#endif

/// The C ABI's typed editor, called through its entry points as a C host calls them (the `@_cdecl` functions of
/// Sources/EmotextC), with each call's status and message checked and its strings released.
final class CEditor {
  let handle: OpaquePointer

  init() { handle = cEditorNew(nil) }
  deinit { cEditorFree(handle) }

  /// A failed call: its status and message.
  struct Failure: Error, Equatable {
    let status: Int32
    let message: String
  }

  /// Calls `body` with an error pointer; throws the failure it reports.
  static func checked(_ body: (StringOut) -> Int32) throws(Failure) {
    var error: UnsafeMutablePointer<CChar>?
    let status = body(&error)
    defer { cStringFree(error) }
    guard status == 0 else { throw Failure(status: status, message: error.map { String(cString: $0) } ?? "") }
    precondition(error == nil, "a call that succeeded left a message")
  }

  /// Calls `body` with `text`'s UTF-8 bytes as a `(pointer, length)` argument.
  static func withBytes<Result>(_ text: String, _ body: (CString?, Int) -> Result) -> Result {
    var text = text
    return text.withUTF8 { bytes in bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress, $0.count) } }
  }

  /// A string a call returned, released.
  static func string(_ body: (StringOut, LengthOut, StringOut) -> Int32) throws(Failure) -> String {
    var out: UnsafeMutablePointer<CChar>?
    var length = 0
    try checked { body(&out, &length, $0) }
    defer { cStringFree(out) }
    return String(decoding: UnsafeRawBufferPointer(start: out, count: length), as: UTF8.self)
  }

  static func cUnit(_ unit: TextUnit) -> emotext_unit {
    switch unit {
    case .utf8: EMOTEXT_UNIT_UTF8
    case .utf16: EMOTEXT_UNIT_UTF16
    case .unicodeScalars: EMOTEXT_UNIT_SCALARS
    }
  }

  func insert(_ text: String) throws(Failure) {
    try Self.checked { error in Self.withBytes(text) { cEditorInsert(handle, $0, $1, error) } }
  }

  func insertEmoticon(_ token: String) throws(Failure) {
    try Self.checked { error in Self.withBytes(token) { cEditorInsertEmoticon(handle, $0, $1, error) } }
  }

  func deleteBackward() throws(Failure) { try Self.checked { cEditorDeleteBackward(handle, $0) } }
  func deleteForward() throws(Failure) { try Self.checked { cEditorDeleteForward(handle, $0) } }

  func select(anchor: Int, head: Int, in unit: TextUnit) throws(Failure) {
    try Self.checked { cEditorSelect(handle, anchor, head, Self.cUnit(unit), $0) }
  }

  func replace(_ range: Range<Int>, in unit: TextUnit, with text: String) throws(Failure) {
    try Self.checked { error in
      Self.withBytes(text) {
        cEditorReplace(handle, range.lowerBound, range.upperBound, Self.cUnit(unit), $0, $1, error)
      }
    }
  }

  func setMarkedText(_ text: String, selected: Range<Int>, in unit: TextUnit) throws(Failure) {
    try Self.checked { error in
      Self.withBytes(text) {
        cEditorSetMarkedText(handle, $0, $1, selected.lowerBound, selected.upperBound, Self.cUnit(unit), error)
      }
    }
  }

  func unmarkText() throws(Failure) { try Self.checked { cEditorUnmarkText(handle, $0) } }

  func deleteSurrounding(offset: Int, count: Int, in unit: TextUnit) throws(Failure) {
    try Self.checked { cEditorDeleteSurrounding(handle, offset, count, Self.cUnit(unit), $0) }
  }

  func undo() throws(Failure) -> Bool {
    var done: Int32 = -1
    try Self.checked { cEditorUndo(handle, &done, $0) }
    return done == 1
  }

  func redo() throws(Failure) -> Bool {
    var done: Int32 = -1
    try Self.checked { cEditorRedo(handle, &done, $0) }
    return done == 1
  }

  /// The three flavours `copy` (or `cut`) filled.
  private func clipboard(_ call: (UnsafeMutablePointer<emotext_clipboard>, StringOut) -> Int32) throws(Failure)
    -> Clipboard
  {
    var clipboard = emotext_clipboard()
    clipboard.size = MemoryLayout<emotext_clipboard>.size
    try Self.checked { call(&clipboard, $0) }
    defer { cClipboardClear(&clipboard) }
    func string(_ pointer: UnsafeMutablePointer<CChar>?, _ count: Int) -> String {
      String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
    return Clipboard(
      text: string(clipboard.text, clipboard.text_length), html: string(clipboard.html, clipboard.html_length),
      documentJSON: string(clipboard.json, clipboard.json_length))
  }

  func copy() throws(Failure) -> Clipboard { try clipboard { cEditorCopy(handle, $0, $1) } }
  func cut() throws(Failure) -> Clipboard { try clipboard { cEditorCut(handle, $0, $1) } }

  func paste(_ flavor: Clipboard.Flavor) throws(Failure) {
    let (kind, data): (emotext_flavor, String) =
      switch flavor {
      case .text(let text): (EMOTEXT_FLAVOR_TEXT, text)
      case .html(let html): (EMOTEXT_FLAVOR_HTML, html)
      case .documentJSON(let json): (EMOTEXT_FLAVOR_JSON, json)
      }
    try Self.checked { error in Self.withBytes(data) { cEditorPaste(handle, kind, $0, $1, error) } }
  }

  func setLengthLimit(rule: String, maximum: Int, enforcement: emotext_limit_enforcement) throws(Failure) {
    try Self.checked { error in rule.withCString { cEditorSetLengthLimit(handle, $0, maximum, enforcement, error) } }
  }

  func clearLengthLimit() throws(Failure) { try Self.checked { cEditorClearLengthLimit(handle, $0) } }

  func lengthStatus() throws(Failure) -> LengthStatus? {
    var limited: Int32 = -1
    var length = -1
    var maximum = -1
    try Self.checked { cEditorLengthStatus(handle, &limited, &length, &maximum, $0) }
    return limited == 0 ? nil : LengthStatus(length: length, maximum: maximum)
  }

  func setEntityDeletion(_ deletion: emotext_entity_deletion) throws(Failure) {
    try Self.checked { cEditorSetEntityDeletion(handle, deletion, $0) }
  }

  /// The last change in `unit`, nil when the last call changed no text.
  func lastChange(in unit: TextUnit) throws(Failure) -> (start: Int, oldEnd: Int, newEnd: Int)? {
    var change = emotext_change()
    try Self.checked { cEditorLastChange(handle, Self.cUnit(unit), &change, $0) }
    return change.changed == 0 ? nil : (change.start, change.old_end, change.new_end)
  }

  func lastRestyle(in unit: TextUnit) throws(Failure) -> Range<Int>? {
    var range = emotext_range()
    try Self.checked { cEditorLastRestyle(handle, Self.cUnit(unit), &range, $0) }
    return range.present == 0 ? nil : range.start..<range.end
  }

  func selection(in unit: TextUnit) throws(Failure) -> SelectionEnds {
    var anchor = -1
    var head = -1
    try Self.checked { cEditorSelection(handle, Self.cUnit(unit), &anchor, &head, $0) }
    return SelectionEnds(anchor: anchor, head: head)
  }

  func markedRange(in unit: TextUnit) throws(Failure) -> Range<Int>? {
    var range = emotext_range()
    try Self.checked { cEditorMarkedRange(handle, Self.cUnit(unit), &range, $0) }
    return range.present == 0 ? nil : range.start..<range.end
  }

  func count(in unit: TextUnit) throws(Failure) -> Int {
    var count = -1
    try Self.checked { cEditorCount(handle, Self.cUnit(unit), &count, $0) }
    return count
  }

  func text(_ kind: emotext_text_kind) throws(Failure) -> String {
    try Self.string { cEditorText(handle, kind, $0, $1, $2) }
  }

  func text(_ kind: emotext_text_kind, _ range: Range<Int>, in unit: TextUnit) throws(Failure) -> String {
    try Self.string { cEditorTextRange(handle, kind, range.lowerBound, range.upperBound, Self.cUnit(unit), $0, $1, $2) }
  }
}
