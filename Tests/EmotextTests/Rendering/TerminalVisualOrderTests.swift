import Emotext
import Testing

@Suite("Terminal visual order") struct TerminalVisualOrderTests {
  private func post(_ text: String) -> RichText {
    BracketTokenizer(catalog: .default).tokenize(text).recognizingEntities()
  }

  @Test(arguments: [
    ("مرحبا [哈哈] بالعالم", "ملاعلاب 😆 ابحرم"),
    ("שלום [哈哈] עולם!", "!םלוע 😆 םולש"),
    ("@小明 שלום (עולם)", "@小明 (םלוע) םולש"),
    ("好开心[哈哈] ok", "好开心😆 ok"),
  ])
  func linesInVisualOrder(text: String, expected: String) {
    let visual = TerminalRenderer(options: [.visualOrder])
    #expect(visual.render(post(text)) == expected)
    let logical = TerminalRenderer(options: [])
    // Without the option the line stays in logical order: it starts as the post does.
    #expect(logical.render(post(text)).unicodeScalars.first == text.unicodeScalars.first)
  }

  @Test func wrappingIsLogicalAndEachLineIsReordered() {
    let renderer = TerminalRenderer(options: [.visualOrder], columns: 8)
    #expect(renderer.lines(post("שלום [哈哈] עולם")) == ["😆 םולש", "םלוע"])
    #expect(renderer.lines(post("שלום\nabc עולם")) == ["םולש", "abc םלוע"])
  }
}
