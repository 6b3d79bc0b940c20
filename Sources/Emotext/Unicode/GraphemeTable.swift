import CICU

/// What grapheme segmentation needs to know about every scalar, in one byte, read from ICU's property data
/// on first use (so no table is copied by hand): the Grapheme_Cluster_Break value in the low four bits and
/// four flags in the high ones.
///
/// A two-stage lookup over the whole code space: the scalar's high bits pick one of the distinct 256-entry
/// blocks, so the many identical blocks (unassigned planes, CJK) are stored once.
struct GraphemeTable: Sendable {
  /// Grapheme_Cluster_Break (UAX #29), the values that take part in its rules as of Unicode 15.0.
  enum Kind: UInt8 {
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
  static let extendedPictographic: UInt8 = 0x10
  /// A consonant that ICU joins to a preceding virama into one conjunct (ICU's tailoring, Unicode 15.1's GB9c).
  static let linkingConsonant: UInt8 = 0x20
  /// A virama that links two such consonants.
  static let linkingVirama: UInt8 = 0x40
  /// Grapheme_Cluster_Break=Extend with a non-zero combining class, or ZWJ: what may stand around the virama
  /// inside a conjunct.
  static let extendWithCombiningClassOrZWJ: UInt8 = 0x80

  /// The index of each scalar's 256-entry block in `blocks`, by `scalar >> 8`.
  private let blockIndex: [UInt16]
  /// The distinct blocks, one after the other; block 0 (U+0000–U+00FF) comes first.
  private let blocks: [UInt8]

  /// The table for ICU's data, built on first use.
  static let shared = GraphemeTable()

  private init() {
    var blockIndex: [UInt16] = []
    var blocks: [UInt8] = []
    var known: [[UInt8]: UInt16] = [:]
    let conjuncts = Self.conjunctParticipants()
    var block = [UInt8](repeating: 0, count: 256)
    for high in 0..<(0x110000 >> 8) {
      for low in 0..<256 {
        let value = UInt32(high << 8 | low)
        block[low] = Unicode.Scalar(value).map { Self.entry(of: $0, conjuncts: conjuncts) } ?? 0
      }
      if let index = known[block] {
        blockIndex.append(index)
      } else {
        let index = UInt16(known.count)
        known[block] = index
        blockIndex.append(index)
        blocks.append(contentsOf: block)
      }
    }
    self.blockIndex = blockIndex
    self.blocks = blocks
  }

  /// The entry of a scalar value (any value below 0x110000).
  @inline(__always)
  func entry(_ value: UInt32) -> UInt8 {
    if value < 0x100 { return blocks.withUnsafeBufferPointer { $0[Int(value)] } }
    let block = blockIndex.withUnsafeBufferPointer { Int($0[Int(value >> 8)]) }
    return blocks.withUnsafeBufferPointer { $0[block << 8 | Int(value & 0xFF)] }
  }

  /// The kind in an entry.
  @inline(__always)
  static func kind(_ entry: UInt8) -> Kind { Kind(rawValue: entry & 0x0F)! }

  private static func entry(of scalar: Unicode.Scalar, conjuncts: (consonants: Set<UInt32>, viramas: Set<UInt32>))
    -> UInt8
  {
    let kind = Kind(scalar.icuGraphemeClusterBreak)
    var entry = kind.rawValue
    if scalar.icuIsExtendedPictographic { entry |= extendedPictographic }
    if conjuncts.consonants.contains(scalar.value) { entry |= linkingConsonant }
    if conjuncts.viramas.contains(scalar.value) { entry |= linkingVirama }
    if kind == .zwj || (kind == .extend && scalar.icuCombiningClass != 0) { entry |= extendWithCombiningClassOrZWJ }
    return entry
  }

  /// The consonants and viramas that ICU's character break iterator joins into conjuncts.
  ///
  /// ICU 72 (CLDR 42) keeps `consonant (Extend with ccc≠0 | ZWJ)* virama (…)* consonant` together for the
  /// scripts its rules list; which scripts is a matter of its rules, not of a property. So the candidates come
  /// from the property (Indic_Syllabic_Category Consonant and Virama) and ICU itself says which of them link:
  /// a candidate virama links when ICU keeps "क v क" in one cluster, a candidate consonant when ICU keeps
  /// "c ् c" together (the rule's sets span scripts, so one probe of each kind decides for every scalar).
  private static func conjunctParticipants() -> (consonants: Set<UInt32>, viramas: Set<UInt32>) {
    var consonantCandidates: [Unicode.Scalar] = []
    var viramaCandidates: [Unicode.Scalar] = []
    for value in UInt32(0)..<0x110000 {
      // Note: Indic_Syllabic_Category is Other outside the Brahmic blocks; skip the planes that have none.
      if value >= 0x20000 { break }
      guard let scalar = Unicode.Scalar(value) else { continue }
      switch scalar.icuIndicSyllabicCategory {
      case .consonant: consonantCandidates.append(scalar)
      case .virama: viramaCandidates.append(scalar)
      default: break
      }
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
