import EmotextTestSupport
import Testing

@testable import Emotext

/// `UTF8Search`, the byte search behind the escaping decoder, the HTML link templates and emoji image names,
/// against a naive search (every start offset, byte by byte) on random bytes from a small alphabet, where
/// matches, near misses and overlapping candidates are common.
@Suite struct UTF8SearchTests {
  /// The naive first match at or after `start`.
  private static func naiveOffset(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    var offset = max(0, start)
    while offset + pattern.count <= bytes.count {
      if Array(bytes[offset..<offset + pattern.count]) == pattern { return offset }
      offset += 1
    }
    return nil
  }

  /// The naive parts: left to right, a match skipped past whole.
  private static func naiveParts(of bytes: [UInt8], around pattern: [UInt8]) -> [Range<Int>] {
    var parts: [Range<Int>] = []
    var partStart = 0
    var index = 0
    while index + pattern.count <= bytes.count {
      if Array(bytes[index..<index + pattern.count]) == pattern {
        parts.append(partStart..<index)
        index += pattern.count
        partStart = index
      } else {
        index += 1
      }
    }
    parts.append(partStart..<bytes.count)
    return parts
  }

  @Test func agreesWithANaiveSearchOnRandomBytes() {
    var generator = SeededGenerator(seed: 22)
    let alphabet: [UInt8] = Array("ab{}".utf8)
    for _ in 0..<3000 {
      let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
      }
      let pattern = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      let start = Int.random(in: 0...bytes.count + 1, using: &generator)
      bytes.withUnsafeBufferPointer { buffer in
        #expect(
          UTF8Search.offset(of: pattern, in: buffer, from: start)
            == Self.naiveOffset(of: pattern, in: bytes, from: start),
          "\(bytes) \(pattern) from \(start)")
        let parts = pattern.withUnsafeBufferPointer { UTF8Search.parts(of: buffer, around: $0) }
        #expect(parts == Self.naiveParts(of: bytes, around: pattern), "\(bytes) around \(pattern)")
      }
    }
  }

  @Test func partsOfTextAroundAPlaceholder() {
    #expect(UTF8Search.parts(of: "emoji_u{codepoints}.png", around: "{codepoints}") == [0..<7, 19..<23])
    #expect(UTF8Search.parts(of: "{x}{x}", around: "{x}") == [0..<0, 3..<3, 6..<6])
    #expect(UTF8Search.parts(of: "", around: "{x}") == [0..<0])
    #expect(UTF8Search.parts(of: "é{x}é", around: "{x}") == [0..<2, 5..<7])
  }
}
