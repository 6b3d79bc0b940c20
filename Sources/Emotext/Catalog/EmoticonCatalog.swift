/// An ordered, immutable set of emoticon packs with O(1) lookup by code or alias.
///
/// ```swift
/// let catalog = EmoticonCatalog.default
/// catalog.emoticon(forToken: "[哈哈]")?.fallback   // "😆"
/// ```
public struct EmoticonCatalog: Sendable, Equatable {
  /// The packs in keyboard order.
  public let packs: [EmoticonPack]
  /// Image emoticons by code and by alias; the first pack that defines a spelling wins.
  private let byToken: [String: Emoticon]
  /// Emoji emoticons by code and by alias; the first pack that defines a spelling wins.
  private let byEmojiCode: [String: Emoticon]
  /// The longest token the bracket tokenizer has to look up, in UTF-8 bytes (brackets included).
  public let longestTokenUTF8Count: Int
  /// The pinyin search index, built on the first ``search(_:limit:)``.
  let searchIndexCache: EmoticonSearchIndexCache

  /// A catalog of `packs`, in keyboard order; a code or alias defined twice belongs to the first definition.
  /// - Complexity: O(*n*) in the number of emoticons.
  public init(packs: [EmoticonPack]) {
    self.packs = packs
    var byToken: [String: Emoticon] = [:]
    var byEmojiCode: [String: Emoticon] = [:]
    for pack in packs {
      for emoticon in pack.emoticons {
        for token in [emoticon.code] + emoticon.aliases {
          if emoticon.isImage {
            if byToken[token] == nil { byToken[token] = emoticon }
          } else if byEmojiCode[token] == nil {
            byEmojiCode[token] = emoticon
          }
        }
      }
    }
    self.byToken = byToken
    self.byEmojiCode = byEmojiCode
    longestTokenUTF8Count = byToken.keys.map(\.utf8.count).max() ?? 0
    searchIndexCache = EmoticonSearchIndexCache()
  }

  /// The image emoticon whose code or alias is exactly `token` (brackets included), if any.
  public func emoticon(forToken token: String) -> Emoticon? { byToken[token] }

  /// The emoticon whose code or alias is `code`: an image token like `[哈哈]`, or an emoji's text.
  /// - Complexity: O(1).
  public func emoticon(forCode code: String) -> Emoticon? {
    byToken[code] ?? byEmojiCode[code]
  }

  /// The packs the keyboard offers: every pack that is not display-only, in order.
  public var keyboardPacks: [EmoticonPack] { packs.filter { !$0.isDisplayOnly } }

  /// The first pack with id `id`, if any.
  public func pack(id: String) -> EmoticonPack? {
    packs.first { $0.id == id }
  }

  /// Every spelling the catalog recognizes as an image emoticon, with its emoticon.
  public var tokens: [String: Emoticon] { byToken }

  public static func == (lhs: EmoticonCatalog, rhs: EmoticonCatalog) -> Bool { lhs.packs == rhs.packs }
}

/// One tab of the emoticon keyboard: 默认, Emoji, 浪小花…
public struct EmoticonPack: Hashable, Sendable {
  /// The pack's id, e.g. `com.sina.default`.
  public var id: String
  /// The name shown on the tab (`group_name_cn`).
  public var displayName: String
  /// The emoticons in keyboard order.
  public var emoticons: [Emoticon]
  /// A pack used only to show emoticons in received posts, not offered on the keyboard.
  public var isDisplayOnly: Bool
  /// The folder image paths are relative to, when the pack was loaded from disk.
  public var directory: String?

  public init(
    id: String, displayName: String, emoticons: [Emoticon], isDisplayOnly: Bool = false,
    directory: String? = nil
  ) {
    self.id = id
    self.displayName = displayName
    self.emoticons = emoticons
    self.isDisplayOnly = isDisplayOnly
    self.directory = directory
  }
}
