extension BracketTokenizer {
  /// The `[…]` candidates in `text` that fit the grammar (1 or more characters that are not `[`, `]` or a
  /// line break, no longer than the catalog's longest token) but that the catalog does not know, as UTF-8
  /// ranges in order: what a post would show as text although it looks like an emoticon.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  public func unknownTokenRanges(in text: String) -> [Range<Int>] {
    var result: [Range<Int>] = []
    forEachCandidate(in: text) { utf8Range, token in
      if catalog.emoticon(forToken: token) == nil { result.append(utf8Range) }
    }
    return result
  }

  /// Tokenizes `post`, serializes it back and compares, byte for byte.
  ///
  /// ```swift
  /// let check = BracketTokenizer(catalog: .default).roundTrip("好[哈哈][xx]")
  /// check.tokenCount          // 1
  /// check.unknownTokenCount   // 1
  /// check.mismatchUTF8Offset  // nil: the post came back unchanged
  /// ```
  public func roundTrip(_ post: String) -> RoundTripCheck {
    let document = tokenize(post)
    let tokens = document.runs.reduce(0) { count, run in if case .emoticon = run { count + 1 } else { count } }
    let back = document.postText
    var mismatch: Int?
    if back.utf8.count != post.utf8.count || !back.utf8.elementsEqual(post.utf8) {
      mismatch = zip(back.utf8, post.utf8).prefix { $0 == $1 }.count
    }
    return RoundTripCheck(
      tokenCount: tokens, unknownTokenCount: unknownTokenRanges(in: post).count,
      mismatchUTF8Offset: mismatch)
  }
}

/// What ``BracketTokenizer/roundTrip(_:)`` found in one post.
public struct RoundTripCheck: Hashable, Sendable {
  /// The attachments the post tokenized into.
  public var tokenCount: Int
  /// The bracket candidates the catalog does not know.
  public var unknownTokenCount: Int
  /// The first UTF-8 offset where the serialized post differs from the input, or nil when equal.
  public var mismatchUTF8Offset: Int?

  public init(tokenCount: Int, unknownTokenCount: Int, mismatchUTF8Offset: Int?) {
    self.tokenCount = tokenCount
    self.unknownTokenCount = unknownTokenCount
    self.mismatchUTF8Offset = mismatchUTF8Offset
  }
}
