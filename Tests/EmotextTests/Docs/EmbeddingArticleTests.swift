import Foundation
import Testing

@testable import Emotext

/// The embedding example of the Editing and Embedding article (EditingAndEmbedding.md), with its comments as
/// expectations.
@Suite("Editing and Embedding article: embedding example")
struct EmbeddingArticleTests {
  @Test func aHostMirrorFollowsTheEditor() throws {
    var editor = Editor(catalog: .default, recognizesEntities: true)
    var mirror = ""
    func apply(_ editor: Editor) {
      guard let change = editor.lastChange else { return }
      var units = Array(mirror.utf16)
      let inserted = editor.document.slice(change.insertedRange).runs.flatMap { run -> [UInt16] in
        if case .text(let text, _) = run { Array(text.utf16) } else { [0xFFFC] }
      }
      units.replaceSubrange(change.replacedRange, with: inserted)
      mirror = String(decoding: units, as: UTF16.self)
    }
    editor.insert("看")
    apply(editor)
    editor.setMarkedText("[哈")
    apply(editor)
    editor.setMarkedText("[哈哈]")
    apply(editor)
    #expect(!editor.document.runs.contains { $0.isEmoticon })
    editor.unmarkText()
    apply(editor)
    #expect(editor.document.runs.contains { $0.isEmoticon })
    editor.insert(" @小明 ")
    apply(editor)
    #expect(editor.document.runs.contains(.text("@小明", TextAttributes(entity: .mention))))
    editor.deleteSurroundingText(before: 1, after: 0)
    apply(editor)
    #expect(mirror == "看\u{FFFC} @小明")
    editor.undo()
    apply(editor)
    #expect(mirror == "看\u{FFFC} @小明 ")

    let article = try DocumentationText.article("EditingAndEmbedding")
    #expect(article.contains(#"mirror == "看\u{FFFC} @小明"                      // true"#))
    #expect(article.contains("editor.deleteSurroundingText(before: 1, after: 0); apply(editor)"))
  }
}

/// The units example of the Editing and Embedding article ("Positions in every unit"), with its comments as
/// expectations.
@Suite("Editing and Embedding article: units example")
struct EmbeddingArticleUnitsTests {
  @Test func aScalarBufferFollowsTheEditor() {
    var editor = Editor(catalog: .default, recognizesEntities: true)
    var buffer: [Unicode.Scalar] = []
    func apply(_ editor: Editor) {
      guard let change = editor.lastChange(in: .unicodeScalars) else { return }
      let inserted = editor.document.range(change.insertedRange, from: .unicodeScalars, to: .utf16)
      buffer.replaceSubrange(change.replacedRange, with: editor.document.slice(inserted).bufferText.unicodeScalars)
    }
    editor.insert("😀#春天")
    apply(editor)
    editor.insert("#")
    apply(editor)
    #expect(
      editor.lastChange(in: .unicodeScalars)
        == UnitTextChange(unit: .unicodeScalars, replacedRange: 4..<4, insertedCount: 1))
    #expect(editor.lastRestyle(in: .unicodeScalars) == 1..<5)
    editor.select(anchor: 5, head: 1, in: .unicodeScalars)
    #expect(editor.selectionEnds(in: .utf8) == SelectionEnds(anchor: 12, head: 4))
    editor.insert(emoticon: EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!)
    apply(editor)
    #expect(String(String.UnicodeScalarView(buffer)) == editor.document.bufferText)
    #expect(editor.document.bufferText == "😀\u{FFFC}")
  }
}
