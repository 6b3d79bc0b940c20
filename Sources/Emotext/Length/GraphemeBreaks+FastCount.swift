import CICU

extension GraphemeBreaks {
  /// One bit per code point: set when the scalar's Grapheme_Cluster_Break is Other, Control or LF.
  ///
  /// Between two such scalars UAX #29 always breaks (no rule from GB3 to GB13 joins them: none is CR,
  /// Extend, ZWJ, SpacingMark, Prepend, a Hangul jamo or a regional indicator), and no rule looks back
  /// across them, so the text can be cut there and each piece counted on its own.
  /// Built once from ICU's property data, not copied by hand.
  static let alwaysBreaksTable: [UInt64] = {
    var words = [UInt64](repeating: 0, count: 0x110000 / 64)
    for value in 0..<UInt32(0x110000) {
      let property = cicu_grapheme_cluster_break(value)
      // ICU's UGraphemeClusterBreak: 0 Other, 1 Control, 5 LF.
      if property == 0 || property == 1 || property == 5 { words[Int(value >> 6)] |= 1 << UInt64(value & 63) }
    }
    return words
  }()

  /// The number of extended grapheme clusters in `text`, equal to ``count(in:)``: runs of scalars that
  /// always stand alone are counted without ICU; only the pieces around other scalars go to ICU.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  static func fastCount(in text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      let table = alwaysBreaksTable
      var count = 0
      var segmentStart = 0
      var segmentScalars = 0
      var previousAlwaysBreaks = false
      var index = 0
      while index < bytes.count {
        let lead = bytes[index]
        let value: UInt32
        let length: Int
        if lead < 0x80 {
          value = UInt32(lead)
          length = 1
        } else if lead < 0xE0 {
          value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
          length = 2
        } else if lead < 0xF0 {
          value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
          length = 3
        } else {
          value =
            UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
            | UInt32(bytes[index + 3] & 0x3F)
          length = 4
        }
        let alwaysBreaks = table[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
        if alwaysBreaks && previousAlwaysBreaks {
          count += segmentScalars == 1 ? 1 : icuCount(UnsafeBufferPointer(rebasing: bytes[segmentStart..<index]))
          segmentStart = index
          segmentScalars = 0
        }
        previousAlwaysBreaks = alwaysBreaks
        segmentScalars += 1
        index += length
      }
      if segmentScalars > 0 {
        count += segmentScalars == 1 ? 1 : icuCount(UnsafeBufferPointer(rebasing: bytes[segmentStart...]))
      }
      return count
    }
  }

  private static func icuCount(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
    // Note: segments are short (a base and its marks, an emoji sequence), so the copy is small.
    count(in: String(decoding: utf8, as: UTF8.self))
  }
}
