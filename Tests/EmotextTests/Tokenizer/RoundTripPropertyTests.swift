import Testing

@testable import Emotext

@Suite("Round-trip laws") struct RoundTripPropertyTests {
  let tokenizer = BracketTokenizer(catalog: .default)

  @Test func serializeAfterTokenizeGivesTheSameBytes() throws {
    var random = TokenizerTestRandom(test: "serializeAfterTokenizeGivesTheSameBytes")
    let serializer = PostTextSerializer()
    for _ in 0..<2000 {
      let text = PostTextPieces.random(using: &random)
      let document = tokenizer.tokenize(text)
      document.checkInvariants()
      let back = serializer.serialize(document)
      #expect(Array(back.utf8) == Array(text.utf8), "text: \(text.debugDescription)")
    }
  }

  @Test func tokenizeAfterSerializeGivesTheSameDocumentForEditorDocuments() {
    var random = TokenizerTestRandom(test: "tokenizeAfterSerializeGivesTheSameDocumentForEditorDocuments")
    let catalog = EmoticonCatalog.default
    let emoticons = catalog.packs.flatMap(\.emoticons)
    for script in 0..<150 {
      var editor = Editor(catalog: catalog)
      var steps: [String] = []
      for _ in 0..<30 {
        let step = Int.random(in: 0..<10, using: &random)
        switch step {
        case 0, 1, 2:
          let text = PostTextPieces.random(using: &random, maxPieces: 3)
          steps.append("insert \(text.debugDescription)")
          editor.insert(text)
        case 3:
          let emoticon = emoticons.randomElement(using: &random)!
          steps.append("emoticon \(emoticon.code)")
          editor.insert(emoticon: emoticon)
        case 4:
          steps.append("backspace")
          editor.deleteBackward()
        case 5:
          steps.append("delete")
          editor.deleteForward()
        case 6:
          let count = editor.document.utf16Count
          let lower = Int.random(in: 0...count, using: &random)
          let upper = Int.random(in: lower...count, using: &random)
          steps.append("select \(lower)..<\(upper)")
          editor.select(lower..<upper)
        case 7:
          let movement = Editor.Movement.allCases.randomElement(using: &random)!
          steps.append("move \(movement)")
          editor.move(movement)
        case 8:
          steps.append("undo")
          editor.undo()
        default:
          steps.append("redo")
          editor.redo()
        }
        let document = editor.document
        document.checkInvariants()
        let again = tokenizer.tokenize(document.postText)
        #expect(again == document, "script \(script): \(steps.joined(separator: "; "))")
        if again != document { return }
      }
    }
  }
}
