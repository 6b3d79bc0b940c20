import CGTK
import Emotext

/// The composer's input method context (IBus through GTK's multicontext): its preedit becomes the engine's marked
/// text, its commit typed text, and it reads and deletes the text around the caret through the engine.
enum InputMethodCallbacks {
  static func connect(_ composer: Composer) {
    let context = composer.inputMethod
    gtk_im_context_set_client_widget(context, composer.textView)
    let data = composer.pointer

    let commit: @convention(c) (UnsafeMutablePointer<GtkIMContext>?, UnsafePointer<CChar>?, gpointer?) -> Void = {
      _, text, data in
      guard let text else { return }
      let composer = Callbacks.composer(data)
      composer.edit { $0.commit(String(cString: text)) }
      composer.placeInputMethodCursor()
    }
    emotext_connect(context, "commit", unsafeBitCast(commit, to: GCallback.self), data)

    let preeditChanged: @convention(c) (UnsafeMutablePointer<GtkIMContext>?, gpointer?) -> Void = { context, data in
      var text: UnsafeMutablePointer<CChar>?
      var attributes: OpaquePointer?
      var cursor: Int32 = 0
      gtk_im_context_get_preedit_string(context, &text, &attributes, &cursor)
      let preedit = text.map { String(cString: $0) } ?? ""
      g_free(text)
      if let attributes { pango_attr_list_unref(attributes) }
      let composer = Callbacks.composer(data)
      composer.edit { $0.setPreedit(preedit, cursorScalar: Int(cursor)) }
      composer.placeInputMethodCursor()
    }
    emotext_connect(context, "preedit-changed", unsafeBitCast(preeditChanged, to: GCallback.self), data)

    let retrieveSurrounding: @convention(c) (UnsafeMutablePointer<GtkIMContext>?, gpointer?) -> gboolean = {
      context, data in
      let surrounding = Callbacks.composer(data).host.editor.surroundingText()
      gtk_im_context_set_surrounding_with_selection(
        context, surrounding.text, Int32(surrounding.text.utf8.count), Int32(surrounding.caretUTF8Index),
        Int32(surrounding.anchorUTF8Index))
      return 1
    }
    emotext_connect(context, "retrieve-surrounding", unsafeBitCast(retrieveSurrounding, to: GCallback.self), data)

    let deleteSurrounding: @convention(c) (UnsafeMutablePointer<GtkIMContext>?, Int32, Int32, gpointer?) -> gboolean = {
      _, offset, count, data in
      Callbacks.composer(data).edit { $0.deleteSurrounding(offset: Int(offset), count: Int(count)) }
      return 1
    }
    emotext_connect(context, "delete-surrounding", unsafeBitCast(deleteSurrounding, to: GCallback.self), data)
  }
}
