import Testing

@testable import Emotext

/// Pasted HTML restores the document in a `data-emotext-document` attribute only on the fragment's outermost
/// element and only when it shows the fragment's visible text; every other hiding place gives the visible text.
@Suite("Pasted HTML's document is trusted only when it is what the user sees")
struct PastedDocumentTrustTests {
  /// A document with a host attribute, which the visible text cannot carry.
  static func document(_ text: String) -> RichText {
    RichText(runs: [.text(text, TextAttributes(hostAttributes: ["color": "red"]))])
  }

  /// The attribute carrying `document`, as `copy()` writes it.
  static func attribute(_ document: RichText) -> String {
    "data-emotext-document=\"\(HTMLRenderer.escaped(document.documentJSON))\""
  }

  static let hidden = attribute(document("看不见[哈哈]"))
  static let matching = attribute(document("你好"))

  @Test(arguments: [
    ("a hidden span before the text", "<span hidden \(hidden)></span>你好"),
    ("a hidden span showing the same text", "<span hidden \(matching)></span>你好"),
    ("a hidden span after the text", "你好<span style=\"display:none\" \(hidden)>看不见[哈哈]</span>"),
    ("a script", "<script \(hidden)>看不见</script>你好"),
    ("a style", "<style \(matching)></style>你好"),
    ("a comment", "<!-- <span \(hidden)>看不见</span> -->你好"),
    ("a nested element", "<div><span \(matching)>你好</span></div>"),
    ("a second element", "<b>你</b><span \(matching)>好</span>"),
    ("a void element", "<img alt=\"\" \(matching)>你好"),
    ("mismatching text", "<span \(hidden)>你好</span>"),
    ("text after the outermost element", "<span \(matching)>你</span>好"),
    ("text before the outermost element", "你<span \(matching)>好</span>"),
    ("a hidden part inside it", "<span \(attribute(document("你好看不见")))>你好<script>看不见</script></span>"),
  ])
  func hiddenDocumentGivesTheVisibleText(trick: String, html: String) throws {
    var editor = Editor(catalog: .default)
    try editor.paste(.html(html))
    let visible = BracketTokenizer(catalog: .default).tokenize("你好")
    #expect(editor.document.documentJSON == visible.documentJSON, "\(trick): \(html)")
    #expect(editor.trustedDocument(inHTML: html) == nil, "\(trick)")
  }

  @Test(arguments: [
    ("as copied", "<span \(matching)>你好</span>"),
    ("after a browser's meta", "<meta charset='utf-8'><span \(matching)>你好</span>"),
    (
      "between fragment markers", "<html><body><!--StartFragment--><span \(matching)>你好</span><!--EndFragment--></body>"
    ),
    ("nested spans inside", "<span \(matching)><span>你</span>好</span>"),
  ])
  func outermostMatchingDocumentIsRestored(place: String, html: String) throws {
    var editor = Editor(catalog: .default)
    try editor.paste(.html(html))
    #expect(editor.document.documentJSON == Self.document("你好").documentJSON, "\(place): \(html)")
  }

  @Test func elementsMarkedHiddenAreNotPasted() throws {
    var editor = Editor(catalog: .default)
    let html = """
      你<span hidden>看<span>不</span>见</span>好<b style="color: red; DISPLAY : none">x</b><img hidden alt="[哈哈]">\
      <i style="visibility:hidden">y</i>!
      """
    try editor.paste(.html(html))
    #expect(editor.document.postText == "你好!")
  }

  /// What a browser collapses (runs of spaces, CR LF, spaces at the ends) still round-trips: the document is
  /// compared by what it shows.
  @Test func copiedWhitespaceRoundTripsThroughHTML() throws {
    let document = RichText(runs: [
      .text("  a  b\r\nc\u{2028}", TextAttributes(hostAttributes: ["k": "v"])), .text(" x ", .plain),
    ])
    var source = Editor(document: document, catalog: .default)
    source.select(0..<source.document.utf16Count)
    var editor = Editor(catalog: .default)
    try editor.paste(.html(source.copy().html))
    #expect(editor.document.documentJSON == document.documentJSON)
  }
}
