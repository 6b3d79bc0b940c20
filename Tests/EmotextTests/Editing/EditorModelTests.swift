import EmotextTestSupport
import Testing

@testable import Emotext

/// Random edit scripts run against `Editor` and a naive model: the post text as an array of elements
/// (Swift `Character`s and catalog tokens), re-derived from scratch after every step.
@Suite("Editor against a naive model")
struct EditorModelTests {
  /// Pieces typed by the scripts: letters, CJK, brackets, line breaks, emoji parts that merge with their
  /// neighbours (modifiers, ZWJ, regional indicators, combining marks), and whole tokens.
  static let alphabet = [
    "a", "哈", "微", "笑", "[", "]", "[", "]", "\n", "\r", " ", "😀", "👍", "🏽", "\u{301}", "🇯", "🇵", "\u{200D}", "👩",
    "[哈哈]", "[愛你]", "[未知]", "哈]",
  ]

  struct Model {
    var elements: [String] = []
    var caret = 0
    let tokens: [String: Emoticon]

    var postText: String { elements.joined() }

    /// Splits post text the slow way: every `]` closes the nearest `[` with no bracket or line break between.
    mutating func resegment(_ post: String, caretAt postOffset: Int, joiningBackward: Bool) {
      let characters = Array(post.unicodeScalars)
      var tokenStarts: [Int: Int] = [:]  // start scalar → end scalar (exclusive)
      for close in characters.indices where characters[close] == "]" {
        var open = close - 1
        while open >= 0 && !["[", "]", "\n", "\r"].contains(characters[open]) { open -= 1 }
        guard open >= 0, characters[open] == "[", close - open >= 2 else { continue }
        let token = String(String.UnicodeScalarView(characters[open...close]))
        if tokens[token] != nil { tokenStarts[open] = close + 1 }
      }
      var result: [String] = []
      var text = ""
      var index = 0
      while index < characters.count {
        if let end = tokenStarts[index] {
          result.append(contentsOf: text.map(String.init))
          text = ""
          result.append(String(String.UnicodeScalarView(characters[index..<end])))
          index = end
        } else {
          text.unicodeScalars.append(characters[index])
          index += 1
        }
      }
      result.append(contentsOf: text.map(String.init))
      elements = result
      // The caret: after a token it falls in; in a text cluster, after it when typing, before it when deleting.
      var start = 0
      caret = elements.count
      for (index, element) in elements.enumerated() {
        let end = start + element.utf8.count
        if postOffset <= start {
          caret = index
          break
        }
        if postOffset < end {
          caret = (tokens[element] != nil || !joiningBackward) ? index + 1 : index
          break
        }
        start = end
      }
    }

    func postOffset(ofElement index: Int) -> Int { elements[..<index].reduce(0) { $0 + $1.utf8.count } }

    mutating func type(_ text: String) {
      let prefix = elements[..<caret].joined() + text
      resegment(prefix + elements[caret...].joined(), caretAt: prefix.utf8.count, joiningBackward: false)
    }

    mutating func remove(at index: Int) {
      let offset = postOffset(ofElement: index)
      var remaining = elements
      remaining.remove(at: index)
      resegment(remaining.joined(), caretAt: offset, joiningBackward: true)
    }
  }

  @Test(arguments: Array(1...40) as [UInt64])
  func randomScriptsAgreeWithTheModel(seed: UInt64) {
    print("EditorModelTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    let catalog = EmoticonCatalog.default
    let tokenizer = BracketTokenizer(catalog: catalog)
    var editor = Editor(catalog: catalog, backspaceMode: .graphemeCluster)
    editor.undoLimit = .max
    var model = Model(tokens: catalog.tokens)
    var history: [String] = [""]
    for step in 0..<300 {
      let action = Int.random(in: 0..<10, using: &random)
      var description = ""
      switch action {
      case 0...3:
        let piece = Self.alphabet.randomElement(using: &random)!
        description = "type \(piece.debugDescription)"
        editor.insert(piece)
        model.type(piece)
      case 4:
        let emoticon = catalog.packs[0].emoticons.randomElement(using: &random)!
        description = "emoticon \(emoticon.code)"
        editor.insert(emoticon: emoticon)
        model.type(emoticon.code)
      case 5, 6:
        description = "backspace"
        editor.deleteBackward()
        if model.caret > 0 { model.remove(at: model.caret - 1) }
      case 7:
        description = "delete"
        editor.deleteForward()
        if model.caret < model.elements.count { model.remove(at: model.caret) }
      default:
        let movement = Editor.Movement.allCases.randomElement(using: &random)!
        description = "move \(movement)"
        editor.move(movement)
        switch movement {
        case .left: model.caret = max(model.caret - 1, 0)
        case .right: model.caret = min(model.caret + 1, model.elements.count)
        case .start: model.caret = 0
        case .end: model.caret = model.elements.count
        }
      }
      let context =
        "seed \(seed), step \(step): \(description) → \(Marked.render(editor).debugDescription), model caret \(model.caret) in \(model.elements)"
      editor.document.checkInvariants()
      #expect(editor.document.postText == model.postText, "\(context)")
      #expect(editor.document.graphemeCount == model.elements.count, "\(context)")
      #expect(
        editor.selection.isEmpty && editor.document.graphemeCount(before: editor.caret) == model.caret, "\(context)")
      #expect(tokenizer.tokenize(editor.document.postText) == editor.document, "\(context): not canonical")
      if history.last != editor.document.postText { history.append(editor.document.postText) }
      guard editor.document.postText == model.postText else { return }
    }
    let final = editor.document
    while editor.undo() {}
    #expect(editor.document.isEmpty, "seed \(seed): undoing everything gives the empty document")
    while editor.redo() {}
    #expect(editor.document == final, "seed \(seed): redoing everything gives the final document")
  }
}
