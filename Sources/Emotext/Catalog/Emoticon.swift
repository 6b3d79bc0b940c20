/// One emoticon of a catalog: the code sent to the server and how to show it.
///
/// Image emoticons (`[哈哈]`) become attachments in a ``RichText``; emoji emoticons are plain text
/// (their `code` is the emoji string itself) and insert as text.
///
/// ```swift
/// let love = Emoticon(code: "[爱你]", aliases: ["[愛你]"], kind: .image(png: "d_aini.png", gif: nil),
///                     fallback: "😍", packID: "com.sina.default")
/// let grin = Emoticon(code: "😀", kind: .emoji("😀"), packID: "com.apple.emoji")
/// ```
///
/// `Emoticon` is an immutable value. Its fields live in one shared box, so a document holding many
/// attachments of the same emoticon stores one pointer each.
public struct Emoticon: Hashable, Sendable {
  /// How a renderer shows an emoticon.
  public enum Kind: Hashable, Sendable {
    /// An image, with paths relative to its pack's folder.
    case image(png: String, gif: String?)
    /// An emoji sequence of one or more scalars; the emoticon is this text.
    case emoji(String)
  }

  private final class Storage: Sendable {
    let code: String
    let aliases: [String]
    let kind: Kind
    let fallback: String?
    let packID: String
    /// The hash of `code` and `packID`, what equal emoticons share, computed once.
    // Note: a document's table finds an emoticon by its hash on every insertion; hashing the two strings each time
    // cost ~3 k instructions (a catalog emoticon's strings are not ASCII, so they are normalized as they are hashed).
    let hashValue: Int

    init(code: String, aliases: [String], kind: Kind, fallback: String?, packID: String) {
      self.code = code
      self.aliases = aliases
      self.kind = kind
      self.fallback = fallback
      self.packID = packID
      var hasher = Hasher()
      hasher.combine(code)
      hasher.combine(packID)
      hashValue = hasher.finalize()
    }
  }

  private let storage: Storage

  /// The text sent to the server, e.g. `[哈哈]` (the tutorials' `chs`); for emoji, the emoji itself.
  public var code: String { storage.code }
  /// Other spellings that mean the same emoticon, e.g. the traditional `cht` form `[愛你]` of `[爱你]`.
  public var aliases: [String] { storage.aliases }
  /// Image or emoji.
  public var kind: Kind { storage.kind }
  /// Text a renderer can show when it has no image (usually an emoji).
  public var fallback: String? { storage.fallback }
  /// The id of the pack the emoticon comes from.
  public var packID: String { storage.packID }

  public init(code: String, aliases: [String] = [], kind: Kind, fallback: String? = nil, packID: String = "") {
    storage = Storage(code: code, aliases: aliases, kind: kind, fallback: fallback, packID: packID)
  }

  /// Whether the emoticon is an image attachment (as opposed to emoji text).
  public var isImage: Bool {
    if case .image = kind { return true }
    return false
  }

  public static func == (lhs: Emoticon, rhs: Emoticon) -> Bool {
    // Note: equal emoticons share their stored hash (of `code` and `packID`), so two with different ones differ without
    // a string compared (a content table's probe meets other emoticons in its slots).
    lhs.storage === rhs.storage
      || (lhs.storedHash == rhs.storedHash && lhs.code == rhs.code && lhs.aliases == rhs.aliases
        && lhs.kind == rhs.kind && lhs.fallback == rhs.fallback && lhs.packID == rhs.packID)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.hashValue)
  }

  /// The hash of `code` and `packID` computed when the emoticon was made, which equal emoticons share: what a
  /// document's content table finds the emoticon by, with no hashing on each lookup.
  var storedHash: Int { storage.hashValue }
}
