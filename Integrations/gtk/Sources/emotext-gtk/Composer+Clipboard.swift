import CGTK
import Emotext

extension Composer {
  /// The flavours the composer offers and reads, best first for pasting.
  static let documentMIME = "application/x-emotext-document+json"
  static let pasteMIMEs = [documentMIME, "text/html", "text/plain;charset=utf-8", "text/plain"]
  /// The most a paste reads from the clipboard, in bytes.
  static let pasteByteLimit = 4 << 20

  /// Copy or cut: the selection as post text, the engine's HTML fragment and the document JSON.
  func copyToClipboard(cutting: Bool) {
    guard !host.editor.selection.isEmpty else { return }
    var clipboard = host.editor.copy()
    if cutting { edit { clipboard = $0.cut() } }
    var providers: [UnsafeMutablePointer<GdkContentProvider>?] = [
      ("text/plain;charset=utf-8", clipboard.text), ("text/html", clipboard.html),
      (Self.documentMIME, clipboard.documentJSON),
    ].map { mime, text in
      let bytes = Array(text.utf8)
      let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
      defer { g_bytes_unref(data) }
      return gdk_content_provider_new_for_bytes(mime, data)
    }
    let union = gdk_content_provider_new_union(&providers, gsize(providers.count))
    gdk_clipboard_set_content(gtk_widget_get_clipboard(textView), union)
    g_object_unref(union)
  }

  /// Paste: the best flavour the clipboard offers (the document JSON, then HTML, then plain text), read
  /// asynchronously; a flavour that does not paste gives way to the next.
  func pasteFromClipboard() {
    let formats = gdk_clipboard_get_formats(gtk_widget_get_clipboard(textView))
    pendingPaste = Self.pasteMIMEs.filter { gdk_content_formats_contain_mime_type(formats, $0) != 0 }
    readNextFlavour()
  }

  private func readNextFlavour() {
    guard !pendingPaste.isEmpty else { return }
    let mime = pendingPaste.removeFirst()
    let clipboard = gtk_widget_get_clipboard(textView)
    let done: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = {
      source, result, data in
      let composer = Callbacks.composer(data)
      var error: UnsafeMutablePointer<GError>?
      guard let stream = gdk_clipboard_read_finish(emotext_clipboard(source), result, nil, &error) else {
        if let error { g_error_free(error) }
        return composer.readNextFlavour()
      }
      composer.readStream(stream)
    }
    mime.withCString { name in
      var types: [UnsafePointer<CChar>?] = [name, nil]
      gdk_clipboard_read_async(clipboard, &types, G_PRIORITY_DEFAULT, nil, done, pointer)
    }
    currentPasteMIME = mime
  }

  private func readStream(_ stream: UnsafeMutablePointer<GInputStream>) {
    let memory = g_memory_output_stream_new_resizable()!
    let done: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = {
      source, result, data in
      let composer = Callbacks.composer(data)
      let output = UnsafeMutableRawPointer(source!).assumingMemoryBound(to: GOutputStream.self)
      var error: UnsafeMutablePointer<GError>?
      let size = g_output_stream_splice_finish(output, result, &error)
      if let error { g_error_free(error) }
      let memory = UnsafeMutableRawPointer(source!).assumingMemoryBound(to: GMemoryOutputStream.self)
      var text: String?
      if size >= 0, let bytes = g_memory_output_stream_steal_as_bytes(memory) {
        var length: gsize = 0
        let start = g_bytes_get_data(bytes, &length)
        if Int(length) <= Composer.pasteByteLimit {
          text = String(decoding: UnsafeRawBufferPointer(start: start, count: Int(length)), as: UTF8.self)
        }
        g_bytes_unref(bytes)
      }
      g_object_unref(source)
      composer.pasteRead(text)
    }
    g_output_stream_splice_async(
      UnsafeMutableRawPointer(memory).assumingMemoryBound(to: GOutputStream.self), stream,
      GOutputStreamSpliceFlags(
        rawValue: G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE.rawValue | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET.rawValue),
      G_PRIORITY_DEFAULT, nil, done, pointer)
    g_object_unref(stream)
  }

  private func pasteRead(_ text: String?) {
    guard let text else { return readNextFlavour() }
    var pasted: Clipboard.Flavor?
    edit { host in
      switch currentPasteMIME {
      case Self.documentMIME: pasted = host.paste(json: text, html: nil, text: nil)
      case "text/html": pasted = host.paste(json: nil, html: text, text: nil)
      default: pasted = host.paste(json: nil, html: nil, text: text)
      }
    }
    if pasted == nil { readNextFlavour() } else { pendingPaste = [] }
    placeInputMethodCursor()
  }
}
