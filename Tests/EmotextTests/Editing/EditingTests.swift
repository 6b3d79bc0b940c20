import Testing

@testable import Emotext

@Suite("Editing")
struct EditingTests {
  @Test(arguments: [
    ("ab‸c", "x", "abx‸c"),
    ("[哈哈]‸", "!", "[哈哈]!‸"),
    ("a‸bc‸d", "X", "aX‸d"),  // replaces the selection
    ("👍‸", "🏽", "👍🏽‸"),  // a modifier typed after its base joins it; the caret follows the cluster
    ("‸\u{301}x", "e", "e\u{301}‸x"),  // typed before a combining mark: the caret moves past the cluster
    ("[哈‸", "哈]", "[哈哈]‸"),  // completing a token makes an attachment
    ("[哈哈‸", "]", "[哈哈]‸"),
    ("[未‸知]", "x", "[未x‸知]"),  // an unknown token stays text
    ("[[哈哈‸", "]", "[[哈哈]‸"),
    ("‸哈哈]", "[", "[哈哈]‸"),  // a caret inside the token it completes goes after the attachment
  ])
  func typing(before: String, typed: String, after: String) {
    var editor = Marked.editor(before)
    editor.insert(typed)
    editor.document.checkInvariants()
    #expect(Marked.render(editor) == after)
  }

  @Test func typedTextThatCompletesATokenBecomesAnAttachment() {
    var editor = Editor()
    for character in "今天[哈哈]好" { editor.insert(String(character)) }
    #expect(
      Array(editor.document.runs) == [
        .text("今天", .plain), .emoticon(EmoticonAttachment(EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!)),
        .text("好", .plain),
      ])
    #expect(editor.selection == 4..<4)
  }

  @Test func deletionThatJoinsATokenMakesAnAttachment() {
    var editor = Marked.editor("[微x‸笑]")
    editor.deleteBackward()
    #expect(Marked.render(editor) == "[微笑]‸")
    #expect(editor.document.runs.count == 1)
  }

  @Test func insertingAnEmoticon() {
    var editor = Marked.editor("好‸开心")
    editor.insert(emoticon: EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!)
    #expect(Marked.render(editor) == "好[哈哈]‸开心")
    #expect(editor.document.utf16Count == 4)
    editor.insert(emoticon: Emoticon(code: "😀", kind: .emoji("😀")))
    #expect(Marked.render(editor) == "好[哈哈]😀‸开心")
    #expect(editor.document.runs.count == 3)
  }

  @Test func replaceSnapsTheRangeOutwardToWholeClusters() {
    var editor = Marked.editor("a👍🏽b‸")
    editor.replace(2..<3, with: "X")  // inside the surrogate pairs of 👍🏽
    #expect(Marked.render(editor) == "aX‸b")
  }

  @Test func selectingInsideAClusterSnaps() {
    var editor = Marked.editor("a👍🏽‸b")
    editor.select(2..<2)  // a caret snaps backward, to the start of the cluster
    #expect(editor.selection == 1..<1)
    editor.select(2..<4)  // a range snaps outward
    #expect(editor.selection == 1..<5)
    editor.select(-3..<99)  // and is clamped
    #expect(editor.selection == 0..<6)
  }

  @Test func movingTheCaret() {
    var editor = Marked.editor("a[哈哈]👍🏽‸e\u{301}")
    editor.move(.left)
    #expect(Marked.render(editor) == "a[哈哈]‸👍🏽e\u{301}")
    editor.move(.left)
    #expect(Marked.render(editor) == "a‸[哈哈]👍🏽e\u{301}")
    editor.move(.right, extending: true)
    editor.move(.right, extending: true)
    #expect(Marked.render(editor) == "a‸[哈哈]👍🏽‸e\u{301}")
    editor.move(.right)  // collapses to the right edge
    #expect(Marked.render(editor) == "a[哈哈]👍🏽‸e\u{301}")
    editor.move(.end)
    #expect(Marked.render(editor) == "a[哈哈]👍🏽e\u{301}‸")
    editor.move(.right)
    #expect(Marked.render(editor) == "a[哈哈]👍🏽e\u{301}‸")
    editor.move(.left, extending: true)  // the head moves; the anchor stays at the end
    #expect(editor.selection == 6..<8)
    editor.move(.start, extending: true)
    #expect(editor.selection == 0..<8)
    editor.move(.right, extending: true)
    #expect(editor.selection == 1..<8)
    #expect(editor.caret == 1)
    editor.move(.left)
    #expect(Marked.render(editor) == "a‸[哈哈]👍🏽e\u{301}")
  }
}

@Suite("Undo")
struct UndoTests {
  @Test func consecutiveTypingUndoesAsOneStep() {
    var editor = Editor()
    for character in "你好" { editor.insert(String(character)) }
    editor.insert(emoticon: EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!)
    for character in "ok" { editor.insert(String(character)) }
    #expect(editor.document.postText == "你好[哈哈]ok")
    editor.undo()
    #expect(Marked.render(editor) == "你好[哈哈]‸")
    editor.undo()
    #expect(Marked.render(editor) == "你好‸")
    editor.undo()
    #expect(Marked.render(editor) == "‸")
    let undid = editor.undo()
    #expect(!undid)
    editor.redo()
    editor.redo()
    #expect(Marked.render(editor) == "你好[哈哈]‸")
    editor.redo()
    #expect(Marked.render(editor) == "你好[哈哈]ok‸")
    let redid = editor.redo()
    #expect(!redid)
  }

  @Test func movingTheCaretEndsATypingStep() {
    var editor = Editor()
    editor.insert("a")
    editor.move(.left)
    editor.insert("b")
    editor.undo()
    #expect(Marked.render(editor) == "‸a")
  }

  @Test func deletingAnEmoticonIsItsOwnStepAndTextDeletionsGroup() {
    var editor = Marked.editor("ab[哈哈]cd‸")
    editor.deleteBackward()
    editor.deleteBackward()
    editor.deleteBackward()  // the emoticon
    editor.deleteBackward()
    #expect(Marked.render(editor) == "a‸")
    editor.undo()
    #expect(Marked.render(editor) == "ab‸")
    editor.undo()
    #expect(Marked.render(editor) == "ab[哈哈]‸")
    editor.undo()
    #expect(Marked.render(editor) == "ab[哈哈]cd‸")
  }

  @Test func aNewEditClearsRedo() {
    var editor = Editor()
    editor.insert("a")
    editor.undo()
    editor.insert("b")
    #expect(!editor.canRedo)
  }

  @Test func theUndoLimitDropsTheOldestSteps() {
    var editor = Editor()
    editor.undoLimit = 3
    for _ in 0..<5 { editor.insert(emoticon: EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!) }
    var undone = 0
    while editor.undo() { undone += 1 }
    #expect(undone == 3)
    #expect(editor.document.utf16Count == 2)
  }

  /// Past the limit many times over (the dropped steps are removed in batches), and with the limit lowered and
  /// raised between edits, undo takes back exactly the last `undoLimit` steps kept, newest first, and redo
  /// replays them.
  @Test func theUndoLimitHoldsOverManyStepsAndChanges() {
    var editor = Editor()
    var texts = [editor.document.postText]
    for (limit, steps) in [(7, 40), (3, 15), (20, 35), (1, 3), (12, 37)] {
      editor.undoLimit = limit
      for _ in 0..<steps {
        editor.insert(RichText(texts.count.isMultiple(of: 3) ? "[哈哈]" : "字\(texts.count)"))
        texts.append(editor.document.postText)
      }
    }
    var undone = 0
    while editor.undo() {
      undone += 1
      #expect(editor.document.postText == texts[texts.count - 1 - undone], "after \(undone) undos")
    }
    #expect(undone == 12)
    var redone = 0
    while editor.redo() { redone += 1 }
    #expect(redone == 12 && editor.document.postText == texts.last)
  }
}
