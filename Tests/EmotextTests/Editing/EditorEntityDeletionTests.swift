import Testing

@testable import Emotext

@Suite("Editor entity deletion")
struct EditorEntityDeletionTests {
  static func editor(_ marked: String, _ deletion: EntityDeletion, entities: Bool = true) -> Editor {
    let (text, offsets) = Marked.unmark(marked)
    var editor = Editor(
      document: BracketTokenizer(catalog: .default).tokenize(text), catalog: .default, recognizesEntities: entities)
    editor.entityDeletion = deletion
    editor.select(offsets[0]..<offsets[0])
    return editor
  }

  @Test(arguments: [true, false])
  func backspaceAfterAMentionRemovesItWhole(entities: Bool) {
    var editor = Self.editor("你好@小明‸", .whole, entities: entities)
    editor.deleteBackward()
    #expect(Marked.render(editor) == "你好‸")
    #expect(editor.lastChange == TextChange(replacedRange: 2..<5, insertedUTF16Count: 0))
    editor.undo()
    #expect(Marked.render(editor) == "你好@小明‸")
  }

  @Test func backspaceAfterATopicRemovesItWhole() {
    var editor = Self.editor("看#春天#‸", .whole)
    editor.deleteBackward()
    #expect(Marked.render(editor) == "看‸")
  }

  @Test(arguments: [true, false])
  func forwardDeleteBeforeATopicOrMentionRemovesItWhole(entities: Bool) {
    var editor = Self.editor("‸#春天# 好@小明", .whole, entities: entities)
    editor.deleteForward()
    #expect(Marked.render(editor) == "‸ 好@小明")
    editor.move(.right)
    editor.move(.right)
    editor.deleteForward()
    #expect(Marked.render(editor) == " 好‸")
  }

  @Test func charactersIsTheDefaultAndLinksGoByCharacter() {
    var editor = Self.editor("你好@小明‸", .characters)
    #expect(Editor(catalog: .default).entityDeletion == .characters)
    editor.deleteBackward()
    #expect(Marked.render(editor) == "你好@小‸")
    var link = Self.editor("http://t.cn/x‸", .whole)
    link.deleteBackward()
    #expect(Marked.render(link) == "http://t.cn/‸")
  }

  @Test func insideAMentionBackspaceRemovesOneCharacter() {
    var editor = Self.editor("@小‸明 好", .whole)
    editor.deleteBackward()
    #expect(Marked.render(editor) == "@‸明 好")
  }

  @Test func anInputConnectionDeleteReachingIntoAnEntityRemovesItWhole() {
    var editor = Self.editor("你好@小明‸#春天#", .whole)
    editor.deleteSurroundingText(before: 1, after: 0)
    #expect(Marked.render(editor) == "你好‸#春天#")
    editor.deleteSurroundingText(inCodePoints: 0, after: 1)
    #expect(Marked.render(editor) == "你好‸")
    var characters = Self.editor("你好@小明‸", .characters)
    characters.deleteSurroundingText(before: 1, after: 0)
    #expect(Marked.render(characters) == "你好@小‸")
  }
}
