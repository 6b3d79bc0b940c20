import Testing

@testable import Emotext

private let haha = EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!

@Suite("Edit deltas")
struct EditDeltaTests {
  @Test func typingReportsTheInsertion() {
    var editor = Marked.editor("ab‸c")
    editor.insert("xy")
    #expect(editor.lastChange == TextChange(replacedRange: 2..<2, insertedUTF16Count: 2))
  }

  @Test func completingATokenReportsOneCoveringChange() {
    var editor = Marked.editor("好[哈哈‸")
    editor.insert("]")
    // "[哈哈" (4 units) plus the typed "]" became one attachment.
    #expect(editor.lastChange == TextChange(replacedRange: 1..<4, insertedUTF16Count: 1))
  }

  @Test func undoAndRedoReportTheirChanges() {
    var editor = Marked.editor("a‸")
    editor.insert(emoticon: haha)
    editor.undo()
    #expect(editor.lastChange == TextChange(replacedRange: 1..<2, insertedUTF16Count: 0))
    editor.redo()
    #expect(editor.lastChange == TextChange(replacedRange: 1..<1, insertedUTF16Count: 1))
    editor.undo()
    editor.undo()
    #expect(editor.lastChange == nil)  // nothing left to undo
  }

  @Test func selectionChangesReportNoChange() {
    var editor = Marked.editor("ab‸")
    editor.insert("c")
    editor.move(.left)
    #expect(editor.lastChange == nil)
    editor.select(0..<1)
    #expect(editor.lastChange == nil)
    editor.deleteBackward()
    #expect(editor.lastChange == TextChange(replacedRange: 0..<1, insertedUTF16Count: 0))
  }
}

@Suite("Marked text")
struct MarkedTextTests {
  @Test func markedTextReplacesTheSelectionThenItself() {
    var editor = Marked.editor("a‸bc‸d")
    editor.setMarkedText("n", selectedRange: 1..<1)
    #expect(editor.markedRange == 1..<2)
    #expect(Marked.render(editor) == "an‸d")
    editor.setMarkedText("ni hao", selectedRange: 2..<2)
    #expect(editor.markedRange == 1..<7)
    #expect(editor.selection == 3..<3)  // relative to the marked text
    #expect(editor.markedText == "ni hao")
    editor.insert("你好")
    #expect(editor.markedRange == nil)
    #expect(Marked.render(editor) == "a你好‸d")
    editor.undo()
    #expect(Marked.render(editor) == "a‸bc‸d")  // the whole composition is one step
  }

  @Test func aTokenIsNotRecognizedWhileMarkedButOnCommit() {
    var editor = Marked.editor("今天‸")
    for text in ["[", "[哈", "[哈哈", "[哈哈]"] {
      editor.setMarkedText(text)
      #expect(!editor.document.runs.contains { $0.isEmoticon }, "\(text) while marked")
    }
    editor.unmarkText()
    #expect(editor.markedRange == nil)
    #expect(editor.document.runs.last == .emoticon(EmoticonAttachment(haha)))
    #expect(editor.selection == 3..<3)
    #expect(editor.lastChange == TextChange(replacedRange: 2..<6, insertedUTF16Count: 1))
    editor.undo()
    #expect(Marked.render(editor) == "今天‸")
  }

  @Test func emptyMarkedTextEndsTheCompositionAndJoinsItsNeighbours() {
    var editor = Marked.editor("[哈‸x‸哈]")
    editor.setMarkedText("y")
    #expect(editor.document.postText == "[哈y哈]")
    editor.setMarkedText("")
    #expect(editor.markedRange == nil)
    #expect(Array(editor.document.runs) == [.emoticon(EmoticonAttachment(haha))])
  }

  @Test func backspaceEditsTheMarkedTextOnly() {
    var editor = Marked.editor("ab‸")
    editor.setMarkedText("ni")
    editor.deleteBackward()
    #expect(editor.markedText == "n")
    #expect(Marked.render(editor) == "abn‸")
    editor.deleteBackward()
    #expect(editor.markedRange == nil)
    #expect(Marked.render(editor) == "ab‸")
    editor.setMarkedText("xy", selectedRange: 0..<0)
    editor.deleteBackward()  // the caret is at the marked text's start: nothing
    #expect(Marked.render(editor) == "ab‸xy")
    editor.deleteForward()
    #expect(editor.markedText == "y")
  }

  @Test func movingTheCaretCommits() {
    var editor = Marked.editor("今天‸")
    editor.setMarkedText("[哈哈]")
    editor.move(.start)
    #expect(editor.markedRange == nil)
    #expect(editor.document.runs.last == .emoticon(EmoticonAttachment(haha)))
    #expect(editor.selection == 0..<0)
  }
}

@Suite("Surrounding deletes")
struct SurroundingDeleteTests {
  @Test(arguments: [
    ("abc‸def", 1, 1, "ab‸ef"),
    ("abc‸def", 10, 10, "‸"),
    ("a[哈哈]‸b", 1, 0, "a‸b"),
    ("a👍🏽‸b", 1, 0, "a‸b"),  // half of a surrogate pair takes its whole cluster
    ("ab‸cd‸ef", 1, 1, "a‸cd‸f"),  // the selection stays
    ("‸e\u{301}x", 0, 1, "‸x"),  // a cluster is never split
  ])
  func utf16Units(before: String, left: Int, right: Int, after: String) {
    var editor = Marked.editor(before)
    editor.deleteSurroundingText(before: left, after: right)
    #expect(Marked.render(editor) == after)
    editor.undo()
    #expect(Marked.render(editor) == before)  // one undo step
  }

  @Test(arguments: [
    ("a😀b‸c", 2, 0, "a‸c"),
    ("a[哈哈]‸b", 1, 1, "a‸"),
    ("x‸👍🏽y", 0, 1, "x‸y"),
  ])
  func codePoints(before: String, left: Int, right: Int, after: String) {
    var editor = Marked.editor(before)
    editor.deleteSurroundingText(inCodePoints: left, after: right)
    #expect(Marked.render(editor) == after)
  }

  @Test func aDeletionThatJoinsATokenMakesAnAttachment() {
    var editor = Marked.editor("[哈x‸哈]")
    editor.deleteSurroundingText(before: 1, after: 0)
    #expect(Array(editor.document.runs) == [.emoticon(EmoticonAttachment(haha))])
    #expect(editor.selection == 1..<1)
  }
}

@Suite("Live entities")
struct LiveEntityTests {
  static func typing(_ text: String) -> Editor {
    var editor = Editor(catalog: .default, recognizesEntities: true)
    for character in text { editor.insert(String(character)) }
    return editor
  }

  static func entities(_ editor: Editor) -> [String] {
    editor.document.runs.compactMap {
      if case .text(let text, let attributes) = $0, let entity = attributes.entity { "\(entity):\(text)" } else { nil }
    }
  }

  @Test func mentionsAreRecognizedAsTheyAreTyped() {
    #expect(Self.entities(Self.typing("@小")) == ["mention:@小"])
    #expect(Self.entities(Self.typing("@小明 你好")) == ["mention:@小明"])
  }

  @Test func aTopicNeedsItsClosingHash() {
    var editor = Self.typing("#春天")
    #expect(Self.entities(editor) == [])
    editor.insert("#")
    #expect(Self.entities(editor) == ["topic:#春天#"])
    // Note: the text change is the `#` typed; the recolouring of the whole topic is a restyle.
    #expect(editor.lastChange == TextChange(replacedRange: 3..<3, insertedUTF16Count: 1))
    #expect(editor.lastRestyle == 0..<4)
    editor.deleteBackward()
    #expect(editor.lastChange == TextChange(replacedRange: 3..<4, insertedUTF16Count: 0))
    #expect(editor.lastRestyle == 0..<3)
    #expect(Self.entities(editor) == [])
  }

  @Test func aTokenCompletedInsideALinkBecomesAnAttachment() {
    let editor = Self.typing("http://t.cn/[哈哈]")
    #expect(Self.entities(editor) == ["link:http://t.cn/"])
    #expect(editor.document.runs.last == .emoticon(EmoticonAttachment(haha)))
  }

  @Test func theRestyleCoversWhatWasRecolouredAndNoMore() {
    var editor = Editor(document: RichText("@a\n@b"), catalog: .default, recognizesEntities: true)
    #expect(Self.entities(editor) == ["mention:@a", "mention:@b"])
    editor.insert("c")
    #expect(Self.entities(editor) == ["mention:@a", "mention:@bc"])
    #expect(editor.lastChange == TextChange(replacedRange: 5..<5, insertedUTF16Count: 1))
    #expect(editor.lastRestyle == 5..<6)
    editor.select(0..<0)
    editor.insert("x")  // x@a: no mention after a letter
    #expect(Self.entities(editor) == ["mention:@bc"])
    #expect(editor.lastChange == TextChange(replacedRange: 0..<0, insertedUTF16Count: 1))
    #expect(editor.lastRestyle == 1..<3)
  }

  @Test func markedTextIsNoEntityUntilCommitted() {
    var editor = Editor(catalog: .default, recognizesEntities: true)
    editor.setMarkedText("@小明")
    #expect(Self.entities(editor) == [])
    editor.unmarkText()
    #expect(Self.entities(editor) == ["mention:@小明"])
  }

  /// Entities are recognized again on the line around an edit, and a line ends at every line break
  /// ``LineBreaks`` defines, VT, FF and NEL included.
  @Test func theLineAroundAnEditEndsAtEveryLineBreak() {
    for terminator in LineBreaks.characters.map(String.init) + ["\r\n"] {
      let count = terminator.utf16.count
      let document = RichText("ab" + terminator + "cd" + terminator + "ef")
      let line = (2 + count)..<(4 + count)
      #expect(
        document.lineRange(around: (3 + count)..<(3 + count)) == line, "\(terminator.unicodeScalars.map(\.value))")
      #expect(document.lineRange(around: line) == line, "\(terminator.unicodeScalars.map(\.value))")
    }
  }

  @Test func typingIsPlainWithoutTheOption() {
    var editor = Editor(catalog: .default)
    editor.insert("@小明 #春天#")
    #expect(Self.entities(editor) == [])
  }
}

@Suite("Completion")
struct CompletionTests {
  @Test(arguments: [
    ("今天[哈‸", Completion.Kind.emoticon, 2..<4, "哈"),
    ("[‸", .emoticon, 0..<1, ""),
    ("你好@小‸", .mention, 2..<4, "小"),
    ("#春‸", .topic, 0..<2, "春"),
    ("#春天# #‸", .topic, 5..<6, ""),
    ("[哈 @小‸", .mention, 3..<5, "小"),
  ])
  func context(text: String, kind: Completion.Kind, range: Range<Int>, query: String) {
    #expect(Marked.editor(text).completion == Completion(kind: kind, utf16Range: range, query: query))
  }

  @Test(arguments: ["[哈哈]‸", "#春天#‸", "a@b‸", "[哈\n‸", "a‸", "@小 ‸"])
  func noContext(text: String) {
    #expect(Marked.editor(text).completion == nil)
  }

  @Test func markedTextIsPartOfTheQuery() {
    var editor = Marked.editor("[‸")
    editor.setMarkedText("haha")
    #expect(editor.completion?.query == "haha")
    let completed = editor.complete(with: "[哈哈]")
    #expect(completed)
    #expect(editor.markedRange == nil)
    #expect(Array(editor.document.runs) == [.emoticon(EmoticonAttachment(haha))])
  }

  @Test func completingIsOneUndoStep() {
    var editor = Marked.editor("好[哈‸")
    let completed = editor.complete(with: "[哈哈]")
    #expect(completed)
    #expect(Marked.render(editor) == "好[哈哈]‸")
    #expect(editor.lastChange == TextChange(replacedRange: 1..<3, insertedUTF16Count: 1))
    editor.undo()
    #expect(Marked.render(editor) == "好[哈‸")
    let refused = editor.complete(with: "[没有这个]")
    #expect(!refused)
    #expect(Marked.render(editor) == "好[哈‸")
  }

  @Test func mentionsAndTopicsComplete() {
    var editor = Marked.editor("@小‸")
    editor.complete(with: "小明")
    #expect(Marked.render(editor) == "@小明 ‸")
    editor = Marked.editor("看#春‸")
    editor.complete(with: "春天")
    #expect(Marked.render(editor) == "看#春天#‸")
  }
}
