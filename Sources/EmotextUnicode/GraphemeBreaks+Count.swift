extension GraphemeBreaks {
  /// The number of extended grapheme clusters in `utf8` (valid UTF-8), exactly as ICU's break iterator
  /// counts them.
  /// - Complexity: O(*n*) in the UTF-8 length.
  package static func countClusters(inUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    forEachBoundary(inUTF8: utf8) { _ in
      count &+= 1
      return true
    }
    return count
  }

  /// Calls `body` with each cluster boundary after 0 in `utf8` (valid UTF-8), in order, until it returns
  /// false; the last is `utf8.count`. The boundaries are ICU's (its character break iterator's), found from ``GraphemeTable``
  /// without calling ICU.
  ///
  /// The rules are UAX #29's as of Unicode 15.0 (GB3–GB13) plus ICU's tailoring that keeps Indic conjuncts
  /// together (Unicode 15.1's GB9c), each decided from the table entries of the two scalars around a
  /// position and three facts about the scalars before it; the differential tests compare every boundary
  /// with ICU's on random text of every script and sequence the rules treat specially.
  /// - Complexity: O(*n*) in the UTF-8 length.
  @inline(__always)
  package static func forEachBoundary(inUTF8 utf8: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
    guard !utf8.isEmpty else { return }
    GraphemeTable.shared.withLookup { table in
      var (previous, length) = table.entry(in: utf8, at: 0)
      var state = SegmentationState()
      state.advance(over: previous)
      var index = length
      while index < utf8.count {
        let next: UInt16
        (next, length) = table.entry(in: utf8, at: index)
        if (previous | next) & 0x0F == GraphemeTable.Kind.other.rawValue {
          // Note: the fast path. Between two scalars of kind Other there is always a boundary (GB999: GB9c
          // needs an Extend or ZWJ before the consonant, GB11 a ZWJ before the pictograph), and after one the
          // rules remember only whether it is a pictograph or a linking consonant.
          guard body(index) else { return }
          state = SegmentationState(
            regionalIndicatorRunIsOdd: false, pictographic: next & GraphemeTable.extendedPictographic != 0 ? 1 : 0,
            conjunct: next & GraphemeTable.linkingConsonant != 0 ? 1 : 0)
        } else {
          if state.isBoundary(between: previous, and: next) { guard body(index) else { return } }
          state.advance(over: next)
        }
        previous = next
        index &+= length
      }
      _ = body(utf8.count)
    }
  }

  /// What the rules remember about the scalars before a position, beyond the one just before it.
  package struct SegmentationState {
    /// The regional indicators just before the position are an odd run (GB12, GB13).
    var regionalIndicatorRunIsOdd = false
    /// 1: an Extended_Pictographic then Extend*; 2: that, then ZWJ (GB11).
    var pictographic: UInt8 = 0
    /// 1: a linking consonant then (Extend with ccc≠0 | ZWJ)*; 2: that with a linking virama among them (GB9c).
    var conjunct: UInt8 = 0

    /// Whether there is a boundary between scalars with the table entries `previous` and `next`.
    @inline(__always)
    func isBoundary(between previous: UInt16, and next: UInt16) -> Bool {
      let before = GraphemeTable.kind(previous)
      let after = GraphemeTable.kind(next)
      switch (before, after) {
      case (.carriageReturn, .lineFeed): return false  // GB3
      case (.carriageReturn, _), (.lineFeed, _), (.control, _): return true  // GB4
      case (_, .carriageReturn), (_, .lineFeed), (_, .control): return true  // GB5
      case (.hangulL, .hangulL), (.hangulL, .hangulV), (.hangulL, .hangulLV), (.hangulL, .hangulLVT): return false
      case (.hangulLV, .hangulV), (.hangulLV, .hangulT), (.hangulV, .hangulV), (.hangulV, .hangulT): return false
      case (.hangulLVT, .hangulT), (.hangulT, .hangulT): return false  // GB6–GB8
      case (_, .extend), (_, .zwj), (_, .spacingMark): return false  // GB9, GB9a
      case (.prepend, _): return false  // GB9b
      case (.regionalIndicator, .regionalIndicator): return !regionalIndicatorRunIsOdd  // GB12, GB13
      default:
        if next & GraphemeTable.linkingConsonant != 0 && conjunct == 2 { return false }  // GB9c (ICU)
        if next & GraphemeTable.extendedPictographic != 0 && pictographic == 2 { return false }  // GB11
        return true  // GB999
      }
    }

    /// Moves past a scalar with the table entry `entry`.
    @inline(__always)
    mutating func advance(over entry: UInt16) {
      let kind = GraphemeTable.kind(entry)
      regionalIndicatorRunIsOdd = kind == .regionalIndicator && !regionalIndicatorRunIsOdd
      if entry & GraphemeTable.extendedPictographic != 0 {
        pictographic = 1
      } else if pictographic == 1 && kind == .extend {
        pictographic = 1
      } else {
        pictographic = pictographic == 1 && kind == .zwj ? 2 : 0
      }
      if entry & GraphemeTable.linkingConsonant != 0 {
        conjunct = 1
      } else if conjunct != 0 && entry & GraphemeTable.linkingVirama != 0 {
        conjunct = 2
      } else if conjunct != 0 && entry & GraphemeTable.extendWithCombiningClassOrZWJ != 0 {
        // stays: ExtCccZwj* on either side of the virama
      } else {
        conjunct = 0
      }
    }
  }

  /// The scalar value and UTF-8 length of the scalar that starts at `index` in valid UTF-8.
  @inline(__always)
  package static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let lead = utf8[index]
    if lead < 0xC0 { return (UInt32(lead), 1) }
    if lead < 0xE0 { return ((UInt32(lead & 0x1F) << 6) | UInt32(utf8[index + 1] & 0x3F), 2) }
    if lead < 0xF0 {
      return ((UInt32(lead & 0x0F) << 12) | (UInt32(utf8[index + 1] & 0x3F) << 6) | UInt32(utf8[index + 2] & 0x3F), 3)
    }
    let value =
      (UInt32(lead & 0x07) << 18) | (UInt32(utf8[index + 1] & 0x3F) << 12)
      | (UInt32(utf8[index + 2] & 0x3F) << 6) | UInt32(utf8[index + 3] & 0x3F)
    return (value, 4)
  }
}
