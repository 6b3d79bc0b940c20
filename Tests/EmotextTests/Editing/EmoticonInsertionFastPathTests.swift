import EmotextTestSupport
import Testing

@testable import Emotext

/// Inserting one attachment with a ``BracketTokenizer`` neither tokenizes around it nor snaps the caret after it
/// (`Editor.leavesTokensAlone`): the editor with that shortcut against one whose tokenizer is the same bracket
/// tokenizer behind another type (so every edit takes the general path: the text in reach read and tokenized, the
/// caret snapped), on random scripts of emoticons inserted at a caret and over selections, typing of bracket pieces
/// that complete tokens, Backspace, undo and redo, on documents full of brackets, tokens and text of every script.
/// After every step the two editors must have the same document, selection and ``Editor/lastChange``.
@Suite("Emoticon insertion: the fast path against the general path")
struct EmoticonInsertionFastPathTests {
  /// The bracket tokenizer as a type the editor has no shortcut for.
  struct GeneralPathTokenizer: EmoticonTokenizer {
    let base: BracketTokenizer
    var catalog: EmoticonCatalog { base.catalog }
    func matches(in text: String) -> [TokenMatch] { base.matches(in: text) }
    func tokenize(_ text: String, attributes: TextAttributes) -> RichText {
      base.tokenize(text, attributes: attributes)
    }
  }

  @Test(arguments: 0..<2) func shortcutAndGeneralPathAgree(catalog: Int) {
    let tokenizer = CanonicalFastPathTests.tokenizers[catalog]
    let pieces = CanonicalFastPathTests.pieces(tokenizer)
    let emoticons = tokenizer.catalog.packs.flatMap(\.emoticons)
    var random = SeededGenerator(seed: 0x656D_6F74_6963_6F6E &+ UInt64(catalog))
    var shortcuts = 0
    for _ in 0..<150 {
      let document = CanonicalFastPathTests.document(&random, tokenizer: tokenizer, pieces: pieces)
      var fast = Editor(document: document, tokenizer: tokenizer)
      var general = Editor(document: document, tokenizer: GeneralPathTokenizer(base: tokenizer))
      for step in 0..<40 {
        let action = Int.random(in: 0..<10, using: &random)
        let range = fast.document.randomScalarRange(using: &random)
        let emoticon = emoticons.randomElement(using: &random)!
        let piece = pieces.randomElement(using: &random)!
        for index in 0..<2 {
          func apply(_ editor: inout Editor) {
            switch action {
            case 0...2:
              editor.select(range.lowerBound..<range.lowerBound)
              editor.insert(emoticon: emoticon)
            case 3...4:
              editor.select(range)
              editor.insert(emoticon: emoticon)
            case 5: editor.insert(emoticon: emoticon)
            case 6: editor.insert(piece)
            case 7: editor.deleteBackward()
            case 8: editor.undo()
            default: editor.redo()
            }
          }
          if index == 0 { apply(&fast) } else { apply(&general) }
        }
        if action <= 5, case .image = emoticon.kind { shortcuts += 1 }
        #expect(Array(fast.document.runs) == Array(general.document.runs), "step \(step): \(fast.document.runs)")
        #expect(fast.selection == general.selection, "step \(step)")
        #expect(fast.lastChange == general.lastChange, "step \(step)")
        if Array(fast.document.runs) != Array(general.document.runs) { return }
      }
    }
    #expect(shortcuts > 2_000, "\(shortcuts) attachments inserted")
  }
}
