import CGTK
import Emotext

extension Composer {
  /// A key pressed in the text view, before the view sees it: completion picks, then the input method, then the
  /// keys whose edits the engine makes. Returns true when handled (the view does not see it).
  func keyPressed(_ keyval: guint, _ state: GdkModifierType, event: OpaquePointer?) -> Bool {
    let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
    let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
    let offered = candidates
    if !offered.isEmpty, !control {
      if (0x31...0x35).contains(Int(keyval)), Int(keyval) - 0x31 < offered.count {
        pick(offered[Int(keyval) - 0x31])
        return true
      }
      if [GDK_KEY_Tab, GDK_KEY_Return, GDK_KEY_KP_Enter].contains(Int32(keyval)) {
        pick(offered[0])
        return true
      }
    }
    if !control, let event, gtk_im_context_filter_keypress(inputMethod, event) != 0 { return true }
    if control {
      switch Int32(keyval) {
      case GDK_KEY_z: edit { $0.perform(shift ? .redo : .undo) }
      case GDK_KEY_Z, GDK_KEY_y, GDK_KEY_Y: edit { $0.perform(.redo) }
      case GDK_KEY_c, GDK_KEY_C: copyToClipboard(cutting: false)
      case GDK_KEY_x, GDK_KEY_X: copyToClipboard(cutting: true)
      case GDK_KEY_v, GDK_KEY_V: pasteFromClipboard()
      case GDK_KEY_Return, GDK_KEY_KP_Enter: send()
      case GDK_KEY_e, GDK_KEY_E: keyboard.toggle()
      default: return false
      }
      return true
    }
    switch Int32(keyval) {
    case GDK_KEY_BackSpace: edit { $0.perform(.backspace) }
    case GDK_KEY_Delete, GDK_KEY_KP_Delete: edit { $0.perform(.delete) }
    case GDK_KEY_Return, GDK_KEY_KP_Enter: edit { $0.perform(.newline) }
    case GDK_KEY_Tab: break
    case GDK_KEY_Page_Up where keyboard.isVisible: keyboard.turnPage(by: -1)
    case GDK_KEY_Page_Down where keyboard.isVisible: keyboard.turnPage(by: 1)
    default: return false
    }
    placeInputMethodCursor()
    return true
  }

  /// A key pressed anywhere in the window: Esc cancels, Ctrl+Return sends, Ctrl+E shows or hides the keyboard,
  /// Page Up and Page Down turn its pages.
  func windowKeyPressed(_ keyval: guint, _ state: GdkModifierType) -> Bool {
    let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
    switch Int32(keyval) {
    case GDK_KEY_Escape where host.editor.markedRange == nil: finish(1)
    case GDK_KEY_Return where control, GDK_KEY_KP_Enter where control: send()
    case GDK_KEY_e where control, GDK_KEY_E where control: keyboard.toggle()
    case GDK_KEY_Page_Up where keyboard.isVisible: keyboard.turnPage(by: -1)
    case GDK_KEY_Page_Down where keyboard.isVisible: keyboard.turnPage(by: 1)
    default: return false
    }
    return true
  }

  /// Tells the input method where the caret is drawn (for its candidate window).
  func placeInputMethodCursor() {
    let view = emotext_text_view(textView)
    var iter = GtkTextIter()
    let buffer = mirror.buffer
    gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_insert(buffer))
    var rect = GdkRectangle()
    gtk_text_view_get_iter_location(view, &iter, &rect)
    var x: Int32 = 0
    var y: Int32 = 0
    gtk_text_view_buffer_to_window_coords(view, GTK_TEXT_WINDOW_WIDGET, rect.x, rect.y, &x, &y)
    rect.x = x
    rect.y = y
    gtk_im_context_set_cursor_location(inputMethod, &rect)
  }
}
