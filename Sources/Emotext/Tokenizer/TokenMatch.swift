/// A catalog token found in text: where it is, in UTF-8 bytes, and the emoticon it spells.
///
/// What every ``EmoticonTokenizer`` produces, whatever its syntax (`[哈哈]`, `:smile:`, `/::)`).
///
/// ```swift
/// let match = BracketTokenizer(catalog: .default).matches(in: "好[哈哈]")[0]
/// match.utf8Range      // 3..<11
/// match.emoticon.code  // "[哈哈]"
/// ```
public struct TokenMatch: Hashable, Sendable {
  /// The token's bytes in the UTF-8 of the text it was found in.
  public var utf8Range: Range<Int>
  /// The emoticon the token spells (by its code or one of its aliases).
  public var emoticon: Emoticon

  public init(utf8Range: Range<Int>, emoticon: Emoticon) {
    self.utf8Range = utf8Range
    self.emoticon = emoticon
  }
}
