import Synchronization

@testable import Emotext

/// What the reference tokenizer knows, defined apart from the library: its own token dictionary and its own
/// line-break set, so a bug in the catalog's lookup or in ``LineBreaks`` cannot hide in both.
enum ReferenceTokens {
  /// The line breaks of UAX #14 that always end a line (classes BK, CR, LF and NL of LineBreak.txt): LF, VT,
  /// FF, CR, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
  static let lineBreaks: Set<Unicode.Scalar> = ["\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}"]

  /// Each image emoticon of `catalog` by its code and by each alias, the first in pack order winning, in a plain
  /// `Dictionary` (`String` equality: canonical equivalence, as a token's spelling is compared).
  static func dictionary(of catalog: EmoticonCatalog) -> [String: Emoticon] {
    // Note: the properties ask for the same few catalogs at every step; each dictionary is made once.
    if let known = made.withLock({ $0.first { $0.catalog == catalog }?.tokens }) { return known }
    let tokens = makeDictionary(of: catalog)
    made.withLock { made in
      if made.count >= 16 { made.removeFirst() }
      made.append((catalog, tokens))
    }
    return tokens
  }

  private static let made = Mutex<[(catalog: EmoticonCatalog, tokens: [String: Emoticon])]>([])

  private static func makeDictionary(of catalog: EmoticonCatalog) -> [String: Emoticon] {
    var result: [String: Emoticon] = [:]
    for pack in catalog.packs {
      for emoticon in pack.emoticons {
        guard case .image = emoticon.kind else { continue }
        for spelling in [emoticon.code] + emoticon.aliases where result[spelling] == nil {
          result[spelling] = emoticon
        }
      }
    }
    return result
  }
}

extension Run {
  /// The run's length in UTF-16 code units, counted by the standard library (an attachment is one U+FFFC).
  var referenceUTF16Count: Int {
    switch self {
    case .text(let text, _): text.utf16.count
    case .emoticon: 1
    }
  }
}
