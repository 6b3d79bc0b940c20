extension Editor {
  /// Stops with a message when the editor's state breaks a rule: the document's own invariants, the
  /// selection inside the document on cluster boundaries, and no text run holding a complete catalog token
  /// (which the document alone cannot check: it knows no catalog). Tests call it after every step.
  ///
  /// While text is marked, the input method owns it: the selection may sit anywhere inside the marked text,
  /// and a token there is not converted until the text is committed.
  /// - Complexity: O(*n*) in the length of the document.
  package func checkInvariants() {
    document.checkInvariants()
    let count = document.utf16Count
    precondition(selection.upperBound <= count, "the selection \(selection) ends beyond the document (\(count))")
    if let markedRange {
      precondition(markedRange.upperBound <= count, "the marked text \(markedRange) ends beyond the document")
      precondition(
        markedRange.lowerBound <= selection.lowerBound && selection.upperBound <= markedRange.upperBound,
        "the selection \(selection) leaves the marked text \(markedRange)")
    } else {
      precondition(
        document.isGraphemeBoundary(selection.lowerBound) && document.isGraphemeBoundary(selection.upperBound),
        "the selection \(selection) splits a grapheme cluster")
    }
    var runStart = 0
    for run in document.runs {
      if case .text(let text, _) = run {
        for token in tokenizer.matches(in: text) {
          let tokenStart = runStart + text.utf16Offset(ofUTF8Offset: token.utf8Range.lowerBound)
          let tokenEnd = runStart + text.utf16Offset(ofUTF8Offset: token.utf8Range.upperBound)
          if let markedRange, markedRange.overlaps(tokenStart..<tokenEnd) { continue }
          preconditionFailure(
            "the text run at \(runStart) holds the catalog token \(token.emoticon.code) at \(tokenStart)")
        }
      }
      runStart += run.utf16Count
    }
  }
}
