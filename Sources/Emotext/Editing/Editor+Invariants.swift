extension Editor {
  /// Stops with a message when the editor's state breaks a rule: the document's own invariants, the
  /// selection inside the document on cluster boundaries, and no text run holding a complete catalog token
  /// (which the document alone cannot check: it knows no catalog). Tests call it after every step.
  /// - Complexity: O(*n*) in the length of the document.
  package func checkInvariants() {
    document.checkInvariants()
    let count = document.utf16Count
    precondition(selection.upperBound <= count, "the selection \(selection) ends beyond the document (\(count))")
    precondition(
      document.isGraphemeBoundary(selection.lowerBound) && document.isGraphemeBoundary(selection.upperBound),
      "the selection \(selection) splits a grapheme cluster")
    var runStart = 0
    for run in document.runs {
      if case .text(let text, _) = run, let token = tokenizer.matches(in: text).first {
        let tokenStart = runStart + text.utf16Offset(ofUTF8Offset: token.utf8Range.lowerBound)
        preconditionFailure(
          "the text run at \(runStart) holds the catalog token \(token.emoticon.code) at \(tokenStart)")
      }
      runStart += run.utf16Count
    }
  }
}
