import EmotextC
import EmotextCHeader

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The cABI target: bytes as a sequence of calls through the C entry points of `emotext.h` (the `@_cdecl`
/// functions of Sources/EmotextC), on one editor handle, on documents and on the one-shot calls, with random
/// bytes (not always UTF-8), lengths and positions (past the end, above `PTRDIFF_MAX`), unknown enum values and
/// NULL pointers. After every call:
/// - the status is an `emotext_status`; a failure left a message (and NULL results) and changed nothing (the
///   buffer and post text, the selection, marked range, last change and restyle in every unit, the length
///   status); a success left no message (the caller's pointer is overwritten with NULL);
/// - every returned string has its stated length and a NUL after it, and is released (the fuzz binary runs
///   under AddressSanitizer; input buffers are exactly their length, never NUL-terminated);
/// - every position or range returned lies within `emotext_editor_count` in its unit;
/// - a host mirror of the buffer text in UTF-8, updated only from `emotext_editor_last_change` and
///   `emotext_editor_text_range` after each editing call, equals `emotext_editor_text(BUFFER)`, and the change in
///   UTF-16 and scalars counts what the mirror replaced and inserted (counted with the standard library);
/// - reading calls, copy and the settings leave the last change as it was;
/// - a document's runs tile its counts in every unit and their texts make its post text.
enum CABIProperty {
  /// Texts the fuzzer would take long to find: tokens, entities, clusters, U+FFFC, and bytes that are not UTF-8
  /// (a lone continuation byte, a truncated sequence, an encoded surrogate) or NUL.
  static let pieces: [[UInt8]] =
    ["好", "[哈哈]", "[", "]", "@小明 ", "#春天#", "https://weibo.com/a ", "👍🏽", "e\u{301}", "\u{FFFC}", "\r\n", "a", " "]
    .map { Array($0.utf8) } + [[0x80], [0xE5, 0xA5], [0xED, 0xA0, 0x80], [0]]

  /// NUL-terminated option strings: NULL (the default), every rule and link rule, a template, an ellipsis, an
  /// unknown name and one that is not UTF-8.
  static let options: [[UInt8]?] =
    [nil]
    + ["weibo", "twitter", "utf16", "scalars", "graphemes", "", "…", "nope", "https://x.com/{name}", "{topic}"]
    .map { Array($0.utf8) } + [[0xFF, 0x41]]

  /// Positions and lengths above `PTRDIFF_MAX` (negative as `Int`) and at its edge.
  static let large: [Int] = [Int.max, Int.max - 1, Int.min, -1, Int(UInt32.max), 1 << 40]

  /// What `*error_out` and the result pointers hold before a call, so that a call that does not set them shows.
  static var unset: UnsafeMutablePointer<CChar> { UnsafeMutablePointer(bitPattern: 0xDEAD)! }
  static var unsetHandle: OpaquePointer { OpaquePointer(bitPattern: 0xDEAD)! }

  static let statusNames = 0...4

  // MARK: The input

  /// A `(pointer, length)` argument: bytes, passed as they are, as NULL with a length, or with a length above
  /// `PTRDIFF_MAX`.
  struct Argument {
    enum Form {
      case exact
      /// NULL, with this length.
      case null(Int)
      /// The bytes, with this length (above `PTRDIFF_MAX`).
      case aboveLimit(Int)
    }
    var bytes: [UInt8]
    var form = Form.exact

    /// Whether the call must refuse it whatever it holds.
    var isInvalid: Bool {
      switch form {
      case .exact: false
      case .null(let length): length != 0
      case .aboveLimit: true
      }
    }

    /// Calls `body` with the argument in a buffer of exactly its length (no NUL after it).
    func with<Result>(_ body: (CString?, Int) -> Result) -> Result {
      let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
      defer { buffer.deallocate() }
      bytes.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
      switch form {
      case .exact: return body(buffer, bytes.count)
      case .null(let length): return body(nil, length)
      case .aboveLimit(let length): return body(buffer, length)
      }
    }
  }

  /// The next argument: raw bytes, pieces, NULL or a length above `PTRDIFF_MAX`.
  static func argument(_ input: inout FuzzInput) -> Argument {
    let header = input.byte()
    switch header {
    case 0..<0x60: return Argument(bytes: input.bytes(upTo: Int(header & 0x1F)))
    case 0x60..<0x70: return Argument(bytes: [], form: .null(Int(header & 3)))
    case 0x70..<0x80: return Argument(bytes: [0x61], form: .aboveLimit(large[Int(header) % large.count] | Int.min))
    default:
      return Argument(bytes: (0...Int(header >> 5 & 1)).flatMap { _ in pieces[input.number(below: pieces.count)] })
    }
  }

  /// The next unit: mostly one of the three, sometimes an unknown value.
  static func unit(_ input: inout FuzzInput) -> emotext_unit {
    let byte = input.byte()
    guard byte >= 0xF0 else { return emotext_unit(rawValue: numericCast(byte % 3)) }
    return emotext_unit(rawValue: numericCast(byte == 0xFF ? UInt32.max : UInt32(byte & 0xF) + 3))
  }

  /// The next position in a document of `count` units: in it, just past it, or far past it.
  static func position(_ input: inout FuzzInput, count: Int) -> Int {
    let byte = input.byte()
    switch byte >> 6 {
    case 0, 1: return Int(byte) % (count + 3)
    case 2: return max(0, count - Int(byte & 0x3F) / 8)
    default: return large[Int(byte & 0x3F) % large.count]
    }
  }

  /// The next NUL-terminated option string.
  static func option(_ input: inout FuzzInput) -> [UInt8]? { options[input.number(below: options.count)] }

  /// Calls `body` with `option` as a NUL-terminated string in a buffer of exactly its size, or NULL.
  static func with<Result, Failure>(_ option: [UInt8]?, _ body: (CString?) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    guard let option else { return try body(nil) }
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: option.count + 1)
    defer { buffer.deallocate() }
    for (index, byte) in option.enumerated() { buffer[index] = CChar(bitPattern: byte) }
    buffer[option.count] = 0
    return try body(buffer)
  }

  // MARK: Calls

  /// Makes a call with `*error_out` preset; checks the status and the message convention, releases the message,
  /// and returns the status.
  @discardableResult
  static func call(_ name: String, _ body: (StringOut) -> Int32) throws(PropertyFailure) -> Int32 {
    var error: UnsafeMutablePointer<CChar>? = unset
    let status = body(&error)
    try require(statusNames.contains(Int(status)), "\(name): status \(status) is not an emotext_status")
    if status == 0 {
      try require(error == nil, "\(name) succeeded but left \(error == unset ? "*error_out as it was" : "a message")")
      return status
    }
    guard let message = error, message != unset else {
      throw PropertyFailure(description: "\(name) failed (status \(status)) without a message")
    }
    let text = String(validatingCString: message)
    cStringFree(message)
    try require(
      text.map { !$0.isEmpty } ?? false, "\(name) failed (status \(status)) with an empty or non-UTF-8 message")
    return status
  }

  /// Checks a returned string: its stated length, the NUL after it; releases it and returns its bytes.
  static func returned(_ name: String, _ pointer: UnsafeMutablePointer<CChar>?, length: Int) throws(PropertyFailure)
    -> [UInt8]
  {
    guard let pointer, pointer != unset else {
      throw PropertyFailure(description: "\(name) succeeded without a string")
    }
    defer { cStringFree(pointer) }
    try require(length >= 0, "\(name): a string of length \(length)")
    try require(pointer[length] == 0, "\(name): no NUL after the string's \(length) bytes")
    return Array(UnsafeRawBufferPointer(start: pointer, count: length))
  }

  /// Makes a call that returns a string; nil when it failed (having left a NULL result).
  static func string(_ name: String, _ body: (StringOut, LengthOut, StringOut) -> Int32) throws(PropertyFailure)
    -> [UInt8]?
  {
    var out: UnsafeMutablePointer<CChar>? = unset
    var length = -1
    let status = try call(name) { body(&out, &length, $0) }
    guard status == 0 else {
      try require(out == nil, "\(name) failed but left \(out == unset ? "the result as it was" : "a result")")
      return nil
    }
    return try returned(name, out, length: length)
  }

  // MARK: The editor's state

  /// What the reading calls say of the editor, in every unit; the positions are checked to lie in the document.
  struct Snapshot: Equatable {
    var buffer: [UInt8]
    var post: [UInt8]
    /// Per unit: count, anchor, head, marked range, restyle and change (flag and fields).
    var positions: [[Int]]
    var lengthStatus: [Int]

    /// This state with no last change and no restyle, in every unit.
    var withoutChange: Snapshot {
      var state = self
      for unit in state.positions.indices {
        state.positions[unit].replaceSubrange(6...12, with: repeatElement(0, count: 7))
      }
      return state
    }
  }

  static let units = [EMOTEXT_UNIT_UTF8, EMOTEXT_UNIT_UTF16, EMOTEXT_UNIT_SCALARS]

  static func snapshot(_ editor: OpaquePointer) throws(PropertyFailure) -> Snapshot {
    let buffer = try string("emotext_editor_text(BUFFER)") { cEditorText(editor, EMOTEXT_TEXT_BUFFER, $0, $1, $2) }
    let post = try string("emotext_editor_text(POST)") { cEditorText(editor, EMOTEXT_TEXT_POST, $0, $1, $2) }
    guard let buffer, let post else { throw PropertyFailure(description: "emotext_editor_text failed") }
    let decoded = String(decoding: buffer, as: UTF8.self)
    try require(Array(decoded.utf8) == buffer, "the buffer text is not UTF-8: \(buffer)")
    let naiveCounts = [buffer.count, decoded.utf16.count, decoded.unicodeScalars.count]
    var positions: [[Int]] = []
    for (index, unit) in units.enumerated() {
      var count = -1
      var anchor = -1
      var head = -1
      var marked = emotext_range(present: -1, start: 7, end: 7)
      var restyle = marked
      var change = emotext_change(changed: -1, start: 7, old_end: 7, new_end: 7)
      try require(try call("count") { cEditorCount(editor, unit, &count, $0) } == 0, "emotext_editor_count failed")
      try require(
        try call("selection") { cEditorSelection(editor, unit, &anchor, &head, $0) } == 0, "selection failed")
      try require(try call("marked_range") { cEditorMarkedRange(editor, unit, &marked, $0) } == 0, "marked failed")
      try require(try call("last_restyle") { cEditorLastRestyle(editor, unit, &restyle, $0) } == 0, "restyle failed")
      try require(try call("last_change") { cEditorLastChange(editor, unit, &change, $0) } == 0, "change failed")
      let name = "unit \(unit.rawValue)"
      try require(count == naiveCounts[index], "\(name): count \(count), the buffer text has \(naiveCounts[index])")
      try require(anchor <= count && head <= count, "\(name): selection \(anchor), \(head) past the end \(count)")
      for (what, range) in [("marked range", marked), ("restyle", restyle)] {
        try require(
          range.present == 0
            ? range.start == 0 && range.end == 0
            : range.present == 1 && range.end <= count
              && range.start <= range.end, "\(name): \(what) \(range) in a document of \(count)")
      }
      try require(
        change.changed == 0
          ? change.start == 0 && change.old_end == 0 && change.new_end == 0
          : change.changed == 1 && change.start <= change.old_end && change.start <= change.new_end
            && change.new_end <= count, "\(name): change \(change) in a document of \(count)")
      positions.append([
        count, anchor, head, Int(marked.present), marked.start, marked.end, Int(restyle.present), restyle.start,
        restyle.end, Int(change.changed), change.start, change.old_end, change.new_end,
      ])
    }
    try require(
      Set(positions.map { $0[9] }).count == 1, "the change is present in some units only: \(positions.map { $0[9] })")
    var limited: Int32 = -1
    var length = -1
    var maximum = -1
    try require(
      try call("length_status") { cEditorLengthStatus(editor, &limited, &length, &maximum, $0) } == 0,
      "emotext_editor_length_status failed")
    return Snapshot(buffer: buffer, post: post, positions: positions, lengthStatus: [Int(limited), length, maximum])
  }

  /// Throws unless `after` equals `before` (the length status too unless `settings` changed it).
  static func requireUnchanged(
    _ before: Snapshot, _ after: Snapshot, by call: String, settings: Bool = false
  ) throws(PropertyFailure) {
    var after = after
    if settings { after.lengthStatus = before.lengthStatus }
    try require(
      before == after, "\(call) changed the editor: before \(before), after \(after)")
  }

  /// Applies the editor's last change (in UTF-8, read back with `emotext_editor_text_range`) to `mirror`, and checks
  /// the change in UTF-16 and scalars against what the mirror replaced and inserted, counted naively.
  static func applyLastChange(of editor: OpaquePointer, to mirror: inout [UInt8]) throws(PropertyFailure) {
    var changes: [emotext_change] = []
    for unit in units {
      var change = emotext_change()
      try require(try call("last_change") { cEditorLastChange(editor, unit, &change, $0) } == 0, "last_change failed")
      changes.append(change)
    }
    let change = changes[0]
    guard change.changed != 0 else { return }
    try require(
      change.old_end <= mirror.count, "the change \(change) does not fit the mirror's \(mirror.count) bytes")
    let inserted = try string("text_range") {
      cEditorTextRange(editor, EMOTEXT_TEXT_BUFFER, change.start, change.new_end, EMOTEXT_UNIT_UTF8, $0, $1, $2)
    }
    guard let inserted else { throw PropertyFailure(description: "text_range of the change \(change) failed") }
    try require(
      inserted.count == change.new_end - change.start, "text_range of \(change) has \(inserted.count) bytes")
    let before = String(decoding: mirror[..<change.start], as: UTF8.self)
    let replaced = String(decoding: mirror[change.start..<change.old_end], as: UTF8.self)
    let new = String(decoding: inserted, as: UTF8.self)
    let naive = [
      (before.utf16.count, replaced.utf16.count, new.utf16.count),
      (before.unicodeScalars.count, replaced.unicodeScalars.count, new.unicodeScalars.count),
    ]
    for (other, expected) in zip(changes.dropFirst(), naive) {
      try require(
        other.start == expected.0 && other.old_end - other.start == expected.1
          && other.new_end - other.start == expected.2,
        "the change \(other) does not count what UTF-8's \(change) replaced and inserted: \(expected)")
    }
    mirror.replaceSubrange(change.start..<change.old_end, with: inserted)
  }

  /// Throws unless `mirror` is the editor's buffer text.
  static func checkMirror(_ mirror: [UInt8], of editor: OpaquePointer) throws(PropertyFailure) {
    let buffer = try string("emotext_editor_text(BUFFER)") { cEditorText(editor, EMOTEXT_TEXT_BUFFER, $0, $1, $2) }
    try require(
      buffer == mirror,
      "the host mirror \(String(decoding: mirror, as: UTF8.self).debugDescription) is not the buffer text "
        + "\(String(decoding: buffer ?? [], as: UTF8.self).debugDescription)")
  }

  // MARK: The session

  /// What a step did to the editor, which decides what is checked after it.
  enum Effect {
    /// May change the text or the selection: the mirror follows its last change when it succeeded.
    case editing
    /// Reads, or copies: nothing changes.
    case reading
    /// Changes a setting: the length status may change, nothing else.
    case setting
  }

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    var input = FuzzInput(bytes)
    let flags = input.byte()
    // Note: a catalog handle released while its editor and documents live, as the header allows.
    let catalog: OpaquePointer? = flags & 1 != 0 ? cCatalogDefault() : nil
    let editor = cEditorNew(catalog)
    defer { cEditorFree(editor) }
    var documentCatalog = catalog
    if flags & 2 != 0 {
      cCatalogFree(catalog)
      documentCatalog = nil
    }
    defer { if flags & 2 == 0 { cCatalogFree(catalog) } }
    var mirror: [UInt8] = []
    var session = Session(editor: editor, catalog: documentCatalog)
    var before = try snapshot(editor)
    var steps = 0
    while input.hasMore && steps < 256 {
      steps += 1
      let (name, effect, status) = try session.step(&input, count: before.positions[0][0])
      let after = try snapshot(editor)
      if status != 0 {
        // Note: a paste whose content fails to decode reports no change or restyle, as `Editor.paste` does (the
        // header says so).
        let reportsNoChange = name.hasPrefix("paste") && status == 2 && after == before.withoutChange
        if !reportsNoChange { try requireUnchanged(before, after, by: "\(name) (failed with \(status))") }
      } else {
        switch effect {
        case .editing:
          try applyLastChange(of: editor, to: &mirror)
          try checkMirror(mirror, of: editor)
        case .reading: try requireUnchanged(before, after, by: name)
        case .setting: try requireUnchanged(before, after, by: name, settings: true)
        }
      }
      before = after
    }
  }

  /// The calls of one input: the editor handle, the catalog for documents and one-shot calls, the last clipboard.
  struct Session {
    let editor: OpaquePointer
    let catalog: OpaquePointer?
    /// The flavours of the last copy or cut, to paste back.
    var clipboard: [[UInt8]] = [[], [], []]

    /// One call, decoded from `input`, on a document of `count` UTF-8 bytes; returns its name, what it may change
    /// and its status.
    mutating func step(_ input: inout FuzzInput, count: Int) throws(PropertyFailure) -> (String, Effect, Int32) {
      let editor = editor
      let command = input.byte()
      switch command % 24 {
      case 0, 1, 2:
        let text = argument(&input)
        let status = try call("insert") { error in text.with { cEditorInsert(editor, $0, $1, error) } }
        try requireRefused(status, if: text.isInvalid, "insert")
        return ("insert \(text)", .editing, status)
      case 3:
        let token = input.byte() < 0x80 ? Argument(bytes: Array("[哈哈]".utf8)) : argument(&input)
        let status = try call("insert_emoticon") { error in token.with { cEditorInsertEmoticon(editor, $0, $1, error) }
        }
        return ("insert_emoticon \(token)", .editing, status)
      case 4, 5:
        return ("delete_backward", .editing, try call("delete_backward") { cEditorDeleteBackward(editor, $0) })
      case 6: return ("delete_forward", .editing, try call("delete_forward") { cEditorDeleteForward(editor, $0) })
      case 7, 8:
        let unit = CABIProperty.unit(&input)
        let anchor = position(&input, count: count)
        let head = position(&input, count: count)
        let status = try call("select") { cEditorSelect(editor, anchor, head, unit, $0) }
        try requireRefused(status, if: anchor < 0 || head < 0 || unit.rawValue > 2, "select")
        return ("select \(anchor) \(head) unit \(unit.rawValue)", .editing, status)
      case 9:
        let unit = CABIProperty.unit(&input)
        let start = position(&input, count: count)
        let end = position(&input, count: count)
        let text = argument(&input)
        let status = try call("replace") { error in
          text.with { cEditorReplace(editor, start, end, unit, $0, $1, error) }
        }
        try requireRefused(
          status, if: start < 0 || end < 0 || start > end || unit.rawValue > 2 || text.isInvalid, "replace")
        return ("replace \(start)..<\(end) unit \(unit.rawValue) with \(text)", .editing, status)
      case 10:
        let text = argument(&input)
        let unit = CABIProperty.unit(&input)
        let start = position(&input, count: text.bytes.count)
        let end = position(&input, count: text.bytes.count)
        let status = try call("set_marked_text") { error in
          text.with { cEditorSetMarkedText(editor, $0, $1, start, end, unit, error) }
        }
        try requireRefused(
          status, if: start < 0 || end < 0 || start > end || text.isInvalid || unit.rawValue > 2, "set_marked_text")
        return ("set_marked_text \(text) \(start)..<\(end) unit \(unit.rawValue)", .editing, status)
      case 11: return ("unmark_text", .editing, try call("unmark_text") { cEditorUnmarkText(editor, $0) })
      case 12:
        let unit = CABIProperty.unit(&input)
        let byte = input.byte()
        let offset = byte >= 0xF8 ? [Int.min, Int.max, Int.min + 1, Int.max - 1][Int(byte & 3)] : Int(byte & 0x3F) - 32
        let number = position(&input, count: count)
        let status = try call("delete_surrounding") { cEditorDeleteSurrounding(editor, offset, number, unit, $0) }
        try requireRefused(status, if: number < 0 || unit.rawValue > 2, "delete_surrounding")
        return ("delete_surrounding \(offset) \(number) unit \(unit.rawValue)", .editing, status)
      case 13, 14:
        var done: Int32 = -1
        let undo = command % 24 == 13
        let status = try call(undo ? "undo" : "redo") { error in
          if input.byte() & 1 == 0 { return undo ? cEditorUndo(editor, nil, error) : cEditorRedo(editor, nil, error) }
          return undo ? cEditorUndo(editor, &done, error) : cEditorRedo(editor, &done, error)
        }
        try require(done == -1 || done == 0 || done == 1, "undo/redo stored done = \(done)")
        return (undo ? "undo" : "redo", .editing, status)
      case 15, 16:
        let cut = command % 24 == 16
        return (cut ? "cut" : "copy", cut ? .editing : .reading, try copy(cut: cut, &input))
      case 17, 18:
        let flavor = emotext_flavor(rawValue: numericCast(input.byte() % 4))
        let data = input.byte() < 0x80 ? Argument(bytes: clipboard[Int(flavor.rawValue) % 3]) : argument(&input)
        let status = try call("paste") { error in data.with { cEditorPaste(editor, flavor, $0, $1, error) } }
        try requireRefused(status, if: data.isInvalid || flavor.rawValue > 2, "paste")
        return ("paste flavor \(flavor.rawValue) \(data)", .editing, status)
      case 19:
        let rule = option(&input)
        let maximum = position(&input, count: 16)
        let enforcement = emotext_limit_enforcement(rawValue: numericCast(input.byte() % 4))
        let status = try call("set_length_limit") { error in
          with(rule) { cEditorSetLengthLimit(editor, $0, maximum, enforcement, error) }
        }
        return ("set_length_limit \(rule ?? []) \(maximum) \(enforcement.rawValue)", .setting, status)
      case 20:
        if input.byte() & 1 == 0 {
          return ("clear_length_limit", .setting, try call("clear") { cEditorClearLengthLimit(editor, $0) })
        }
        let deletion = emotext_entity_deletion(rawValue: numericCast(input.byte() % 3))
        let status = try call("set_entity_deletion") { cEditorSetEntityDeletion(editor, deletion, $0) }
        try requireRefused(status, if: deletion.rawValue > 1, "set_entity_deletion")
        return ("set_entity_deletion \(deletion.rawValue)", .setting, status)
      case 21: return try read(&input, count: count)
      case 22: return ("document", .reading, try CABIProperty.document(&input, catalog: catalog))
      default: return ("one-shot", .reading, try oneShot(&input, catalog: catalog))
      }
    }

    /// Copies or cuts into a clipboard of a random declared size; checks its three strings and releases them.
    mutating func copy(cut: Bool, _ input: inout FuzzInput) throws(PropertyFailure) -> Int32 {
      let editor = editor
      let full = MemoryLayout<emotext_clipboard>.size
      var board = emotext_clipboard()
      board.size = [full, full, full, 0, 8, full - 8, full + 64][input.number(below: 7)]
      let size = board.size
      let status = try call(cut ? "cut" : "copy") { error in
        cut ? cEditorCut(editor, &board, error) : cEditorCopy(editor, &board, error)
      }
      try requireRefused(status, if: size < full, cut ? "cut" : "copy")
      guard status == 0 else {
        try require(board.text == nil && board.html == nil && board.json == nil, "a failed copy left strings")
        return status
      }
      try require(board.size == size, "copy changed the clipboard's size from \(size) to \(board.size)")
      for (index, (string, length)) in [
        (board.text, board.text_length), (board.html, board.html_length),
        (board.json, board.json_length),
      ].enumerated() {
        guard let string else { throw PropertyFailure(description: "copy left flavour \(index) NULL") }
        try require(string[length] == 0, "copy: no NUL after flavour \(index)'s \(length) bytes")
        clipboard[index] = Array(UnsafeRawBufferPointer(start: string, count: length))
      }
      cClipboardClear(&board)
      try require(
        board.text == nil && board.html == nil && board.json == nil && board.size == size,
        "emotext_clipboard_clear left strings or changed the size")
      try require(
        !String(decoding: clipboard[0], as: UTF8.self).unicodeScalars.contains("\u{FFFC}"),
        "the text flavour holds U+FFFC")
      return status
    }

    /// One reading call with random arguments: its answers lie in the document.
    func read(_ input: inout FuzzInput, count: Int) throws(PropertyFailure) -> (String, Effect, Int32) {
      let editor = editor
      let unit = CABIProperty.unit(&input)
      let valid = unit.rawValue <= 2
      let status: Int32
      switch input.byte() % 8 {
      case 0:
        // Note: a NULL editor or result pointer is refused.
        var change = emotext_change()
        let nullEditor = input.byte() & 1 == 0
        status = try call("last_change(NULL)") {
          nullEditor ? cEditorLastChange(nil, unit, &change, $0) : cEditorLastChange(editor, unit, nil, $0)
        }
        try require(status == 1, "last_change with a NULL pointer: status \(status)")
      case 1:
        var anchor = 0
        status = try call("selection(NULL)") { cEditorSelection(editor, unit, &anchor, nil, $0) }
        try require(status == 1, "selection with a NULL pointer: status \(status)")
      case 2:
        status = try call("insert(NULL)") { cEditorInsert(nil, nil, 0, $0) }
        try require(status == 1, "insert into a NULL editor: status \(status)")
      case 3:
        var number = -1
        status = try call("count") { cEditorCount(editor, unit, &number, $0) }
        try requireRefused(status, if: !valid, "count")
      case 4:
        let kind = emotext_text_kind(rawValue: numericCast(input.byte() % 3))
        let text = try string("text") { cEditorText(editor, kind, $0, $1, $2) }
        status = text == nil ? 1 : 0
        try requireRefused(status, if: kind.rawValue > 1, "text")
      case 5:
        status = try call("text(NULL)") { cEditorText(editor, EMOTEXT_TEXT_BUFFER, nil, nil, $0) }
        try require(status == 1, "text without a result pointer: status \(status)")
      default:
        let kind = emotext_text_kind(rawValue: numericCast(input.byte() % 3))
        let start = position(&input, count: count)
        let end = position(&input, count: count)
        var total = 0
        _ = cEditorCount(editor, valid ? unit : EMOTEXT_UNIT_UTF8, &total, nil)
        let text = try string("text_range") { cEditorTextRange(editor, kind, start, end, unit, $0, $1, $2) }
        status = text == nil ? 1 : 0
        let inDocument = start >= 0 && end >= 0 && start <= end && end <= total
        try require(
          (text != nil) == (inDocument && valid && kind.rawValue <= 1),
          "text_range \(start)..<\(end) unit \(unit.rawValue) kind \(kind.rawValue) of \(total): status \(status)")
      }
      return ("read \(unit.rawValue)", .reading, status)
    }
  }

  /// Throws when a call that had to be refused as an invalid argument was not.
  static func requireRefused(_ status: Int32, if invalid: Bool, _ name: String) throws(PropertyFailure) {
    if invalid { try require(status == 1, "\(name): an invalid argument gave status \(status)") }
  }

  // MARK: Documents and the one-shot calls

  /// A struct of `size` bytes whose first field is its declared size, allocated exactly (at least the size field),
  /// so that a call that writes past what the caller declared shows under AddressSanitizer.
  static func withSized<Result, Failure>(_ size: Int, _ body: (UnsafeMutableRawPointer) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(size, 8), alignment: 8)
    defer { buffer.deallocate() }
    buffer.initializeMemory(as: UInt8.self, repeating: 0, count: max(size, 8))
    buffer.storeBytes(of: size, as: Int.self)
    return try body(buffer)
  }

  /// Parses a document from random text and options; reads its counts, text and runs; releases it.
  static func document(_ input: inout FuzzInput, catalog: OpaquePointer?) throws(PropertyFailure) -> Int32 {
    let text = argument(&input)
    let entities: Int32 = [0, 1, -1, .min, 2][input.number(below: 5)]
    let links = option(&input)
    var document: OpaquePointer? = unsetHandle
    let status = try call("document_parse") { error in
      text.with { pointer, length in
        with(links) { cDocumentParse(catalog, pointer, length, entities, $0, &document, error) }
      }
    }
    guard status == 0, let document else {
      try require(document == nil, "a failed document_parse left a document")
      return status
    }
    defer { cDocumentFree(document) }
    let post = try string("document_text(POST)") { cDocumentText(document, EMOTEXT_TEXT_POST, $0, $1, $2) }
    let buffer = try string("document_text(BUFFER)") { cDocumentText(document, EMOTEXT_TEXT_BUFFER, $0, $1, $2) }
    guard let post, let buffer else { throw PropertyFailure(description: "document_text failed") }
    try require(post == text.bytes, "the document's post text \(post) is not its text \(text.bytes)")
    let unknownKind = emotext_text_kind(rawValue: numericCast(2 + input.byte() % 2))
    try require(
      try string("document_text(unknown)") { cDocumentText(document, unknownKind, $0, $1, $2) } == nil,
      "document_text of an unknown kind succeeded")
    let rule = option(&input)
    let full = MemoryLayout<emotext_counts>.size
    let size = [full, full, 0, 8, 16, full + 32][input.number(below: 6)]
    var counts: emotext_counts?
    let countsStatus = try withSized(size) { (pointer) throws(PropertyFailure) in
      let status = try call("document_counts") { error in with(rule) { cDocumentCounts(document, $0, pointer, error) } }
      try require(pointer.load(as: Int.self) == size, "document_counts changed the size field")
      if status == 0, size >= full { counts = pointer.load(as: emotext_counts.self) }
      return status
    }
    try requireRefused(countsStatus, if: size < 8, "document_counts")
    guard let counts else { return status }
    let decoded = String(decoding: buffer, as: UTF8.self)
    try require(
      counts.utf8 == buffer.count && counts.utf16 == decoded.utf16.count
        && counts.scalars == decoded.unicodeScalars.count && counts.post_utf8 == post.count,
      "document_counts \(counts) of the buffer text \(buffer)")
    // Every run, in one unit, tiles the document and their texts make the post text.
    let unit = CABIProperty.unit(&input)
    let total = [counts.utf8, counts.utf16, counts.scalars]
    var end = 0
    var joined: [UInt8] = []
    let runSize = MemoryLayout<emotext_run>.size
    for index in 0...counts.runs {
      let runIndex = index == counts.runs ? position(&input, count: counts.runs) : index
      var run: emotext_run?
      let status = try withSized(runSize) { (pointer) throws(PropertyFailure) in
        let status = try call("document_run") { cDocumentRun(document, runIndex, unit, pointer, $0) }
        if status == 0 { run = pointer.load(as: emotext_run.self) }
        return status
      }
      let valid = unit.rawValue <= 2 && runIndex >= 0 && runIndex < counts.runs
      try require((status == 0) == valid, "document_run \(runIndex) of \(counts.runs) unit \(unit.rawValue): \(status)")
      guard let run, index < counts.runs else { continue }
      try require(
        run.start == end && run.end >= run.start && run.end <= total[Int(unit.rawValue)],
        "run \(index) \(run.start)..<\(run.end) after \(end) of \(total[Int(unit.rawValue)])")
      end = run.end
      for (name, string, length) in [
        ("text", run.text, run.text_length), ("code", run.code, run.code_length),
        ("image", run.image, run.image_length),
      ] {
        guard let string else {
          try require(length == 0 && (name != "code" || run.kind != EMOTEXT_RUN_EMOTICON), "run \(index): no \(name)")
          continue
        }
        try require(string[length] == 0, "run \(index): no NUL after its \(name)'s \(length) bytes")
      }
      joined += UnsafeRawBufferPointer(start: run.text, count: run.text_length)
    }
    if unit.rawValue <= 2 {
      try require(end == total[Int(unit.rawValue)], "the runs end at \(end), the document at \(total)")
      try require(joined == post, "the runs' texts \(joined) are not the post text \(post)")
    }
    return status
  }

  /// One of emotext_count, truncate, parse or render_html on random text and options.
  static func oneShot(_ input: inout FuzzInput, catalog: OpaquePointer?) throws(PropertyFailure) -> Int32 {
    let text = argument(&input)
    let first = option(&input)
    let second = option(&input)
    let result: [UInt8]?
    let name: String
    switch input.byte() % 4 {
    case 0:
      name = "count"
      result = try string(name) { out, length, error in
        text.with { pointer, count in with(first) { cCount(catalog, pointer, count, $0, out, length, error) } }
      }
    case 1:
      name = "truncate"
      let maximum = position(&input, count: 16)
      result = try string(name) { out, length, error in
        text.with { pointer, count in
          with(first) { rule in
            with(second) { cTruncate(catalog, pointer, count, maximum, rule, $0, out, length, error) }
          }
        }
      }
    case 2:
      name = "parse"
      let entities = Int32(input.byte() & 1)
      result = try string(name) { out, length, error in
        text.with { pointer, count in with(first) { cParse(catalog, pointer, count, entities, $0, out, length, error) }
        }
      }
    default:
      name = "render_html"
      let flags = input.byte()
      let full = MemoryLayout<emotext_html_options>.size
      let size = [full, full, 0, 4, 8, 16, 24, full - 8][Int(flags & 7)]
      result = try with(first) { (firstString) throws(PropertyFailure) in
        try with(second) { (secondString) throws(PropertyFailure) in
          var options = emotext_html_options()
          options.page = Int32(flags >> 3 & 1)
          options.no_images = Int32(flags >> 4 & 1)
          options.title = flags & 0x20 != 0 ? firstString : nil
          options.image_base = flags & 0x40 != 0 ? secondString : nil
          options.mention_url = flags & 0x80 != 0 ? firstString : nil
          options.topic_url = flags & 0x80 != 0 ? secondString : nil
          options.emoji_images = flags & 0x18 == 0x18 ? secondString : nil
          return try withSized(size) { (pointer) throws(PropertyFailure) in
            withUnsafeBytes(of: &options) { own in
              let count = min(max(size, 8), own.count) - 8
              (pointer + 8).copyMemory(from: own.baseAddress! + 8, byteCount: count)
            }
            let nullOptions = flags & 0x7 == 1 && flags & 0x20 == 0
            return try string("render_html") { out, length, error in
              text.with {
                cRenderHtml(catalog, $0, $1, nullOptions ? nil : UnsafeRawPointer(pointer), out, length, error)
              }
            }
          }
        }
      }
    }
    if let result {
      try require(
        String(validating: result, as: UTF8.self) != nil, "\(name) answered bytes that are not UTF-8: \(result)")
      try require(!text.isInvalid, "\(name) accepted an invalid argument \(text)")
      // Note: JSON answers never hold a raw NUL.
      try require(name == "truncate" || name == "render_html" || !result.contains(0), "\(name) answered a raw NUL")
    }
    return 0
  }
}
