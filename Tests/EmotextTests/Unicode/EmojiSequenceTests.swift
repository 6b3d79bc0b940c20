import Testing

@testable import Emotext

@Suite("Emoji sequences (emoji-test.txt, Unicode 15.0)")
struct EmojiSequenceTests {
  @Test func fileHasEveryQualifiedSequence() throws {
    // 3,655 fully-qualified + 9 components in Unicode 15.0.
    #expect(try UnicodeTestFiles.emojiSequences().count == 3664)
  }

  @Test(arguments: BackspaceMode.allCases)
  func eachSequenceIsOneClusterRemovedByOneBackspace(mode: BackspaceMode) throws {
    for (line, emoji) in try UnicodeTestFiles.emojiSequences() {
      // Note: after a line feed, since a lone skin-tone component would extend a letter (GB9).
      let document = RichText("\n" + emoji)
      #expect(document.graphemeCount == 2, "line \(line): \(emoji) is not one cluster")
      #expect(document.deletionStart(before: document.utf16Count, mode: mode) == 1, "line \(line): \(emoji)")

      var editor = Editor(document: RichText(emoji), backspaceMode: mode)
      editor.deleteBackward()
      #expect(
        editor.document.isEmpty,
        "line \(line): \(emoji) left \(editor.document.postText.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  @Test func forwardDeleteRemovesEachSequenceWhole() throws {
    for (line, emoji) in try UnicodeTestFiles.emojiSequences() {
      var editor = Editor(document: RichText(emoji + "b"))
      editor.select(0..<0)
      editor.deleteForward()
      #expect(editor.document.postText == "b", "line \(line): \(emoji)")
    }
  }
}
