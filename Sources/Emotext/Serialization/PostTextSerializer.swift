import EmotextUnicode

/// Writes a document as post text: each text run as it is, each attachment as the spelling it was
/// tokenized from. Lossless by default; NFC only when asked for.
///
/// ```swift
/// let document = BracketTokenizer(catalog: .default).tokenize("Cafe\u{301}[哈哈]")
/// PostTextSerializer().serialize(document)                           // "Cafe\u{301}[哈哈]", byte for byte
/// PostTextSerializer(normalization: .nfc).serialize(document)        // "Café[哈哈]"
/// ```
///
/// With ``Normalization/none`` (the default) the result is ``RichText/postText``, so
/// `serialize(tokenize(s)) == s` for every string `s`.
public struct PostTextSerializer: Sendable, Hashable {
  /// How text is normalized on the way out.
  public enum Normalization: String, Sendable, Hashable, CaseIterable {
    /// The text exactly as stored: lossless.
    case none
    /// Unicode Normalization Form C (canonical composition), through ICU.
    case nfc
  }

  /// How text is normalized on the way out.
  public var normalization: Normalization

  public init(normalization: Normalization = .none) { self.normalization = normalization }

  /// The post text of `document`.
  /// - Complexity: O(*n*) in the length of the text. ``RichText/postText`` copies the leaves' bytes into one
  ///   string; ``Normalization/nfc`` then normalizes that one string (not a `String` per run: ICU needs the
  ///   text contiguous, and a combining mark may follow a run's end).
  public func serialize(_ document: RichText) -> String {
    switch normalization {
    case .none: document.postText
    // Note: the whole text is normalized at once, so a combining mark after an attachment's `]` is
    // treated exactly as it would be in the post text (it cannot compose with `]`).
    case .nfc: document.postText.nfcNormalized()
    }
  }
}
