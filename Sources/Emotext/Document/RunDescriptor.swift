/// One run (or one piece of a text run) in a leaf: its lengths, and the index of its attributes or emoticon in
/// the document's ``RunContentTable``. The bytes are the leaf's: a text run's text, an attachment's token.
///
/// Plain data (12 bytes, no reference-counted payload), so copying or editing a leaf's descriptors retains
/// nothing.
struct RunDescriptor: Sendable {
  /// What a run is: text with attributes, or an attachment's emoticon (what a ``RunContentIndex`` stands for).
  enum Content: Hashable, Sendable {
    case text(TextAttributes)
    case emoticon(Emoticon)

    /// The hash a ``RunContentTable`` finds the content by: an emoticon's stored one, or the attributes' hash.
    var tableHash: Int {
      switch self {
      case .text(let attributes): attributes.hashValue
      case .emoticon(let emoticon): emoticon.storedHash
      }
    }
  }

  // Note: 32-bit lengths and index keep a descriptor at 12 bytes; a piece is never longer than a leaf.
  var utf8Count: Int32
  var utf16Count: Int32
  var contentIndex: RunContentIndex

  /// Whether this is text whose content is `index`.
  func isText(_ index: RunContentIndex) -> Bool { contentIndex == index && !index.isEmoticon }

  /// The bytes by which the attachments among `descriptors` outweigh a U+FFFC each (see
  /// ``Summary/attachmentTokenExcess``).
  static func attachmentTokenExcess(of descriptors: [RunDescriptor]) -> Int {
    var excess = 0
    for descriptor in descriptors where !descriptor.isText {
      excess &+= Int(descriptor.utf8Count) &- objectReplacementUTF8Count
    }
    return excess
  }

  /// The UTF-8 length of U+FFFC, which stands for an attachment in a host's text.
  static let objectReplacementUTF8Count = 3

  /// Whether this is text (not an attachment).
  var isText: Bool { !contentIndex.isEmoticon }
}
