import EmotextUnicode

extension RichText {
  /// Where a line may start in this text when wrapped (UAX #14 line break opportunities), as UTF-16 offsets in
  /// order; the last is ``utf16Count``. An attachment wraps like U+FFFC (Line_Break=CB: a break on both sides).
  ///
  /// ```swift
  /// RichText("hello world").lineBreakOpportunities().map(\.utf16Offset)   // [6, 11]
  /// ```
  /// - Complexity: O(*n*) in the length of the text.
  public func lineBreakOpportunities() -> [(utf16Offset: Int, isMandatory: Bool)] {
    var flattened = ""
    for run in runs {
      switch run {
      case .emoticon: flattened += "\u{FFFC}"
      case .text(let text, _): flattened += text
      }
    }
    // Note: one walk converts the increasing UTF-8 offsets to UTF-16 offsets.
    var result: [(utf16Offset: Int, isMandatory: Bool)] = []
    var utf8Offset = 0
    var utf16Offset = 0
    var index = flattened.unicodeScalars.startIndex
    for opportunity in LineBreaks.opportunities(in: flattened) {
      while utf8Offset < opportunity.utf8Offset {
        let scalar = flattened.unicodeScalars[index]
        utf8Offset += UTF8.width(scalar)
        utf16Offset += UTF16.width(scalar)
        index = flattened.unicodeScalars.index(after: index)
      }
      result.append((utf16Offset, opportunity.isMandatory))
    }
    return result
  }
}
