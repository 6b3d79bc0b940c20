import Testing

@testable import Emotext

private let haha = EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!

@Suite("Editor length limit")
struct EditorLengthLimitTests {
  static func editor(_ marked: String, _ measure: LengthMeasure, maximum: Int, entities: Bool = false) -> Editor {
    var editor = Marked.editor(marked)
    editor.lengthLimit = LengthLimit(measure: measure, maximum: maximum)
    return editor
  }

  @Test func typingInsertsThePrefixThatFits() {
    var editor = Self.editor("今天‸", .graphemeClusters, maximum: 5)
    editor.insert("好开心啊")
    #expect(Marked.render(editor) == "今天好开心‸")
    #expect(editor.lengthStatus == LengthStatus(length: 5, maximum: 5))
    #expect(editor.lastChange == TextChange(replacedRange: 2..<2, insertedUTF16Count: 3))
    editor.insert("啊")
    #expect(Marked.render(editor) == "今天好开心‸")
    #expect(editor.lastChange == nil)
  }

  @Test func pasteAtTheLimitInsertsThePrefixThatFitsAsOneStep() throws {
    var editor = Self.editor("好‸", .graphemeClusters, maximum: 4)
    try editor.paste(.text("ab[哈哈]cd"))
    #expect(Marked.render(editor) == "好ab[哈哈]‸")
    editor.undo()
    #expect(Marked.render(editor) == "好‸")
  }

  @Test func anEmoticonAtTheLimitIsNotInserted() {
    var editor = Self.editor("今天好‸", .graphemeClusters, maximum: 3)
    editor.insert(emoticon: haha)
    #expect(Marked.render(editor) == "今天好‸")
    #expect(!editor.canUndo || editor.document.postText == "今天好")
    editor.deleteBackward()
    editor.insert(emoticon: haha)
    #expect(Marked.render(editor) == "今天[哈哈]‸")
  }

  @Test func completionAtTheLimit() {
    // twitter: "[哈哈]" as an attachment weighs its token's text (6), more than the query "[哈" (3).
    var emoticon = Self.editor("今天[哈‸", .weighted(.twitter), maximum: 7)
    let completedEmoticon = emoticon.complete(with: "[哈哈]")
    #expect(!completedEmoticon)
    #expect(Marked.render(emoticon) == "今天[哈‸")
    // A mention's completion "@小明 " is cut to what fits: "@小明".
    var mention = Self.editor("今@小‸", .graphemeClusters, maximum: 4)
    let completedMention = mention.complete(with: "小明")
    #expect(completedMention)
    #expect(Marked.render(mention) == "今@小明‸")
  }

  @Test func markedTextIsCutWhenCommittedNotWhileComposing() {
    var editor = Self.editor("今天好‸", .graphemeClusters, maximum: 5)
    editor.setMarkedText("nihao")
    #expect(editor.markedText == "nihao")
    editor.insert("你好吗")
    #expect(Marked.render(editor) == "今天好你好‸")
    #expect(editor.markedRange == nil)
    editor.undo()
    #expect(Marked.render(editor) == "今天好‸")

    editor.setMarkedText("你好吗")
    #expect(editor.markedText == "你好吗")
    editor.unmarkText()
    #expect(Marked.render(editor) == "今天好你好‸")
  }

  @Test func enforcedCutsMarkedTextToo() {
    var editor = Self.editor("今天好‸", .graphemeClusters, maximum: 5)
    editor.lengthLimit?.enforcement = .enforced
    editor.setMarkedText("nihao")
    #expect(editor.markedText == "ni")
    #expect(editor.selection == 5..<5)
  }

  @Test func enforcementNoneOnlyCounts() {
    var editor = Self.editor("今天好‸", .graphemeClusters, maximum: 3)
    editor.lengthLimit?.enforcement = .none
    editor.insert("开心")
    #expect(editor.document.postText == "今天好开心")
    #expect(editor.lengthStatus?.isOverLimit == true)
    #expect(editor.lengthStatus?.remaining == -2)
  }

  @Test func aZWJEmojiIsNeverSplitAtTheCut() {
    var editor = Self.editor("ab‸", .utf16, maximum: 10)
    editor.insert("c👨‍👩‍👧")  // the family is 8 UTF-16 units: 3 + 8 > 10
    #expect(Marked.render(editor) == "abc‸")
    var exact = Self.editor("ab‸", .utf16, maximum: 10)
    exact.insert("👨‍👩‍👧x")
    #expect(Marked.render(exact) == "ab👨‍👩‍👧‸")
  }

  @Test func aURLIsNeverSplitAtTheCut() {
    // Weibo: a URL weighs 10, a CJK character 1, a space ½.
    let start = String(repeating: "好", count: 130)
    var editor = Self.editor(start + "‸", .weighted(.weibo), maximum: 140)
    editor.insert("好 http://t.cn/abcdef")
    #expect(editor.document.postText == start + "好 ")
    editor.insert("http://t.cn/x")
    #expect(editor.document.postText == start + "好 ")
    editor.insert("看")
    #expect(editor.document.postText == start + "好 看")
  }

  @Test func aDocumentOverTheLimitIsNotCutButGrowsNoLonger() {
    var editor = Self.editor("一二三四五六七八‸", .graphemeClusters, maximum: 5)
    #expect(editor.document.postText == "一二三四五六七八")
    editor.insert("x")
    #expect(editor.document.postText == "一二三四五六七八")
    editor.deleteBackward()
    #expect(editor.document.postText == "一二三四五六七")
    editor.select(0..<2)
    editor.insert("abc")  // replaces 2 with 3: only 2 fit, the length stays 7
    #expect(Marked.render(editor) == "ab‸三四五六七")
    editor.lengthLimit = LengthLimit(measure: .graphemeClusters, maximum: 3)
    #expect(editor.document.postText == "ab三四五六七")
  }

  @Test func undoAndDeletionAreNotLimited() {
    var editor = Self.editor("abc‸", .graphemeClusters, maximum: 3)
    editor.select(0..<3)
    editor.deleteBackward()
    editor.insert("x")
    editor.undo()
    editor.undo()
    #expect(editor.document.postText == "abc")
  }
}
