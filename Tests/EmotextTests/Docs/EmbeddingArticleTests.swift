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
