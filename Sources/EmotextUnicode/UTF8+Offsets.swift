// Offset moves over valid UTF-8: from a byte offset by a number of UTF-16 units or scalars, and the counts of a
// prefix. Positions in every unit a host speaks are converted with these inside a leaf of the document.

extension UnsafeBufferPointer<UInt8> {
  /// The UTF-8 offset of a UTF-16 offset in this valid UTF-8, or nil when it splits a surrogate pair.
  /// - Precondition: `utf16Offset` is at most the text's UTF-16 length.
  @inlinable package func utf8Offset(ofUTF16Offset utf16Offset: Int) -> Int? {
    utf8Offset(movingUTF16: utf16Offset, from: 0)
  }

  /// The UTF-16 length of the first `utf8Offset` bytes (a scalar boundary) of this valid UTF-8.
  @inlinable package func utf16Count(ofUTF8Prefix utf8Offset: Int) -> Int {
    String.counts(ofUTF8: UnsafeBufferPointer(rebasing: self[..<utf8Offset])).utf16
  }

  /// The UTF-8 offset reached by moving `utf16Count` UTF-16 units forward from `utf8Offset`, a scalar boundary
  /// in this valid UTF-8.
  /// - Precondition: the move does not end inside a surrogate pair, nor past the end.
  @inlinable package func utf8Offset(ofUTF16Count utf16Count: Int, from utf8Offset: Int) -> Int {
    guard let offset = self.utf8Offset(movingUTF16: utf16Count, from: utf8Offset) else {
      preconditionFailure("a UTF-16 offset splits a surrogate pair")
    }
    return offset
  }

  /// The UTF-8 offset reached by moving `utf16Count` UTF-16 units forward from `utf8Offset`, a scalar boundary
  /// in this valid UTF-8, or nil when the move ends inside a surrogate pair.
  /// - Precondition: the move does not go past the end.
  @inlinable package func utf8Offset(movingUTF16 utf16Count: Int, from utf8Offset: Int) -> Int? {
    self.utf8Offset(moving: utf16Count, from: utf8Offset, countingFourByteLeadsTwice: true)
  }

  /// The UTF-8 offset reached by moving `scalarCount` Unicode scalars forward from `utf8Offset`, a scalar
  /// boundary in this valid UTF-8.
  /// - Precondition: the move does not go past the end.
  @inlinable package func utf8Offset(movingScalars scalarCount: Int, from utf8Offset: Int) -> Int {
    self.utf8Offset(moving: scalarCount, from: utf8Offset, countingFourByteLeadsTwice: false)!
  }

  /// The move of ``utf8Offset(movingUTF16:from:)`` (a scalar counted at its lead byte, a four-byte lead twice) or of
  /// ``utf8Offset(movingScalars:from:)`` (every lead once); nil when a UTF-16 move ends inside a surrogate pair.
  // Note: bytes are passed 64 and then 16 at a time (lane counts) while their units fit in what is left, an index
  // left inside a scalar counted already is moved past its continuation bytes, and the last units go a scalar at a
  // time: a position far into a long run costs a few instructions a block, not a decoding of each scalar.
  @inlinable package func utf8Offset(moving units: Int, from utf8Offset: Int, countingFourByteLeadsTwice: Bool) -> Int?
  {
    var remaining = units
    var index = utf8Offset
    let pairs = countingFourByteLeadsTwice ? 1 : 0
    if remaining >= 16, let base = baseAddress {
      let raw = UnsafeRawPointer(base)
      let everyLane = SIMD16<UInt8>(repeating: 0xFF)
      while count &- index >= 64 {
        var lanes = UTF8LaneCounts()
        lanes.add(raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self), everyLane)
        lanes.add(raw.loadUnaligned(fromByteOffset: index &+ 16, as: SIMD16<UInt8>.self), everyLane)
        lanes.add(raw.loadUnaligned(fromByteOffset: index &+ 32, as: SIMD16<UInt8>.self), everyLane)
        lanes.add(raw.loadUnaligned(fromByteOffset: index &+ 48, as: SIMD16<UInt8>.self), everyLane)
        let moved = 64 &- lanes.continuationCount &+ pairs &* lanes.fourByteLeadCount
        guard moved <= remaining else { break }
        remaining &-= moved
        index &+= 64
      }
      while count &- index >= 16 {
        var lanes = UTF8LaneCounts()
        lanes.add(raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self), everyLane)
        let moved = 16 &- lanes.continuationCount &+ pairs &* lanes.fourByteLeadCount
        guard moved <= remaining else { break }
        remaining &-= moved
        index &+= 16
      }
      while index < count && self[index] & 0xC0 == 0x80 { index &+= 1 }
    }
    while remaining > 0 {
      let lead = self[index]
      let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      if length == 4 && countingFourByteLeadsTwice {
        guard remaining >= 2 else { return nil }
        remaining &-= 2
      } else {
        remaining &-= 1
      }
      index &+= length
    }
    return index
  }
}
