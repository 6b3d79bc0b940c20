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
  ///
  /// Note: a query that ends where a unit of the name ends (a Chinese character, a whole pinyin syllable, a Latin
  /// word) is what the user meant to type; one that ends inside a unit (`ha` of `han` 汗, of the word `haha`) is
  /// still being typed, and its longer readings rank after the whole ones.
  enum Rank: Int, Comparable {
    /// The name is the query.
    case exact
    /// The query spells the start of the name in whole units: its characters (`哈` of `哈哈`, `ok` of `ok手势`),
    /// whole pinyin syllables (`ha`, `haha`), or both mixed (`哈ha`).
    case wholePrefix
    /// As above, the last unit unfinished: a syllable (`hah`; `ha` of `han`) or a Latin word (`ha` of `haha`).
    case partialPrefix
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
    if name.scalars.starts(with: query) {
      return endsInsideWord(name.scalars, at: query.count) ? .partialPrefix : .wholePrefix
    }
    switch pinyinMatch(query, name, from: 0) {
    case .whole?: return .wholePrefix
    case .unfinished?: return .partialPrefix
    case .abbreviated?: return .abbreviatedPrefix
    case nil: break
    }
    if String(String.UnicodeScalarView(name.scalars)).contains(String(String.UnicodeScalarView(query))) {
      return .nameInfix
    }
    for start in name.syllables.indices.dropFirst() where pinyinMatch(query, name, from: start) != nil {
      return .pinyinInfix
    }
    return nil
  }

  /// Whether a cut of `scalars` before `index` falls inside a word: between two letters or digits that are not
  /// ideographs (each ideograph is a unit of its own).
  private static func endsInsideWord(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    guard index > 0 && index < scalars.count else { return false }
    func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
      !ScalarCategories.isIdeographic(scalar)
        && (ScalarCategories.isAlphabetic(scalar) || ("0"..."9").contains(scalar))
    }
    return isWordScalar(scalars[index - 1]) && isWordScalar(scalars[index])
  }

  /// How a query spells a name's pinyin, best first.
  private enum PinyinMatch: Int {
    /// Whole syllables or characters.
    case whole
    /// Whole ones, the last syllable unfinished.
    case unfinished
    /// With a syllable abbreviated (unfinished and followed by another).
    case abbreviated
  }

  /// How `query` spells the syllables of `name` from `start` on, or nil when it does not.
  private static func pinyinMatch(_ query: [Unicode.Scalar], _ name: Name, from start: Int) -> PinyinMatch? {
    // Note: best[q][s] = the least cost to spell query[q...] from syllable s, memoized; an abbreviation costs
    // more than any unfinished end (there is at most one), so the least cost says which kind of match is best.
    let unfinishedCost = 1
    let abbreviationCost = 2
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
        if length == syllable.count {
          consider(match(q + length, s + 1))
        } else if q + length == query.count {
          consider(unfinishedCost)
        } else {
          consider(match(q + length, s + 1).map { $0 + abbreviationCost })
        }
      }
      memo[key] = best
      return best
    }
    return match(0, start).map { cost in
      cost == 0 ? .whole : cost < abbreviationCost ? .unfinished : .abbreviated
    }
  }

  /// The emoticons matching `query`, best first: by ``Rank``, then shorter names, then catalog order.
  func search(_ query: String, limit: Int) -> [Emoticon] {
    let cleaned = ScalarCategories.lowercased(query).unicodeScalars.filter {
      !ScalarCategories.isWhiteSpace($0) && $0 != "[" && $0 != "]"
    }
    let queryScalars = Array(cleaned)
    var best: [Emoticon: (Rank, Int, Int)] = [:]
    for name in names {
      let rank: Rank? = queryScalars.isEmpty ? .wholePrefix : Self.rank(name, query: queryScalars)
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
