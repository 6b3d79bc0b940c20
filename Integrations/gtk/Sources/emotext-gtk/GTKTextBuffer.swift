import CGTK
import Emotext
import EmotextToolkitHost

/// The text view's `GtkTextBuffer` as the host's mirror: character offsets, an emoticon as a child anchor with
/// its widget, entities and the preedit as tags. While it edits, ``isMirroring`` tells the composer's
/// `insert-text`/`delete-range` handlers to let the edit through.
final class GTKTextBuffer: ToolkitTextBuffer {
  let buffer: UnsafeMutablePointer<GtkTextBuffer>
  let view: UnsafeMutablePointer<GtkTextView>
  let emoticonWidgets: EmoticonWidgets
  private(set) var isMirroring = false
  private let entityTags: [TextAttributes.Entity: UnsafeMutablePointer<GtkTextTag>]
  private let preeditTag: UnsafeMutablePointer<GtkTextTag>

  init(view: UnsafeMutablePointer<GtkTextView>, emoticonWidgets: EmoticonWidgets) {
    self.view = view
    buffer = gtk_text_view_get_buffer(view)
    self.emoticonWidgets = emoticonWidgets
    entityTags = [
      .mention: emotext_tag_with_colour(buffer, "mention", "#eb7350", 0),
      .topic: emotext_tag_with_colour(buffer, "topic", "#eb7350", 0),
      .link: emotext_tag_with_colour(buffer, "link", "#1a73e8", 1),
    ]
    preeditTag = emotext_tag_underlined(buffer, "preedit")
  }

  private func mirroring(_ body: () -> Void) {
    let was = isMirroring
    isMirroring = true
    body()
    isMirroring = was
  }

  func iter(at scalarOffset: Int) -> GtkTextIter {
    var iter = GtkTextIter()
    gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(scalarOffset))
    return iter
  }

  var bufferText: String {
    var start = GtkTextIter()
    var end = GtkTextIter()
    gtk_text_buffer_get_bounds(buffer, &start, &end)
    let slice = gtk_text_buffer_get_slice(buffer, &start, &end, 1)!
    defer { g_free(slice) }
    return String(cString: slice)
  }

  var characterCount: Int { Int(gtk_text_buffer_get_char_count(buffer)) }

  func deleteScalars(_ scalarRange: Range<Int>) {
    mirroring {
      var start = iter(at: scalarRange.lowerBound)
      var end = iter(at: scalarRange.upperBound)
      gtk_text_buffer_delete(buffer, &start, &end)
    }
  }

  func insertText(_ text: String, entity: TextAttributes.Entity?, atScalar scalarOffset: Int) {
    mirroring {
      var location = iter(at: scalarOffset)
      gtk_text_buffer_insert(buffer, &location, text, -1)
      // Note: GTK tags are toggles, so text inserted inside a tagged stretch takes its tags; the document says.
      let range = scalarOffset..<(scalarOffset + text.unicodeScalars.count)
      removeTags(range, including: true)
      if let entity { tag(entityTags[entity]!, range) }
    }
  }

  func insertAttachment(_ attachment: EmoticonAttachment, atScalar scalarOffset: Int) {
    mirroring {
      var location = iter(at: scalarOffset)
      let anchor = gtk_text_buffer_create_child_anchor(buffer, &location)
      gtk_text_view_add_child_at_anchor(view, emoticonWidgets.inlineWidget(for: attachment.emoticon), anchor)
      removeTags(scalarOffset..<(scalarOffset + 1), including: true)
    }
  }

  func removeEntityTags(_ scalarRange: Range<Int>) {
    mirroring { removeTags(scalarRange, including: false) }
  }

  func applyEntityTag(_ entity: TextAttributes.Entity, to scalarRange: Range<Int>) {
    mirroring { tag(entityTags[entity]!, scalarRange) }
  }

  func markPreedit(_ scalarRange: Range<Int>?) {
    mirroring {
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_get_bounds(buffer, &start, &end)
      gtk_text_buffer_remove_tag(buffer, preeditTag, &start, &end)
      if let scalarRange { tag(preeditTag, scalarRange) }
    }
  }

  func placeSelection(anchor: Int, head: Int) {
    mirroring {
      var insert = iter(at: head)
      var bound = iter(at: anchor)
      gtk_text_buffer_select_range(buffer, &insert, &bound)
      gtk_text_view_scroll_mark_onscreen(view, gtk_text_buffer_get_insert(buffer))
    }
  }

  private func tag(_ tag: UnsafeMutablePointer<GtkTextTag>, _ scalarRange: Range<Int>) {
    var start = iter(at: scalarRange.lowerBound)
    var end = iter(at: scalarRange.upperBound)
    gtk_text_buffer_apply_tag(buffer, tag, &start, &end)
  }

  private func removeTags(_ scalarRange: Range<Int>, including preedit: Bool) {
    var start = iter(at: scalarRange.lowerBound)
    var end = iter(at: scalarRange.upperBound)
    for tag in entityTags.values { gtk_text_buffer_remove_tag(buffer, tag, &start, &end) }
    if preedit { gtk_text_buffer_remove_tag(buffer, preeditTag, &start, &end) }
  }

  /// The selection as the toolkit has it: the `selection_bound` mark's offset and the `insert` mark's.
  var selectionEnds: (anchor: Int, head: Int) {
    var insert = GtkTextIter()
    var bound = GtkTextIter()
    gtk_text_buffer_get_iter_at_mark(buffer, &insert, gtk_text_buffer_get_insert(buffer))
    gtk_text_buffer_get_iter_at_mark(buffer, &bound, gtk_text_buffer_get_selection_bound(buffer))
    return (Int(gtk_text_iter_get_offset(&bound)), Int(gtk_text_iter_get_offset(&insert)))
  }
}
