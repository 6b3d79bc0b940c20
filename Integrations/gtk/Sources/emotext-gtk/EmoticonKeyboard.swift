import CGTK
import Emotext

/// The emoticon keyboard under the text: a tab per keyboard pack and 最近 (recents), pages of 3 × 7 keys (20
/// emoticons and the delete key), a page indicator with buttons, and a long press that shows the emoticon enlarged
/// with its name without inserting it.
final class EmoticonKeyboard {
  unowned let composer: Composer
  let root: UnsafeMutablePointer<GtkWidget>
  private let packs: [EmoticonPack]
  private var keys: [UnsafeMutablePointer<GtkWidget>] = []
  private var tabButtons: [UnsafeMutablePointer<GtkWidget>] = []
  private let pageLabel: UnsafeMutablePointer<GtkWidget>
  private let preview: UnsafeMutablePointer<GtkWidget>
  private(set) var tabIndex = 0
  private(set) var pageIndex = 0
  private var page: KeyboardPage?

  var isVisible: Bool { gtk_widget_get_visible(root) != 0 }

  init(composer: Composer) {
    self.composer = composer
    packs = composer.options.catalog.keyboardPacks.filter { !$0.emoticons.isEmpty }
    root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
    gtk_widget_set_visible(root, 0)
    let tabs = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
    gtk_box_append(emotext_box(root), tabs)
    let grid = gtk_grid_new()!
    gtk_grid_set_row_homogeneous(emotext_grid(grid), 1)
    gtk_grid_set_column_homogeneous(emotext_grid(grid), 1)
    gtk_box_append(emotext_box(root), grid)
    let pager = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
    gtk_widget_set_halign(pager, GTK_ALIGN_CENTER)
    let previous = gtk_button_new_with_label("‹")!
    let next = gtk_button_new_with_label("›")!
    pageLabel = gtk_label_new("")
    gtk_box_append(emotext_box(pager), previous)
    gtk_box_append(emotext_box(pager), pageLabel)
    gtk_box_append(emotext_box(pager), next)
    gtk_box_append(emotext_box(root), pager)
    // Note: the preview is a row of the keyboard, not a popover, so it stays where the finger is and takes no grab.
    preview = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
    gtk_widget_set_halign(preview, GTK_ALIGN_CENTER)
    gtk_widget_set_visible(preview, 0)
    gtk_widget_add_css_class(preview, "preview")
    gtk_box_append(emotext_box(root), preview)

    let words = composer.words
    emotext_accessible_set_label(previous, words.previousPage)
    emotext_accessible_set_label(next, words.nextPage)
    for widget in [previous, next] { gtk_widget_set_focus_on_click(widget, 0) }
    Callbacks.onClick(previous, composer) { $0.keyboard.turnPage(by: -1) }
    Callbacks.onClick(next, composer) { $0.keyboard.turnPage(by: 1) }

    for (index, name) in (packs.map(\.displayName) + [words.recentsTab]).enumerated() {
      let button = gtk_toggle_button_new_with_label(name)!
      gtk_widget_set_focus_on_click(button, 0)
      Callbacks.onClick(button, composer) { $0.keyboard.selectTab(index) }
      gtk_box_append(emotext_box(tabs), button)
      tabButtons.append(button)
    }
    let layout = KeyboardLayout.standard
    for cell in 0..<layout.cellsPerPage {
      let key = gtk_button_new()!
      gtk_widget_add_css_class(key, "key")
      gtk_widget_set_focus_on_click(key, 0)
      Callbacks.onClick(key, composer) { $0.keyboard.press(cell) }
      let longPress = gtk_gesture_long_press_new()!
      gtk_event_controller_set_propagation_phase(longPress, GTK_PHASE_CAPTURE)
      Callbacks.on(pointSignal: "pressed", of: Callbacks.raw(longPress)) { [unowned composer] in
        gtk_gesture_set_state(longPress, GTK_EVENT_SEQUENCE_CLAIMED)
        composer.keyboard.showPreview(cell)
      }
      Callbacks.on(pointerSignal: "end", of: Callbacks.raw(longPress)) { [unowned composer] in
        composer.keyboard.hidePreview()
      }
      gtk_widget_add_controller(key, longPress)
      gtk_grid_attach(emotext_grid(grid), key, Int32(cell % layout.columns), Int32(cell / layout.columns), 1, 1)
      keys.append(key)
    }
    show()
  }

  /// Shows or hides the keyboard.
  func toggle() {
    gtk_widget_set_visible(root, isVisible ? 0 : 1)
    gtk_widget_grab_focus(composer.textView)
  }

  private var pages: [KeyboardPage] {
    let pack =
      tabIndex < packs.count
      ? packs[tabIndex]
      : EmoticonPack(id: "recents", displayName: composer.words.recentsTab, emoticons: composer.recents.emoticons)
    return pack.pages(layout: .standard)
  }

  func selectTab(_ index: Int) {
    tabIndex = index
    pageIndex = 0
    show()
  }

  func turnPage(by count: Int) {
    pageIndex = min(max(pageIndex + count, 0), pages.count - 1)
    show()
  }

  /// Redraws the recents tab when it is shown (an emoticon was just used).
  func refreshIfRecents() {
    if tabIndex == packs.count { show() }
  }

  private func show() {
    let pages = self.pages
    pageIndex = min(pageIndex, max(pages.count - 1, 0))
    let page = pages.isEmpty ? nil : pages[pageIndex]
    self.page = page
    for (index, button) in tabButtons.enumerated() {
      gtk_toggle_button_set_active(
        UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkToggleButton.self), index == tabIndex ? 1 : 0)
    }
    let widgets = composer.emoticonWidgets
    for (index, key) in keys.enumerated() {
      let cell = page?.cells[index] ?? (index == keys.count - 1 ? .delete : .empty)
      switch cell {
      case .emoticon(let emoticon):
        gtk_button_set_child(emotext_button(key), widgets.widget(for: emoticon, size: 28, chipClass: "emoticon-chip"))
        emotext_accessible_set_label(key, emoticon.spokenName(in: composer.spokenLanguage))
        gtk_widget_set_sensitive(key, 1)
      case .delete:
        gtk_button_set_child(emotext_button(key), gtk_label_new("⌫"))
        emotext_accessible_set_label(key, composer.words.delete)
        gtk_widget_set_sensitive(key, 1)
      case .empty:
        gtk_button_set_child(emotext_button(key), nil)
        emotext_accessible_set_label(key, "")
        gtk_widget_set_sensitive(key, 0)
      }
    }
    gtk_label_set_text(emotext_label(pageLabel), composer.words.page(pageIndex + 1, of: max(pages.count, 1)))
  }

  private func cell(_ index: Int) -> KeyboardPage.Cell {
    page?.cells[index] ?? (index == keys.count - 1 ? .delete : .empty)
  }

  func press(_ index: Int) {
    switch cell(index) {
    case .emoticon(let emoticon): composer.tap(emoticon)
    case .delete: composer.edit { $0.perform(.backspace) }
    case .empty: break
    }
  }

  /// Hides the preview when the long press ends.
  func hidePreview() {
    gtk_widget_set_visible(preview, 0)
  }

  /// Shows the emoticon of key `index` enlarged, with its name, under the keys while the press lasts (nothing is
  /// inserted).
  func showPreview(_ index: Int) {
    guard case .emoticon(let emoticon) = cell(index) else { return }
    while let child = gtk_widget_get_first_child(preview) { gtk_box_remove(emotext_box(preview), child) }
    let widgets = composer.emoticonWidgets
    gtk_box_append(emotext_box(preview), widgets.widget(for: emoticon, size: 72, chipClass: "emoticon-chip-large"))
    gtk_box_append(emotext_box(preview), gtk_label_new(emoticon.spokenName(in: composer.spokenLanguage)))
    gtk_widget_set_visible(preview, 1)
  }
}
