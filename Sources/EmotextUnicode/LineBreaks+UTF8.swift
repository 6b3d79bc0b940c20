import CICU

extension LineBreaks {
  /// ``opportunities(in:)`` on valid UTF-8 read in place: every UTF-8 offset after 0 where a line may start,
  /// in order, each with whether the line must end there; the last is `utf8.count`.
  /// - Complexity: O(*n*) in the UTF-8 length.
  package static func opportunities(inUTF8 utf8: UnsafeBufferPointer<UInt8>) -> [LineBreakOpportunity] {
    guard let base = utf8.baseAddress, !utf8.isEmpty else { return [] }
    precondition(utf8.count <= Int(Int32.max), "Emotext supports text runs up to 2 GiB")
    // Note: one call with room for every opportunity (there is at most one per byte): ICU continues with
    // ubrk_next, while restarting with following() from inside a long run (regional indicators, spaces)
    // scans back to the run's start, which made wrapping quadratic.
    var offsets = [Int32](repeating: 0, count: utf8.count)
    var mandatory = [UInt8](repeating: 0, count: utf8.count)
    var status: Int32 = 0
    let written = offsets.withUnsafeMutableBufferPointer { offsets in
      mandatory.withUnsafeMutableBufferPointer { mandatory in
        cicu_line_break_opportunities(
          base, Int32(utf8.count), 0, offsets.baseAddress!, mandatory.baseAddress!, Int32(utf8.count), &status)
      }
    }
    if written < 0 { ICUStatus.environmentFailure(status, "iterating line breaks") }
    return (0..<Int(written)).map {
      LineBreakOpportunity(utf8Offset: Int(offsets[$0]), isMandatory: mandatory[$0] != 0)
    }
  }
}
