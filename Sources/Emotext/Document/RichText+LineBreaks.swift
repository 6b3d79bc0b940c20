import EmotextUnicode

extension RichText {
  /// Where a line may start in this text when wrapped (UAX #14 line break opportunities), as UTF-16 offsets in
  /// order; the last is ``utf16Count``. An attachment wraps like U+FFFC (Line_Break=CB: a break on both sides).
  ///
  /// ```swift
  /// RichText("hello world").lineBreakOpportunities().map(\.utf16Offset)   // [6, 11]
  /// ```
  /// - Complexity: O(*n*) in the UTF-8 length: the leaves' bytes are copied once into one buffer for ICU (the
  ///   rules look across runs), then one walk converts the opportunities to UTF-16 offsets.
  public func lineBreakOpportunities() -> [(utf16Offset: Int, isMandatory: Bool)] {
    var flattened: [UInt8] = []
    flattened.reserveCapacity(root.summary.utf8)
    forEachPiece { piece in
      if piece.isAttachment {
        // U+FFFC in UTF-8.
        flattened.append(0xEF)
        flattened.append(0xBF)
        flattened.append(0xBC)
      } else {
        flattened.append(contentsOf: piece.utf8)
      }
      return true
    }
    return flattened.withUnsafeBufferPointer { utf8 in
      // Note: one walk converts the increasing UTF-8 offsets to UTF-16 offsets.
      var utf8Offset = 0
      var utf16Offset = 0
      return LineBreaks.opportunities(inUTF8: utf8).map { opportunity in
        while utf8Offset < opportunity.utf8Offset {
          let byte = utf8[utf8Offset]
          utf16Offset &+= byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1
          utf8Offset &+= 1
        }
        return (utf16Offset, opportunity.isMandatory)
      }
    }
  }
}
