import CICU

/// What grapheme segmentation and cluster weighing need to know about every scalar, in 16 bits, read from
/// ICU's property data on first use (so no table is copied by hand): the Grapheme_Cluster_Break value in the
/// low four bits, flags for the segmentation rules above it, and emoji properties in the high byte.
///
/// A two-stage lookup over the whole code space: the scalar's high bits pick one of the distinct 256-entry
/// blocks, so the many identical blocks (unassigned planes, CJK) are stored once.
package struct GraphemeTable: Sendable {
  /// Grapheme_Cluster_Break (UAX #29), the values that take part in its rules as of Unicode 15.0.
  package enum Kind: UInt8 {
    case other, carriageReturn, lineFeed, control, extend, zwj, spacingMark, prepend, regionalIndicator
    case hangulL, hangulV, hangulT, hangulLV, hangulLVT

    init(_ value: ICU.GraphemeClusterBreak) {
      switch value {
      // Note: E_Base, E_Base_GAZ, E_Modifier and Glue_After_Zwj have no scalars since Unicode 11.
      case .other, .eBase, .eBaseGaz, .eModifier, .glueAfterZwj: self = .other
      case .cr: self = .carriageReturn
      case .lf: self = .lineFeed
      case .control: self = .control
      case .extend: self = .extend
      case .zwj: self = .zwj
      case .spacingMark: self = .spacingMark
      case .prepend: self = .prepend
      case .regionalIndicator: self = .regionalIndicator
      case .l: self = .hangulL
      case .v: self = .hangulV
      case .t: self = .hangulT
      case .lv: self = .hangulLV
      case .lvt: self = .hangulLVT
      }
    }
  }

  /// Extended_Pictographic (GB11).
  package static let extendedPictographic: UInt16 = 0x10
  /// A consonant that ICU joins to a preceding virama into one conjunct (ICU's tailoring, Unicode 15.1's GB9c).
  package static let linkingConsonant: UInt16 = 0x20
  /// A virama that links two such consonants.
  package static let linkingVirama: UInt16 = 0x40
  /// Grapheme_Cluster_Break=Extend with a non-zero combining class, or ZWJ: what may stand around the virama
  /// inside a conjunct.
  package static let extendWithCombiningClassOrZWJ: UInt16 = 0x80
  /// Emoji_Presentation: shown as an emoji by default.
  package static let emojiPresentation: UInt16 = 0x100
  /// Emoji: can be shown as an emoji (with U+FE0F).
  package static let emoji: UInt16 = 0x200
  /// NFC_Quick_Check=Yes and canonical combining class 0: text of only such scalars is in NFC.
  package static let nfcStable: UInt16 = 0x400

  /// The index of each scalar's 256-entry block in `blocks`, by `scalar >> 8`.
  private let blockIndex: [UInt16]
  /// The distinct blocks, one after the other; block 0 (U+0000–U+00FF) comes first.
  private let blocks: [UInt16]
  /// By the first UTF-8 byte of a scalar: ``uniformLead`` plus the entry when every scalar starting with that
  /// byte has the same entry (every ASCII byte, and e.g. the lead bytes of the CJK ideographs), else 0.
  private let leadEntries: [UInt16]
  /// The mark in ``leadEntries`` of a lead byte whose scalars all share one entry.
  package static let uniformLead: UInt16 = 0x8000

  /// The table for ICU's data, built on first use.
  package static let shared = GraphemeTable()

  private init() {
    // Note: filled from ICU's property sets (ranges), not scalar by scalar: a million property lookups would
    // make the first count in a process take a noticeable moment.
    var entries = [UInt16](repeating: 0, count: 0x110000)
    func mark(_ ranges: [ClosedRange<UInt32>], _ bits: UInt16) {
      for range in ranges { for value in range { entries[Int(value)] |= bits } }
    }
    let kinds: [ICU.GraphemeClusterBreak] = [
      .control, .cr, .extend, .l, .lf, .lv, .lvt, .t, .v, .spacingMark, .prepend, .regionalIndicator, .zwj,
    ]
    for value in kinds { mark(ICU.scalars(whereGraphemeClusterBreakIs: value), UInt16(Kind(value).rawValue)) }
    mark(ICU.scalars(with: CICU_EXTENDED_PICTOGRAPHIC), Self.extendedPictographic)
    mark(ICU.scalars(with: CICU_EMOJI_PRESENTATION), Self.emojiPresentation)
    mark(ICU.scalars(with: CICU_EMOJI), Self.emoji)
    for range in ICU.scalars(whereGraphemeClusterBreakIs: .extend) {
      for value in range where Unicode.Scalar(value)?.icuCombiningClass ?? 0 != 0 {
        entries[Int(value)] |= Self.extendWithCombiningClassOrZWJ
      }
    }
    for range in ICU.scalars(whereGraphemeClusterBreakIs: .zwj) { mark([range], Self.extendWithCombiningClassOrZWJ) }
    mark(ICU.scalarsWithNFCQuickCheckYes(), Self.nfcStable)
    // Note: a scalar with a non-zero combining class is Extend or SpacingMark (GraphemeTableTests checks it).
    for kind in [ICU.GraphemeClusterBreak.extend, .spacingMark] {
      for range in ICU.scalars(whereGraphemeClusterBreakIs: kind) {
        for value in range where Unicode.Scalar(value)?.icuCombiningClass ?? 0 != 0 {
          entries[Int(value)] &= ~Self.nfcStable
        }
      }
    }
    let conjuncts = Self.conjunctParticipants()
    for value in conjuncts.consonants { entries[Int(value)] |= Self.linkingConsonant }
    for value in conjuncts.viramas { entries[Int(value)] |= Self.linkingVirama }

    (blockIndex, blocks) = twoStageBlocks(of: entries)
    var leadEntries = [UInt16](repeating: 0, count: 256)
    for lead in 0..<256 {
      // The scalars a lead byte starts: ASCII itself; 2 bytes: 64 scalars; 3 bytes: 4096; 4 bytes: 262144.
      let scalars: Range<Int>
      switch lead {
      case 0..<0x80: scalars = lead..<(lead + 1)
      case 0xC2..<0xE0: scalars = ((lead & 0x1F) << 6)..<(((lead & 0x1F) + 1) << 6)
      case 0xE0..<0xF0: scalars = ((lead & 0x0F) << 12)..<(((lead & 0x0F) + 1) << 12)
      case 0xF0..<0xF5: scalars = ((lead & 0x07) << 18)..<min(((lead & 0x07) + 1) << 18, 0x110000)
      default: continue
      }
      let first = entries[scalars.lowerBound]
      if entries[scalars].allSatisfy({ $0 == first }) { leadEntries[lead] = Self.uniformLead | first }
    }
    self.leadEntries = leadEntries
  }

  /// The entry of a scalar value (any value below 0x110000).
  @inline(__always)
  package func entry(_ value: UInt32) -> UInt16 {
    withLookup { $0.entry(value) }
  }

  /// Calls `body` with a lookup into the table that holds no references, for hot loops.
  @inline(__always)
  package func withLookup<Result>(_ body: (Lookup) -> Result) -> Result {
    blockIndex.withUnsafeBufferPointer { blockIndex in
      blocks.withUnsafeBufferPointer { blocks in
        leadEntries.withUnsafeBufferPointer { leadEntries in
          body(
            Lookup(
              blockIndex: blockIndex.baseAddress!, blocks: blocks.baseAddress!, leadEntries: leadEntries.baseAddress!)
          )
        }
      }
    }
  }

  /// The table's storage as pointers, valid inside ``withLookup(_:)``.
  // Note: inlinable, so the Emotext target's byte loops (lengths) read the table without a call per scalar.
  package struct Lookup {
    @usableFromInline let blockIndex: UnsafePointer<UInt16>
    @usableFromInline let blocks: UnsafePointer<UInt16>
    @usableFromInline let leadEntries: UnsafePointer<UInt16>

    /// The entry and UTF-8 length of the scalar starting at `index` in valid UTF-8: from its lead byte alone
    /// when that decides (ASCII, most CJK), else decoded and looked up.
    @inlinable @inline(__always)
    package func entry(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (entry: UInt16, utf8Count: Int) {
      let lead = utf8[index]
      let leadEntry = leadEntries[Int(lead)]
      if leadEntry & GraphemeTable.uniformLead != 0 {
        let count = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return (leadEntry & ~GraphemeTable.uniformLead, count)
      }
      let (value, count) = GraphemeBreaks.scalar(in: utf8, at: index)
      return (entry(value), count)
    }

    /// The entry of a scalar value (any value below 0x110000).
    @inlinable @inline(__always)
    package func entry(_ value: UInt32) -> UInt16 {
      if value < 0x100 { return blocks[Int(value)] }
      return blocks[Int(blockIndex[Int(value >> 8)]) << 8 | Int(value & 0xFF)]
    }
  }

  /// The kind in an entry.
  @inlinable @inline(__always)
  package static func kind(_ entry: UInt16) -> Kind {
    // Note: the table holds only valid kinds, and a raw-valued enum without payloads is its case number, here equal
    // to its raw value; `init(rawValue:)` would be a call per scalar from another module.
    unsafeBitCast(UInt8(truncatingIfNeeded: entry & 0x0F), to: Kind.self)
  }

  /// The consonants and viramas that ICU's character break iterator joins into conjuncts.
  ///
  /// ICU 72 (CLDR 42) keeps `consonant (Extend with ccc≠0 | ZWJ)* virama (…)* consonant` together for the
  /// scripts its rules list; which scripts is a matter of its rules, not of a property. So the candidates come
  /// from the property (Indic_Syllabic_Category Consonant and Virama) and ICU itself says which of them link:
  /// a candidate virama links when ICU keeps "क v क" in one cluster, a candidate consonant when ICU keeps
  /// "c ् c" together (the rule's sets span scripts, so one probe of each kind decides for every scalar).
  private static func conjunctParticipants() -> (consonants: Set<UInt32>, viramas: Set<UInt32>) {
    let consonantCandidates = ICU.scalars(whereIndicSyllabicCategoryIs: .consonant).flatMap {
      $0.compactMap(Unicode.Scalar.init)
    }
    let viramaCandidates = ICU.scalars(whereIndicSyllabicCategoryIs: .virama).flatMap {
      $0.compactMap(Unicode.Scalar.init)
    }
    let probeConsonant: Unicode.Scalar = "\u{0915}"  // DEVANAGARI LETTER KA
    let probeVirama: Unicode.Scalar = "\u{094D}"  // DEVANAGARI SIGN VIRAMA
    guard isOneCluster([probeConsonant, probeVirama, probeConsonant]) else { return ([], []) }
    let viramas = viramaCandidates.filter { isOneCluster([probeConsonant, $0, probeConsonant]) }
    let consonants = consonantCandidates.filter { isOneCluster([$0, probeVirama, $0]) }
    return (Set(consonants.map(\.value)), Set(viramas.map(\.value)))
  }

  private static func isOneCluster(_ scalars: [Unicode.Scalar]) -> Bool {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return GraphemeBreaks.icuBoundaries(in: text).count == 1
  }
}

extension GraphemeTable {
  /// Whether a cluster (valid UTF-8) is shown as an emoji: it holds an Emoji_Presentation scalar, a regional
  /// indicator, a keycap (U+20E3), or an Emoji scalar with U+FE0F; from the table, without calling ICU.
  package static func isEmojiCluster(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    shared.withLookup { isEmojiCluster(utf8: utf8, using: $0) }
  }

  /// ``isEmojiCluster(utf8:)`` with a lookup the caller holds (in a loop over clusters).
  @inline(__always)
  package static func isEmojiCluster(utf8: UnsafeBufferPointer<UInt8>, using table: Lookup) -> Bool {
    var hasVariationSelector = false
    var hasEmoji = false
    var index = 0
    while index < utf8.count {
      let (value, length) = GraphemeBreaks.scalar(in: utf8, at: index)
      let entry = table.entry(value)
      if entry & emojiPresentation != 0 || kind(entry) == .regionalIndicator || value == 0x20E3 { return true }
      if entry & emoji != 0 { hasEmoji = true }
      if value == 0xFE0F { hasVariationSelector = true }
      index &+= length
    }
    return hasVariationSelector && hasEmoji
  }
}

extension GraphemeTable {
  /// Whether valid UTF-8 is in NFC for certain, from the table: every scalar has NFC_Quick_Check=Yes and
  /// combining class 0. False means "ask ICU", not "not in NFC".
  package static func isKnownNFC(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    shared.withLookup { table in
      var index = 0
      while index < utf8.count {
        if utf8[index] < 0x80 {
          index &+= 1
          continue
        }
        let (entry, length) = table.entry(in: utf8, at: index)
        if entry & nfcStable == 0 { return false }
        index &+= length
      }
      return true
    }
  }
}
