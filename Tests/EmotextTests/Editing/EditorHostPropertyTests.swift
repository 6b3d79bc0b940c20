import EmotextTestSupport
import Testing

@testable import Emotext

/// Random scripts of everything a host does (typing, IME compositions, InputConnection deletes, completion,
/// selection, undo and redo), with the laws a host relies on checked after every step:
/// - a mirror that applies only ``Editor/lastChange`` equals the document (attachments as U+FFFC);
/// - outside a composition the document is what the batch pass makes of its post text: tokenized, and with
///   entities recognized when the editor recognizes them;
/// - marked text never holds an attachment or an entity;
/// - undoing a committed composition restores the document and selection from before it, and the mirror follows
///   the commit, the undo and the redo.
@Suite("Editor host laws")
struct EditorHostPropertyTests {
  static let pieces = [
    "a", "哈", "[", "]", "[哈", "哈]", "@", "#", "小明", "春天", " ", ":", "/", "\n", "😀", "👍", "🏽", "\u{301}",
    "http://t.cn/x", "http://t.cn/", "[哈哈]", "e", ".",
  ]
  static let compositions = ["ni", "ni hao", "[哈哈]", "哈", "@小", "#春天#", "👍🏽", "e\u{301}"]

  @Test(arguments: [(1, false), (2, false), (3, true), (4, true), (5, true), (6, false)] as [(UInt64, Bool)])
  func hostLawsHoldAfterEveryStep(seed: UInt64, entities: Bool) throws {
    print("EditorHostPropertyTests seed \(seed), entities \(entities)")
    var random = SeededGenerator(seed: seed)
    let catalog = EmoticonCatalog.default
    let tokenizer = BracketTokenizer(catalog: catalog)
    var editor = Editor(catalog: catalog, recognizesEntities: entities)
    editor.undoLimit = .max
    var mirror = HostMirror(editor.document)
    var beforeComposition: (RichText, Range<Int>)?
    var history: [String] = []
    for step in 0..<300 {
      let count = editor.document.utf16Count
      let action: String
      // Whether the step applied every change to the mirror itself (the commit, undo and redo above).
      var mirrorIsCurrent = false
      switch Int.random(in: 0..<20, using: &random) {
      case 0...4:
        let piece = Self.pieces.randomElement(using: &random)!
        action = "insert \(piece)"
        editor.insert(piece)
      case 5, 6:
        if editor.markedRange == nil { beforeComposition = (editor.document, editor.selection) }
        let text = Self.compositions.randomElement(using: &random)!
        let caret = Int.random(in: 0...text.utf16.count, using: &random)
        action = "mark \(text) caret \(caret)"
        editor.setMarkedText(text, selectedRange: caret..<caret)
        if editor.markedRange == nil { beforeComposition = nil }
      case 7:
        action = "unmark"
        let wasMarked = editor.markedRange != nil
        editor.unmarkText()
        if wasMarked, let (document, selection) = beforeComposition, Bool.random(using: &random) {
          try Self.undoAndRedoCommit(
            of: &editor, mirror: &mirror, restoring: document, selection, "seed \(seed): \(history)")
          mirrorIsCurrent = true
        }
        beforeComposition = nil
      case 8, 9:
        action = "backspace"
        editor.deleteBackward()
      case 10:
        action = "delete"
        editor.deleteForward()
      case 11:
        let bounds = [Int.random(in: 0...count, using: &random), Int.random(in: 0...count, using: &random)].sorted()
        action = "select \(bounds)"
        editor.select(bounds[0]..<bounds[1])
      case 12:
        let (before, after) = (Int.random(in: 0...3, using: &random), Int.random(in: 0...3, using: &random))
        action = "deleteSurrounding \(before) \(after)"
        editor.deleteSurroundingText(before: before, after: after)
      case 13:
        let (before, after) = (Int.random(in: 0...3, using: &random), Int.random(in: 0...3, using: &random))
        action = "deleteSurroundingCodePoints \(before) \(after)"
        editor.deleteSurroundingText(inCodePoints: before, after: after)
      case 14:
        action = "undo"
        editor.undo()
      case 15:
        action = "redo"
        editor.redo()
      case 16:
        let choice = ["[哈哈]", "小明", "春天", "[doge]"].randomElement(using: &random)!
        action = "complete \(choice)"
        editor.complete(with: choice)
      case 17:
        let movement = Editor.Movement.allCases.randomElement(using: &random)!
        action = "move \(movement)"
        editor.move(movement, extending: Bool.random(using: &random))
      case 18:
        action = "emoticon"
        editor.insert(emoticon: catalog.packs[0].emoticons.randomElement(using: &random)!)
      default:
        action = "paste"
        editor.insert(tokenizer.tokenize("粘[哈哈]@小明 " + Self.pieces.randomElement(using: &random)!))
      }
      if editor.markedRange == nil && !action.hasPrefix("unmark") && !action.hasPrefix("mark") {
        beforeComposition = nil
      }
      history.append(action)
      let context = "seed \(seed), step \(step): \(history.suffix(12))"
      if !mirrorIsCurrent { mirror.apply(editor.lastChange, from: editor.document) }
      let document = editor.document
      document.checkInvariants()
      try #require(mirror.units == HostMirror.units(of: document), "the mirror differs, \(context)")
      if let marked = editor.markedRange {
        let content = document.slice(marked)
        let holdsAttachment = content.runs.contains { $0.isEmoticon }
        #expect(!holdsAttachment, "marked text holds an attachment, \(context)")
        #expect(content.removingEntities() == content, "marked text holds an entity, \(context)")
      } else {
        let batch = tokenizer.tokenize(document.postText)
        try #require(
          document == (entities ? batch.recognizingEntities() : batch), "not what the batch pass makes, \(context)")
        #expect(document.isGraphemeBoundary(editor.selection.lowerBound), "selection splits a cluster, \(context)")
        #expect(document.isGraphemeBoundary(editor.selection.upperBound), "selection splits a cluster, \(context)")
      }
    }
  }

  /// A committed composition undone and redone: the mirror takes the commit's change, then the undo's, then the
  /// redo's, and equals the document after each; the undo restores `document` and `selection`.
  static func undoAndRedoCommit(
    of editor: inout Editor, mirror: inout HostMirror, restoring document: RichText, _ selection: Range<Int>,
    _ context: String
  ) throws {
    mirror.apply(editor.lastChange, from: editor.document)
    try #require(mirror.units == HostMirror.units(of: editor.document), "the mirror differs after a commit, \(context)")
    let after = editor.document
    editor.undo()
    mirror.apply(editor.lastChange, from: editor.document)
    try #require(mirror.units == HostMirror.units(of: editor.document), "the mirror differs after undo, \(context)")
    #expect(editor.document == document, "undo of a composition: \(context)")
    #expect(editor.selection == selection, "undo of a composition restores the selection: \(context)")
    editor.redo()
    mirror.apply(editor.lastChange, from: editor.document)
    try #require(mirror.units == HostMirror.units(of: editor.document), "the mirror differs after redo, \(context)")
    #expect(editor.document == after, "redo of a composition: \(context)")
  }

  /// The law on commits that change the length (a composed token becomes one attachment), which the random
  /// scripts may not reach: the mirror must take the commit's change before the undo's.
  @Test(arguments: ["[哈哈]", "ab[哈哈]", "哈"])
  func undoingACommitThatChangesTheLengthKeepsTheMirror(composed: String) throws {
    var editor = Editor(catalog: .default)
    editor.insert("x")
    var mirror = HostMirror(editor.document)
    let (document, selection) = (editor.document, editor.selection)
    editor.setMarkedText(composed, selectedRange: composed.utf16.count..<composed.utf16.count)
    mirror.apply(editor.lastChange, from: editor.document)
    editor.unmarkText()
    try Self.undoAndRedoCommit(of: &editor, mirror: &mirror, restoring: document, selection, composed)
  }
}
