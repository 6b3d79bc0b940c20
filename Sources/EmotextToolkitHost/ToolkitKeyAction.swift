/// A key press a toolkit host hands to ``ToolkitHost/perform(_:)`` instead of letting its text view edit.
public enum ToolkitKeyAction: Hashable, Sendable {
  /// Backspace: an emoticon goes whole, an emoji sequence in one press (the engine's rules).
  case backspace
  /// Forward delete: one grapheme cluster or one emoticon.
  case delete
  /// Left or Right arrow (logical order), extending the selection with Shift.
  case left(extending: Bool)
  /// Right arrow.
  case right(extending: Bool)
  /// Ctrl+Z.
  case undo
  /// Ctrl+Shift+Z or Ctrl+Y.
  case redo
  /// Return without a completion offered: a line break.
  case newline
}
