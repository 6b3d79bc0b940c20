import EmotextTestSupport
import Testing

@testable import Emotext

/// Random scripts of everything a host does (typing, IME compositions, InputConnection deletes, completion,
/// selection, undo and redo, copy, cut and paste in every flavour), some under a length limit and half deleting
/// mentions and topics whole, with the laws a host relies on checked after every step:
/// - mirrors in UTF-16 units, scalars (with each scalar's attributes) and UTF-8 bytes, each applying only the change
///   in its own unit (``Editor/lastChange(in:)``) and the restyles (``Editor/lastRestyle``), equal the document
///   (attachments as U+FFFC);
/// - outside a composition the document is what the batch pass makes of its post text: tokenized, and with
///   entities recognized when the editor recognizes them;
/// - marked text never holds an attachment or an entity;
/// - undoing a committed composition restores the document and selection from before it, and the mirror follows
///   the commit, the undo and the redo;
/// - under a limit, no insertion (typing, pasting, an emoticon, a completion) outside a composition leaves the
///   document longer than the limit or than it was.
@Suite("Editor host laws")
struct EditorHostPropertyTests {
  static let pieces = [
    "a", "哈", "[", "]", "[哈", "哈]", "@", "#", "小明", "春天", " ", ":", "/", "\n", "😀", "👍", "🏽", "\u{301}",
    "http://t.cn/x", "http://t.cn/", "[哈哈]", "e", ".",
  ]
  static let compositions = ["ni", "ni hao", "[哈哈]", "哈", "@小", "#春天#", "👍🏽", "e\u{301}"]

  static let foreignHTML = [
    "<p>贴<b>[哈哈]</b></p><script>x()</script>", "a<br>b", "<img alt=\"[哈哈]\">&amp;", "x&#xFFFC;y", "<div>@小明</div>",
  ]
  static let limits: [LengthLimit?] = [
    nil, LengthLimit(measure: .weighted(.weibo), maximum: 12),
    LengthLimit(measure: .graphemeClusters, maximum: 20, enforcement: .enforced),
    LengthLimit(measure: .weighted(.twitter), maximum: 30),
  ]

  @Test(
    arguments: [(1, false, 0), (2, false, 0), (3, true, 0), (4, true, 0), (5, true, 0), (6, false, 0)]
      + [(7, false, 1), (8, true, 1), (9, true, 2), (10, false, 3), (11, true, 3)] as [(UInt64, Bool, Int)])
  func hostLawsHoldAfterEveryStep(seed: UInt64, entities: Bool, limitIndex: Int) throws {
    print("EditorHostPropertyTests seed \(seed), entities \(entities), limit \(limitIndex)")
    var random = SeededGenerator(seed: seed)
    let catalog = EmoticonCatalog.default
    let tokenizer = BracketTokenizer(catalog: catalog)
    var editor = Editor(catalog: catalog, recognizesEntities: entities)
    editor.undoLimit = .max
    editor.lengthLimit = Self.limits[limitIndex]
    editor.entityDeletion = seed % 2 == 0 ? .whole : .characters
    var clipboard = editor.copy()
    var mirror = HostMirror(editor.document)
    var beforeComposition: (RichText, Range<Int>)?
    var history: [String] = []
    for step in 0..<300 {
      let count = editor.document.utf16Count
      let lengthBefore = editor.lengthStatus?.length
      let wasComposing = editor.markedRange != nil
      let action: String
      // Whether the step applied every change to the mirror itself (the commit, undo and redo above).
      var mirrorIsCurrent = false
      /// A random scalar boundary of the document, counted in `unit` (read from the mirror, which is current).
      func boundary(in unit: TextUnit) -> Int {
        mirror.offset(Int.random(in: 0...mirror.scalars.count, using: &random), in: unit)
      }
      switch Int.random(in: 0..<27, using: &random) {
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
          // Note: the commit's own change first (a limit may have cut the marked text).
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
      case 19:
        let flavor = [
          Clipboard.Flavor.text(clipboard.text), .html(clipboard.html), .documentJSON(clipboard.documentJSON),
        ].randomElement(using: &random)!
        action = "paste \(flavor)"
        try editor.paste(flavor)
      case 20:
        action = Bool.random(using: &random) ? "cut" : "copy"
        clipboard = action == "cut" ? editor.cut() : editor.copy()
      case 21:
        let html = Self.foreignHTML.randomElement(using: &random)!
        action = "paste html \(html)"
        try editor.paste(.html(html))
      case 23:
        let unit = TextUnit.allCases.randomElement(using: &random)!
        let (anchor, head) = (boundary(in: unit), boundary(in: unit))
        action = "select anchor \(anchor) head \(head) in \(unit)"
        editor.select(anchor: anchor, head: head, in: unit)
        #expect(
          (anchor < head) == (editor.caret > editor.selectionEnds(in: .utf16).anchor) || anchor == head
            || editor.selection.isEmpty, "\(action) lost its direction")
      case 24:
        let unit = TextUnit.allCases.randomElement(using: &random)!
        let bounds = [boundary(in: unit), boundary(in: unit)].sorted()
        let caret = editor.selectionEnds(in: unit).head
        action = "deleteSurrounding offset \(bounds[0] - caret) count \(bounds[1] - bounds[0]) in \(unit)"
        editor.deleteSurroundingText(offset: bounds[0] - caret, count: bounds[1] - bounds[0], in: unit)
      case 25:
        let unit = TextUnit.allCases.randomElement(using: &random)!
        let bounds = [boundary(in: unit), boundary(in: unit)].sorted()
        let piece = Self.pieces.randomElement(using: &random)!
        action = "replace \(bounds[0])..<\(bounds[1]) in \(unit) with \(piece)"
        editor.replace(bounds[0]..<bounds[1], in: unit, with: RichText(piece))
      case 26:
        if editor.markedRange == nil { beforeComposition = (editor.document, editor.selection) }
        let unit = TextUnit.allCases.randomElement(using: &random)!
        let text = Self.compositions.randomElement(using: &random)!
        let caret = Int.random(in: 0...text.unicodeScalars.count, using: &random)
        let caretInUnit = HostMirror(RichText(text)).offset(caret, in: unit)
        action = "mark \(text) caret \(caretInUnit) in \(unit)"
        editor.setMarkedText(text, selectedRange: caretInUnit..<caretInUnit, in: unit)
        if editor.markedRange == nil { beforeComposition = nil }
      default:
        action = "paste"
        editor.insert(tokenizer.tokenize("粘[哈哈]@小明 " + Self.pieces.randomElement(using: &random)!))
      }
      let inserts = ["insert", "paste", "emoticon", "complete"].contains { action.hasPrefix($0) }
      if let limit = editor.lengthLimit, let lengthBefore, inserts, !wasComposing, limit.enforcement != .none {
        let length = try #require(editor.lengthStatus).length
        #expect(length <= max(limit.maximum, lengthBefore), "\(action) made it longer: \(history.suffix(12))")
      }
      if editor.markedRange == nil && !action.hasPrefix("unmark") && !action.hasPrefix("mark") {
        beforeComposition = nil
      }
      history.append(action)
      let context = "seed \(seed), step \(step): \(history.suffix(12))"
      // Note: copying is no mutating call, so it leaves `lastChange` as the call before it set it.
      if !mirrorIsCurrent && action != "copy" { mirror.apply(editor) }
      let document = editor.document
      document.checkInvariants()
      try #require(mirror.mirrors(document), "the mirror differs, \(context)")
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
    mirror.apply(editor)
    try #require(mirror.mirrors(editor.document), "the mirror differs after a commit, \(context)")
    let after = editor.document
    editor.undo()
    mirror.apply(editor)
    try #require(mirror.mirrors(editor.document), "the mirror differs after undo, \(context)")
    #expect(editor.document == document, "undo of a composition: \(context)")
    #expect(editor.selection == selection, "undo of a composition restores the selection: \(context)")
    editor.redo()
    mirror.apply(editor)
    try #require(mirror.mirrors(editor.document), "the mirror differs after redo, \(context)")
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
    mirror.apply(editor)
    editor.unmarkText()
    try Self.undoAndRedoCommit(of: &editor, mirror: &mirror, restoring: document, selection, composed)
  }
}
