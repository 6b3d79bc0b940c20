import CICU

/// Line break opportunities (UAX #14) from ICU, on UTF-8 offsets into a `String`.
enum LineBreaks {
  /// Every offset after 0 where a line may start, in order; the last is `text.utf8.count`.
  static func opportunities(in text: String) -> [Int] {
    var text = text
    return text.withUTF8 { utf8 in
      guard let base = utf8.baseAddress, !utf8.isEmpty else { return [] }
      precondition(utf8.count <= Int(Int32.max), "Emotext supports text runs up to 2 GiB")
      // Note: one call with room for every opportunity (there is at most one per byte): ICU continues with
      // ubrk_next, while restarting with following() from inside a long run (regional indicators, spaces)
      // scans back to the run's start, which made wrapping quadratic.
      var opportunities = [Int32](repeating: 0, count: utf8.count)
      var status: Int32 = 0
      let written = opportunities.withUnsafeMutableBufferPointer {
        cicu_line_break_opportunities(base, Int32(utf8.count), 0, $0.baseAddress!, Int32(utf8.count), &status)
      }
      precondition(written >= 0, "ICU line break iterator failed with status \(status)")
      return opportunities.prefix(Int(written)).map(Int.init)
    }
  }
}
