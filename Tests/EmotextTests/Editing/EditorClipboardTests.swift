import Testing

@testable import Emotext

@Suite("Editor clipboard")
struct EditorClipboardTests {
  static let tokenizer = BracketTokenizer(catalog: .default)
  static let post = "今天@小明 好开心[哈哈]\n第二行 http://t.cn/x [愛你] #春天# a&b<c>\"'"

  static func source(_ document: RichText, entities: Bool = true) -> Editor {
    var editor = Editor(document: document, catalog: .default, recognizesEntities: entities)
    editor.select(0..<editor.document.utf16Count)
    return editor
  }

  @Test func copyGivesThreeFlavours() {
    var editor = Editor(catalog: .default)
    editor.insert("好\u{FFFC}开心[哈哈]")
    editor.select(0..<5)
    let clipboard = editor.copy()
    #expect(clipboard.text == "好开心[哈哈]")
    #expect(clipboard.documentJSON == Self.tokenizer.tokenize("好开心[哈哈]").documentJSON)
    #expect(clipboard.html.contains(#"<img class="emoticon" alt="[哈哈]" title="哈哈">"#))
    #expect(!clipboard.html.contains("\u{FFFC}"))
    #expect(editor.lastChange == nil)
  }

  @Test(arguments: ["text", "html", "json", "foreign html"])
  func everyFlavourRoundTrips(flavor: String) throws {
    let document = Self.tokenizer.tokenize(Self.post).recognizingEntities()
    let clipboard = Self.source(document).copy()
    let pasted: Clipboard.Flavor =
      switch flavor {
      case "text": .text(clipboard.text)
      case "html": .html(clipboard.html)
      case "json": .documentJSON(clipboard.documentJSON)
      default: .html(try #require(Self.withoutDocumentAttribute(clipboard.html)))
      }
    var editor = Editor(catalog: .default, recognizesEntities: true)
    try editor.paste(pasted)
    #expect(editor.document == document, "\(clipboard.html)")
    #expect(editor.selection == document.utf16Count..<document.utf16Count)
  }

  /// The clipboard HTML as another program may keep it: the wrapper's attribute gone.
  static func withoutDocumentAttribute(_ html: String) -> String? {
    guard let start = html.range(of: " data-emotext-document=\""),
      let end = html[start.upperBound...].firstIndex(of: "\"")
    else { return nil }
    return String(html[..<start.lowerBound]) + String(html[html.index(after: end)...])
  }

  @Test func jsonAndThisEnginesHTMLRestoreHostAttributesExactly() throws {
    let document = RichText(runs: [
      .text("红", TextAttributes(hostAttributes: ["color": "red"])), .text("字", .plain),
    ])
    let clipboard = Self.source(document, entities: false).copy()
    for flavor in [Clipboard.Flavor.html(clipboard.html), .documentJSON(clipboard.documentJSON)] {
      var editor = Editor(catalog: .default)
      try editor.paste(flavor)
      #expect(editor.document == document)
    }
  }

  @Test func foreignHTMLGivesItsTextContentWithoutScripts() throws {
    let html = """
      <html><head><style>p { color: red }</style><script>alert("[哈哈]")</script></head>
      <body><!--StartFragment--><p>你好 <b>世界</b></p><div>第二行<img src="x.png" alt="[哈哈]"><img alt="cat">\
      <img alt="👍🏽"></div>a<br>b &amp; c&#x1F600; <SCRIPT type="x">document.write("x")</SCRIPT>
      <style>.a{}</style>d<!-- note -->e<!--EndFragment--></body></html>
      """
    var editor = Editor(catalog: .default)
    try editor.paste(.html(html))
    #expect(editor.document.postText == "你好 世界\n第二行[哈哈]👍🏽\na\nb & c😀 de")
    #expect(editor.document.runs.contains { $0.isEmoticon })
  }

  @Test func htmlWhitespaceAndBlocks() throws {
    var editor = Editor(catalog: .default)
    let html = "  <ul>\n <li>one</li>\n <li>two  three</li></ul><pre>a\n  b</pre>x&nbsp;&lt;&unknown; &#0;"
    try editor.paste(.html(html))
    #expect(editor.document.postText == "one\ntwo three\na\n  b\nx\u{A0}<&unknown; \u{FFFD}")
  }

  @Test func objectReplacementCharactersFromOutsideAreDropped() throws {
    for flavor in [
      Clipboard.Flavor.text("a\u{FFFC}b"), .html("a&#xFFFC;b\u{FFFC}"),
      .documentJSON(#"{"version":1,"runs":[{"text":"a\uFFFCb"}]}"#),
    ] {
      var editor = Editor(catalog: .default)
      try editor.paste(flavor)
      #expect(editor.document.postText == "ab", "\(flavor)")
    }
  }

  @Test func cutRemovesTheSelectionAsOneStep() {
    var editor = Marked.editor("a‸b[哈哈]‸c")
    let clipboard = editor.cut()
    #expect(clipboard.text == "b[哈哈]")
    #expect(Marked.render(editor) == "a‸c")
    #expect(editor.lastChange == TextChange(replacedRange: 1..<3, insertedUTF16Count: 0))
    editor.undo()
    #expect(editor.document.postText == "ab[哈哈]c")
    var caret = Marked.editor("a‸b")
    let nothing = caret.cut()
    #expect(nothing.text == "")
    #expect(caret.lastChange == nil)
  }

  @Test func pastingIsOneUndoStepAndReported() throws {
    var editor = Marked.editor("好‸")
    try editor.paste(.text("[哈哈]x"))
    #expect(editor.lastChange == TextChange(replacedRange: 1..<1, insertedUTF16Count: 2))
    editor.undo()
    #expect(Marked.render(editor) == "好‸")
  }

  @Test func badDocumentJSONThrowsAndChangesNothing() {
    var editor = Marked.editor("好‸")
    #expect(throws: DocumentDecodingError.self) { try editor.paste(.documentJSON("{\"runs\": 3}")) }
    #expect(Marked.render(editor) == "好‸")
  }
}
