/// A tokenizer that turns emoticon tokens in post text into attachments: ``BracketTokenizer`` for
/// Weibo's `[哈哈]` grammar, ``PatternTokenizer`` for other syntaxes (`:smile:`, QQ's `/::)`).
///
/// ```swift
/// let tokenizers: [any EmoticonTokenizer] = [BracketTokenizer(catalog: .default)]
/// tokenizers[0].tokenize("好[哈哈]", attributes: .plain).runs.count   // 2
/// ```
///
/// Every tokenizer is total and lossless: `tokenize(s).postText == s` for every string `s`, because an
/// attachment keeps the exact spelling it was matched from.
public protocol EmoticonTokenizer: Sendable {
  /// The catalog the tokens are looked up in.
  var catalog: EmoticonCatalog { get }
  /// The catalog tokens in `text`, in order, never overlapping.
  func matches(in text: String) -> [TokenMatch]
  /// `text` as a document: known tokens become attachments, the rest is text with `attributes`.
  func tokenize(_ text: String, attributes: TextAttributes) -> RichText
}

extension BracketTokenizer: EmoticonTokenizer {}

extension RichText {
  /// `text` cut into text runs and attachments at `matches` (UTF-8 ranges, in order, not overlapping).
  init(_ text: String, splittingAt matches: [TokenMatch], attributes: TextAttributes) {
    guard !matches.isEmpty else {
      self.init(text, attributes: attributes)
      return
    }
    var runs: [Run] = []
    runs.reserveCapacity(matches.count * 2 + 1)
    let utf8 = text.utf8
    var textStart = utf8.startIndex
    var textStartOffset = 0
    for match in matches {
      let tokenStart = utf8.index(textStart, offsetBy: match.utf8Range.lowerBound - textStartOffset)
      let tokenEnd = utf8.index(tokenStart, offsetBy: match.utf8Range.count)
      if textStart < tokenStart { runs.append(.text(String(text[textStart..<tokenStart]), attributes)) }
      runs.append(.emoticon(EmoticonAttachment(match.emoticon, token: String(text[tokenStart..<tokenEnd]))))
      textStart = tokenEnd
      textStartOffset = match.utf8Range.upperBound
    }
    if textStart < text.endIndex { runs.append(.text(String(text[textStart...]), attributes)) }
    self.init(runs: runs)
  }
}
