extension GraphemeBreaks {
  /// Grapheme segmentation of one run of text read in pieces (a run cut across leaves): the state machine of
  /// ``forEachBoundary(inUTF8:_:)`` carried from one piece to the next, so a cluster that straddles a cut is
  /// found whole.
  ///
  /// It reports cluster *starts*: the first scalar of the run starts one, so a run of *n* clusters has *n*
  /// starts (an empty run has none). Start a new cursor for each run; a cluster never spans two runs.
  ///
  /// Two fast paths cover what posts are made of. After a *plain* scalar (printable ASCII, a CJK ideograph:
  /// Grapheme_Cluster_Break=Other and none of the rules' flags) the rules remember nothing, and the next scalar
  /// starts a cluster unless it is an Extend, ZWJ or SpacingMark (GB9, GB9a); so while the next scalar is plain
  /// too, as its lead byte alone tells (``plainLeadUTF8Counts``), each scalar is one cluster, one table read per
  /// scalar. Printable ASCII followed by ASCII is always a boundary (a CR, which is not plain, takes the rules'
  /// path, so CR LF stays one cluster).
  package struct Cursor {
    /// The table entry of the scalar before the piece, when ``hasPrevious``.
    private var previous: UInt16 = 0
    private var state = SegmentationState()
    /// Whether a scalar of the run was read already.
    private var hasPrevious = false

    /// A cursor at the start of a run.
    package init() {}

    /// The number of cluster starts in `utf8`, the next piece of the run (valid UTF-8, on scalar boundaries).
    /// - Complexity: O(*n*) in the piece's UTF-8 length.
    package mutating func countClusterStarts(inUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int {
      GraphemeBreaks.withTables { countClusterStarts(inUTF8: utf8, using: $0) }
    }

    /// ``countClusterStarts(inUTF8:)`` with the tables a walk over many pieces holds.
    package mutating func countClusterStarts(inUTF8 utf8: UnsafeBufferPointer<UInt8>, using tables: Tables) -> Int {
      var count = 0
      _ = scan(utf8, tables, inBulk: true) { _, starts in
        count &+= starts
        return true
      }
      return count
    }

    /// Reads `utf8`, the next piece of the run, up to its `number`th cluster start (counting from 1) and
    /// returns that start's UTF-8 offset in the piece; when the piece holds fewer starts, reads it all,
    /// decreases `number` by the starts it held and returns nil.
    /// - Precondition: `number > 0`.
    /// - Complexity: O(*n*) in the UTF-8 length read.
    package mutating func utf8OffsetOfClusterStart(
      _ number: inout Int, inUTF8 utf8: UnsafeBufferPointer<UInt8>
    ) -> Int? {
      GraphemeBreaks.withTables { utf8OffsetOfClusterStart(&number, inUTF8: utf8, using: $0) }
    }

    /// ``utf8OffsetOfClusterStart(_:inUTF8:)`` with the tables a walk over many pieces holds.
    package mutating func utf8OffsetOfClusterStart(
      _ number: inout Int, inUTF8 utf8: UnsafeBufferPointer<UInt8>, using tables: Tables
    ) -> Int? {
      precondition(number > 0, "a cluster start is counted from 1")
      var result: Int?
      var remaining = number
      _ = scan(utf8, tables, inBulk: false) { utf8Offset, _ in
        remaining &-= 1
        guard remaining == 0 else { return true }
        result = utf8Offset
        return false
      }
      number = remaining
      return result
    }

    /// Calls `atClusterStarts(utf8Offset, 1)` for each cluster start in `utf8` until it returns false (then
    /// returns false, the cursor left before that start's scalar). `inBulk`, for a count, lets it report a
    /// stretch of clusters as one call, `atClusterStarts(firstUTF8Offset, count)`.
    @inline(__always)
    private mutating func scan(
      _ utf8: UnsafeBufferPointer<UInt8>, _ tables: Tables, inBulk: Bool, _ atClusterStarts: (Int, Int) -> Bool
    ) -> Bool {
      let table = tables.lookup
      let plain = tables.plainLeadUTF8Counts
      let end = utf8.count
      var index = 0
      while index < end {
        let (next, length) = table.entry(in: utf8, at: index)
        if !hasPrevious || state.isBoundary(between: previous, and: next) {
          guard atClusterStarts(index, 1) else { return false }
        }
        hasPrevious = true
        state.advance(over: next)
        previous = next
        index &+= length
        guard next & GraphemeBreaks.segmentationBits == 0 else { continue }
        // Note: the fast path. `next` is plain, so the state is empty, and a plain scalar after it starts a
        // cluster; a plain scalar leaves the state empty again, so `previous` (plain) still stands after it.
        while index < end {
          if inBulk {
            // Note: a scalar's length depends on the byte before it, a chain of loads per scalar; these
            // read several scalars whose positions are known in advance at once.
            if index &+ 8 <= end && Self.isPrintableASCII(UnsafeRawPointer(utf8.baseAddress! + index)) {
              _ = atClusterStarts(index, 8)
              index &+= 8
              continue
            }
            if index &+ 12 <= end && plain[Int(utf8[index])] == 3 && plain[Int(utf8[index &+ 3])] == 3
              && plain[Int(utf8[index &+ 6])] == 3 && plain[Int(utf8[index &+ 9])] == 3
            {
              _ = atClusterStarts(index, 4)
              index &+= 12
              continue
            }
          }
          let lead = utf8[index]
          var plainLength = Int(plain[Int(lead)])
          if plainLength == 0 && lead >= 0xC2 && lead < 0xF0 {
            // Note: a scalar of the BMP whose lead byte also starts scalars that are not plain (CJK punctuation,
            // fullwidth forms, kana): decoded and looked up in the bitmap.
            let (value, length) = GraphemeBreaks.scalar(in: utf8, at: index)
            if tables.plainBMP[Int(value >> 6)] >> (value & 63) & 1 != 0 { plainLength = length }
          }
          guard plainLength != 0 else { break }
          guard atClusterStarts(index, 1) else { return false }
          index &+= plainLength
        }
      }
      return true
    }

    /// Whether the 8 bytes at `bytes` are all printable ASCII (U+0020–U+007E): plain scalars of one byte each.
    @inline(__always)
    private static func isPrintableASCII(_ bytes: UnsafeRawPointer) -> Bool {
      let word = bytes.loadUnaligned(as: UInt64.self)
      let highBits: UInt64 = 0x8080_8080_8080_8080
      // Note: with no high bit set, a byte below 0x20 borrows into its own high bit (the lowest such byte at
      // least), and 0x7F carries into its own; no other byte does either.
      let belowSpace = word &- 0x2020_2020_2020_2020
      let delete = word &+ 0x0101_0101_0101_0101
      return (word | belowSpace | delete) & highBits == 0
    }
  }

  /// The tables a ``Cursor`` reads, as pointers valid inside ``withTables(_:)``.
  package struct Tables {
    package let lookup: GraphemeTable.Lookup
    package let plainLeadUTF8Counts: UnsafePointer<UInt8>
    /// ``plainBMP``.
    package let plainBMP: UnsafePointer<UInt64>
  }

  /// Calls `body` with the tables for ``Cursor``, for a walk over many pieces.
  package static func withTables<Result>(_ body: (Tables) -> Result) -> Result {
    GraphemeTable.shared.withLookup { lookup in
      plainLeadUTF8Counts.withUnsafeBufferPointer { plain in
        plainBMP.withUnsafeBufferPointer { plainBMP in
          body(Tables(lookup: lookup, plainLeadUTF8Counts: plain.baseAddress!, plainBMP: plainBMP.baseAddress!))
        }
      }
    }
  }

  /// The bits of a ``GraphemeTable`` entry the segmentation rules read: the kind and the rules' flags. An entry
  /// without any is *plain*: Other, not Extended_Pictographic, not part of a conjunct.
  static let segmentationBits: UInt16 = 0xFF

  /// By a scalar's lead byte: its UTF-8 length when every scalar starting with that byte is plain (printable
  /// ASCII, and the lead bytes of the CJK Unified Ideographs' blocks), else 0. Built from ``GraphemeTable`` on
  /// first use.
  package static let plainLeadUTF8Counts: [UInt8] = GraphemeTable.shared.withLookup { table in
    var counts = [UInt8](repeating: 0, count: 256)
    for lead in 0..<256 {
      let scalars: Range<UInt32>
      let utf8Count: UInt8
      switch lead {
      case 0x20..<0x7F: (scalars, utf8Count) = (UInt32(lead)..<UInt32(lead + 1), 1)
      case 0xC2..<0xE0: (scalars, utf8Count) = (UInt32(lead & 0x1F) << 6..<UInt32((lead & 0x1F) + 1) << 6, 2)
      case 0xE0..<0xF0: (scalars, utf8Count) = (UInt32(lead & 0x0F) << 12..<UInt32((lead & 0x0F) + 1) << 12, 3)
      default: continue  // Note: controls, and four-byte leads (each covers planes holding emoji or tags).
      }
      // Note: U+D800–U+DFFF never occur in valid UTF-8, so their entries do not matter.
      let isPlain = scalars.allSatisfy { value in
        (0xD800...0xDFFF).contains(value) || table.entry(value) & segmentationBits == 0
      }
      if isPlain { counts[lead] = utf8Count }
    }
    return counts
  }

  /// Which scalars of the Basic Multilingual Plane are plain, one bit each (bit `value & 63` of word
  /// `value >> 6`). Built from ``GraphemeTable`` on first use.
  package static let plainBMP: [UInt64] = GraphemeTable.shared.withLookup { table in
    var words = [UInt64](repeating: 0, count: 0x10000 / 64)
    for value in UInt32(0)..<0x10000 where table.entry(value) & segmentationBits == 0 {
      words[Int(value >> 6)] |= 1 << UInt64(value & 63)
    }
    return words
  }
}
