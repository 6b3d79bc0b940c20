import EmotextUnicode

/// One run of a ``RichText``: text with attributes, or one emoticon attachment.
public enum Run: Hashable, Sendable {
  /// Text, never empty in a canonical document.
  case text(String, TextAttributes)
  /// An image emoticon, one position wide (like U+FFFC in NSAttributedString).
  case emoticon(EmoticonAttachment)

  /// The run's length in UTF-16 code units; an attachment counts 1.
  public var utf16Count: Int {
    switch self {
    case .text(let text, _): text.utf16CountFromUTF8
    case .emoticon: 1
    }
  }

  /// Whether the run is an emoticon attachment.
  public var isEmoticon: Bool {
    if case .emoticon = self { return true }
    return false
  }

  /// The run's text as it is sent to the server: the text itself, or the attachment's token.
  public var postText: String {
    switch self {
    case .text(let text, _): text
    case .emoticon(let attachment): attachment.token
    }
  }
}

/// The attributes of a text run. Small on purpose: entities recognized in the text, plus what a host adds.
public struct TextAttributes: Hashable, Sendable {
  /// What an entity run is. The entity's value (name, topic, URL) is the run's text.
  public enum Entity: String, Hashable, Sendable, Codable {
    /// `@name`.
    case mention
    /// `#topic#`.
    case topic
    /// An http(s) URL.
    case link
  }

  // Note: the dictionary comes first so the one-byte optional packs after it (9 bytes rather than 16), which
  // keeps each run descriptor in the document's tree small.
  /// Attributes a host application keeps on text (a font name, a colour); Emotext carries them unchanged.
  public var hostAttributes: [String: String]
  /// The entity this text is, if any.
  public var entity: Entity?

  public init(entity: Entity? = nil, hostAttributes: [String: String] = [:]) {
    self.entity = entity
    self.hostAttributes = hostAttributes
  }

  /// No entity, no host attributes.
  public static let plain = TextAttributes()
}

/// An emoticon placed in a document, remembering the exact spelling it was written with.
///
/// The token is the catalog code or one of its aliases (`[愛你]` for `[爱你]`), so that serializing
/// gives back exactly the text that was tokenized.
public struct EmoticonAttachment: Hashable, Sendable {
  public let emoticon: Emoticon
  /// The spelling written into post text.
  public let token: String

  /// An attachment written as the emoticon's code.
  public init(_ emoticon: Emoticon) {
    self.init(emoticon, token: emoticon.code)
  }

  public init(_ emoticon: Emoticon, token: String) {
    self.emoticon = emoticon
    self.token = token
  }
}
