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
  /// - Complexity: O(*n*) in the length of `text`, read in place: the characters are written from the leaves
  ///   into one string, then each run that carries an attribute (an attachment, an entity, host attributes)
  ///   gets it on its range, found by moving forward from the previous one; plain text runs cost nothing more.
  public init(_ text: RichText) {
    var characters: [UInt8] = []
    characters.reserveCapacity(text.root.summary.utf8)
    text.forEachPiece { piece in
      switch piece.content {
      case .text: characters.append(contentsOf: piece.utf8)
      case .emoticon: characters.append(contentsOf: Self.attachmentCharacterUTF8)
      }
      return true
    }
    self.init(String(decoding: characters, as: UTF8.self))
    // Note: a run's range is found by UTF-8 offset in the new string (an attachment is U+FFFC, 3 bytes),
    // moving an index forward from the last one found, so the pass is linear. Neighbouring runs with equal
    // attributes (the same emoticon twice) get them in one call, as appending them would have joined them.
    var cursor = (index: startIndex, utf8Offset: 0)
    func index(atUTF8Offset utf8Offset: Int) -> AttributedString.Index {
      cursor = (utf8.index(cursor.index, offsetBy: utf8Offset - cursor.utf8Offset), utf8Offset)
      return cursor.index
    }
    var pending: (utf8Range: Range<Int>, attributes: AttributeContainer)?
    func flush() {
      guard let (utf8Range, attributes) = pending else { return }
      let range = index(atUTF8Offset: utf8Range.lowerBound)..<index(atUTF8Offset: utf8Range.upperBound)
      self[range].mergeAttributes(attributes)
      pending = nil
    }
    func add(_ attributes: AttributeContainer, _ utf8Range: Range<Int>) {
      if let current = pending, current.utf8Range.upperBound == utf8Range.lowerBound, current.attributes == attributes {
        pending = (current.utf8Range.lowerBound..<utf8Range.upperBound, attributes)
        return
      }
      flush()
      pending = (utf8Range, attributes)
    }
    var utf8Offset = 0  // where the piece starts in the new string
    var runStart = 0
    text.forEachPiece { piece in
      switch piece.content {
      case .text(let attributes):
        if !piece.continuesRun { runStart = utf8Offset }
        utf8Offset += piece.utf8.count
        guard piece.endsRun, attributes.entity != nil || !attributes.hostAttributes.isEmpty else { return true }
        var container = AttributeContainer()
        container.entity = attributes.entity
        if !attributes.hostAttributes.isEmpty { container.hostAttributes = attributes.hostAttributes }
        add(container, runStart..<utf8Offset)
      case .emoticon(let emoticon):
        var container = AttributeContainer()
        container.emoticon = .init(token: String(decoding: piece.utf8, as: UTF8.self), code: emoticon.code)
        add(container, utf8Offset..<(utf8Offset + Self.attachmentCharacterUTF8.count))
        utf8Offset += Self.attachmentCharacterUTF8.count
      }
      return true
    }
    flush()
  }

  /// U+FFFC OBJECT REPLACEMENT CHARACTER in UTF-8: the character an attachment occupies.
  private static let attachmentCharacterUTF8: [UInt8] = [0xEF, 0xBF, 0xBC]
}

extension RichText {
  /// The document an attributed string in `AttributeScopes.EmotextAttributes` holds, as written by
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
