import Foundation
import Testing

@testable import Emotext

/// The examples of the Length Limits, Clipboard and Entity Deletion article (TextViewFeatures.md), verbatim,
/// with their comments as expectations.
@Suite("Text view features article")
struct TextViewFeaturesArticleTests {
  @Test func lengthLimit() {
    var editor = Editor(catalog: .default)
    editor.lengthLimit = LengthLimit(measure: .graphemeClusters, maximum: 5)
    editor.insert("今天好开心啊")
    #expect(editor.document.postText == "今天好开心")
    #expect(editor.lengthStatus?.remaining == 0)
    editor.insert("👨‍👩‍👧")
    #expect(editor.lastChange == nil)
  }

  @Test func composition() {
    var composing = Editor(catalog: .default)
    composing.lengthLimit = LengthLimit(measure: .graphemeClusters, maximum: 5)
    composing.insert("今天好")
    composing.setMarkedText("nihao")
    #expect(composing.document.postText == "今天好nihao")
    composing.insert("你好吗")
    #expect(composing.document.postText == "今天好你好")
  }

  @Test func clipboard() throws {
    var source = Editor(catalog: .default)
    source.insert("好开心[哈哈]")
    source.select(0..<4)
    let clipboard = source.copy()
    #expect(clipboard.text == "好开心[哈哈]")
    #expect(clipboard.documentJSON == #"{"version":1,"runs":[{"text":"好开心"},{"emoticon":"[哈哈]"}]}"#)

    var target = Editor(catalog: .default)
    try target.paste(.html(clipboard.html))
    #expect(target.document == source.document)
  }

  @Test func foreignHTML() throws {
    var editor = Editor(catalog: .default)
    try editor.paste(.html("<p>你好</p><script>alert(1)</script><p>世界<img src=\"x.png\" alt=\"[哈哈]\"></p>"))
    #expect(editor.document.postText == "你好\n世界[哈哈]")
  }

  @Test func entityDeletion() {
    var chat = Editor(catalog: .default)
    chat.entityDeletion = .whole
    chat.insert("你好@小明")
    chat.deleteBackward()
    #expect(chat.document.postText == "你好")
  }

  /// The article still shows what these tests run.
  @Test func articleShowsTheExamples() throws {
    let article = try DocumentationText.article("TextViewFeatures")
    for line in [
      #"editor.insert("今天好开心啊")"#, #"editor.document.postText        // "今天好开心""#,
      #"composing.document.postText          // "今天好你好""#, "try target.paste(.html(clipboard.html))",
      #"editor.document.postText      // "你好\n世界[哈哈]""#, #"chat.document.postText        // "你好""#,
      #"{"text":"今天好开心",…,"change":[0,0,5],"limit":{"length":5,"maximum":5}}"#,
    ] {
      #expect(article.contains(line), "the article no longer shows \(line)")
    }
  }
}

/// The article's `emotext edit` example, run through the protocol.
@Suite("Text view features article: protocol example")
struct TextViewFeaturesProtocolArticleTests {
  @Test func limitExample() throws {
    let run = try CLIProcess.run([
      "edit", "--text", #"{"limit": {"rule": "graphemes", "maximum": 5}}"#, "--text", #"{"insert": "今天好开心啊"}"#,
    ])
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == #"{"text":"","selection":[0,0],"utf16Length":0,"graphemes":0,"runs":[],"change":null,"limit":{"length":0,"maximum":5}}"#
    )
    #expect(lines.last?.hasPrefix(#"{"text":"今天好开心","#) == true)
    #expect(lines.last?.hasSuffix(#""change":[0,0,5],"limit":{"length":5,"maximum":5}}"#) == true)
  }
}
