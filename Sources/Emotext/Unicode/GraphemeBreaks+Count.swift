import CICU

extension GraphemeBreaks {
  /// How a scalar takes part in the UAX #29 rules, as far as counting needs to know.
  enum CountClass: UInt8 {
    /// Grapheme_Cluster_Break=Other: most letters, CJK, punctuation, and single emoji like 😀.
    case other
    /// Control, CR or LF: a boundary on both sides, except inside CR LF.
    case control
    /// Extend or SpacingMark: never a boundary before it (after anything but a control).
    case extend
    /// ZWJ: never a boundary before it, and it can join the emoji after it.
    case zwj
    /// Regional_Indicator: joins only another one, in pairs from the start of their run (a flag).
    case regional
    /// Everything else (Prepend, Hangul jamo and syllables): left to ICU.
    case complex
  }

  /// The class of every scalar below U+20000 (Unicode's planes 0 and 1), read from ICU's
  /// Grapheme_Cluster_Break property on first use, so no table is copied by hand.
  static let countClasses: [CountClass] = (0..<0x20000).map { countClass(ofICUValue: UInt32($0)) }

  static func countClass(ofICUValue value: UInt32) -> CountClass {
    // ICU's UGraphemeClusterBreak: 0 Other, 1 Control, 2 CR, 3 Extend, 5 LF, 10 SpacingMark,
    // 12 Regional_Indicator, 17 ZWJ.
    switch cicu_grapheme_cluster_break(value) {
    case 0: .other
    case 1, 2, 5: .control
    case 3, 10: .extend
    case 12: .regional
    case 17: .zwj
    default: .complex
    }
  }

  /// The number of extended grapheme clusters in `utf8` (valid UTF-8), exactly as ICU counts them.
  ///
  /// Between two scalars of class `other`, after an `extend` before an `other`, and around a control
  /// (but inside CR LF) there is always a boundary (UAX #29 as of Unicode 15.0: GB4, GB5, GB999; no
  /// rule looks across them), so the text splits there into pieces counted on their own: a piece of
  /// one scalar, or of one scalar followed only by `extend` and `zwj`, is one cluster; any other piece
  /// (emoji ZWJ sequences, flags, Hangul) goes to ICU's break iterator.
  /// - Complexity: O(*n*) in the UTF-8 length.
  static func countClusters(inUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = utf8.baseAddress, !utf8.isEmpty else { return 0 }
    return countClasses.withUnsafeBufferPointer { classes in
      var count = 0
      var previousStart = -1
      var pieceStart = 0
      var pieceIsOneCluster = true  // every scalar after the piece's first is `extend` or `zwj`, or CR LF
      var pieceRegionalCount = 0  // the piece is this many regional indicators and nothing else
      var previousClass = CountClass.control
      var previousIsCR = false
      var index = 0
      while index < utf8.count {
        if previousClass == .other && pieceStart == previousStart {
          // Note: the fast path. The piece is one `other` scalar; while the next scalar is `other` too,
          // it closes the piece before it as one cluster, with no other state to keep.
          while index < utf8.count {
            let (value, length) = scalar(in: utf8, at: index)
            guard value < 0x20000 && classes[Int(value)] == .other else { break }
            pieceStart = index
            index &+= length
            count += 1
          }
          previousStart = pieceStart
          if index >= utf8.count { break }
        }
        let (value, length) = scalar(in: utf8, at: index)
        let scalarClass = value < 0x20000 ? classes[Int(value)] : countClass(ofICUValue: value)
        if index > 0 {
          let boundary: Bool
          if scalarClass == .other || scalarClass == .regional {
            boundary =
              previousClass == .other || previousClass == .extend || previousClass == .control
              || (previousClass == .regional && scalarClass == .other)
          } else if scalarClass == .control || previousClass == .control {
            boundary = !(previousIsCR && value == 0x0A)
          } else {
            boundary = false
          }
          if boundary {
            count += piece(pieceIsOneCluster, pieceRegionalCount, base + pieceStart, index - pieceStart)
            pieceStart = index
            pieceIsOneCluster = true
            pieceRegionalCount = 0
          } else if scalarClass != .extend && scalarClass != .zwj && !(previousIsCR && value == 0x0A) {
            pieceIsOneCluster = false
          }
        }
        if scalarClass == .regional && pieceRegionalCount * 4 == index - pieceStart { pieceRegionalCount += 1 }
        previousClass = scalarClass
        previousIsCR = value == 0x0D
        previousStart = index
        index &+= length
      }
      count += piece(pieceIsOneCluster, pieceRegionalCount, base + pieceStart, utf8.count - pieceStart)
      return count
    }
  }

  /// The scalar value and UTF-8 length of the scalar that starts at `index` in valid UTF-8.
  @inline(__always)
  private static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
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

  /// The clusters in a piece: one, a flag per pair of regional indicators, or what ICU counts.
  private static func piece(_ isOneCluster: Bool, _ regionalCount: Int, _ utf8: UnsafePointer<UInt8>, _ length: Int)
    -> Int
  {
    if isOneCluster { return 1 }
    if regionalCount > 0 && regionalCount * 4 == length { return (regionalCount + 1) / 2 }
    return clustersByICU(utf8, length)
  }

  /// The number of clusters in `length` bytes at `utf8`, from ICU's break iterator.
  private static func clustersByICU(_ utf8: UnsafePointer<UInt8>, _ length: Int) -> Int {
    precondition(length <= Int(Int32.max), "Emotext supports text runs up to 2 GiB")
    var count = 0
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { buffer in
      var from: Int32 = 0
      while from < Int32(length) {
        var status: Int32 = 0
        let written = cicu_grapheme_boundaries(utf8, Int32(length), from, buffer.baseAddress!, 64, &status)
        precondition(written >= 0, "ICU grapheme break iterator failed with status \(status)")
        if written == 0 { break }
        count += Int(written)
        from = buffer[Int(written) - 1]
      }
    }
    return count
  }
}
