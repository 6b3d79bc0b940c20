import CICU

/// Line break opportunities (UAX #14) from ICU, on UTF-8 offsets into a `String`.
enum LineBreaks {
  /// Every offset after 0 where a line may start, in order; the last is `text.utf8.count`.
  static func opportunities(in text: String) -> [Int] {
    var result: [Int] = []
    var text = text
    text.withUTF8 { utf8 in
      guard let base = utf8.baseAddress, !utf8.isEmpty else { return }
      precondition(utf8.count <= Int(Int32.max), "Emotext supports text runs up to 2 GiB")
      // Note: one call for the whole text: ICU continues with ubrk_next, while a restart with following()
      // from an offset inside a long run (regional indicators, spaces) scans back to the run's start, which
      // made wrapping quadratic. The result holds every opportunity anyway.
      let capacity = Int32(utf8.count) + 1
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: Int(capacity)) { buffer in
        var from: Int32 = 0
        while from < Int32(utf8.count) {
          var status: Int32 = 0
          let written = cicu_line_break_opportunities(
            base, Int32(utf8.count), from, buffer.baseAddress!, capacity, &status)
          precondition(written >= 0, "ICU line break iterator failed with status \(status)")
          if written == 0 { break }
          for index in 0..<Int(written) { result.append(Int(buffer[index])) }
          from = buffer[Int(written) - 1]
        }
      }
    }
    return result
  }
}
