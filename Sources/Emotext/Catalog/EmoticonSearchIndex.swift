import EmotextUnicode
import Synchronization

/// The names of a catalog's image emoticons with their pinyin, built once per catalog for
/// ``EmoticonCatalog/search(_:limit:)``.
struct EmoticonSearchIndex: Sendable {
  /// One spelling of an emoticon (its code or an alias, brackets removed), scalar by scalar.
  struct Name: Sendable {
    /// The emoticon's position in the catalog, for ties.
    var order: Int
    var emoticon: Emoticon
    /// The name's scalars, lowercased.
    var scalars: [Unicode.Scalar]
    /// Each scalar's tone-free lowercase pinyin (`哈` → `ha`); a letter or digit stands for itself.
    var syllables: [[Unicode.Scalar]]
  }

  var names: [Name] = []

  /// The index of `catalog`'s image emoticons: each code and alias, with pinyin from ICU's `Han-Latin`
  /// transliteration (tone marks removed by `Latin-ASCII`). When ICU does not accept the transliterator's ID
  /// (an ICU built without transliteration rules), names are matched by their characters only.
  init(_ catalog: EmoticonCatalog) {
    let transliterator = try? Transliterator(Transliterator.pinyinIdentifier)
    var pinyin: [Unicode.Scalar: [Unicode.Scalar]] = [:]
    var seen: Set<Emoticon> = []
    var order = 0
    for pack in catalog.packs {
      for emoticon in pack.emoticons where emoticon.isImage && seen.insert(emoticon).inserted {
        for spelling in [emoticon.code] + emoticon.aliases {
          let scalars = Array(ScalarCategories.lowercased(Self.bare(spelling)).unicodeScalars)
          guard !scalars.isEmpty else { continue }
          let syllables = scalars.map { scalar -> [Unicode.Scalar] in
            if let known = pinyin[scalar] { return known }
            var syllable = [scalar]
            if ScalarCategories.isIdeographic(scalar), let transliterator {
              let latin = transliterator.transliterate(String(scalar))
              let letters = latin.unicodeScalars.filter(ScalarCategories.isAlphabetic)
              if !letters.isEmpty { syllable = Array(letters) }
            }
            pinyin[scalar] = syllable
            return syllable
          }
          names.append(Name(order: order, emoticon: emoticon, scalars: scalars, syllables: syllables))
        }
        order += 1
      }
    }
  }

  /// `spelling` without its enclosing brackets (`[哈哈]` → `哈哈`).
  static func bare(_ spelling: String) -> Substring {
    var name = Substring(spelling)
    if name.hasPrefix("[") && name.hasSuffix("]") && name.count >= 2 { name = name.dropFirst().dropLast() }
    return name
  }

  /// How well a name matches a query; smaller is better.
  enum Rank: Int, Comparable {
    /// The name is the query.
    case exact
    /// The name starts with the query's characters.
    case namePrefix
    /// The query spells the name's pinyin from its start, whole syllables or Chinese characters, the last
    /// syllable possibly unfinished (`haha`, `hah`, `哈ha`).
    case pinyinPrefix
    /// As above, with syllables abbreviated (`hh`, `xm`, `哈h`).
    case abbreviatedPrefix
    /// The name contains the query's characters.
    case nameInfix
    /// The query spells the pinyin from a later syllable.
    case pinyinInfix

    static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// How `name` matches `query` (lowercased scalars, no spaces or brackets), or nil when it does not.
  static func rank(_ name: Name, query: [Unicode.Scalar]) -> Rank? {
    if name.scalars == query { return .exact }
    if name.scalars.starts(with: query) { return .namePrefix }
    if let abbreviated = pinyinMatch(query, name, from: 0) { return abbreviated ? .abbreviatedPrefix : .pinyinPrefix }
    if String(String.UnicodeScalarView(name.scalars)).contains(String(String.UnicodeScalarView(query))) {
      return .nameInfix
    }
    for start in name.syllables.indices.dropFirst() where pinyinMatch(query, name, from: start) != nil {
      return .pinyinInfix
    }
    return nil
  }

  /// Whether `query` spells the syllables of `name` from `start` on: nil when it does not, true when it needs
  /// an abbreviated syllable (an unfinished syllable followed by another), false when whole syllables do.
  private static func pinyinMatch(_ query: [Unicode.Scalar], _ name: Name, from start: Int) -> Bool? {
    // Note: best[q][s] = the least number of abbreviations to spell query[q...] from syllable s, memoized.
    var memo: [Int: Int?] = [:]
    func match(_ q: Int, _ s: Int) -> Int? {
      if q == query.count { return 0 }
      if s == name.syllables.count { return nil }
      let key = q * (name.syllables.count + 1) + s
      if let known = memo[key] { return known }
      var best: Int?
      func consider(_ cost: Int?) { if let cost, cost < best ?? .max { best = cost } }
      if query[q] == name.scalars[s] { consider(match(q + 1, s + 1)) }
      let syllable = name.syllables[s]
      var length = 0
      while length < syllable.count && q + length < query.count && query[q + length] == syllable[length] {
        length += 1
        if q + length == query.count {
          consider(0)
        }  // an unfinished last syllable
        else if length == syllable.count {
          consider(match(q + length, s + 1))
        } else {
          consider(match(q + length, s + 1).map { $0 + 1 })
        }  // an abbreviation
      }
      memo[key] = best
      return best
    }
    return match(0, start).map { $0 > 0 }
  }

  /// The emoticons matching `query`, best first: by ``Rank``, then shorter names, then catalog order.
  func search(_ query: String, limit: Int) -> [Emoticon] {
    let cleaned = ScalarCategories.lowercased(query).unicodeScalars.filter {
      !ScalarCategories.isWhiteSpace($0) && $0 != "[" && $0 != "]"
    }
    let queryScalars = Array(cleaned)
    var best: [Emoticon: (Rank, Int, Int)] = [:]
    for name in names {
      let rank: Rank? = queryScalars.isEmpty ? .namePrefix : Self.rank(name, query: queryScalars)
      guard let rank else { continue }
      // Note: an empty query keeps catalog order.
      let key = (rank, queryScalars.isEmpty ? 0 : name.scalars.count, name.order)
      if let known = best[name.emoticon], !Self.isBetter(key, than: known) { continue }
      best[name.emoticon] = key
    }
    return best.sorted { Self.isBetter($0.value, than: $1.value) }.prefix(max(limit, 0)).map(\.key)
  }

  private static func isBetter(_ lhs: (Rank, Int, Int), than rhs: (Rank, Int, Int)) -> Bool {
    (lhs.0.rawValue, lhs.1, lhs.2) < (rhs.0.rawValue, rhs.1, rhs.2)
  }
}

/// Where a catalog keeps its search index, built on the first search and shared by every copy.
final class EmoticonSearchIndexCache: Sendable {
  private let index = Mutex<EmoticonSearchIndex?>(nil)

  /// The index, built by `build` on the first call.
  func index(_ build: () -> EmoticonSearchIndex) -> EmoticonSearchIndex {
    index.withLock { cached in
      if let cached { return cached }
      let built = build()
      cached = built
      return built
    }
  }
}
