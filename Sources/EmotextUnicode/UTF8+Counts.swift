// The one home of UTF-8 arithmetic: counts, lane counts and offset moves over valid UTF-8, which the document,
// the tokenizer and the length weigher share. Inlinable: they run in the inner loops of other modules.

extension String {
  /// The UTF-16 length and the number of scalars of valid UTF-8, 16 bytes at a time: a scalar starts at every byte
  /// that is not a continuation byte (10xxxxxx), and takes two UTF-16 units when it has 4 bytes.
  @inlinable package static func counts(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> (utf16: Int, scalars: Int) {
    guard let base = bytes.baseAddress else { return (0, 0) }
    let count = bytes.count
    guard count >= 16 else { return shortCounts(ofUTF8: bytes) }
    let raw = UnsafeRawPointer(base)
    let everyLane = SIMD16<UInt8>(repeating: 0xFF)
    var continuations = 0
    var fourByteLeads = 0
    var index = 0
    // Note: the lanes are summed every 255 blocks (a lane holds 255) and at the end; the last bytes (fewer than 16)
    // are the text's last 16 with the lanes counted already masked off.
    let lastBlock = count &- 16
    while index <= lastBlock {
      var lanes = UTF8LaneCounts()
      let stop = Swift.min(lastBlock, index &+ 254 &* 16)
      repeat {
        lanes.add(raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self), everyLane)
        index &+= 16
      } while index <= stop
      continuations &+= lanes.continuationCount
      fourByteLeads &+= lanes.fourByteLeadCount
    }
    if index < count {
      var lanes = UTF8LaneCounts()
      let counted = unsafeBitCast(UTF8LaneCounts.firstLanes(index &- lastBlock), to: SIMD16<UInt8>.self)
      lanes.add(raw.loadUnaligned(fromByteOffset: lastBlock, as: SIMD16<UInt8>.self), ~counted)
      continuations &+= lanes.continuationCount
      fourByteLeads &+= lanes.fourByteLeadCount
    }
    let scalars = count &- continuations
    return (scalars &+ fourByteLeads, scalars)
  }

  /// ``counts(ofUTF8:)`` of fewer than 16 bytes, eight at a time.
  @inlinable package static func shortCounts(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> (utf16: Int, scalars: Int) {
    guard let base = bytes.baseAddress else { return (0, 0) }
    let raw = UnsafeRawPointer(base)
    let high: UInt64 = 0x8080_8080_8080_8080
    var scalars = 0
    var fourByteLeads = 0
    var index = 0
    while index + 8 <= bytes.count {
      // Note: no branch for all-ASCII words; in mixed text it is mispredicted more often than not.
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let continuations = word & ~(word << 1) & high  // 10xxxxxx
      let leads = word & (word << 1) & (word << 2) & (word << 3) & high  // 1111xxxx
      scalars &+= 8 &- Self.highBitCount(continuations)
      fourByteLeads &+= Self.highBitCount(leads)
      index &+= 8
    }
    while index < bytes.count {
      let byte = bytes[index]
      scalars &+= byte & 0xC0 != 0x80 ? 1 : 0
      fourByteLeads &+= byte >= 0xF0 ? 1 : 0
      index &+= 1
    }
    return (scalars + fourByteLeads, scalars)
  }

  /// The number of bytes of `word` whose high bit is set, when no other bit is (`word & 0x8080…80 == word`): the
  /// bytes shifted to 0 or 1 and summed into the top byte by one multiplication. (`nonzeroBitCount` is a dozen
  /// instructions on the baseline x86-64, which has no popcount instruction.)
  @inlinable @inline(__always)
  package static func highBitCount(_ word: UInt64) -> Int {
    Int(truncatingIfNeeded: ((word &>> 7) &* 0x0101_0101_0101_0101) &>> 56)
  }

  /// The length in UTF-16 code units of valid UTF-8.
  @inlinable package static func utf16Count(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    counts(ofUTF8: bytes).utf16
  }

  /// The length in UTF-16 code units, counted from the UTF-8 bytes.
  // Note: `utf16.count` on a non-ASCII string of more than a few dozen bytes builds and keeps an index
  // (breadcrumbs) in the string's storage: an allocation per text run when a document is measured.
  @inlinable package var utf16CountFromUTF8: Int {
    utf8.withContiguousStorageIfAvailable { Self.utf16Count(ofUTF8: $0) } ?? utf16.count
  }
}
