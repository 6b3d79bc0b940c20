import Emotext

/// The engine inside a toolkit text view: takes the toolkit's events in its units (scalars, UTF-8 bytes), applies
/// them to an ``Editor``, and mirrors what changed into a ``ToolkitTextBuffer``.
///
/// The engine is the model and the buffer a mirror. After each call the host applies the editor's last change in
/// scalars (deleting the replaced range and inserting what the document now holds there: text with its entity
/// tags, attachments as one U+FFFC), re-tags a restyled range without touching its text, marks the preedit and
/// places the selection. With ``checksMirror`` it then compares the buffer's text with the document's.
///
/// ```swift
/// var host = ToolkitHost(editor: Editor(catalog: .default), buffer: buffer)
/// host.insertText("[哈哈", atScalar: 0)
/// host.insertText("]", atScalar: 3)       // the buffer now holds one U+FFFC
/// host.perform(.backspace)                // removed whole
/// ```
public struct ToolkitHost<Buffer: ToolkitTextBuffer> {
  /// The engine's editing state.
  public internal(set) var editor: Editor
  /// The toolkit's buffer the document is mirrored into.
  public let buffer: Buffer
  /// Whether every edit ends with a comparison of ``buffer``'s text and the document's (a debug mode: traps on a
  /// difference, naming both texts).
  public var checksMirror: Bool

  /// A host mirroring `editor`'s document into `buffer`, which is filled from it now.
  public init(editor: Editor, buffer: Buffer, checksMirror: Bool = false) {
    self.editor = editor
    self.buffer = buffer
    self.checksMirror = checksMirror
    let count = buffer.bufferText.unicodeScalars.count
    if count > 0 { buffer.deleteScalars(0..<count) }
    insertContent(of: 0..<editor.document.utf16Count, atScalar: 0)
    mirrorSelection()
  }

  /// The post text: the document without the input method's uncommitted preedit.
  public var postText: String {
    guard let marked = editor.markedRange else { return editor.document.postText }
    let document = editor.document
    return document.slice(0..<marked.lowerBound).postText
      + document.slice(marked.upperBound..<document.utf16Count).postText
  }

  /// Runs `edit` on the editor and mirrors what it changed.
  mutating func editing(_ edit: (inout Editor) -> Void) {
    edit(&editor)
    mirror()
  }
}
