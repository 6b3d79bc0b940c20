#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Searching UTF-8 bytes for a byte pattern: the one search behind ``EmojiEscaping``'s decoder, the link
/// templates of ``HTMLRenderer`` and ``EmojiImageNaming``'s file names.
///
/// A match of valid UTF-8 in valid UTF-8 starts and ends on scalar boundaries, so searching the bytes is searching
/// the scalars (not the `Character`s: a pattern can share a grapheme cluster with what precedes it).
enum UTF8Search {
  /// The first offset at or after `start` where `bytes` holds `pattern` (not empty), or nil: `memchr` to each
  /// candidate first byte, then `memcmp` (the patterns are a few bytes).
  /// - Complexity: O(*n* · *m*) at worst in the lengths of `bytes` and `pattern`; O(*n*) when the first byte is rare.
  static func offset(
    of pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    precondition(!pattern.isEmpty, "an empty pattern matches everywhere")
    guard let base = bytes.baseAddress, let patternBase = pattern.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let last = bytes.count - pattern.count  // the last offset a match can start at
    var index = max(0, start)
    while index <= last {
      guard let found = memchr(raw + index, Int32(pattern[0]), last - index + 1) else { return nil }
      let offset = raw.distance(to: UnsafeRawPointer(found))
      if memcmp(raw + offset, patternBase, pattern.count) == 0 { return offset }
      index = offset + 1
    }
    return nil
  }

  /// ``offset(of:in:from:)`` for a pattern in an array.
  static func offset(of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    pattern.withUnsafeBufferPointer { offset(of: $0, in: bytes, from: start) }
  }

  /// The byte ranges of `bytes` between the matches of `pattern` (not empty), found left to right without
  /// overlapping: one more range than there are matches, the first starting at 0 and the last ending at the end.
  static func parts(of bytes: UnsafeBufferPointer<UInt8>, around pattern: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var parts: [Range<Int>] = []
    var partStart = 0
    while let match = offset(of: pattern, in: bytes, from: partStart) {
      parts.append(partStart..<match)
      partStart = match + pattern.count
    }
    parts.append(partStart..<bytes.count)
    return parts
  }

  /// ``parts(of:around:)`` of `text`'s UTF-8 around `pattern`'s.
  static func parts(of text: String, around pattern: String) -> [Range<Int>] {
    var text = text
    var pattern = pattern
    return text.withUTF8 { bytes in pattern.withUTF8 { parts(of: bytes, around: $0) } }
  }
}
