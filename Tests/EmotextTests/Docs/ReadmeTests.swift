import Emotext
import Testing

@Suite("README")
struct ReadmeTests {
  /// The library's ten lines in README.md (and the Getting Started article's first program), verbatim but for
  /// the print.
  @Test func tenLineExample() {
    let catalog = EmoticonCatalog.default
    let post = BracketTokenizer(catalog: catalog).tokenize("今天好开心[哈哈]😀")
    var editor = Editor(document: post, catalog: catalog)
    editor.insert("[爱你")
    editor.insert("]")
    #expect(editor.document.runs.count == 4)
    editor.deleteBackward()
    editor.deleteBackward()
    editor.undo()
    #expect(editor.document.postText == "今天好开心[哈哈]😀")
  }
}
