extension RichText {
  /// Turns catalog tokens in the text runs that touch `utf16Range` into attachments, so the document
  /// stays canonical after an edit there (typing the `]` of `[哈哈]`, or deleting what separated `[微`
  /// and `笑]`), and returns `caret` mapped into the new document: a caret inside a converted token
  /// lands after its attachment.
  ///
  /// - Complexity: linear in the length of the runs touching the range.
  mutating func canonicalizeTokens(around utf16Range: Range<Int>, caret: Int, tokenizer: BracketTokenizer) -> Int {
    guard !runs.isEmpty, tokenizer.catalog.longestTokenUTF8Count > 0 else { return caret }
    let first = location(of: max(utf16Range.lowerBound - 1, 0))
    var index = first.run
    var runStart = first.runStart
    var mappedCaret = caret
    var upperBound = utf16Range.upperBound
    while index < runs.count && runStart <= upperBound {
      guard case .text(let text, let attributes) = runs[index] else {
        runStart += 1
        index += 1
        continue
      }
      let oldCount = text.utf16.count
      let pieces = tokenizer.tokenize(text, attributes: attributes).runs
      guard pieces.contains(where: \.isEmoticon) else {
        runStart += oldCount
        index += 1
        continue
      }
      let newCount = pieces.reduce(0) { $0 + $1.utf16Count }
      mappedCaret = Self.map(mappedCaret, through: pieces, runStart: runStart)
      replaceRuns(index..<(index + 1), with: pieces)
      index += pieces.count
      runStart += newCount
      upperBound += newCount - oldCount
    }
    return mappedCaret
  }

  /// Maps an offset in the run that starts at `runStart` to the same place once the run is `pieces`.
  private static func map(_ offset: Int, through pieces: [Run], runStart: Int) -> Int {
    guard offset > runStart else { return offset }
    var old = runStart
    var new = runStart
    for piece in pieces {
      let oldCount = piece.postText.utf16.count
      if offset <= old + oldCount {
        if case .text = piece { return new + (offset - old) }
        return offset == old ? new : new + 1
      }
      old += oldCount
      new += piece.utf16Count
    }
    return offset - (old - new)
  }
}
