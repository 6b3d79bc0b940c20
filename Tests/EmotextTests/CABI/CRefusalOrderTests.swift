import EmotextC
import EmotextCHeader
import Testing

/// A call given both a wrong argument (a position above `PTRDIFF_MAX`, start after end, an unknown unit or
/// flavour) and text that is not UTF-8 answers EMOTEXT_INVALID_ARGUMENT, as emotext.h promises for every call,
/// and changes nothing.
@Suite("C refusals: the argument before the content")
struct CRefusalOrderTests {
  /// Not UTF-8: a lone continuation byte.
  static let notUTF8: [CChar] = [CChar(bitPattern: 0x80)]

  /// The status of `body` given the bytes that are not UTF-8; its message released.
  static func status(_ body: (CString, Int, StringOut) -> Int32) -> Int32 {
    var error: UnsafeMutablePointer<CChar>?
    let status = notUTF8.withUnsafeBufferPointer { body($0.baseAddress!, $0.count, &error) }
    cStringFree(error)
    return status
  }

  @Test func markedTextWithAWrongRangeOrUnit() throws {
    let editor = CEditor()
    try editor.insert("好")
    let cases: [(Int, Int, emotext_unit)] = [
      (2, 1, EMOTEXT_UNIT_UTF8), (-1, 0, EMOTEXT_UNIT_UTF8), (0, 0, emotext_unit(rawValue: 7)),
    ]
    for (start, end, unit) in cases {
      #expect(
        Self.status { cEditorSetMarkedText(editor.handle, $0, $1, start, end, unit, $2) } == 1,
        "\(start)..<\(end) unit \(unit.rawValue)")
    }
    // Note: with a valid range and unit, the text's content decides.
    #expect(Self.status { cEditorSetMarkedText(editor.handle, $0, $1, 0, 0, EMOTEXT_UNIT_UTF8, $2) } == 2)
    #expect(try editor.text(EMOTEXT_TEXT_POST) == "好" && editor.markedRange(in: .utf8) == nil)
  }

  @Test func pasteOfAnUnknownFlavour() throws {
    let editor = CEditor()
    try editor.insert("好")
    #expect(Self.status { cEditorPaste(editor.handle, emotext_flavor(rawValue: 3), $0, $1, $2) } == 1)
    #expect(Self.status { cEditorPaste(editor.handle, EMOTEXT_FLAVOR_HTML, $0, $1, $2) } == 2)
    #expect(try editor.text(EMOTEXT_TEXT_POST) == "好")
  }

  @Test func replaceOfARangeNotInTheDocument() throws {
    let editor = CEditor()
    try editor.insert("好")
    #expect(Self.status { cEditorReplace(editor.handle, 0, 4, EMOTEXT_UNIT_UTF8, $0, $1, $2) } == 1)
    #expect(Self.status { cEditorReplace(editor.handle, 0, 3, EMOTEXT_UNIT_UTF8, $0, $1, $2) } == 2)
    #expect(try editor.text(EMOTEXT_TEXT_POST) == "好")
  }
}
