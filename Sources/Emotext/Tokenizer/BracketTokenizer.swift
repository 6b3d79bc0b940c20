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

  public init(catalog: EmoticonCatalog) { self.catalog = catalog }

  /// A token found in text: its UTF-8 byte range and the emoticon it spells.
  public struct Match: Hashable, Sendable {
    public var utf8Range: Range<Int>
    public var emoticon: Emoticon
  }

  /// The catalog tokens in `text`, in order, never overlapping.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  public func matches(in text: String) -> [Match] {
    var result: [Match] = []
    forEachMatch(in: text) { result.append($0) }
    return result
  }

  /// `text` as a document: known tokens become attachments, the rest is text with `attributes`.
  public func tokenize(_ text: String, attributes: TextAttributes = .plain) -> RichText {
    var runs: [Run] = []
    var textStart = text.utf8.startIndex
    forEachMatch(in: text) { match in
      let tokenStart = text.utf8.index(text.utf8.startIndex, offsetBy: match.utf8Range.lowerBound)
      let tokenEnd = text.utf8.index(tokenStart, offsetBy: match.utf8Range.count)
      if textStart < tokenStart { runs.append(.text(String(text[textStart..<tokenStart]), attributes)) }
      runs.append(.emoticon(EmoticonAttachment(match.emoticon, token: String(text[tokenStart..<tokenEnd]))))
      textStart = tokenEnd
    }
    if textStart == text.startIndex { return RichText(text, attributes: attributes) }
    if textStart < text.endIndex { runs.append(.text(String(text[textStart...]), attributes)) }
    return RichText(runs: runs)
  }

  /// Calls `body` with each catalog token in `text`, in order.
  public func forEachMatch(in text: String, _ body: (Match) -> Void) {
    forEachCandidate(in: text) { utf8Range, token in
      if let emoticon = catalog.emoticon(forToken: token) { body(Match(utf8Range: utf8Range, emoticon: emoticon)) }
    }
  }

  /// Calls `body` with each innermost `[…]` in `text` that fits the grammar (1 or more characters other
  /// than brackets and line breaks, no longer than the catalog's longest token), known or not, in order.
  func forEachCandidate(in text: String, _ body: (Range<Int>, String) -> Void) {
    let longest = catalog.longestTokenUTF8Count
    guard longest >= 3 else { return }
    var text = text
    text.withUTF8 { bytes in
      var open = -1  // the offset of the last `[` not yet closed, or -1
      var index = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "["):
          open = index
        case UInt8(ascii: "]"):
          if open >= 0, index - open >= 2, index - open < longest {
            let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[open...index]), as: UTF8.self)
            body(open..<(index + 1), token)
          }
          open = -1
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          open = -1
        default:
          break
        }
        index += 1
      }
    }
  }
}
