/// The continuation bytes and four-byte leads of up to 255 blocks of 16 bytes of UTF-8, counted per lane (each at most
/// 255): a scan adds a block with a vector comparison and a subtraction, and sums the lanes once at its end.
@usableFromInline package struct UTF8LaneCounts {
  @inlinable package init() {}

  @usableFromInline var continuations = SIMD16<UInt8>()
  @usableFromInline var fourByteLeads = SIMD16<UInt8>()

  /// Counts the lanes of `block` that `counted` marks (0xFF).
  @inlinable @inline(__always)
  package mutating func add(_ block: SIMD16<UInt8>, _ counted: SIMD16<UInt8>) {
    // Note: the constants are typed; with their type inferred, the comparisons took the generic lane-by-lane code.
    let continuationBits = SIMD16<UInt8>(repeating: 0xC0)
    let continuation = SIMD16<UInt8>(repeating: 0x80)
    let fourByteLead = SIMD16<UInt8>(repeating: 0xF0)
    let isContinuation = (block & continuationBits) .== continuation
    let isFourByteLead = block .>= fourByteLead
    // Note: a true lane is 0xFF, so subtracting it adds 1.
    continuations &-= unsafeBitCast(isContinuation, to: SIMD16<UInt8>.self) & counted
    fourByteLeads &-= unsafeBitCast(isFourByteLead, to: SIMD16<UInt8>.self) & counted
  }

  /// The continuation bytes counted.
  @inlinable package var continuationCount: Int { Self.sum(continuations) }
  /// The four-byte leads counted.
  // Note: tested for none first: a count sums up to 255 blocks at once, most text has no four-byte scalar in them
  // (emoji are rare), and the test is predictable (``ScalarLaneCounts``, summed a few blocks at a time, sums always).
  @inlinable package var fourByteLeadCount: Int {
    let words = unsafeBitCast(fourByteLeads, to: SIMD2<UInt64>.self)
    return words[0] | words[1] == 0 ? 0 : Self.sum(fourByteLeads)
  }

  /// The first `count` lanes (0 to 15) as two words.
  @inlinable @inline(__always)
  package static func firstLanes(_ count: Int) -> SIMD2<UInt64> {
    count >= 8
      ? SIMD2(~0, count == 8 ? 0 : (1 &<< UInt64(8 &* (count &- 8))) &- 1)
      : SIMD2((1 &<< UInt64(8 &* count)) &- 1, 0)
  }

  /// The sum of the 16 lanes (each at most 255), without a call (`wrappedSum()` compiles to a loop over the lanes or to
  /// calls, and x86-64 has no popcount): the bytes of each half added pairwise into 16-bit fields, and the four fields
  /// summed into the top one by one multiplication.
  @inlinable @inline(__always)
  package static func sum(_ lanes: SIMD16<UInt8>) -> Int {
    let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
    let low: UInt64 = 0x00FF_00FF_00FF_00FF
    let pairs = (words[0] & low) &+ ((words[0] &>> 8) & low) &+ (words[1] & low) &+ ((words[1] &>> 8) & low)
    return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) &>> 48)
  }
}

/// Per-lane counts of 16-byte blocks for the `[` scan: in each lane, the scalars that start there (bytes that are not
/// continuation bytes, 10xxxxxx) and the four-byte leads (11110xxx); a lane holds 255.
@usableFromInline package struct ScalarLaneCounts {
  @usableFromInline var scalarStarts = SIMD16<UInt8>()
  @usableFromInline var fourByteLeads = SIMD16<UInt8>()

  @inlinable package init() {}

  /// Counts every lane of `block`.
  // Note: a scalar's first byte is above -65 (0xBF) as a signed byte, one comparison that may overwrite the block
  // (counting continuation bytes by `(b & 0xC0) == 0x80` took a copy of a constant a block); a true lane is 0xFF, so
  // subtracting it adds 1. The constants are typed: with their type inferred, the comparisons took the generic
  // lane-by-lane code.
  @inlinable @inline(__always)
  package mutating func add(_ block: SIMD16<UInt8>) {
    let fourByteLead = SIMD16<UInt8>(repeating: 0xF0)
    let lastContinuation = SIMD16<Int8>(repeating: -65)
    fourByteLeads &-= unsafeBitCast(block .>= fourByteLead, to: SIMD16<UInt8>.self)
    scalarStarts &-=
      unsafeBitCast(unsafeBitCast(block, to: SIMD16<Int8>.self) .> lastContinuation, to: SIMD16<UInt8>.self)
  }

  /// Counts the lanes of `block` that `counted` marks (0xFF).
  @inlinable @inline(__always)
  package mutating func add(_ block: SIMD16<UInt8>, _ counted: SIMD16<UInt8>) {
    let fourByteLead = SIMD16<UInt8>(repeating: 0xF0)
    let lastContinuation = SIMD16<Int8>(repeating: -65)
    fourByteLeads &-= unsafeBitCast(block .>= fourByteLead, to: SIMD16<UInt8>.self) & counted
    scalarStarts &-=
      unsafeBitCast(unsafeBitCast(block, to: SIMD16<Int8>.self) .> lastContinuation, to: SIMD16<UInt8>.self) & counted
  }

  /// The scalars counted.
  @inlinable package var scalarCount: Int { UTF8LaneCounts.sum(scalarStarts) }
  /// The four-byte leads counted.
  // Note: summed always: the scan sums a few blocks a candidate, and a test for none first, taken or not by whether
  // an emoji came since the last candidate, is unpredictable there (``UTF8LaneCounts`` sums hundreds of blocks at
  // once, where the test pays).
  @inlinable package var fourByteLeadCount: Int { UTF8LaneCounts.sum(fourByteLeads) }
}
