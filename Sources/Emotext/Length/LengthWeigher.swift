import EmotextUnicode
import Synchronization

/// A ``LengthMeasure`` prepared for one walk over a document: the weight of each run, read in place, and its
/// units one by one where a walk needs them (truncation).
///
/// A run's units are its URLs (for a rule with a URL weight, found in the run alone) and the grapheme clusters
/// between them; an attachment is one unit. A cluster that is not an emoji weighs the sum of its scalars (after
/// NFC, for a rule that normalizes text not already in NFC), so a run with no scalar that can make an emoji
/// cluster and nothing to normalize weighs the sum of its scalars' weights: one pass over its bytes, with the
/// weights of most scalars read by their lead byte from a table.
struct LengthWeigher {
  /// What the measure counts, without the rule (matched once per walk, not per run).
  enum Unit {
    case utf16, unicodeScalars, graphemeClusters, weighted
  }

  let unit: Unit
  /// The rule and its tables, for a weighted measure (else a rule that is not read), kept alive by the prepared measure:
  /// unmanaged, and the rule's weights read per run copied out below, so that a weigher holds no reference and
  /// copying it, which the walks' closures do several times a run, is a copy of plain words with no retain (a
  /// shared reference retained per run by every thread of a batch job kept one cache line moving between cores).
  private let prepared: Unmanaged<PreparedRule>
  private let asciiWeight: Int?
  /// The rule's ``WeightedLengthRule/emoticonWeight``, ``WeightedLengthRule/urlWeight``,
  /// ``WeightedLengthRule/emojiClusterWeight`` and ``WeightedLengthRule/normalizesToNFC``.
  private let emoticonWeight: Int?
  private let urlWeight: Int?
  private let emojiClusterWeight: Int?
  private let normalizesToNFC: Bool
  /// By a scalar's lead byte: the weight of every scalar starting with it, or ``mixedLead`` when they differ
  /// (then the rule's ranges decide). Filled only for a weighted measure.
  private let leadWeights: UnsafePointer<Int>
  /// By a lead byte: whether it starts a three-byte scalar whose weight ``leadWeights`` gives and that needs no
  /// check (``checkFreeLeads``), so four such scalars in a row are weighed at once.
  private let bulkLeads: UnsafePointer<Bool>
  let tables: GraphemeBreaks.Tables
  /// Whether every unit weighs 0 or more, so the sum only grows along the text.
  let hasNoNegativeWeights: Bool

  /// In ``leadWeights``, a lead byte whose scalars' weights differ.
  fileprivate static let mixedLead = Int.min

  /// Calls `body` with a weigher for `measure`, valid inside it.
  static func with<Result>(_ measure: LengthMeasure, _ body: (LengthWeigher) -> Result) -> Result {
    with(PreparedLengthMeasure(measure), body)
  }

  /// Calls `body` with a weigher for the prepared `measure`, valid inside it.
  // Note: it reads only plain values and pointers of the prepared rule, which `measure` keeps alive: no retain, no
  // lock. A batch job's threads measure every post by one shared prepared measure, and a retain per post of one
  // shared object (and the rule cache's lock) kept its cache line moving between the cores (`--jobs 2` spent 30 %
  // more CPU than `--jobs 1`).
  static func with<Result>(_ measure: borrowing PreparedLengthMeasure, _ body: (LengthWeigher) -> Result) -> Result {
    let prepared = measure.prepared
    return GraphemeBreaks.withTables { tables in
      body(
        LengthWeigher(
          unit: measure.unit, prepared: Unmanaged.passUnretained(prepared), asciiWeight: prepared.asciiWeight,
          emoticonWeight: prepared.emoticonWeight, urlWeight: prepared.urlWeight,
          emojiClusterWeight: prepared.emojiClusterWeight, normalizesToNFC: prepared.normalizesToNFC,
          leadWeights: prepared.leadWeights, bulkLeads: prepared.bulkLeads, tables: tables,
          hasNoNegativeWeights: prepared.hasNoNegativeWeights))
    }
  }

  /// What `body` reads of the rule, borrowed from the prepared rule (no copy of the rule, no retain).
  @inline(__always)
  private func withRule<Result>(_ body: (borrowing WeightedLengthRule) -> Result) -> Result {
    prepared._withUnsafeGuaranteedRef { body($0.rule) }
  }

  /// What a weigher reads of a rule's ranges, by lead byte: made once per rule, not once per call, since a
  /// batch job measures each post on its own (the 512 range look-ups took a fifth of `emotext count`'s time).
  fileprivate final class PreparedRule: Sendable {
    let rule: WeightedLengthRule
    /// The rule's plain values, copied out so that reading them copies no array of the rule.
    let asciiWeight: Int?
    let emoticonWeight: Int?
    let urlWeight: Int?
    let emojiClusterWeight: Int?
    let normalizesToNFC: Bool
    /// The weight of each lead byte's scalars, or ``mixedLead``: 256, owned.
    // Note: memory of its own rather than arrays, so that a weigher takes the pointers with no retain.
    nonisolated(unsafe) let leadWeights: UnsafeMutablePointer<Int>
    /// The lead bytes whose three-byte scalars are weighed four at a time: 256, owned.
    nonisolated(unsafe) let bulkLeads: UnsafeMutablePointer<Bool>
    let hasNoNegativeWeights: Bool

    /// The tables of a measure that is not weighted (never read).
    static let unweighted = PreparedRule(WeightedLengthRule(ranges: [], defaultWeight: 1))

    /// The last rule prepared (it holds its rule): jobs use one rule for every post.
    private static let last = Mutex<PreparedRule?>(nil)

    /// The tables of `rule`, made now unless it is the last rule prepared.
    static func cached(for rule: WeightedLengthRule) -> PreparedRule {
      if let hit = last.withLock({ $0?.rule == rule ? $0 : nil }) { return hit }
      let prepared = PreparedRule(rule)
      last.withLock { $0 = prepared }
      return prepared
    }

    private init(_ rule: WeightedLengthRule) {
      self.rule = rule
      (asciiWeight, emoticonWeight, urlWeight) = (rule.asciiWeight, rule.emoticonWeight, rule.urlWeight)
      (emojiClusterWeight, normalizesToNFC) = (rule.emojiClusterWeight, rule.normalizesToNFC)
      leadWeights = .allocate(capacity: 256)
      bulkLeads = .allocate(capacity: 256)
      let checks = rule.emojiClusterWeight != nil || rule.normalizesToNFC
      for lead in 0..<256 {
        let weight = LengthWeigher.weight(ofScalarsWithLead: lead, rule)
        (leadWeights + lead).initialize(to: weight)
        (bulkLeads + lead).initialize(
          to: (0xE0..<0xF0).contains(lead) && weight != LengthWeigher.mixedLead
            && (!checks || LengthWeigher.checkFreeLeads[lead]))
      }
      let weights =
        rule.ranges.map(\.weight) + [rule.defaultWeight]
        + [rule.emojiClusterWeight, rule.emoticonWeight, rule.urlWeight].compactMap { $0 }
      hasNoNegativeWeights = weights.allSatisfy { $0 >= 0 }
    }

    deinit {
      leadWeights.deallocate()
      bulkLeads.deallocate()
    }
  }

  /// By a lead byte of three-byte scalars: whether none of them needs a check, for emoji or NFC: none is
  /// Emoji_Presentation, a regional indicator, U+20E3 or U+FE0F, and all are NFC_Quick_Check=Yes with combining
  /// class 0 (the CJK ideographs' lead bytes). From ``GraphemeTable``, on first use.
  fileprivate static let checkFreeLeads: [Bool] = (0..<256).map { lead in
    guard (0xE0..<0xF0).contains(lead) else { return false }
    let scalars = UInt32(lead & 0x0F) << 12..<UInt32((lead & 0x0F) + 1) << 12
    return GraphemeTable.shared.withLookup { table in
      scalars.allSatisfy { value in
        if (0xD800...0xDFFF).contains(value) { return true }  // Note: never in valid UTF-8.
        let entry = table.entry(value)
        return entry & GraphemeTable.nfcStable != 0 && entry & GraphemeTable.emojiPresentation == 0
          && GraphemeTable.kind(entry) != .regionalIndicator && value != 0x20E3 && value != 0xFE0F
      }
    }
  }

  /// The weight by `rule` of every scalar whose UTF-8 starts with `lead`, or ``mixedLead`` when they differ.
  fileprivate static func weight(ofScalarsWithLead lead: Int, _ rule: WeightedLengthRule) -> Int {
    // The scalars a lead byte starts: ASCII itself; 2 bytes: 64 scalars; 3 bytes: 4096; 4 bytes: 262144.
    let scalars: ClosedRange<UInt32>
    switch lead {
    case 0..<0x80: scalars = UInt32(lead)...UInt32(lead)
    case 0xC2..<0xE0: scalars = UInt32(lead & 0x1F) << 6...(UInt32((lead & 0x1F) + 1) << 6 - 1)
    case 0xE0..<0xF0: scalars = UInt32(lead & 0x0F) << 12...(UInt32((lead & 0x0F) + 1) << 12 - 1)
    case 0xF0..<0xF5: scalars = UInt32(lead & 0x07) << 18...min(UInt32((lead & 0x07) + 1) << 18 - 1, 0x10FFFF)
    default: return mixedLead  // Note: never a lead byte in valid UTF-8.
    }
    // Note: the first range that holds any of the scalars decides for all of them only when it holds them all.
    guard let first = rule.ranges.first(where: { $0.scalars.overlaps(scalars) }) else { return rule.defaultWeight }
    return first.scalars.lowerBound <= scalars.lowerBound && scalars.upperBound <= first.scalars.upperBound
      ? first.weight : mixedLead
  }

  /// The weight of a run (a whole run: a cluster or URL never spans two): the sum of its units' weights.
  /// - Complexity: O(*n*) in the run's UTF-8 length (O(1) for UTF-16 units).
  func weight(ofRun run: borrowing RichText.RunPiece) -> Int {
    if run.isAttachment { return weight(ofAttachmentToken: run.utf8) }
    switch unit {
    case .utf16: return run.utf16Count
    case .unicodeScalars: return String.counts(ofUTF8: run.utf8).scalars
    case .graphemeClusters:
      var cursor = GraphemeBreaks.Cursor()
      return cursor.countClusterStarts(inUTF8: run.utf8, using: tables)
    case .weighted: return weight(ofWeightedText: run.utf8)
    }
  }

  /// The weight by the rule of a whole text run's bytes `utf8` (a weighted measure only).
  /// - Complexity: O(*n*) in the UTF-8 length.
  func weight(ofWeightedText utf8: UnsafeBufferPointer<UInt8>) -> Int {
    if let weight = weightOfScalars(inText: utf8) { return weight }
    var sum = 0
    _ = forEachTextUnit(in: utf8, utf16Start: 0) { weight, _ in
      sum &+= weight
      return true
    }
    return sum
  }

  /// Calls `body(weight, utf16End)` for each unit of `run` (a whole run) in order until it returns false (then
  /// returns false); `utf16End` is the document offset where the unit ends.
  /// - Complexity: O(*n*) in the run's UTF-8 length.
  func forEachUnit(of run: borrowing RichText.RunPiece, _ body: (Int, Int) -> Bool) -> Bool {
    if run.isAttachment { return body(weight(ofAttachmentToken: run.utf8), run.utf16Start + run.utf16Count) }
    if unit == .weighted { return forEachTextUnit(in: run.utf8, utf16Start: run.utf16Start, body) }
    let utf8 = run.utf8
    var clusterStart = 0
    var utf16End = run.utf16Start
    var stopped = false
    GraphemeBreaks.forEachBoundary(inUTF8: utf8) { clusterEnd in
      let cluster = UnsafeBufferPointer(rebasing: utf8[clusterStart..<clusterEnd])
      clusterStart = clusterEnd
      let utf16Count = String.counts(ofUTF8: cluster).utf16
      utf16End += utf16Count
      let weight =
        switch unit {
        case .utf16: utf16Count
        case .unicodeScalars: String.counts(ofUTF8: cluster).scalars
        default: 1
        }
      stopped = !body(weight, utf16End)
      return !stopped
    }
    return !stopped
  }

  /// An attachment's weight: 1, or by a rule its ``WeightedLengthRule/emoticonWeight`` or its token's scalars.
  func weight(ofAttachmentToken token: UnsafeBufferPointer<UInt8>) -> Int {
    guard unit == .weighted else { return 1 }
    return emoticonWeight ?? weightOfScalars(in: token, checksClusters: false)!
  }

  /// The weight of a text run by `rule` as the sum of its scalars' weights, its URLs' weights in place of
  /// theirs, when that is its weight: nil when the run holds a scalar that can make an emoji cluster (for a
  /// rule with a cluster weight) or one that may change under NFC (for a rule that normalizes).
  private func weightOfScalars(inText utf8: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let urlWeight else { return weightOfScalars(in: utf8) }
    var sum = 0
    var segmentStart = 0
    // Note: the finder's URLs start and end on cluster boundaries, as the unit walk's units do.
    for url in withRule({ $0.urlFinder.urlRanges(inUTF8: utf8) }) {
      guard let segment = weightOfScalars(in: UnsafeBufferPointer(rebasing: utf8[segmentStart..<url.lowerBound]))
      else { return nil }
      sum &+= segment &+ urlWeight
      segmentStart = url.upperBound
    }
    guard let rest = weightOfScalars(in: UnsafeBufferPointer(rebasing: utf8[segmentStart...])) else {
      return nil
    }
    return sum &+ rest
  }

  /// The sum of the weights of the scalars in `utf8`, or nil as for ``weightOfScalars(inText:)`` when
  /// `checksClusters` (else no scalar is checked: an attachment's token is weighed as its scalars).
  private func weightOfScalars(in utf8: UnsafeBufferPointer<UInt8>, checksClusters: Bool = true) -> Int? {
    guard let base = utf8.baseAddress else { return 0 }
    let checksEmoji = checksClusters && emojiClusterWeight != nil
    let checksNFC = checksClusters && normalizesToNFC
    let table = tables.lookup
    var sum = 0
    var index = 0
    /// Where the last stretch weighed cluster by cluster ends (a safe boundary: see safeBoundary(before:in:)).
    var stretchEnd = 0
    let end = utf8.count
    while index < end {
      // Note: a scalar's length depends on its lead byte, a chain of loads from one scalar to the next; the two
      // bulk steps read several scalars whose positions are known in advance at once: 8 ASCII bytes (when ASCII
      // weighs one weight), or 4 three-byte scalars (CJK) that need no check.
      if index &+ 8 <= end, let asciiWeight,
        UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        sum &+= asciiWeight &* 8
        index &+= 8
        continue
      }
      if index &+ 12 <= end {
        let leads = (Int(base[index]), Int(base[index &+ 3]), Int(base[index &+ 6]), Int(base[index &+ 9]))
        if bulkLeads[leads.0] && bulkLeads[leads.1] && bulkLeads[leads.2] && bulkLeads[leads.3] {
          sum &+= leadWeights[leads.0] &+ leadWeights[leads.1] &+ leadWeights[leads.2] &+ leadWeights[leads.3]
          index &+= 12
          continue
        }
      }
      let lead = base[index]
      let weight = leadWeights[Int(lead)]
      if lead < 0x80 {
        // Note: an ASCII scalar is its lead byte, never what makes an emoji cluster, and NFC.
        sum &+= weight
        index &+= 1
        continue
      }
      if checksEmoji || checksNFC {
        let entry = table.entry(in: utf8, at: index).entry
        if checksNFC && entry & GraphemeTable.nfcStable == 0 { return nil }
        if checksEmoji {
          // Note: what makes a cluster an emoji (GraphemeTable.isEmojiCluster): an Emoji_Presentation scalar, a
          // regional indicator, U+20E3 or U+FE0F (both Extend). The clusters around one are weighed one by one,
          // from the safe boundary before it to the one after it, in place of their scalars.
          var mayBeEmoji = entry & GraphemeTable.emojiPresentation != 0
          switch GraphemeTable.kind(entry) {
          case .regionalIndicator: mayBeEmoji = true
          case .extend:
            let value = GraphemeBreaks.scalar(in: utf8, at: index).0
            if value == 0x20E3 || value == 0xFE0F { mayBeEmoji = true }
          default: break
          }
          if mayBeEmoji {
            let start = safeBoundary(before: index, in: utf8, notBefore: stretchEnd)
            let end = safeBoundary(after: index, in: utf8)
            let stretch = UnsafeBufferPointer(rebasing: utf8[start..<end])
            if checksNFC && !GraphemeTable.isKnownNFC(utf8: stretch) { return nil }
            sum &-= weightOfScalars(in: UnsafeBufferPointer(rebasing: utf8[start..<index]), checksClusters: false)!
            _ = forEachTextUnit(in: stretch, utf16Start: 0, isWholeRun: false) { weight, _ in
              sum &+= weight
              return true
            }
            index = end
            stretchEnd = end
            continue
          }
        }
      }
      if weight != Self.mixedLead {
        sum &+= weight
        index &+= lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      } else {
        let (value, length) = GraphemeBreaks.scalar(in: utf8, at: index)
        sum &+= withRule { $0.weight(ofScalarValue: value) }
        index &+= length
      }
    }
    return sum
  }

  /// The last position before `utf8Offset` (a scalar boundary) that is a cluster boundary no matter what comes
  /// before it or after it: between two plain scalars (see ``GraphemeBreaks/Cursor``), else `floor` (one too).
  private func safeBoundary(
    before utf8Offset: Int, in utf8: UnsafeBufferPointer<UInt8>, notBefore floor: Int
  ) -> Int {
    var position = utf8Offset
    var nextIsPlain = position < utf8.count && isPlain(at: position, in: utf8)
    while position > floor {
      var previous = position - 1
      while utf8[previous] & 0xC0 == 0x80 { previous -= 1 }
      let previousIsPlain = isPlain(at: previous, in: utf8)
      if previousIsPlain && nextIsPlain && position < utf8Offset { return position }
      nextIsPlain = previousIsPlain
      position = previous
    }
    return floor
  }

  /// The first position after `utf8Offset` (a scalar boundary) that is a cluster boundary no matter what comes
  /// before or after it (as for ``safeBoundary(before:in:)``), or the end.
  private func safeBoundary(after utf8Offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Int {
    var position = utf8Offset
    var previousIsPlain = false
    while position < utf8.count {
      let isPlain = isPlain(at: position, in: utf8)
      if previousIsPlain && isPlain { return position }
      previousIsPlain = isPlain
      position += Self.utf8Count(ofLead: utf8[position])
    }
    return utf8.count
  }

  /// Whether the scalar at `utf8Offset` is plain for grapheme segmentation: Other, and none of the rules' flags.
  private func isPlain(at utf8Offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    tables.lookup.entry(in: utf8, at: utf8Offset).entry & 0xFF == 0
  }

  private static func utf8Count(ofLead lead: UInt8) -> Int { lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4 }

  /// Like ``forEachUnit(of:_:)`` over one text run cluster by cluster; `utf16Start` is where the run
  /// starts in the document.
  ///
  /// `isWholeRun` false: `utf8` is a stretch of a run between two cluster boundaries, with no URL, in NFC.
  private func forEachTextUnit(
    in utf8: UnsafeBufferPointer<UInt8>, utf16Start: Int, isWholeRun: Bool = true, _ body: (Int, Int) -> Bool
  ) -> Bool {
    // Note: a run already in NFC (the usual case) is weighed as it is, without normalizing each cluster.
    let normalizes = isWholeRun && normalizesToNFC && !Self.isNFC(utf8)
    let urls = isWholeRun && urlWeight != nil ? withRule { $0.urlFinder.urlRanges(inUTF8: utf8) } : []
    var urlIndex = 0
    var utf16Offset = utf16Start
    var clusterStartUTF8 = 0
    var stopped = false
    let asciiWeight = asciiWeight
    let table = tables.lookup
    GraphemeBreaks.forEachBoundary(inUTF8: utf8) { utf8End in
      // Note: each cluster is weighed on the UTF-8 bytes, with the grapheme table's emoji flags, so no
      // String or ICU call is made per cluster (except to normalize a run that is not in NFC).
      let cluster = UnsafeBufferPointer(rebasing: utf8[clusterStartUTF8..<utf8End])
      let isASCII = cluster.count == 1 && cluster[0] < 0x80
      let utf16Count = isASCII ? 1 : String.counts(ofUTF8: cluster).utf16
      defer { clusterStartUTF8 = utf8End }
      utf16Offset += utf16Count
      if urlIndex < urls.count, clusterStartUTF8 >= urls[urlIndex].lowerBound, let urlWeight {
        if utf8End >= urls[urlIndex].upperBound {
          urlIndex += 1
          if !body(urlWeight, utf16Offset) { stopped = true }
        }
        return !stopped
      }
      let weight: Int
      if isASCII, let asciiWeight {
        weight = asciiWeight  // Note: one ASCII scalar is never an emoji cluster, and NFC.
      } else if let emojiWeight = emojiClusterWeight,
        GraphemeTable.isEmojiCluster(utf8: cluster, using: table)
      {
        weight = emojiWeight
      } else if normalizes {
        var normalized = Self.nfc(String(decoding: cluster, as: UTF8.self))
        weight = normalized.withUTF8 { utf8 in withRule { $0.weight(ofUTF8: utf8, asciiWeight: asciiWeight) } }
      } else {
        weight = withRule { $0.weight(ofUTF8: cluster, asciiWeight: asciiWeight) }
      }
      if !body(weight, utf16Offset) { stopped = true }
      return !stopped
    }
    return !stopped
  }

  /// Whether `utf8` is in NFC: from the grapheme table's flags when they decide, else from ICU.
  private static func isNFC(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    if GraphemeTable.isKnownNFC(utf8: utf8) { return true }
    return nfc(String(decoding: utf8, as: UTF8.self)).utf8.elementsEqual(utf8)
  }

  private static func nfc(_ text: String) -> String {
    text.nfcNormalized()
  }
}

/// A ``LengthMeasure`` made ready for measuring many texts: made once, then shared by every thread that counts.
///
/// Measuring by a ``LengthMeasure`` finds the tables of its rule (a weight per lead byte) in a cache behind a lock
/// on every call. A prepared measure holds its rule's tables itself, read-only, so measuring by it takes no lock and
/// counts no reference: threads that measure many posts by one prepared measure share nothing that any of them
/// writes. It gives the same lengths as its measure: ``RichText/length(by:)-(PreparedLengthMeasure)`` equals
/// ``RichText/length(by:)-(LengthMeasure)``, and ``BracketTokenizer/lengths(of:by:)-(String,PreparedLengthMeasure)`` reads
/// them from a post's text without building its document.
///
/// ```swift
/// let tokenizer = BracketTokenizer(catalog: .default)
/// let weibo = PreparedLengthMeasure(.weighted(.weibo))
/// tokenizer.lengths(of: "今天好开心[哈哈]", by: weibo).length   // 8
/// tokenizer.tokenize("今天好开心[哈哈]").length(by: weibo)       // 8
/// ```
public struct PreparedLengthMeasure: Sendable {
  let unit: LengthWeigher.Unit
  /// The rule's ``WeightedLengthRule/unitsPerCharacter`` (1 for a measure that is not weighted).
  let unitsPerCharacter: Int
  fileprivate let prepared: LengthWeigher.PreparedRule

  /// Prepares `measure`: for a weighted measure, makes its rule's tables (reusing those of the last rule
  /// prepared when it is the same rule).
  /// - Complexity: O(*r*) in the number of the rule's ranges, once; O(1) when the rule was the last prepared.
  public init(_ measure: LengthMeasure) {
    switch measure {
    case .utf16: (unit, unitsPerCharacter, prepared) = (.utf16, 1, .unweighted)
    case .unicodeScalars: (unit, unitsPerCharacter, prepared) = (.unicodeScalars, 1, .unweighted)
    case .graphemeClusters: (unit, unitsPerCharacter, prepared) = (.graphemeClusters, 1, .unweighted)
    case .weighted(let rule):
      (unit, unitsPerCharacter, prepared) = (.weighted, rule.unitsPerCharacter, .cached(for: rule))
    }
  }

  /// The measure this was prepared from.
  public var measure: LengthMeasure {
    switch unit {
    case .utf16: .utf16
    case .unicodeScalars: .unicodeScalars
    case .graphemeClusters: .graphemeClusters
    case .weighted: .weighted(prepared.rule)
    }
  }
}
