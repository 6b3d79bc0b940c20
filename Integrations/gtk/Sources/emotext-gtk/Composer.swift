import CGTK
import Emotext
import EmotextToolkitHost
import Foundation

/// The composer window's state: the host (engine and buffer mirror), the widgets, the keyboard and the outcome.
/// GTK reaches it from C callbacks through an `Unmanaged` pointer (see Callbacks.swift).
final class Composer {
  let options: ComposerOptions
  let words: ComposerWords
  let spokenLanguage: SpokenLanguage
  let emoticonWidgets: EmoticonWidgets
  var host: ToolkitHost<GTKTextBuffer>
  /// The buffer mirror, reached without `host` from GTK's handlers that run while the host edits it.
  let mirror: GTKTextBuffer
  var recents: RecentEmoticons
  /// Whether recents are saved at exit (false when a file that did not load is kept as it is).
  let savesRecents: Bool
  let inputMethod: UnsafeMutablePointer<GtkIMContext>

  let window: UnsafeMutablePointer<GtkWidget>
  let textView: UnsafeMutablePointer<GtkWidget>
  let counter: UnsafeMutablePointer<GtkWidget>
  let sendButton: UnsafeMutablePointer<GtkWidget>
  let completionRow: UnsafeMutablePointer<GtkWidget>
  var keyboard: EmoticonKeyboard!
  /// The flavours a paste still may read, best first, and the one being read.
  var pendingPaste: [String] = []
  var currentPasteMIME = ""

  /// The exit status once the window is done: 0 after sending, 1 after cancelling.
  var exitStatus: Int32?

  var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  init(options: ComposerOptions, environment: [String: String]) {
    self.options = options
    words = ComposerWords(environment: environment)
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    spokenLanguage = SpokenLanguage(localeIdentifier: locale) ?? .english
    emoticonWidgets = EmoticonWidgets(catalog: options.catalog, language: spokenLanguage)

    let loaded = RecentEmoticons.load(
      from: options.recentsPath, catalog: options.catalog, capacity: KeyboardLayout.standard.emoticonsPerPage)
    recents = loaded.recents
    switch loaded.problem {
    case nil: savesRecents = true
    case .missingFile?: savesRecents = !FileManager.default.fileExists(atPath: options.recentsPath)
    case .malformed?, .notARegularFile?, .fileTooLarge?, .unreadableFile?:
      FileHandle.standardError.write(Data("emotext-gtk: \(loaded.problem!)\n".utf8))
      savesRecents = false
    }

    window = gtk_window_new()
    gtk_window_set_title(emotext_window(window), words.title)
    gtk_window_set_default_size(emotext_window(window), 480, 420)
    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
    gtk_widget_set_margin_start(column, 8)
    gtk_widget_set_margin_end(column, 8)
    gtk_widget_set_margin_top(column, 8)
    gtk_widget_set_margin_bottom(column, 8)
    gtk_window_set_child(emotext_window(window), column)

    textView = gtk_text_view_new()
    gtk_text_view_set_wrap_mode(emotext_text_view(textView), GTK_WRAP_WORD_CHAR)
    // Note: the text view's own input method is the simple one; the composer's context (below) talks to IBus,
    // so preedit goes through the engine's marked text, never the view's private preedit.
    emotext_set_string(textView, "im-module", "gtk-im-context-simple")
    emotext_accessible_set_label(textView, words.textViewName)
    gtk_widget_add_css_class(textView, "post")
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(emotext_scrolled(scrolled), textView)
    gtk_widget_set_vexpand(scrolled, 1)
    gtk_box_append(emotext_box(column), scrolled)

    completionRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)
    gtk_widget_set_visible(completionRow, 0)
    gtk_box_append(emotext_box(column), completionRow)

    let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
    let toggle = gtk_button_new_with_label(words.emoticons)!
    gtk_widget_set_focus_on_click(toggle, 0)
    counter = gtk_label_new("")
    gtk_widget_set_hexpand(counter, 1)
    gtk_label_set_xalign(emotext_label(counter), 1)
    emotext_accessible_set_label(counter, words.counterName)
    sendButton = gtk_button_new_with_label(words.send)
    gtk_widget_set_focus_on_click(sendButton, 0)
    gtk_box_append(emotext_box(bar), toggle)
    gtk_box_append(emotext_box(bar), counter)
    gtk_box_append(emotext_box(bar), sendButton)
    gtk_box_append(emotext_box(column), bar)

    inputMethod = gtk_im_multicontext_new()
    var editor = Editor(catalog: options.catalog, recognizesEntities: true)
    editor.lengthLimit = LengthLimit(measure: options.measure, maximum: options.limit)
    let buffer = GTKTextBuffer(view: emotext_text_view(textView), emoticonWidgets: emoticonWidgets)
    mirror = buffer
    host = ToolkitHost(
      editor: editor, buffer: buffer,
      checksMirror: environment["EMOTEXT_GTK_DEBUG"].map { !$0.isEmpty && $0 != "0" } ?? false)

    keyboard = EmoticonKeyboard(composer: self)
    gtk_box_append(emotext_box(column), keyboard.root)

    Callbacks.connect(self, toggle: toggle)
    loadStyle()
    updateStatus()
  }

  /// Runs `event` on the host, then brings the counter, Send, the completion row and the input method up to date.
  func edit(_ event: (inout ToolkitHost<GTKTextBuffer>) -> Void) {
    event(&host)
    updateStatus()
  }

  func updateStatus() {
    let length = host.editor.lengthStatus?.length ?? 0
    let label = words.counter(length, options.limit)
    gtk_label_set_text(emotext_label(counter), label)
    emotext_accessible_set_description(counter, label)
    if length > options.limit {
      gtk_widget_add_css_class(counter, "over")
    } else {
      gtk_widget_remove_css_class(counter, "over")
    }
    let canSend = !host.postText.isEmpty && length <= options.limit
    gtk_widget_set_sensitive(sendButton, canSend ? 1 : 0)
    updateCompletions()
  }

  /// The emoticons offered for the partial token before the caret, best first (up to five).
  var candidates: [Emoticon] {
    guard host.editor.markedRange == nil, let completion = host.editor.completion, completion.kind == .emoticon
    else { return [] }
    return options.catalog.search(completion.query, limit: 5)
  }

  func updateCompletions() {
    while let child = gtk_widget_get_first_child(completionRow) { gtk_box_remove(emotext_box(completionRow), child) }
    let offered = candidates
    for (index, emoticon) in offered.enumerated() {
      let button = gtk_button_new()!
      let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)!
      gtk_box_append(emotext_box(row), gtk_label_new("\(index + 1)"))
      gtk_box_append(emotext_box(row), emoticonWidgets.widget(for: emoticon, size: 20, chipClass: "emoticon-chip"))
      gtk_button_set_child(emotext_button(button), row)
      gtk_widget_set_focus_on_click(button, 0)
      emotext_accessible_set_label(button, emoticon.spokenName(in: spokenLanguage))
      Callbacks.onClick(button, self) { composer in composer.pick(emoticon) }
      gtk_box_append(emotext_box(completionRow), button)
    }
    gtk_widget_set_visible(completionRow, offered.isEmpty ? 0 : 1)
  }

  func pick(_ emoticon: Emoticon) {
    edit { host in
      if host.complete(with: emoticon) { recents.use(emoticon) }
    }
    keyboard.refreshIfRecents()
  }

  func tap(_ emoticon: Emoticon) {
    edit { host in host.tap(emoticon) }
    recents.use(emoticon)
    keyboard.refreshIfRecents()
    gtk_widget_grab_focus(textView)
  }

  /// Sends when the post has text and fits: prints it and a line feed, exit status 0.
  func send() {
    let length = host.editor.lengthStatus?.length ?? 0
    let post = host.postText
    guard !post.isEmpty, length <= options.limit else { return }
    FileHandle.standardOutput.write(Data((post + "\n").utf8))
    finish(0)
  }

  func finish(_ status: Int32) {
    guard exitStatus == nil else { return }
    exitStatus = status
    if savesRecents {
      let folder = URL(fileURLWithPath: options.recentsPath).deletingLastPathComponent()
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try recents.save(to: options.recentsPath)
      } catch {
        FileHandle.standardError.write(Data("emotext-gtk: cannot save recents: \(error)\n".utf8))
      }
    } else {
      FileHandle.standardError.write(
        Data("emotext-gtk: \(options.recentsPath): not saved, to keep the file that did not load\n".utf8))
    }
  }

  private func loadStyle() {
    let provider = gtk_css_provider_new()!
    let css = """
      .emoticon-chip { background: #ffe7a8; border: 1px solid #d9a400; border-radius: 6px; padding: 0 3px; \
      font-size: smaller; }
      .emoticon-chip-large { background: #ffe7a8; border: 1px solid #d9a400; border-radius: 12px; padding: 8px; \
      font-size: 36px; }
      .preview { padding: 6px; }
      .over { color: #d0021b; font-weight: bold; }
      .post { font-size: 16px; }
      .key { min-width: 36px; min-height: 36px; padding: 2px; }
      """
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      gdk_display_get_default(), OpaquePointer(provider),
      UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }
}
