import EmotextUnicode

extension RichText {
  /// Whether a UTF-16 code unit is a line break as ``LineBreaks`` defines them (all of them are in the BMP, so
  /// one unit; a surrogate is none).
  static func isLineTerminator(_ unit: UInt16) -> Bool {
    Unicode.Scalar(unit).map(LineBreaks.isLineBreak) ?? false
  }

  /// The stretch of text around `utf16Range` that entity recognition has to look at: from the last line
  /// break (``LineBreaks/isLineBreak(_:)``) or attachment before it to the first one after it (neither
  /// included).
  ///
  /// No entity crosses a line break or an attachment (a mention's name, a link and a topic all stop at
  /// them), and grapheme clusters break on both sides of them, so recognizing this stretch alone gives what
  /// recognizing the whole document gives there.
  /// - Complexity: linear in the length of the stretch.
  func lineRange(around utf16Range: Range<Int>) -> Range<Int> {
    var lower = utf16Range.lowerBound
    backward: while lower > 0 {
      let (run, runRange) = run(containing: lower - 1)
      guard case .text(let text, _) = run else { break }
      let units = text.utf16
      var index = units.index(units.startIndex, offsetBy: lower - runRange.lowerBound)
      while index > units.startIndex {
        let previous = units.index(before: index)
        if Self.isLineTerminator(units[previous]) { break backward }
        index = previous
        lower -= 1
      }
    }
    var upper = utf16Range.upperBound
    let count = utf16Count
    forward: while upper < count {
      let (run, runRange) = run(containing: upper)
      guard case .text(let text, _) = run else { break }
      let units = text.utf16
      var index = units.index(units.startIndex, offsetBy: upper - runRange.lowerBound)
      while index < units.endIndex {
        if Self.isLineTerminator(units[index]) { break forward }
        units.formIndex(after: &index)
        upper += 1
      }
    }
    return lower..<upper
  }

  /// This document with every entity attribute removed (attachments and host attributes stay).
  func removingEntities() -> RichText {
    RichText(
      runs: runs.map { run -> Run in
        guard case .text(let text, var attributes) = run, attributes.entity != nil else { return run }
        attributes.entity = nil
        return .text(text, attributes)
      })
  }
}
