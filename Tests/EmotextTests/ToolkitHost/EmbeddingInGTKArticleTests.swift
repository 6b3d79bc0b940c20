import Emotext
import EmotextToolkitHost
import Testing

/// The examples of the EmbeddingInGTK article, run with the fake buffer standing in for GTK's.
@Suite("EmbeddingInGTK article") struct EmbeddingInGTKArticleTests {
  @Test func unitsExample() {
    let document = BracketTokenizer(catalog: .default).tokenize("a[哈哈]😀")
    #expect(document.bufferText == "a\u{FFFC}😀")
    #expect(document.offset(2, from: .unicodeScalars, to: .utf8) == 4)
  }

  @Test func loopExample() {
    var editor = Editor(catalog: .default)
    editor.insert("[哈哈")
    editor.insert("]")
    let change = editor.lastChange(in: .unicodeScalars)!
    #expect(change.replacedRange == 0..<3 && change.insertedCount == 1)
    let inserted = editor.document.range(change.insertedRange, from: .unicodeScalars, to: .utf16)
    let content = editor.document.slice(inserted)
    #expect(content.runs.count == 1 && content.runs.first?.isEmoticon == true)
    let caret = editor.selectionEnds(in: .unicodeScalars)
    #expect(caret.anchor == 1 && caret.head == 1)
  }

  @Test func mirrorExample() {
    let buffer = FakeTextBuffer()
    var host = ToolkitHost(editor: Editor(catalog: .default, recognizesEntities: true), buffer: buffer)
    host.insertText(utf8: Array("[哈哈".utf8), atScalar: 0)
    host.insertText(utf8: Array("]".utf8), atScalar: 3)
    #expect(buffer.bufferText == "\u{FFFC}")
    host.perform(.backspace)
    #expect(buffer.bufferText.isEmpty)
    host.setPreedit("nihao", cursorScalar: 5)
    #expect(buffer.bufferText == "nihao" && buffer.preedit == 0..<5)
    host.commit("你好")
    #expect(host.postText == "你好")
    #expect(buffer.bufferText == "你好")
  }
}
