import EmotextTestSupport
import Testing

@testable import Emotext

/// Undo keeps only the runs each edit replaced: undoing and redoing must still walk through exactly the
/// documents the edits made, with pastes over selections, tokens formed and broken, and undo in the middle.
@Suite("Undo log")
struct UndoLogTests {
  static let pieces = ["a", "哈", "[", "]", "[哈哈", "哈]", "\n", "😀", "🏽", "\u{301}", "[爱你]", " "]

  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func undoThenRedoReturnsToTheSameDocument(seed: UInt64) {
    print("UndoLogTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    let catalog = EmoticonCatalog.default
    let tokenizer = BracketTokenizer(catalog: catalog)
    var editor = Editor(catalog: catalog)
    editor.undoLimit = .max
    var seen: Set<RichText> = [editor.document]
    for step in 0..<250 {
      let context = "seed \(seed), step \(step)"
      switch Int.random(in: 0..<12, using: &random) {
      case 0...3: editor.insert(Self.pieces.randomElement(using: &random)!)
      case 4: editor.insert(emoticon: catalog.packs[0].emoticons.randomElement(using: &random)!)
      case 5: editor.deleteBackward()
      case 6: editor.deleteForward()
      case 7:
        let count = editor.document.utf16Count
        let bounds = [Int.random(in: 0...count, using: &random), Int.random(in: 0...count, using: &random)].sorted()
        editor.select(bounds[0]..<bounds[1])
      case 8: editor.insert(tokenizer.tokenize("粘贴[哈哈]x[" + Self.pieces.randomElement(using: &random)!))
      case 9:
        let before = (editor.document, editor.selection)
        let steps = Int.random(in: 1...4, using: &random)
        var undone = 0
        for _ in 0..<steps where editor.undo() {
          undone += 1
          editor.document.checkInvariants()
          #expect(seen.contains(editor.document), "\(context): undo gave a document no edit made")
        }
        for _ in 0..<undone { editor.redo() }
        #expect(editor.document == before.0, "\(context): \(undone) undos then redos changed the document")
        #expect(editor.selection == before.1, "\(context): \(undone) undos then redos moved the selection")
      case 10: editor.undo()
      default: editor.redo()
      }
      editor.document.checkInvariants()
      #expect(tokenizer.tokenize(editor.document.postText) == editor.document, "\(context): not canonical")
      seen.insert(editor.document)
    }
    let final = editor.document
    while editor.undo() {}
    #expect(editor.document.isEmpty, "seed \(seed): undoing everything gives the empty document")
    while editor.redo() {}
    #expect(editor.document == final, "seed \(seed): redoing everything gives the final document")
  }
}
