extension RichText {
  /// Replaces the content in `utf16Range` with `replacement`, keeping the document canonical.
  ///
  /// This is the one primitive every edit goes through. It does not tokenize or snap: see ``Editor``.
  /// - Returns: What changed: `utf16Range`, replaced by `replacement.utf16Count` units.
  /// - Precondition: the range lies in the document and does not split a surrogate pair.
  /// - Complexity: O(*n*) in the number of runs, plus the length of the two runs cut.
  @discardableResult
  public mutating func replaceSubrange(_ utf16Range: Range<Int>, with replacement: RichText) -> TextChange {
    let lower = location(of: utf16Range.lowerBound)
    let upper = utf16Range.isEmpty ? lower : location(of: utf16Range.upperBound)
    let cutEnd = min(upper.run + 1, runs.count)  // runs lower.run..<cutEnd are cut
    // Note: one neighbour on each side is rebuilt too, so the seams coalesce.
    let first = max(lower.run - 1, 0)
    let last = min(cutEnd + 1, runs.count)
    var pieces = Array(runs[first..<lower.run])
    pieces.reserveCapacity(replacement.runs.count + 4)
    if lower.utf16Offset > 0 { pieces.append(runs[lower.run].prefix(utf16Count: lower.utf16Offset)) }
    pieces.append(contentsOf: replacement.runs)
    if upper.run < runs.count { pieces.append(runs[upper.run].suffix(fromUTF16Offset: upper.utf16Offset)) }
    pieces.append(contentsOf: runs[cutEnd..<last])
    replaceRuns(first..<last, with: RichText(runs: pieces).runs)
    return TextChange(replacedRange: utf16Range, insertedUTF16Count: replacement.utf16Count)
  }

  /// Inserts `text` at `utf16Offset`.
  @discardableResult
  public mutating func insert(_ text: RichText, at utf16Offset: Int) -> TextChange {
    replaceSubrange(utf16Offset..<utf16Offset, with: text)
  }

  /// Removes the content in `utf16Range`.
  @discardableResult
  public mutating func removeSubrange(_ utf16Range: Range<Int>) -> TextChange {
    replaceSubrange(utf16Range, with: RichText())
  }

  /// The content in `utf16Range` as a document of its own.
  /// - Precondition: the range lies in the document and does not split a surrogate pair.
  public func slice(_ utf16Range: Range<Int>) -> RichText {
    guard !utf16Range.isEmpty else { return RichText() }
    let lower = location(of: utf16Range.lowerBound)
    let upper = location(of: utf16Range.upperBound)
    if lower.run == upper.run {
      let run = runs[lower.run].suffix(fromUTF16Offset: lower.utf16Offset)
      return RichText(runs: [run.prefix(utf16Count: utf16Range.count)])
    }
    var pieces = [runs[lower.run].suffix(fromUTF16Offset: lower.utf16Offset)]
    pieces.append(contentsOf: runs[(lower.run + 1)..<upper.run])
    if upper.run < runs.count { pieces.append(runs[upper.run].prefix(utf16Count: upper.utf16Offset)) }
    return RichText(runs: pieces)
  }
}

extension Run {
  /// The first `utf16Count` units of a text run; an attachment is whole or nothing.
  func prefix(utf16Count: Int) -> Run {
    guard case .text(let text, let attributes) = self else { return utf16Count > 0 ? self : .text("", .plain) }
    return .text(String(text[..<text.splittingIndex(utf16Offset: utf16Count)]), attributes)
  }

  /// A text run from `utf16Offset` on; an attachment is whole or nothing.
  func suffix(fromUTF16Offset utf16Offset: Int) -> Run {
    guard case .text(let text, let attributes) = self else { return utf16Offset == 0 ? self : .text("", .plain) }
    return .text(String(text[text.splittingIndex(utf16Offset: utf16Offset)...]), attributes)
  }
}

extension String {
  fileprivate func splittingIndex(utf16Offset: Int) -> String.Index {
    let index = utf16.index(utf16.startIndex, offsetBy: utf16Offset)
    precondition(index.samePosition(in: unicodeScalars) != nil, "RichText offset splits a surrogate pair")
    return index
  }
}
