import EmotextUnicode

/// How a weighted length counts text: weights per code-point range, per emoji cluster, per emoticon, per
/// URL, divided by ``unitsPerCharacter`` and rounded up.
///
/// ```swift
/// var rule = WeightedLengthRule.twitter
/// rule.urlWeight = 20
/// RichText("hi https://example.com/a").length(by: .weighted(rule))   // 3 + 20 = 23
/// ```
///
/// The weighted length of a document is `ceil(sum / unitsPerCharacter)`, where the sum goes over its
/// units in order: an attachment weighs ``emoticonWeight`` (or its token's text), a URL weighs
/// ``urlWeight`` (or its text), a grapheme cluster that is an emoji weighs ``emojiClusterWeight`` (or
/// its scalars), and any other scalar weighs the weight of the first range holding it, else
/// ``defaultWeight``.
public struct WeightedLengthRule: Sendable, Hashable {
  /// A weight for the scalars in a closed range of code points.
  public struct RangeWeight: Sendable, Hashable {
    public var scalars: ClosedRange<UInt32>
    public var weight: Int
    public init(_ scalars: ClosedRange<UInt32>, weight: Int) {
      self.scalars = scalars
      self.weight = weight
    }
  }

  /// Weights by code-point range; the first range holding a scalar wins.
  public var ranges: [RangeWeight]
  /// The weight of a scalar in no range.
  public var defaultWeight: Int
  /// The weight of a whole emoji cluster, or nil to weigh its scalars.
  public var emojiClusterWeight: Int?
  /// The weight of an attachment, or nil to weigh its token's text (`[哈哈]` as 4 scalars).
  public var emoticonWeight: Int?
  /// The weight of a URL (as ``urlFinder`` finds them), or nil to weigh its text.
  public var urlWeight: Int?
  /// What counts as a URL: the same finder recognizes links as entities
  /// (``RichText/recognizingEntities(urls:)``), so a counter and a rendered link agree.
  public var urlFinder: URLFinder
  /// Whether each cluster is put in NFC before its scalars are weighed.
  public var normalizesToNFC: Bool
  /// What the sum of weights is divided by (rounding up) to give the length.
  public var unitsPerCharacter: Int

  public init(
    ranges: [RangeWeight], defaultWeight: Int, emojiClusterWeight: Int? = nil, emoticonWeight: Int? = nil,
    urlWeight: Int? = nil, urlFinder: URLFinder = .weibo, normalizesToNFC: Bool = false, unitsPerCharacter: Int = 1
  ) {
    precondition(unitsPerCharacter > 0, "WeightedLengthRule.unitsPerCharacter must be positive")
    self.ranges = ranges
    self.defaultWeight = defaultWeight
    self.emojiClusterWeight = emojiClusterWeight
    self.emoticonWeight = emoticonWeight
    self.urlWeight = urlWeight
    self.urlFinder = urlFinder
    self.normalizesToNFC = normalizesToNFC
    self.unitsPerCharacter = unitsPerCharacter
  }

  /// twitter-text's v3 configuration: code points 0–4351, 8192–8205, 8208–8223 and 8242–8247 weigh 1,
  /// everything else 2, any emoji cluster 2, NFC first, URLs 23 (found as twitter-text finds them, bare domains
  /// included: ``URLFinder/twitter``); limit 280. An attachment weighs its token's text, as the post text Twitter
  /// would receive.
  public static let twitter = WeightedLengthRule(
    ranges: [
      RangeWeight(0...4351, weight: 1), RangeWeight(8192...8205, weight: 1),
      RangeWeight(8208...8223, weight: 1), RangeWeight(8242...8247, weight: 1),
    ],
    defaultWeight: 2, emojiClusterWeight: 2, urlWeight: 23, urlFinder: .twitter, normalizesToNFC: true)

  /// Weibo's composer count: a character in U+0000–U+00FF counts one half, any other UTF-16 unit one
  /// (so an emoji outside the BMP counts 2), rounded up; an emoticon counts as its token's text
  /// (`[哈哈]` = 3); a URL (`http://` or `https://` only: ``URLFinder/weibo``) counts 10 (the length of its `t.cn`
  /// short link). Limit 140 (2000 for long posts).
  ///
  /// Source: the web composer's `getLength`, widely copied from weibo.com's scripts, which doubles every
  /// character matching `[^\x00-\xff]` and halves the total, rounding up; see <doc:TokenizingSerializingCounting#Lengths>.
  public static let weibo = WeightedLengthRule(
    ranges: [RangeWeight(0...0xFF, weight: 1), RangeWeight(0x100...0xFFFF, weight: 2)],
    defaultWeight: 4, urlWeight: 20, urlFinder: .weibo, unitsPerCharacter: 2)
}

/// What a length counts.
public enum LengthMeasure: Sendable, Hashable {
  /// UTF-16 code units; an attachment is 1.
  case utf16
  /// Unicode scalars; an attachment is 1.
  case unicodeScalars
  /// Extended grapheme clusters (ICU); an attachment is 1.
  case graphemeClusters
  /// A weighted length.
  case weighted(WeightedLengthRule)
}
