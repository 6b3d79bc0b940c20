import Emotext

extension ToolkitHost {
  /// The toolkit inserting `text` at `scalarOffset` (GTK's `insert-text`: UTF-8 bytes, a character offset):
  /// the selection moves there and the editor types the text.
  public mutating func insertText(_ text: String, atScalar scalarOffset: Int) {
    editing { editor in
      let selection = editor.selection(in: .unicodeScalars)
      if !(selection.isEmpty && selection.lowerBound == scalarOffset) && editor.markedRange == nil {
        editor.select(anchor: scalarOffset, head: scalarOffset, in: .unicodeScalars)
      }
      editor.insert(text)
    }
  }

  /// The toolkit inserting `utf8` bytes at `scalarOffset` (GTK's `insert-text` hands `text` and `len`).
  public mutating func insertText(utf8: some Collection<UInt8>, atScalar scalarOffset: Int) {
    insertText(String(decoding: utf8, as: UTF8.self), atScalar: scalarOffset)
  }

  /// The toolkit deleting `scalarRange` (GTK's `delete-range`, from a cut, drag or accessibility call).
  public mutating func deleteRange(_ scalarRange: Range<Int>) {
    editing { editor in editor.replace(scalarRange, in: .unicodeScalars, with: RichText()) }
  }

  /// A key the toolkit would otherwise handle itself.
  public mutating func perform(_ action: ToolkitKeyAction) {
    editing { editor in
      switch action {
      case .backspace: editor.deleteBackward()
      case .delete: editor.deleteForward()
      case .left(let extending): editor.move(.left, extending: extending)
      case .right(let extending): editor.move(.right, extending: extending)
      case .undo: editor.undo()
      case .redo: editor.redo()
      case .newline: editor.insert("\n")
      }
    }
  }

  /// The input method's preedit changed (GTK's `preedit-changed`): `text` becomes the marked text with the
  /// caret `cursorScalar` scalars into it. Empty text ends the composition.
  public mutating func setPreedit(_ text: String, cursorScalar: Int) {
    guard !(text.isEmpty && editor.markedRange == nil) else { return }
    let cursor = min(max(cursorScalar, 0), text.unicodeScalars.count)
    editing { editor in editor.setMarkedText(text, selectedRange: cursor..<cursor, in: .unicodeScalars) }
  }

  /// The input method committed `text` (GTK's `commit`): it replaces the preedit, or the selection.
  public mutating func commit(_ text: String) {
    editing { editor in editor.insert(text) }
  }

  /// The input method deleting around the caret (GTK's `delete-surrounding`: offset from the caret and count,
  /// in characters).
  public mutating func deleteSurrounding(offset: Int, count: Int) {
    editing { editor in editor.deleteSurroundingText(offset: offset, count: count, in: .unicodeScalars) }
  }

  /// The user selecting in the toolkit (a click, Shift+arrows, the accessibility API): `anchor` stays,
  /// `head` is the caret, in scalars.
  public mutating func selectionChanged(anchor: Int, head: Int) {
    let ends = editor.selectionEnds(in: .unicodeScalars)
    guard ends.anchor != anchor || ends.head != head else { return }
    editing { editor in editor.select(anchor: anchor, head: head, in: .unicodeScalars) }
  }

  /// An emoticon key of the keyboard tapped: inserted at the caret.
  public mutating func tap(_ emoticon: Emoticon) {
    editing { editor in editor.insert(emoticon: emoticon) }
  }

  /// A completion candidate picked: it replaces the partial token before the caret.
  @discardableResult
  public mutating func complete(with emoticon: Emoticon) -> Bool {
    var completed = false
    editing { editor in completed = editor.complete(with: emoticon.code) }
    return completed
  }

  /// Cut: the selection's clipboard flavours, the selection removed.
  public mutating func cut() -> Clipboard {
    var clipboard = Clipboard(text: "", html: "", documentJSON: "")
    editing { editor in clipboard = editor.cut() }
    return clipboard
  }

  /// Pastes the best of the flavours a clipboard offers: the document JSON, then HTML, then plain text; a JSON
  /// flavour that does not decode falls back to the next. Returns the flavour pasted, or nil for none.
  @discardableResult
  public mutating func paste(json: String?, html: String?, text: String?) -> Clipboard.Flavor? {
    let offered = [
      json.map(Clipboard.Flavor.documentJSON), html.map(Clipboard.Flavor.html), text.map(Clipboard.Flavor.text),
    ]
    for case let flavor? in offered {
      // Note: a paste that throws changes nothing and leaves `lastChange` as the call before left it, so it is
      // tried on a copy and only a paste that worked is mirrored.
      var trial = editor
      guard (try? trial.paste(flavor)) != nil else { continue }
      editor = trial
      mirror()
      return flavor
    }
    return nil
  }
}
