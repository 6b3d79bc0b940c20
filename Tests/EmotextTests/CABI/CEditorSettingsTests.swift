import EmotextC
import EmotextCHeader
import Testing

/// The C editor's settings and the smaller calls: unknown enum values and emoticons refused with a message naming
/// the value, option strings that are not UTF-8, empty text given as NULL, and records read as `--jsonl` reads them.
@Suite("C editor settings and records")
struct CEditorSettingsTests {
  @Test func unknownValuesAreRefusedAndNamed() throws {
    let editor = CEditor()
    try editor.insert("好")
    #expect(throws: CEditor.Failure(status: 1, message: "unknown emoticon [nope]: not in the catalog")) {
      try editor.insertEmoticon("[nope]")
    }
    let enforcement = CEditor.Failure(
      status: 1,
      message: "enforcement is 9, not EMOTEXT_LIMIT_AFTER_COMPOSITION (0), EMOTEXT_LIMIT_ENFORCED (1) or "
        + "EMOTEXT_LIMIT_COUNTED (2)")
    #expect(throws: enforcement) {
      try editor.setLengthLimit(rule: "weibo", maximum: 5, enforcement: emotext_limit_enforcement(rawValue: 9))
    }
    #expect(try editor.lengthStatus() == nil)
    let deletion = CEditor.Failure(
      status: 1,
      message: "deletion is 5, not EMOTEXT_ENTITY_DELETION_CHARACTERS (0) or EMOTEXT_ENTITY_DELETION_WHOLE (1)")
    #expect(throws: deletion) { try editor.setEntityDeletion(emotext_entity_deletion(rawValue: 5)) }
    #expect(try editor.text(EMOTEXT_TEXT_POST) == "好")
  }

  /// A range whose ends split a surrogate pair or a scalar's bytes reads from the scalar's start, in every unit
  /// (the cABI target found text_range trapping on a UTF-16 end between a surrogate pair).
  @Test func aTextRangeInsideAScalarReadsFromTheScalarsStart() throws {
    let editor = CEditor()
    try editor.insert("a😀b")
    try editor.insertEmoticon("[哈哈]")
    #expect(try editor.text(EMOTEXT_TEXT_BUFFER, 0..<2, in: .utf16) == "a")
    #expect(try editor.text(EMOTEXT_TEXT_BUFFER, 2..<5, in: .utf16) == "😀b\u{FFFC}")
    #expect(try editor.text(EMOTEXT_TEXT_POST, 2..<9, in: .utf8) == "😀b[哈哈]")
    #expect(try editor.text(EMOTEXT_TEXT_POST, 3..<8, in: .utf8) == "😀b")
    #expect(try editor.text(EMOTEXT_TEXT_POST, 1..<4, in: .unicodeScalars) == "😀b[哈哈]")
  }

  @Test func anOptionThatIsNotUTF8IsRefusedWithItsByte() throws {
    let editor = CEditor()
    let rule: [CChar] = [0x77, CChar(bitPattern: 0xFF), 0]
    var error: UnsafeMutablePointer<CChar>?
    #expect(cEditorSetLengthLimit(editor.handle, rule, 5, EMOTEXT_LIMIT_ENFORCED, &error) == 1)
    #expect(error.map { String(cString: $0) }?.hasPrefix("rule: byte 1: ") == true)
    cStringFree(error)
  }

  @Test func nullTextOfLengthZeroIsEmpty() throws {
    let editor = CEditor()
    try editor.insert("好")
    try CEditor.checked { cEditorInsert(editor.handle, nil, 0, $0) }
    #expect(try editor.text(EMOTEXT_TEXT_POST) == "好")
    #expect(throws: CEditor.Failure(status: 1, message: "text is NULL but its length is 2")) {
      try CEditor.checked { cEditorInsert(editor.handle, nil, 2, $0) }
    }
  }

  @Test func aRecordIsReadAsJSONLinesReadsIt() throws {
    func text(_ record: String) throws(CEditor.Failure) -> String {
      try CEditor.string { output, length, error in
        CEditor.withBytes(record) { cRecordText($0, $1, output, length, error) }
      }
    }
    #expect(try text(#"{"id": 1, "text": "好[哈哈]\u00e9"}"#) == "好[哈哈]é")
    #expect(
      throws: CEditor.Failure(
        status: 2, message: #"byte 8: not a record {"text": …}: expected a JSON value, found end of line"#)
    ) { try text(#"{"text":"#) }
  }
}
