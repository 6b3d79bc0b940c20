/// Random text for the grapheme differential checks: pieces from the scripts and sequences whose cluster rules
/// differ (Indic conjuncts, Thai, Hangul jamo and syllables, emoji sequences, flags, CR LF, controls, ASCII),
/// drawn from a byte source so the same generator serves seeded tests and the fuzzer.
enum GraphemeTextGenerator {
  /// Ranges of scalars, each drawn from uniformly: whole blocks, so every property value in them turns up.
  static let ranges: [ClosedRange<UInt32>] = [
    0x20...0x7E,  // ASCII
    0x00...0x1F,  // C0 controls, CR, LF
    0x7F...0x9F,  // DEL, C1 controls
    0x0900...0x097F,  // Devanagari
    0x0980...0x09FF,  // Bengali
    0x0A80...0x0AFF,  // Gujarati
    0x0B80...0x0BFF,  // Tamil
    0x0C00...0x0C7F,  // Telugu
    0x0D00...0x0D7F,  // Malayalam
    0x0E00...0x0E7F,  // Thai
    0x1100...0x11FF,  // Hangul jamo
    0xAC00...0xAC60,  // Hangul syllables (LV and LVT)
    0xD7B0...0xD7FF,  // Hangul jamo extended-B
    0x0300...0x036F,  // combining marks
    0x0600...0x0605,  // Arabic prepend
    0x1F1E6...0x1F1FF,  // regional indicators
    0x1F300...0x1F64F,  // pictographs, emoticons
    0x1F3FB...0x1F3FF,  // emoji modifiers
    0x2600...0x27BF,  // symbols, dingbats (text-default emoji)
    0xE0020...0xE007F,  // tags
    0xFE00...0xFE0F,  // variation selectors
    0x2028...0x2029,  // line and paragraph separators
  ]

  /// Single scalars that make sequences: ZWJ, ZWNJ, VS16, keycap, viramas, the Devanagari consonant KA.
  static let joiners: [UInt32] = [0x200D, 0x200C, 0xFE0F, 0x20E3, 0x094D, 0x09CD, 0x0D4D, 0x0915, 0x0D15, 0x0D]

  /// A string of 0 to 16 pieces read from `nextByte`.
  static func text(_ nextByte: () -> UInt8) -> String {
    var scalars = String.UnicodeScalarView()
    let count = Int(nextByte() % 17)
    for _ in 0..<count {
      let choice = nextByte()
      if choice < 80 {
        let value = joiners[Int(nextByte()) % joiners.count]
        scalars.append(Unicode.Scalar(value)!)
      } else {
        let range = ranges[Int(choice) % ranges.count]
        let offset = (UInt32(nextByte()) << 8 | UInt32(nextByte())) % (range.upperBound - range.lowerBound + 1)
        if let scalar = Unicode.Scalar(range.lowerBound + offset) { scalars.append(scalar) }
      }
    }
    return String(scalars)
  }

  /// A random string from `generator`.
  static func text(using generator: inout some RandomNumberGenerator) -> String {
    text { UInt8.random(in: 0...255, using: &generator) }
  }
}
