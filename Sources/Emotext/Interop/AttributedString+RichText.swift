import Foundation

extension AttributedString {
  /// `text` as an attributed string in ``AttributeScopes/EmotextAttributes``: each attachment is one
  /// U+FFFC (the character an `NSTextAttachment` occupies) carrying the emoticon attribute, each text run
  /// its text with its entity and host attributes.
  ///
  /// UTF-16 offsets agree: `text.utf16Count` is the UTF-16 length of the result, and a caret at UTF-16
  /// offset *n* in one is at *n* in the other. ``RichText/init(_:catalog:)`` reads it back exactly.
  ///
  /// ```swift
  /// let post = BracketTokenizer(catalog: .default).tokenize("好开心[哈哈]").recognizingEntities()
  /// let attributed = AttributedString(post)        // "好开心\u{FFFC}"
  /// attributed.runs.last?.emoticon?.token           // "[哈哈]"
  /// try RichText(attributed, catalog: .default) == post   // true
  /// ```
  /// - Complexity: O(*n*) in the length of `text`.
  public init(_ text: RichText) {
    self.init()
    for run in text.runs {
      var attributes = AttributeContainer()
      let string: String
      switch run {
      case .text(let text, let textAttributes):
        string = text
        attributes.entity = textAttributes.entity
        if !textAttributes.hostAttributes.isEmpty { attributes.hostAttributes = textAttributes.hostAttributes }
      case .emoticon(let attachment):
        string = "\u{FFFC}"
        attributes.emoticon = .init(token: attachment.token, code: attachment.emoticon.code)
      }
      append(AttributedString(string, attributes: attributes))
    }
  }
}

extension RichText {
  /// The document an attributed string in ``AttributeScopes/EmotextAttributes`` holds, as written by
  /// `AttributedString(_:)`: each U+FFFC carrying the emoticon attribute becomes the attachment its token
  /// names in `catalog` (an image emoticon's code or alias, the rule JSON decoding and the tokenizers follow;
  /// an emoji is text, not an attachment); all other text (a U+FFFC without the attribute included) stays text, with its
  /// entity and host attributes. Attributes of other scopes (fonts, colours, links) are not kept.
  ///
  /// - Throws: ``AttributedStringConversionError`` when a token is not in `catalog`, naming its UTF-16 offset.
  /// - Complexity: O(*n*) in the length of `attributed`.
  public init(_ attributed: AttributedString, catalog: EmoticonCatalog) throws(AttributedStringConversionError) {
    var runs: [Run] = []
    var utf16Offset = 0
    for run in attributed.runs {
      let textAttributes = TextAttributes(entity: run.entity, hostAttributes: run.hostAttributes ?? [:])
      var text = String.UnicodeScalarView()
      for scalar in attributed.unicodeScalars[run.range] {
        if scalar == "\u{FFFC}", let value = run.emoticon {
          guard let attachment = EmoticonAttachment(token: value.token, in: catalog) else {
            throw .unknownEmoticon(token: value.token, utf16Offset: utf16Offset)
          }
          runs.append(.text(String(text), textAttributes))
          text = String.UnicodeScalarView()
          runs.append(.emoticon(attachment))
        } else {
          text.append(scalar)
        }
        utf16Offset += scalar.utf16.count
      }
      runs.append(.text(String(text), textAttributes))
    }
    self.init(runs: runs)
  }
}

/// Why an `AttributedString` could not be read back as a ``RichText``.
public enum AttributedStringConversionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The emoticon attribute at `utf16Offset` names a token that is no image emoticon's code or alias in the
  /// catalog.
  case unknownEmoticon(token: String, utf16Offset: Int)

  /// Where and what, e.g. `UTF-16 offset 3: unknown emoticon "[xx]" (not in the catalog)`.
  public var description: String {
    switch self {
    case .unknownEmoticon(let token, let utf16Offset):
      "UTF-16 offset \(utf16Offset): unknown emoticon \(token.debugDescription) (not in the catalog)"
    }
  }
}
