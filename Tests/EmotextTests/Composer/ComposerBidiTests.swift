import Testing

@testable import Emotext
@testable import EmotextCLISupport

/// The composer draws right-to-left text in visual order (no terminal reorders a full-screen program's text),
/// while the caret and the arrow keys stay logical.
@Suite("Composer bidirectional text") struct ComposerBidiTests {
  private func typed(_ text: String) -> ComposerScreen {
    var screen = ComposerScreen(catalog: .default, columns: 40, rows: 24)
    screen.handle(.text(text))
    return screen
  }

  @Test func hebrewWithAnEmoticonIsDrawnRightToLeft() {
    var screen = typed("שלום [哈哈] עולם")
    #expect(ComposerScreenTests.visibleRows(screen.draw())[2] == " םלוע 😆 םולש")
    // The caret at the logical end is after "עולם", drawn at its left edge: cell 0, column 2 with the margin.
    #expect(screen.draw().hasSuffix("\u{1B}[3;2H\u{1B}[?25h"))
    screen.handle(.home)
    // Before "ש", drawn at the right end (12 cells: 4 + space + emoticon 2 + space + 4).
    #expect(screen.draw().hasSuffix("\u{1B}[3;14H\u{1B}[?25h"))
    screen.handle(.right)  // logical: after "ש", which is at the left edge of "ש" as drawn
    #expect(screen.editor.caret == 1)
    #expect(screen.draw().hasSuffix("\u{1B}[3;13H\u{1B}[?25h"))
  }

  @Test func arabicWithEmoticonsAndLatinIsDrawnInVisualOrder() {
    let screen = typed("مرحبا [哈哈] hello (نص)[爱你]")
    #expect(ComposerScreenTests.visibleRows(screen.draw())[2] == " 😍(صن) hello 😆 ابحرم")
  }

  @Test func leftToRightTextIsUnchanged() {
    let screen = typed("好开心[哈哈] ok")
    #expect(ComposerScreenTests.visibleRows(screen.draw())[2] == " 好开心😆 ok")
  }
}
