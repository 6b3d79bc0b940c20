import CGTK
import Emotext

/// Widgets that show an emoticon: its catalog image (PNG, or a GIF's first frame) scaled to a size, or a chip
/// with its emoji fallback or name when the catalog has no image; each with the spoken name as accessible label.
struct EmoticonWidgets {
  let catalog: EmoticonCatalog
  let language: SpokenLanguage
  /// The height of an emoticon in a line of text, in pixels.
  var lineHeight: Int32 = 22

  /// The image file of `emoticon`, or nil when the catalog has none on disk.
  func imagePath(of emoticon: Emoticon) -> String? {
    guard case .image(let png, let gif) = emoticon.kind,
      let directory = catalog.pack(id: emoticon.packID)?.directory
    else { return nil }
    for name in [png, gif].compactMap({ $0 }) where !name.isEmpty {
      let path = directory + "/" + name
      if g_file_test(path, G_FILE_TEST_IS_REGULAR) != 0 { return path }
    }
    return nil
  }

  /// The widget for `emoticon` at `size` pixels: a picture of its image or a fallback chip.
  func widget(for emoticon: Emoticon, size: Int32, chipClass: String) -> UnsafeMutablePointer<GtkWidget> {
    let widget: UnsafeMutablePointer<GtkWidget>
    if let path = imagePath(of: emoticon), let pixbuf = gdk_pixbuf_new_from_file_at_size(path, size, size, nil) {
      let texture = gdk_texture_new_for_pixbuf(pixbuf)
      g_object_unref(UnsafeMutableRawPointer(pixbuf))
      widget = gtk_picture_new_for_paintable(emotext_paintable(UnsafeMutableRawPointer(texture)))
      g_object_unref(UnsafeMutableRawPointer(texture))
      gtk_picture_set_can_shrink(emotext_picture(widget), 0)
      gtk_widget_set_size_request(widget, size, size)
    } else {
      let text: String
      if case .emoji(let emoji) = emoticon.kind {
        text = emoji
      } else {
        text = emoticon.fallback ?? emoticon.spokenName(in: .chineseSimplified)
      }
      widget = gtk_label_new(text)
      gtk_widget_add_css_class(widget, chipClass)
    }
    emotext_accessible_set_label(widget, emoticon.spokenName(in: language))
    return widget
  }

  /// The widget for an emoticon in the text, at the line's height.
  func inlineWidget(for emoticon: Emoticon) -> UnsafeMutablePointer<GtkWidget> {
    widget(for: emoticon, size: lineHeight, chipClass: "emoticon-chip")
  }
}
