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

extension EmoticonAttachment {
  /// The attachment a document holds for `token`: the image emoticon whose code or alias is exactly `token`,
  /// written as `token`; nil when the catalog has none.
  ///
  /// The one rule for what may be an attachment, used by every way into a document that names one by its
  /// token (JSON decoding, the `AttributedString` bridge) as the tokenizers use it: an image emoticon's
  /// spelling, since that is what tokenizing the post text turns back into the same attachment. An emoji is
  /// text in a document, never an attachment, even though ``EmoticonCatalog/emoticon(forCode:)`` knows it.
  init?(token: String, in catalog: EmoticonCatalog) {
    guard let emoticon = catalog.emoticon(forToken: token) else { return nil }
    self.init(emoticon, token: token)
  }
}

extension RichText {
  /// `text` cut into text runs and attachments at `matches` (UTF-8 ranges, in order, not overlapping), in
  /// one pass whose leaves are slices of `text`.
  init(_ text: String, splittingAt matches: [TokenMatch], attributes: TextAttributes) {
    var builder = LeafBuilder(slicing: text)
    var source = text
    source.withUTF8 { bytes in
      var textStart = 0
      for match in matches {
        builder.appendText(sourceRange: textStart..<match.utf8Range.lowerBound, of: bytes, attributes: attributes)
        builder.appendAttachment(match.emoticon, sourceRange: match.utf8Range)
        textStart = match.utf8Range.upperBound
      }
      builder.appendText(sourceRange: textStart..<bytes.count, of: bytes, attributes: attributes)
    }
    self.init(consume builder)
  }
}
