import Emotext

/// A toolkit's text buffer as a ``ToolkitHost`` mirrors the engine's document into it, every position in Unicode
/// scalars (GTK's `GtkTextIter` character offsets, Python's `str` indices).
///
/// An attachment is one U+FFFC in the buffer, as GTK's child anchors and paintables are. The host only calls these
/// from its mirror loop; the toolkit's own edits are stopped and sent to the ``Editor`` first.
///
/// ```swift
/// final class Mirror: ToolkitTextBuffer { var scalars: [Unicode.Scalar] = []; … }
/// var host = ToolkitHost(editor: Editor(catalog: .default), buffer: Mirror())
/// host.insertText("[哈哈]", atScalar: 0)   // the buffer holds one U+FFFC
/// ```
public protocol ToolkitTextBuffer: AnyObject {
  /// The buffer's text, each attachment as U+FFFC (GTK: `gtk_text_buffer_get_slice` with hidden chars).
  var bufferText: String { get }
  /// Deletes the characters in `scalarRange`.
  func deleteScalars(_ scalarRange: Range<Int>)
  /// Inserts `text` (no U+FFFC in it) at `scalarOffset`, tagged as `entity` when not nil.
  func insertText(_ text: String, entity: TextAttributes.Entity?, atScalar scalarOffset: Int)
  /// Inserts `attachment` as one character (U+FFFC) at `scalarOffset`: a GTK child anchor with its widget.
  func insertAttachment(_ attachment: EmoticonAttachment, atScalar scalarOffset: Int)
  /// Removes every entity tag over `scalarRange` (attributes only: the text stays).
  func removeEntityTags(_ scalarRange: Range<Int>)
  /// Tags `scalarRange` as `entity` (attributes only: the text stays).
  func applyEntityTag(_ entity: TextAttributes.Entity, to scalarRange: Range<Int>)
  /// Marks `scalarRange` as the input method's preedit (underlined), or clears the mark when nil.
  func markPreedit(_ scalarRange: Range<Int>?)
  /// Places the selection: `anchor` stays, `head` is the caret; equal for a caret.
  func placeSelection(anchor: Int, head: Int)
}
