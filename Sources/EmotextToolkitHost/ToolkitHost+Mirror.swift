import Emotext

extension ToolkitHost {
  /// Applies the editor's last change and restyle to the buffer, then marks the preedit and places the selection.
  mutating func mirror() {
    if let change = editor.lastChange(in: .unicodeScalars) {
      if !change.replacedRange.isEmpty { buffer.deleteScalars(change.replacedRange) }
      let inserted = editor.document.range(change.insertedRange, from: .unicodeScalars, to: .utf16)
      insertContent(of: inserted, atScalar: change.replacedRange.lowerBound)
    }
    if let restyled = editor.lastRestyle(in: .unicodeScalars) { retag(restyled) }
    mirrorSelection()
    if checksMirror { checkMirror() }
  }

  /// Inserts the document's content in `utf16Range` into the buffer at `scalarOffset`, run by run.
  func insertContent(of utf16Range: Range<Int>, atScalar scalarOffset: Int) {
    var offset = scalarOffset
    for run in editor.document.slice(utf16Range).runs {
      switch run {
      case .text(let text, let attributes):
        buffer.insertText(text, entity: attributes.entity, atScalar: offset)
        offset += text.unicodeScalars.count
      case .emoticon(let attachment):
        buffer.insertAttachment(attachment, atScalar: offset)
        offset += 1
      }
    }
  }

  /// Re-applies the entity tags over `scalarRange` from the document's runs, without touching the text.
  func retag(_ scalarRange: Range<Int>) {
    buffer.removeEntityTags(scalarRange)
    let utf16Range = editor.document.range(scalarRange, from: .unicodeScalars, to: .utf16)
    var offset = scalarRange.lowerBound
    for run in editor.document.slice(utf16Range).runs {
      switch run {
      case .text(let text, let attributes):
        let count = text.unicodeScalars.count
        if let entity = attributes.entity { buffer.applyEntityTag(entity, to: offset..<(offset + count)) }
        offset += count
      case .emoticon: offset += 1
      }
    }
  }

  /// Marks the preedit and places the selection with its direction.
  func mirrorSelection() {
    buffer.markPreedit(editor.markedRange(in: .unicodeScalars))
    let ends = editor.selectionEnds(in: .unicodeScalars)
    buffer.placeSelection(anchor: ends.anchor, head: ends.head)
  }

  /// The difference between the buffer's text and the document's, or nil when they agree.
  public var mirrorMismatch: String? {
    let expected = editor.document.bufferText
    let actual = buffer.bufferText
    guard expected != actual else { return nil }
    return "buffer \(actual.debugDescription) != document \(expected.debugDescription)"
  }

  /// Traps when the buffer's text differs from the document's.
  func checkMirror() {
    if let mismatch = mirrorMismatch { preconditionFailure("mirror out of step: \(mismatch)") }
  }
}
