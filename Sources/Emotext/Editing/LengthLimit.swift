/// A length limit on what an ``Editor`` lets the user add: a measure, a maximum, and when it is enforced.
///
/// Typing, pasting, inserting an emoticon and completing that would make the document longer than
/// ``maximum`` insert only the longest prefix that fits, cut at the end of a length unit (a grapheme cluster,
/// an attachment, or a URL that the rule weighs as one unit: never inside one). Deletions are always allowed.
/// A document already over the limit (loaded, or the limit lowered) is never cut by the editor, but no edit
/// makes it longer. This is what a host otherwise writes in UITextView's `textView(_:shouldChangeTextIn:
/// replacementText:)` or with Android's `InputFilter.LengthFilter`, without splitting an emoji or a token.
///
/// ```swift
/// var editor = Editor(catalog: .default)
/// editor.lengthLimit = LengthLimit(measure: .graphemeClusters, maximum: 5)
/// editor.insert("今天好开心啊")
/// editor.document.postText        // "今天好开心"
/// editor.lengthStatus?.remaining  // 0
/// ```
public struct LengthLimit: Hashable, Sendable {
  /// When the limit cuts what is added.
  public enum Enforcement: String, Hashable, Sendable, CaseIterable {
    /// Marked text (an input method's composition) is never cut; what is committed is cut to fit
    /// (Flutter's `MaxLengthEnforcement.truncateAfterCompositionEnds`). The default.
    case truncateAfterComposition
    /// Marked text is cut as it is set, too (Flutter's `MaxLengthEnforcement.enforced`).
    case enforced
    /// Nothing is cut: the limit is only counted (``Editor/lengthStatus``), as a composer that refuses to
    /// send an overlong post does.
    case none
  }

  /// How the document is measured.
  public var measure: LengthMeasure
  /// The longest document, in ``measure``.
  public var maximum: Int
  /// When the limit cuts what is added.
  public var enforcement: Enforcement

  /// A limit of `maximum` in `measure`, enforced as `enforcement` says.
  public init(measure: LengthMeasure, maximum: Int, enforcement: Enforcement = .truncateAfterComposition) {
    precondition(maximum >= 0, "a length limit needs a maximum of 0 or more, not \(maximum)")
    self.measure = measure
    self.maximum = maximum
    self.enforcement = enforcement
  }

  /// Weibo's limit: 140 in its weighted length.
  public static let weibo = LengthLimit(measure: .weighted(.weibo), maximum: 140)
  /// Twitter's limit: 280 in twitter-text's weighted length.
  public static let twitter = LengthLimit(measure: .weighted(.twitter), maximum: 280)
}
