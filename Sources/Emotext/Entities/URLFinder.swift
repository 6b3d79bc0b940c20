/// Finds URLs in text: the one definition of a URL that weighted length, entity recognition and truncation share.
///
/// The grammar is twitter-text v3's (`Regex.VALID_URL` and `Extractor.extractURLsWithIndices`): an optional
/// `http://` or `https://`, a host of dot-separated labels ending in a known top-level domain (`TopLevelDomains`,
/// generated from twitter-text's `tld_lib.yml`) or a punycode label, an optional port, a path that may hold Latin
/// letters with accents, Cyrillic, `–` and up to two levels of balanced parentheses, and a query; trailing
/// punctuation (`.`, `,`, `!`, an unbalanced `)`) stays outside. After an `http(s)://` scheme a host label may be
/// any letters (`http://ああ.com`). Every host label must be 1 to 63 characters once punycode-encoded, a
/// non-ASCII label must not start with `xn--`, and a `t.co` link keeps only its slug (at most 40 characters).
/// A rule decides the rest (``Detection``): whether a bare domain (`example.com`, `t.co/abc`) is a URL and which
/// characters right before a URL stop it from being one.
///
/// Every range starts and ends on a grapheme-cluster boundary: a URL whose last character is joined to the next
/// one (`https://a.com` + U+200D) is matched again as if the text ended at the boundary before (`https://a.co`),
/// or dropped when that is no longer a URL.
///
/// ```swift
/// URLFinder.twitter.urlRanges(in: "see example.com/a, http://ああ.com")   // [4..<17, 19..<36] (UTF-8)
/// URLFinder.weibo.urlRanges(in: "see example.com/a, http://ああ.com")     // [19..<36]
/// ```
public struct URLFinder: Sendable, Hashable {
  /// How a rule detects URLs beyond the shared grammar.
  public enum Detection: Sendable, Hashable {
    /// Only URLs that start with `http://` or `https://` (any case), not right after an ASCII letter or digit
    /// (`xhttp://a.com` is no URL): Weibo's composer.
    case schemeOnly
    /// twitter-text v3: also bare domains with a known TLD (`foo.com`, `t.co/abc`), not right after an ASCII
    /// letter or digit, `@`, `＠`, `$`, `#`, `＃` or U+FFFE, U+FEFF, U+FFFF; a bare domain right after `-`, `_`,
    /// `.` or `/` is no URL either.
    case twitterText
  }

  /// What this finder detects.
  public var detection: Detection

  /// A finder with `detection`.
  public init(detection: Detection) {
    self.detection = detection
  }

  /// Weibo's links: `http(s)://` only.
  public static let weibo = URLFinder(detection: .schemeOnly)

  /// twitter-text v3's links, bare domains included.
  public static let twitter = URLFinder(detection: .twitterText)

  /// The UTF-8 ranges of the URLs in `text`, in order, never overlapping, each on grapheme-cluster boundaries.
  ///
  /// - Complexity: O(*n*) in the length of `text` (a host is examined for at most 253 characters).
  public func urlRanges(in text: String) -> [Range<Int>] {
    if let ranges = text.utf8.withContiguousStorageIfAvailable({ urlRanges(inUTF8: $0) }) { return ranges }
    return Array(text.utf8).withUnsafeBufferPointer { urlRanges(inUTF8: $0) }
  }

  /// The UTF-8 ranges of the URLs in `utf8` (valid UTF-8, read in place), as ``urlRanges(in:)`` finds them.
  ///
  /// - Complexity: O(*n*) in the length of `utf8`.
  func urlRanges(inUTF8 utf8: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    // Note: twitter-text's own shortcut; a URL needs a `.` in its host, and a scheme needs `://`. Most text
    // holds neither, and is passed over 8 bytes at a time.
    switch detection {
    case .twitterText:
      guard Self.utf8Offset(of: UInt8(ascii: "."), in: utf8, from: 0) != nil else { return [] }
    case .schemeOnly:
      var colon = Self.utf8Offset(of: UInt8(ascii: ":"), in: utf8, from: 0)
      while let found = colon, !(found + 2 < utf8.count && utf8[found + 1] == 0x2F && utf8[found + 2] == 0x2F) {
        colon = Self.utf8Offset(of: UInt8(ascii: ":"), in: utf8, from: found + 1)
      }
      guard colon != nil else { return [] }
    }
    return URLScan(bytes: utf8, detection: detection).ranges()
  }

  /// The first offset at or after `start` where `utf8` holds `byte`, or nil; reads 8 bytes at a time.
  static func utf8Offset(of byte: UInt8, in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = utf8.baseAddress else { return nil }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let pattern = UInt64(byte) &* ones
    var index = start
    while index &+ 8 <= utf8.count {
      // Note: a byte equal to `byte` is a zero byte of `word`, which the classic test finds.
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ pattern
      if (word &- ones) & ~word & 0x8080_8080_8080_8080 != 0 { break }
      index &+= 8
    }
    while index < utf8.count {
      if base[index] == byte { return index }
      index &+= 1
    }
    return nil
  }

  /// Whether `url` starts with `http://` or `https://` in any case (compared by bytes: a combining mark after
  /// `//` does not hide the scheme).
  static func startsWithScheme(_ url: some StringProtocol) -> Bool {
    let lowercased = url.utf8.prefix(8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    return lowercased.starts(with: "http://".utf8) || lowercased.starts(with: "https://".utf8)
  }
}
