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
  // Note: most text has none (emoji are rare), and the test is cheaper than the sum.
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
