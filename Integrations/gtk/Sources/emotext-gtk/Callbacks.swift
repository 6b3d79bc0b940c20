import CGTK
import Emotext

/// A Swift closure a GTK signal calls, handed to GTK as a retained pointer and released with the handler.
final class Action {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}

/// The C callbacks: each gets the ``Composer`` (or an ``Action``) back from its `gpointer` through `Unmanaged`.
enum Callbacks {
  /// An opaque GTK object (a controller, a gesture) as the `void *` the shim's functions take.
  static func raw(_ object: OpaquePointer) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(object) }

  static func composer(_ data: gpointer?) -> Composer { Unmanaged<Composer>.fromOpaque(data!).takeUnretainedValue() }

  /// Calls `action` when `widget` emits `signal` (a signal whose handler takes only the instance).
  static func on(_ widget: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping () -> Void) {
    let handler: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
      Unmanaged<Action>.fromOpaque(data!).takeUnretainedValue().run()
    }
    let release: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
      Unmanaged<Action>.fromOpaque(data!).release()
    }
    emotext_connect_owned(
      widget, signal, unsafeBitCast(handler, to: GCallback.self), Unmanaged.passRetained(Action(action)).toOpaque(),
      release)
  }

  /// Calls `action` when `gesture` emits `signal`, a signal whose handler takes the instance and one pointer
  /// (`GtkGesture::end`: the event sequence).
  static func on(pointerSignal signal: String, of gesture: UnsafeMutableRawPointer, _ action: @escaping () -> Void) {
    let handler: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
      Unmanaged<Action>.fromOpaque(data!).takeUnretainedValue().run()
    }
    connectOwned(gesture, signal, unsafeBitCast(handler, to: GCallback.self), action)
  }

  /// Calls `action` when `gesture` emits `signal`, a signal whose handler takes the instance and two doubles
  /// (`GtkGestureLongPress::pressed`: x and y).
  static func on(pointSignal signal: String, of gesture: UnsafeMutableRawPointer, _ action: @escaping () -> Void) {
    let handler: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, _, _, data in
      Unmanaged<Action>.fromOpaque(data!).takeUnretainedValue().run()
    }
    connectOwned(gesture, signal, unsafeBitCast(handler, to: GCallback.self), action)
  }

  private static func connectOwned(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: GCallback, _ action: @escaping () -> Void
  ) {
    let release: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
      Unmanaged<Action>.fromOpaque(data!).release()
    }
    emotext_connect_owned(instance, signal, handler, Unmanaged.passRetained(Action(action)).toOpaque(), release)
  }

  /// Calls `action` with the composer when `button` is clicked.
  static func onClick(
    _ button: UnsafeMutablePointer<GtkWidget>, _ composer: Composer, _ action: @escaping (Composer) -> Void
  ) {
    on(button, "clicked") { [unowned composer] in action(composer) }
  }

  /// Connects the composer's signals: the window, the buffer, the keys, the focus and the input method.
  static func connect(_ composer: Composer, toggle: UnsafeMutablePointer<GtkWidget>) {
    let data = composer.pointer
    let buffer = composer.mirror.buffer
    onClick(toggle, composer) { $0.keyboard.toggle() }
    onClick(composer.sendButton, composer) { $0.send() }

    let closeRequest: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
      Callbacks.composer(data).finish(1)
      return 1
    }
    emotext_connect(composer.window, "close-request", unsafeBitCast(closeRequest, to: GCallback.self), data)

    let insertText:
      @convention(c) (
        UnsafeMutablePointer<GtkTextBuffer>?, UnsafeMutablePointer<GtkTextIter>?, UnsafePointer<CChar>?, Int32,
        gpointer?
      ) -> Void = { buffer, location, text, length, data in
        let composer = Callbacks.composer(data)
        guard !composer.mirror.isMirroring, let buffer, let location, let text else { return }
        g_signal_stop_emission_by_name(buffer, "insert-text")
        let offset = Int(gtk_text_iter_get_offset(location))
        let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
        composer.edit { host in host.insertText(utf8: bytes, atScalar: offset) }
        // Note: the handler changed the buffer, so the caller's iterator is made valid again (at the caret).
        gtk_text_buffer_get_iter_at_mark(buffer, location, gtk_text_buffer_get_insert(buffer))
      }
    emotext_connect(buffer, "insert-text", unsafeBitCast(insertText, to: GCallback.self), data)

    let deleteRange:
      @convention(c) (
        UnsafeMutablePointer<GtkTextBuffer>?, UnsafeMutablePointer<GtkTextIter>?, UnsafeMutablePointer<GtkTextIter>?,
        gpointer?
      ) -> Void = { buffer, start, end, data in
        let composer = Callbacks.composer(data)
        guard !composer.mirror.isMirroring, let buffer, let start, let end else { return }
        g_signal_stop_emission_by_name(buffer, "delete-range")
        let lower = Int(gtk_text_iter_get_offset(start))
        let upper = Int(gtk_text_iter_get_offset(end))
        composer.edit { host in host.deleteRange(min(lower, upper)..<max(lower, upper)) }
        gtk_text_buffer_get_iter_at_mark(buffer, start, gtk_text_buffer_get_insert(buffer))
        gtk_text_buffer_get_iter_at_mark(buffer, end, gtk_text_buffer_get_insert(buffer))
      }
    emotext_connect(buffer, "delete-range", unsafeBitCast(deleteRange, to: GCallback.self), data)

    let markSet:
      @convention(c) (
        UnsafeMutablePointer<GtkTextBuffer>?, UnsafePointer<GtkTextIter>?, UnsafeMutablePointer<GtkTextMark>?, gpointer?
      ) -> Void = { buffer, _, mark, data in
        let composer = Callbacks.composer(data)
        guard !composer.mirror.isMirroring, let buffer,
          mark == gtk_text_buffer_get_insert(buffer) || mark == gtk_text_buffer_get_selection_bound(buffer)
        else { return }
        let ends = composer.mirror.selectionEnds
        composer.edit { host in host.selectionChanged(anchor: ends.anchor, head: ends.head) }
      }
    emotext_connect_after(buffer, "mark-set", unsafeBitCast(markSet, to: GCallback.self), data)

    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    let keyPressed: @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
      controller, keyval, _, state, data in
      let event = gtk_event_controller_get_current_event(controller)
      return Callbacks.composer(data).keyPressed(keyval, state, event: event) ? 1 : 0
    }
    emotext_connect(raw(keys), "key-pressed", unsafeBitCast(keyPressed, to: GCallback.self), data)
    let keyReleased: @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, gpointer?) -> Void = {
      controller, _, _, _, data in
      if let event = gtk_event_controller_get_current_event(controller) {
        _ = gtk_im_context_filter_keypress(Callbacks.composer(data).inputMethod, event)
      }
    }
    emotext_connect(raw(keys), "key-released", unsafeBitCast(keyReleased, to: GCallback.self), data)
    gtk_widget_add_controller(composer.textView, keys)

    // The window's own keys (Esc, Ctrl+Return, the keyboard's) work wherever the focus is.
    let windowKeys = gtk_event_controller_key_new()!
    let windowKeyPressed: @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
      _, keyval, _, state, data in Callbacks.composer(data).windowKeyPressed(keyval, state) ? 1 : 0
    }
    emotext_connect(raw(windowKeys), "key-pressed", unsafeBitCast(windowKeyPressed, to: GCallback.self), data)
    gtk_widget_add_controller(composer.window, windowKeys)

    let focus = gtk_event_controller_focus_new()!
    let enter: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
      let composer = Callbacks.composer(data)
      gtk_im_context_focus_in(composer.inputMethod)
      composer.placeInputMethodCursor()
    }
    let leave: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
      gtk_im_context_focus_out(Callbacks.composer(data).inputMethod)
    }
    emotext_connect(raw(focus), "enter", unsafeBitCast(enter, to: GCallback.self), data)
    emotext_connect(raw(focus), "leave", unsafeBitCast(leave, to: GCallback.self), data)
    gtk_widget_add_controller(composer.textView, focus)

    InputMethodCallbacks.connect(composer)
  }
}
