extension GraphemeBreaks {
  /// Cluster questions that the scalars next to an offset decide alone, without ICU: the editor's fast paths
  /// (a caret between two letters of plain text or CJK).
  ///
  /// Between two scalars of Grapheme_Cluster_Break Other there is always a boundary: GB999, since GB9c (ICU's
  /// conjuncts) needs an Extend or ZWJ before the consonant, GB11 a ZWJ before the pictograph, GB12/13 regional
  /// indicators and GB9b a Prepend before. So an offset with such scalars on both sides is a boundary, and a scalar
  /// of kind Other that follows one (or starts the text) starts a cluster. `isBoundary` decides more: mostly one side
  /// of kind Other is enough (`isBoundary(between:_:)`), as beside an emoji's variation selector or skin tone. Each
  /// answer is nil when the scalars
  /// around the offset do not decide it; the caller asks ICU then. `GraphemeLocalBreakTests` compares every
  /// answer with ICU's on random text of every script.
  package enum Local {
    /// Whether `utf8Offset` (a scalar boundary in valid UTF-8) is a boundary, when the scalars around it decide.
    @inline(__always)
    package static func isBoundary(_ utf8Offset: Int, inUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Bool? {
      guard utf8Offset > 0 && utf8Offset < utf8.count else { return true }
      return GraphemeTable.shared.withLookup { table in
        let before = table.entry(in: utf8, at: scalarStart(before: utf8Offset, in: utf8)).entry
        let after = table.entry(in: utf8, at: utf8Offset).entry
        return isBoundary(between: before, after)
      }
    }

    /// Whether the end of `before` is a boundary when `after` follows it (both valid UTF-8), when the scalars on either
    /// side of the seam decide (see ``isBoundary(_:inUTF8:)``); either side empty is a boundary.
    package static func isBoundaryBetween(
      _ before: UnsafeBufferPointer<UInt8>, and after: UnsafeBufferPointer<UInt8>
    ) -> Bool? {
      guard !before.isEmpty && !after.isEmpty else { return true }
      return GraphemeTable.shared.withLookup { table in
        isBoundary(
          between: table.entry(in: before, at: scalarStart(before: before.count, in: before)).entry,
          table.entry(in: after, at: 0).entry)
      }
    }

    /// Whether there is a boundary between a scalar of grapheme table entry `before` and one of entry `after`, when
    /// one of them is of kind Other and the two decide it; nil when the answer depends on scalars further away or on
    /// rules between two other kinds (the caller asks ICU then).
    ///
    /// After a scalar of kind Other, only Extend, ZWJ and SpacingMark join (GB9, GB9a): no rule that keeps a pair
    /// together has Other on its left but these (GB9c's virama is flagged, and left to ICU). Before one, only a Prepend
    /// joins (GB9b), and, depending on what comes before them, a ZWJ before a pictograph (GB11) and an Extend or ZWJ
    /// before a linking consonant (ICU's GB9c); a control, CR or LF before it always breaks (GB4).
    @inline(__always)
    static func isBoundary(between before: UInt16, _ after: UInt16) -> Bool? {
      let kindBefore = UInt8(truncatingIfNeeded: before & 0x0F)
      let kindAfter = UInt8(truncatingIfNeeded: after & 0x0F)
      if kindBefore == Kind.other.rawValue && before & GraphemeTable.linkingVirama == 0 {
        return kindAfter != Kind.extend.rawValue && kindAfter != Kind.zwj.rawValue
          && kindAfter != Kind.spacingMark.rawValue
      }
      guard kindAfter == Kind.other.rawValue else { return nil }
      switch kindBefore {
      case Kind.prepend.rawValue: return false
      case Kind.carriageReturn.rawValue, Kind.lineFeed.rawValue, Kind.control.rawValue: return true
      default:
        if after & GraphemeTable.extendedPictographic != 0 && kindBefore == Kind.zwj.rawValue { return nil }
        let mayLink =
          kindBefore == Kind.extend.rawValue || kindBefore == Kind.zwj.rawValue
          || before & GraphemeTable.linkingVirama != 0
        return after & GraphemeTable.linkingConsonant != 0 && mayLink ? nil : true
      }
    }

    private typealias Kind = GraphemeTable.Kind

    /// The last boundary before `utf8Offset` (a scalar boundary after 0 in valid UTF-8), when the scalars before
    /// it decide: the start of the scalar before the offset, when that scalar is of kind Other and starts the text or
    /// follows one of kind Other.
    @inline(__always)
    package static func boundary(before utf8Offset: Int, inUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int? {
      let start = scalarStart(before: utf8Offset, in: utf8)
      guard start > 0 else { return 0 }
      return GraphemeTable.shared.withLookup { table in
        let last = table.entry(in: utf8, at: start).entry
        let previous = table.entry(in: utf8, at: scalarStart(before: start, in: utf8)).entry
        return bothOther(previous, last) ? start : nil
      }
    }

    /// The first boundary after `utf8Offset` (a scalar boundary before the end of valid UTF-8), when the scalars
    /// after it decide: the end of the scalar at the offset, when that scalar is of kind Other and ends the text or
    /// is followed by one of kind Other.
    @inline(__always)
    package static func boundary(after utf8Offset: Int, inUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int? {
      GraphemeTable.shared.withLookup { table in
        let (first, length) = table.entry(in: utf8, at: utf8Offset)
        let end = utf8Offset + length
        guard end < utf8.count else { return utf8.count }
        let next = table.entry(in: utf8, at: end).entry
        return bothOther(first, next) ? end : nil
      }
    }

    /// Whether both grapheme table entries are of kind Other (GB999 then puts a boundary between their scalars).
    /// Other is kind 0, so the kinds' bits of the two entries or'ed are 0 exactly when both are Other.
    @inline(__always)
    static func bothOther(_ first: UInt16, _ second: UInt16) -> Bool {
      (first | second) & 0x0F == GraphemeTable.Kind.other.rawValue
    }

    /// Where the scalar that ends at `utf8Offset` (after 0, a scalar boundary in valid UTF-8) starts.
    @inline(__always)
    static func scalarStart(before utf8Offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Int {
      var start = utf8Offset - 1
      while utf8[start] & 0xC0 == 0x80 { start -= 1 }
      return start
    }
  }
}
