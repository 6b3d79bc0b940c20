import Emotext
import EmotextToolkitHost
import Testing

/// The toolkit host against a fake scalar buffer: fixed cases of what a GTK composer does.
@Suite("Toolkit host") struct ToolkitHostTests {
  func makeHost(limit: Int? = nil) -> ToolkitHost<FakeTextBuffer> {
    var editor = Editor(catalog: .default, recognizesEntities: true)
    if let limit { editor.lengthLimit = LengthLimit(measure: .unicodeScalars, maximum: limit) }
    return ToolkitHost(editor: editor, buffer: FakeTextBuffer(), checksMirror: true)
  }

  /// The buffer's text with the caret marked (`‸`), as the tables of the editing tests write it.
  func caretText(_ host: ToolkitHost<FakeTextBuffer>) -> String {
    var scalars = host.buffer.scalars
    scalars.insert("‸", at: host.buffer.head)
    return String(String.UnicodeScalarView(scalars))
  }

  @Test func typingTheClosingBracketMakesOneAttachment() {
    var host = makeHost()
    for (offset, character) in "好[哈哈]".unicodeScalars.enumerated() {
      host.insertText(utf8: Array(String(character).utf8), atScalar: offset)
    }
    #expect(caretText(host) == "好\u{FFFC}‸")
    #expect(host.buffer.calls.suffix(2) == [.delete(1..<4), .insertAttachment("[哈哈]", 1)])
    #expect(host.postText == "好[哈哈]")
  }

  @Test func backspaceRemovesAnEmoticonWhole() {
    var host = makeHost()
    host.insertText("a[哈哈]b", atScalar: 0)
    host.perform(.left(extending: false))
    host.perform(.backspace)
    #expect(caretText(host) == "a‸b")
    #expect(host.buffer.calls.last == .delete(1..<2))
  }

  @Test func insertingAtAnOffsetMovesTheCaretThere() {
    var host = makeHost()
    host.insertText("ac", atScalar: 0)
    host.insertText("👍🏽", atScalar: 1)
    #expect(caretText(host) == "a👍🏽‸c")
    host.deleteRange(1..<3)
    #expect(caretText(host) == "a‸c")
  }

  @Test func preeditIsMirroredButNeverInThePost() {
    var host = makeHost()
    host.insertText("你", atScalar: 0)
    host.setPreedit("ni", cursorScalar: 2)
    host.setPreedit("nih", cursorScalar: 3)
    #expect(host.buffer.bufferText == "你nih")
    #expect(host.buffer.preedit == 1..<4)
    #expect(host.postText == "你")
    host.commit("好")
    #expect(caretText(host) == "你好‸")
    #expect(host.buffer.preedit == nil)
    #expect(host.postText == "你好")
    host.perform(.undo)
    #expect(host.buffer.bufferText == "你")
  }

  @Test func aCommitAtTheLimitIsCutAfterComposition() {
    var host = makeHost(limit: 4)
    host.insertText("abc", atScalar: 0)
    host.setPreedit("nihao", cursorScalar: 5)
    #expect(host.buffer.bufferText.unicodeScalars.count >= 4)
    host.commit("你好")
    #expect(host.buffer.bufferText == "abc你")
    #expect(host.postText == "abc你")
  }

  @Test func undoAndRedoMirrorTheirChanges() {
    var host = makeHost()
    host.insertText("ab", atScalar: 0)
    host.tap(EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!)
    host.perform(.undo)
    #expect(caretText(host) == "ab‸")
    host.perform(.redo)
    #expect(caretText(host) == "ab\u{FFFC}‸")
    #expect(host.postText == "ab[哈哈]")
  }

  @Test func pastePrefersJSONThenHTMLThenText() {
    var source = makeHost()
    source.insertText("x[哈哈]y", atScalar: 0)
    source.selectionChanged(anchor: 0, head: 3)
    let clipboard = source.editor.copy()
    var host = makeHost()
    #expect(
      host.paste(json: clipboard.documentJSON, html: "<b>no</b>", text: "no") == .documentJSON(clipboard.documentJSON))
    #expect(host.buffer.bufferText == "x\u{FFFC}y")
    #expect(host.paste(json: "{not json", html: "<p>a<img alt=\"[哈哈]\"></p>", text: "no") != nil)
    #expect(host.postText == "x[哈哈]ya[哈哈]")
    host.paste(json: nil, html: nil, text: "[哈哈]")
    #expect(host.buffer.bufferText == "x\u{FFFC}ya\u{FFFC}\u{FFFC}")
  }

  @Test func aSelectionKeepsItsDirection() {
    var host = makeHost()
    host.insertText("abcd", atScalar: 0)
    host.selectionChanged(anchor: 3, head: 1)
    #expect(host.editor.selection(in: .unicodeScalars) == 1..<3)
    #expect(host.buffer.head == 1 && host.buffer.anchor == 3)
    let clipboard = host.cut()
    #expect(clipboard.text == "bc")
    #expect(caretText(host) == "a‸d")
  }

  @Test func entitiesAreTaggedAsTyped() {
    var host = makeHost()
    for (offset, scalar) in "@小明 #话题# http://t.cn/a".unicodeScalars.enumerated() {
      host.insertText(String(scalar), atScalar: offset)
    }
    #expect(host.buffer.tags == FakeTextBuffer.expectedTags(of: host.editor.document))
    #expect(host.buffer.tags.contains(.mention) && host.buffer.tags.contains(.topic))
  }

  @Test func recognizingAnEntityRetagsWithoutDeletingOrInserting() {
    var host = makeHost()
    for (offset, scalar) in "#话题".unicodeScalars.enumerated() { host.insertText(String(scalar), atScalar: offset) }
    host.buffer.calls = []
    host.insertText("#", atScalar: 3)
    #expect(host.buffer.calls.filter { if case .delete = $0 { true } else { false } }.isEmpty)
    #expect(host.buffer.calls.contains(.insertText("#", 3)))
    #expect(
      host.buffer.calls.contains { if case .applyTag(.topic, let range) = $0 { range.lowerBound == 0 } else { false } })
    #expect(host.buffer.tags == Array(repeating: .topic, count: 4))
  }

  @Test func surroundingDeletionSpeaksCharacters() {
    var host = makeHost()
    host.insertText("a[哈哈]好", atScalar: 0)
    host.deleteSurrounding(offset: -2, count: 2)
    #expect(caretText(host) == "a‸")
  }
}
