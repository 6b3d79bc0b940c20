extension UTF8Validation {
  /// Whether `bytes` is valid UTF-8: the answer of `String(validating:as:)`, without making a string.
  ///
  /// The batch commands' fast path (`emotext count` reads a post's lengths from the line's bytes): eight ASCII bytes
  /// at a time, and a scalar's bytes checked by its lead byte, so a CJK character is one three-byte test (the
  /// standard library's validation took a tenth of a post's work). `UTF8FastValidationTests` compares it with the
  /// standard library on every sequence of up to four bytes from the boundary values and on random bytes.
  /// - Complexity: O(*n*) in the length of `bytes`.
  package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let end = bytes.count
    var index = 0
    while index < end {
      if end &- index >= 8 {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        if word & 0x8080_8080_8080_8080 == 0 {
          index &+= 8
          continue
        }
        // Note: a three-byte scalar in one test: 1110xxxx 10xxxxxx 10xxxxxx, its lead's low four bits and the
        // second byte's bit 5 zero only for an overlong E0 (second byte below A0), 1101 and set only for a surrogate
        // (ED, second byte from A0).
        if word & 0xC0_C0F0 == 0x80_80E0 {
          let leadAndBit5 = word & 0x20_0F
          guard leadAndBit5 != 0 && leadAndBit5 != 0x20_0D else { return false }
          index &+= 3
          continue
        }
      }
      let lead = base[index]
      if lead < 0x80 {
        index &+= 1
        continue
      }
      // Note: RFC 3629: C0 and C1 only start overlong forms; E0 needs a second byte from A0 (no overlong form), ED
      // one below A0 (no surrogate), F0 one from 90 (no overlong form), F4 one below 90 (nothing above U+10FFFF).
      if lead < 0xC2 || lead > 0xF4 { return false }
      let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      guard end &- index >= length else { return false }
      let second = base[index &+ 1]
      guard second & 0xC0 == 0x80 else { return false }
      if length >= 3 {
        guard base[index &+ 2] & 0xC0 == 0x80 else { return false }
        if length == 4 {
          guard base[index &+ 3] & 0xC0 == 0x80 else { return false }
          if lead == 0xF0 && second < 0x90 || lead == 0xF4 && second >= 0x90 { return false }
        } else if lead == 0xE0 && second < 0xA0 || lead == 0xED && second >= 0xA0 {
          return false
        }
      }
      index &+= length
    }
    return true
  }
}
