import EmotextUnicode

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns `[xx]` tokens that the catalog knows into emoticon attachments; everything else stays text.
///
/// The grammar is Weibo's: `[`, then 1 or more characters that are not `[`, `]` or a line break, then `]`,
/// no longer than the catalog's longest token. Brackets nest and break in real posts, and the innermost
/// pair wins: `[[哈哈]` is `[` + [哈哈], `[抓狂[兔子]]` is `[抓狂` + [兔子] + `]`.
///
/// ```swift
/// let tokenizer = BracketTokenizer(catalog: .default)
/// let post = tokenizer.tokenize("今天好开心[哈哈][未知]")
/// post.runs.count   // 3: "今天好开心", [哈哈], "[未知]"
/// ```
///
/// Tokenizing is total (it never fails) and linear in the input: it scans UTF-8 bytes for the ASCII
/// brackets and asks the catalog about each candidate, whose length is bounded.
public struct BracketTokenizer: Sendable {
  public let catalog: EmoticonCatalog
  /// The catalog's tokens by their bytes, for candidates that need no `String` to be looked up.
  let tokenTable: TokenTable

  public init(catalog: EmoticonCatalog) {
    self.catalog = catalog
    tokenTable = TokenTable(catalog: catalog)
  }

  /// A token found in text (the name this type had before ``TokenMatch`` served every tokenizer).
  public typealias Match = TokenMatch

  /// The catalog tokens in `text`, in order, never overlapping.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  public func matches(in text: String) -> [TokenMatch] {
    var result: [TokenMatch] = []
    forEachMatch(in: text) { result.append($0) }
    return result
  }

  /// `text` as a document: known tokens become attachments, the rest is text with `attributes`.
  ///
  /// One pass over the bytes: the document's leaves are slices of `text` (no byte is copied) with a small
  /// descriptor per run, so a post costs about one allocation.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  public func tokenize(_ text: String, attributes: TextAttributes = .plain) -> RichText {
    var builder = LeafBuilder(slicing: text)
    var source = text
    source.withUTF8 { bytes in
      var textStart = 0
      forEachToken(in: bytes) { utf8Range, _, emoticon in
        builder.appendText(sourceRange: textStart..<utf8Range.lowerBound, of: bytes, attributes: attributes)
        builder.appendAttachment(emoticon, sourceRange: utf8Range)
        textStart = utf8Range.upperBound
      }
      builder.appendText(sourceRange: textStart..<bytes.count, of: bytes, attributes: attributes)
    }
    return RichText(leaves: builder.finish())
  }

  /// Calls `body` with each catalog token in `text`, in order.
  public func forEachMatch(in text: String, _ body: (TokenMatch) -> Void) {
    var text = text
    text.withUTF8 { bytes in
      forEachToken(in: bytes) { utf8Range, _, emoticon in body(TokenMatch(utf8Range: utf8Range, emoticon: emoticon)) }
    }
  }

  /// Calls `body` with each innermost `[…]` in `text` that fits the grammar (1 or more characters other
  /// than brackets and line breaks, no longer than the catalog's longest token), known or not, in order.
  func forEachCandidate(in text: String, _ body: (Range<Int>, String) -> Void) {
    var text = text
    text.withUTF8 { bytes in
      forEachCandidate(in: bytes) { utf8Range in
        body(utf8Range, String(decoding: UnsafeBufferPointer(rebasing: bytes[utf8Range]), as: UTF8.self))
      }
    }
  }

  /// Calls `body` with the byte range, spelling and emoticon of each catalog token in `bytes` (valid UTF-8).
  func forEachToken(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, String, Emoticon) -> Void) {
    forEachCandidate(in: bytes) { utf8Range in
      let candidate = UnsafeBufferPointer(rebasing: bytes[utf8Range])
      switch tokenTable.lookUp(candidate) {
      case .found(let token, let emoticon): body(utf8Range, token, emoticon)
      case .absent: break
      case .unsure:
        let token = String(decoding: candidate, as: UTF8.self)
        if let emoticon = catalog.emoticon(forToken: token) { body(utf8Range, token, emoticon) }
      }
    }
  }

  /// Calls `body` with the byte range of each candidate in `bytes` (valid UTF-8), as
  /// ``forEachCandidate(in:_:)`` does.
  ///
  /// Outside a candidate, `memchr` jumps to the next `[`; inside one, at most the catalog's longest token
  /// length is read byte by byte before the candidate is dropped, so every byte is read once.
  func forEachCandidate(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
    let longest = catalog.longestTokenUTF8Count
    guard longest >= 3, let base = bytes.baseAddress else { return }
    var index = 0
    while index < bytes.count {
      guard let hit = memchr(base + index, Int32(UInt8(ascii: "[")), bytes.count - index) else { return }
      var open = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
      index = open + 1
      // Note: a candidate is `[`, 1 or more bytes, `]`, at most `longest` bytes in all.
      while index < bytes.count && index - open < longest {
        let byte = bytes[index]
        if byte == UInt8(ascii: "[") {
          open = index
        } else if byte == UInt8(ascii: "]") {
          if index - open >= 2 { body(open..<(index + 1)) }
          index += 1
          break
        } else if LineBreaks.lineBreakUTF8Count(in: bytes, at: index) > 0 {
          index += 1
          break
        }
        index += 1
      }
    }
  }
}
