@testable import Emotext

/// The edit target: bytes are a starting text and a sequence of editor commands.
///
/// Each command (up to 400) runs on ``Editor`` and on ``EditModel``; after every step the selection, the caret, whether
/// undo/redo are possible and the length agree, and the selection sits on cluster boundaries. At the steps a
/// ``CheckSchedule`` picks (about one in eight, seeded by the input) and at the end, also the post text (byte
/// for byte) and the runs agree, the document passes `checkInvariants()` and `tokenize(postText(doc)) == doc`.
/// A host mirror that applies only ``Editor/lastChange`` equals the document around the change after every
/// command, and whole at the picked steps.
/// At the end, undoing everything gives back the starting document (unless the undo limit dropped a step)
/// and redoing everything gives back the newest one.
enum EditProperty {
  /// Pieces typed one at a time: brackets and token halves, line breaks, and every kind of sequence the
  /// Backspace rules treat specially (combining marks, modifiers, ZWJ, keycaps, flags, tags, jamo, Indic, Thai).
  static let alphabet: [String] = [
    "a", "b", " ", "[", "]", "A", "哈", "微", "笑", "[a]", "[哈哈]", "\n", "\r", "\r\n", "e", "\u{301}", "\u{308}",
    "👍", "🏽", "\u{200D}", "👨", "👩", "❤", "\u{FE0F}", "\u{FE0E}", "1", "#", "\u{20E3}", "🇨", "🇳", "🏴",
    "\u{E0067}", "\u{E0062}", "\u{E007F}", "\u{1100}", "\u{1161}", "\u{11A8}", "가", "क", "\u{94D}", "ष",
    "\u{E01}", "\u{E48}", "\u{0}", "😀", "\u{FFFC}", "x y", "0123456789abcdef", "𠀀",
  ]

  enum Command: CustomStringConvertible {
    case insert(String)
    case paste(String)
    case pasteTokenized(String)
    case replace(Int, Int, String)
    case emoticon(Emoticon, token: String)
    case backspace, delete
    case select(Int, Int)
    case move(Editor.Movement, extending: Bool)
    case undo, redo
    case mode(BackspaceMode)

    var description: String {
      switch self {
      case .insert(let text): "insert \(text.unicodeScalars.map { String($0.value, radix: 16) })"
      case .paste(let text): "paste \(text.unicodeScalars.map { String($0.value, radix: 16) })"
      case .pasteTokenized(let text): "paste tokenized \(text.unicodeScalars.map { String($0.value, radix: 16) })"
      case .replace(let lower, let upper, let text): "replace \(lower)..<\(upper) with \(Array(text.utf8))"
      case .emoticon(_, let token): "emoticon \(token)"
      case .backspace: "backspace"
      case .delete: "delete"
      case .select(let lower, let upper): "select \(lower)..<\(upper)"
      case .move(let movement, let extending): "move \(movement)\(extending ? " extending" : "")"
      case .undo: "undo"
      case .redo: "redo"
      case .mode(let mode): "mode \(mode)"
      }
    }
  }

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let catalog = FuzzCatalogs.small
    let emoticons = catalog.packs.flatMap(\.emoticons)
    let tokenizer = FuzzCatalogs.smallTokenizer
    var input = FuzzInput(bytes)
    let limitByte = input.byte()
    let undoLimit = limitByte % 4 == 0 ? 1 + Int(limitByte / 4) % 8 : 100_000
    var start = ""
    for _ in 0..<input.number(below: 8) { start += alphabet[input.number(below: alphabet.count)] }

    var editor = Editor(document: tokenizer.tokenize(start), catalog: catalog)
    editor.undoLimit = undoLimit
    var model = EditModel(postText: Array(start.utf8), catalog: catalog, undoLimit: undoLimit)
    let initial = model.snapshot
    var history: [String] = ["start \(Array(start.utf8))"]
    var mirror = HostMirror.units(of: editor.document)
    var schedule = CheckSchedule(bytes, period: 8)
    try compare(editor, model, tokenizer, history)

    // Note: at most 400 commands: the model rebuilds its whole document after every edit, so an input's cost
    // grows with the square of its length.
    var commands = 0
    while input.hasMore && commands < 400 {
      commands += 1
      let fullCheck = schedule.nextStep()
      let command: Command
      let count = editor.document.utf16Count
      switch input.number(below: 18) {
      case 0...3: command = .insert(alphabet[input.number(below: alphabet.count)])
      case 4: command = .insert(String(decoding: input.bytes(upTo: input.number(below: 8)), as: UTF8.self))
      case 5:
        command = .paste(alphabet[input.number(below: alphabet.count)] + alphabet[input.number(below: alphabet.count)])
      case 6:
        let emoticon = emoticons[input.number(below: emoticons.count)]
        let spellings = [emoticon.code] + emoticon.aliases
        command = .emoticon(emoticon, token: spellings[input.number(below: spellings.count)])
      case 7, 8: command = .backspace
      case 9: command = .delete
      case 10:
        let lower = input.number(below: count + 2)
        command = .select(lower, lower + input.number(below: count + 2 - lower))
      case 11: command = .move(Editor.Movement.allCases[input.number(below: 4)], extending: input.byte() & 1 == 1)
      case 12: command = .undo
      case 13: command = .redo
      case 14:
        command = .pasteTokenized(
          alphabet[input.number(below: alphabet.count)] + alphabet[input.number(below: alphabet.count)])
      case 15:
        let lower = input.number(below: count + 2)
        command = .replace(
          lower, lower + input.number(below: count + 2 - lower), alphabet[input.number(below: alphabet.count)])
      default: command = .mode(input.byte() & 1 == 0 ? .platform : .graphemeCluster)
      }
      history.append(command.description)
      run(command, on: &editor, &model, tokenizer: tokenizer)
      if fullCheck {
        try compare(editor, model, tokenizer, history)
      } else {
        try compareLocally(editor, model, history)
      }
      // Note: setting `backspaceMode` is no edit call, so `lastChange` still tells the previous call's change.
      if case .mode = command {
      } else {
        try applyLastChange(editor.lastChange, of: editor.document, to: &mirror, whole: fullCheck, history)
      }
    }
    schedule.finish()
    history.append("(end)")
    try compare(editor, model, tokenizer, history)
    try require(
      mirror == HostMirror.units(of: editor.document),
      "a host applying lastChange does not see the document\n\(history.joined(separator: "\n"))")

    while editor.redo() { model.redo() }
    history.append("redo all")
    try compare(editor, model, tokenizer, history)
    let newest = model.snapshot
    while editor.undo() { model.undo() }
    history.append("undo all")
    try compare(editor, model, tokenizer, history)
    if !model.droppedUndo {
      // Note: only the text: a selection made before the first edit is what undo restores.
      try require(
        model.postText == initial.postText,
        "undoing everything did not restore the starting text\n\(history.joined(separator: "\n"))")
    }
    while editor.redo() { model.redo() }
    history.append("redo all")
    try compare(editor, model, tokenizer, history)
    try require(
      model.snapshot == newest,
      "redoing everything did not restore the newest state\n\(history.joined(separator: "\n"))")
  }

  private static func run(
    _ command: Command, on editor: inout Editor, _ model: inout EditModel, tokenizer: BracketTokenizer
  ) {
    switch command {
    case .insert(let text):
      editor.insert(text)
      model.insert(text: Array(text.utf8))
    case .paste(let text):
      // Note: pasted as plain text, not tokenized, so the editor has to canonicalize any token in it.
      editor.insert(RichText(text))
      model.insert(content: Array(text.utf8))
    case .pasteTokenized(let text):
      // Note: a pasted document carries its own attachments.
      editor.insert(tokenizer.tokenize(text))
      model.insert(content: Array(text.utf8))
    case .replace(let lower, let upper, let text):
      editor.replace(lower..<upper, with: RichText(text))
      model.select(lower..<upper)
      model.insert(content: Array(text.utf8))
    case .emoticon(let emoticon, let token):
      editor.insert(emoticon: emoticon, token: token)
      switch emoticon.kind {
      case .image: model.insert(content: Array(token.utf8))
      case .emoji(let text): model.insert(content: Array(text.utf8))
      }
    case .backspace:
      editor.deleteBackward()
      model.deleteBackward()
    case .delete:
      editor.deleteForward()
      model.deleteForward()
    case .select(let lower, let upper):
      editor.select(lower..<upper)
      model.select(lower..<upper)
    case .move(let movement, let extending):
      editor.move(movement, extending: extending)
      model.move(movement, extending: extending)
    case .undo:
      editor.undo()
      model.undo()
    case .redo:
      editor.redo()
      model.redo()
    case .mode(let mode):
      editor.backspaceMode = mode
      model.mode = mode
    }
  }

  /// Applies the editor's ``Editor/lastChange`` to a host's mirror, which must then equal the document: `whole`,
  /// or around the change (the rest was equal before, and the picked steps compare all of it).
  static func applyLastChange(
    _ lastChange: TextChange?, of document: RichText, to mirror: inout [UInt16], whole: Bool, _ history: [String]
  ) throws(PropertyFailure) {
    var window: Range<Int>?
    if let change = lastChange {
      try require(
        change.replacedRange.upperBound <= mirror.count,
        "lastChange \(change) lies past the mirror's end\n\(history.joined(separator: "\n"))")
      try require(
        change.insertedRange.upperBound <= document.utf16Count,
        "lastChange \(change) lies past the document's end\n\(history.joined(separator: "\n"))")
      mirror.replaceSubrange(change.replacedRange, with: HostMirror.units(of: document.slice(change.insertedRange)))
      let count = document.utf16Count
      let inserted = change.insertedRange.clamped(to: 0..<count)
      window =
        document.snapped(
          max(0, inserted.lowerBound - 4), .backward)..<document.snapped(
          min(count, inserted.upperBound + 4), .forward)
    }
    try require(
      mirror.count == document.utf16Count,
      "a host applying lastChange has \(mirror.count) units, the document \(document.utf16Count)\n"
        + history.joined(separator: "\n"))
    if whole {
      try require(
        mirror == HostMirror.units(of: document),
        "a host applying lastChange does not see the document\n\(history.joined(separator: "\n"))")
    } else if let window {
      try require(
        Array(mirror[window]) == HostMirror.units(of: document.slice(window)),
        "a host applying lastChange does not see the document in \(window)\n\(history.joined(separator: "\n"))")
    }
  }

  /// What every step checks: selection, caret, undo state and length agree; the selection is on cluster
  /// boundaries.
  static func compareLocally(_ editor: Editor, _ model: EditModel, _ history: [String]) throws(PropertyFailure) {
    let document = editor.document
    func failure(_ what: String) -> String {
      "\(what)\n  editor: \(editor.selection)\n  model:  \(model.selection)\n  after:\n    "
        + history.joined(separator: "\n    ")
    }
    try require(editor.selection == model.selection, failure("selection differs"))
    try require(editor.caret == model.head, failure("caret differs"))
    try require(editor.canUndo == !model.undoStack.isEmpty, failure("canUndo differs"))
    try require(editor.canRedo == !model.redoStack.isEmpty, failure("canRedo differs"))
    try require(document.utf16Count == model.utf16Count, failure("utf16Count differs"))
    try require(
      document.isGraphemeBoundary(editor.selection.lowerBound)
        && document.isGraphemeBoundary(editor.selection.upperBound),
      failure("the selection splits a cluster"))
  }

  static func compare(
    _ editor: Editor, _ model: EditModel, _ tokenizer: BracketTokenizer, _ history: [String]
  ) throws(PropertyFailure) {
    let document = editor.document
    document.checkInvariants()
    func failure(_ what: String) -> String {
      "\(what)\n  editor: \(Array(document.postText.utf8)) \(editor.selection)\n  model:  \(model.postText) "
        + "\(model.selection)\n  after:\n    \(history.joined(separator: "\n    "))"
    }
    try require(Array(document.postText.utf8) == model.postText, failure("post text differs"))
    let pieces = document.runs.map { run -> EditModel.Piece in
      switch run {
      case .text(let text, _): .text(Array(text.utf8))
      case .emoticon(let attachment): .attachment(token: Array(attachment.token.utf8))
      }
    }
    try require(pieces == model.pieces, failure("runs differ: \(pieces) vs \(model.pieces)"))
    try require(editor.selection == model.selection, failure("selection differs"))
    try require(editor.caret == model.head, failure("caret differs"))
    try require(editor.canUndo == !model.undoStack.isEmpty, failure("canUndo differs"))
    try require(editor.canRedo == !model.redoStack.isEmpty, failure("canRedo differs"))
    try require(document.utf16Count == model.utf16Count, failure("utf16Count differs"))
    try require(
      document.isGraphemeBoundary(editor.selection.lowerBound)
        && document.isGraphemeBoundary(editor.selection.upperBound),
      failure("the selection splits a cluster"))
    try require(tokenizer.tokenize(document.postText) == document, failure("tokenize(postText(doc)) != doc"))
  }
}
