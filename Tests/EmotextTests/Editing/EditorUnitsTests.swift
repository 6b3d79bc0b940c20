import Testing

@testable import Emotext

/// The host contract in every unit: the selection with its direction, edits and marked text in scalars and
/// UTF-8 bytes, the last change converted to any unit, restyles apart from text changes, and the surrounding text
/// an input method reads.
@Suite("Editor in every unit")
struct EditorUnitsTests {
  static let haha = EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!

  @Test func aSelectionKeepsItsDirection() {
    var editor = Editor()
    editor.insert("abcdef")
    editor.select(anchor: 4, head: 1, in: .unicodeScalars)
    #expect(editor.selectionEnds(in: .utf16) == SelectionEnds(anchor: 4, head: 1))
    #expect(editor.selection == 1..<4)
    #expect(editor.caret == 1)
    editor.move(.left, extending: true)
    #expect(editor.selectionEnds(in: .utf16) == SelectionEnds(anchor: 4, head: 0))
  }

  @Test func aBackwardSelectionCoversWholeClusters() {
    var editor = Editor()
    editor.insert("👍🏽x")
    // Note: 👍🏽 is 4 UTF-16 units, 2 scalars, 8 bytes.
    editor.select(anchor: 9, head: 4, in: .utf8)
    #expect(editor.selectionEnds(in: .utf16) == SelectionEnds(anchor: 5, head: 0))
    #expect(editor.selectionEnds(in: .unicodeScalars) == SelectionEnds(anchor: 3, head: 0))
  }

  @Test func anAttachmentIsThreeBytesInTheSelection() {
    var editor = Editor()
    editor.insert("好")
    editor.insert(emoticon: Self.haha)
    editor.insert("啊")
    #expect(editor.selectionEnds(in: .utf8) == SelectionEnds(anchor: 9, head: 9))
    editor.select(anchor: 3, head: 6, in: .utf8)
    #expect(editor.selection == 1..<2)
    #expect(editor.document.slice(editor.selection).postText == "[哈哈]")
  }

  /// Typing the `]` that completes `[哈哈]`: the text change and the token's conversion are one change, which is
  /// 3 scalars replaced by 1 (the attachment), or 7 bytes by 3 (U+FFFC).
  @Test func theLastChangeInEveryUnit() throws {
    var editor = Editor()
    editor.insert("x[哈哈")
    editor.move(.end)  // Note: typing after a move is an undo step of its own.
    editor.insert("]")
    #expect(editor.lastChange == TextChange(replacedRange: 1..<4, insertedUTF16Count: 1))
    #expect(
      editor.lastChange(in: .unicodeScalars)
        == UnitTextChange(unit: .unicodeScalars, replacedRange: 1..<4, insertedCount: 1))
    #expect(editor.lastChange(in: .utf8) == UnitTextChange(unit: .utf8, replacedRange: 1..<8, insertedCount: 3))
    editor.undo()
    #expect(editor.lastChange(in: .utf8) == UnitTextChange(unit: .utf8, replacedRange: 1..<4, insertedCount: 7))
    #expect(editor.document.postText == "x[哈哈")
  }

  /// A topic closed by its second `#`: the `#` typed is the text change; the recolouring of the whole topic is a
  /// restyle, so a host re-tags `#春天` instead of deleting and reinserting it. Undo reports both back.
  @Test func entityRecognitionIsARestyle() {
    var editor = Editor(recognizesEntities: true)
    editor.insert("#春天")
    editor.move(.end)
    editor.insert("#")
    #expect(editor.lastChange == TextChange(replacedRange: 3..<3, insertedUTF16Count: 1))
    #expect(editor.lastRestyle == 0..<4)
    #expect(editor.lastRestyle(in: .utf8) == 0..<8)
    #expect(editor.document.runs.first == .text("#春天#", TextAttributes(entity: .topic)))
    editor.undo()
    #expect(editor.lastChange == TextChange(replacedRange: 3..<4, insertedUTF16Count: 0))
    #expect(editor.lastRestyle == 0..<3)
    editor.insert("x")
    #expect(editor.lastRestyle == nil)
  }

  @Test func surroundingTextIsTheParagraphInBytes() {
    var editor = Editor()
    editor.insert("第一行\n好")
    editor.insert(emoticon: Self.haha)
    editor.insert("啊\n下一行")
    editor.select(anchor: 5, head: 4, in: .unicodeScalars)
    let surrounding = editor.surroundingText()
    #expect(surrounding.text == "好\u{FFFC}啊")
    #expect(surrounding.caretUTF8Index == 0)
    #expect(surrounding.anchorUTF8Index == 3)
    #expect(editor.surroundingText(scalarLimit: 1).text == "好\u{FFFC}")
    #expect(editor.surroundingText(scalarLimit: 0).text == "好")
  }

  /// GTK's `delete-surrounding`: an offset from the caret and a count, in characters; what is selected stays.
  @Test func deletingSurroundingTextInGTKsShape() {
    var editor = Editor()
    editor.insert("a")
    editor.insert(emoticon: Self.haha)
    editor.insert("bc")
    editor.deleteSurroundingText(offset: -3, count: 1, in: .unicodeScalars)
    #expect(editor.document.postText == "abc")
    #expect(
      editor.lastChange(in: .unicodeScalars)
        == UnitTextChange(unit: .unicodeScalars, replacedRange: 1..<2, insertedCount: 0))
    #expect(editor.caret == 3)
    editor.select(anchor: 1, head: 2, in: .unicodeScalars)
    editor.deleteSurroundingText(offset: -2, count: 4, in: .utf8)
    #expect(editor.document.postText == "b")
    #expect(editor.selection == 0..<1)
  }

  /// Offsets and counts as large as a host may pass (the C ABI's `ptrdiff_t` and `size_t`) stop at the document's
  /// ends instead of overflowing.
  @Test(arguments: [
    (Int.max, 1, "ab好"), (Int.max, Int.max, "ab好"), (1, Int.max, "ab"), (Int.min, Int.max, "b"),
    (-1, Int.max, "ab"), (Int.min, 1, "b好"),
  ])
  func deletingSurroundingTextAtTheLimitsOfInt(offset: Int, count: Int, after: String) {
    var editor = Editor()
    editor.insert("ab好")
    editor.select(anchor: 1, head: 2, in: .utf16)
    editor.deleteSurroundingText(offset: offset, count: count, in: .utf8)
    #expect(editor.document.postText == after, "offset \(offset), count \(count)")
  }

  @Test func markedTextAndReplacementInBytes() {
    var editor = Editor()
    editor.insert("好")
    editor.setMarkedText("你好", selectedRange: 3..<3, in: .utf8)
    #expect(editor.markedRange(in: .utf8) == 3..<9)
    #expect(editor.selection(in: .unicodeScalars) == 2..<2)
    editor.unmarkText()
    editor.replace(3..<6, in: .utf8, with: RichText("[哈哈]"))
    #expect(editor.document.postText == "好[哈哈]好")
    #expect(editor.document.bufferText == "好\u{FFFC}好")
    #expect(editor.lastChange(in: .utf8) == UnitTextChange(unit: .utf8, replacedRange: 3..<6, insertedCount: 3))
  }
}

/// A call that fails changes nothing and reports no change: a host mirroring ``Editor/lastChange`` after it must not
/// apply the previous call's change again.
@Suite("Editor: a failed paste reports no change")
struct FailedPasteTests {
  @Test func aPasteThatThrowsClearsTheLastChange() {
    var editor = Editor()
    editor.insert("好")
    #expect(editor.lastChange != nil)
    #expect(throws: DocumentDecodingError.self) { try editor.paste(.documentJSON("not json")) }
    #expect(editor.lastChange == nil)
    #expect(editor.lastRestyle == nil)
    #expect(editor.document.postText == "好")
  }
}
