extension RichText {
  /// Turns catalog tokens that an edit of `utf16Range` completed into attachments, so the document stays
  /// canonical (typing the `]` of `[哈哈]`, or deleting what separated `[微` and `笑]`).
  ///
  /// The document was canonical before the edit, so a new token overlaps the range (or, for a deletion, holds
  /// its point) and lies within the catalog's longest token of it: only that much text on either side is read,
  /// in place, and tokenized. Entity attributes are not run edges here (a token an edit completes across an
  /// entity's end, `#[哈哈` + `]`, is found, as the batch pass tokenizes before it recognizes entities); the
  /// text between the first token and the last gets its run's attributes without entity, and live recognition
  /// marks it again.
  ///
  /// - Returns: `caret` mapped into the new document (a caret inside a converted token lands after its
  ///   attachment), and each conversion in order, with the content it replaced.
  /// - Complexity: O(*k*) for the catalog's longest token of *k* bytes, plus O(log *n*) to find it.
  mutating func canonicalizeTokens(
    around utf16Range: Range<Int>, caret: Int, tokenizer: some EmoticonTokenizer
  ) -> (caret: Int, changes: [Editor.RecordedChange]) {
    let reach = tokenizer.catalog.longestTokenUTF8Count
    guard reach > 0 else { return (caret, []) }
    let lower = scalarBoundary(atOrBefore: max(utf16Range.lowerBound - reach, 0))
    let upperLimit = min(utf16Range.upperBound + reach, utf16Count)
    let upper = scalarBoundary(atOrBefore: upperLimit) == upperLimit ? upperLimit : upperLimit + 1
    // Note: each stretch of text with equal attributes (entity aside), read into one string.
    var stretches: [(utf16Start: Int, attributes: TextAttributes, utf8: [UInt8])] = []
    var isAfterAttachment = true
    forEachPiece(in: lower..<upper) { piece in
      guard case .text(var attributes) = piece.content else {
        isAfterAttachment = true
        return true
      }
      attributes.entity = nil
      if isAfterAttachment || stretches[stretches.count - 1].attributes != attributes {
        stretches.append((piece.utf16Start, attributes, []))
      }
      stretches[stretches.count - 1].utf8.append(contentsOf: piece.utf8)
      isAfterAttachment = false
      return true
    }
    var mappedCaret = caret
    var changes: [Editor.RecordedChange] = []
    var delta = 0
    for stretch in stretches {
      let text = String(decoding: stretch.utf8, as: UTF8.self)
      let matches = tokenizer.matches(in: text).filter { match in
        let start = stretch.utf16Start + text.utf16Offset(ofUTF8Offset: match.utf8Range.lowerBound)
        let end = stretch.utf16Start + text.utf16Offset(ofUTF8Offset: match.utf8Range.upperBound)
        return end > utf16Range.lowerBound
          && start < (utf16Range.isEmpty ? utf16Range.lowerBound : utf16Range.upperBound)
      }
      guard let first = matches.first, let last = matches.last else { continue }
      // Note: only the text from the first token to the last is replaced, so the change a host redraws
      // is the tokens, not the whole run.
      let tokenUTF8Range = first.utf8Range.lowerBound..<last.utf8Range.upperBound
      let replacement = RichText(
        String(text.utf8Slice(tokenUTF8Range)),
        splittingAt: matches.map {
          TokenMatch(utf8Range: $0.utf8Range.shifted(by: -tokenUTF8Range.lowerBound), emoticon: $0.emoticon)
        },
        attributes: stretch.attributes)
      let start = delta + stretch.utf16Start + text.utf16Offset(ofUTF8Offset: tokenUTF8Range.lowerBound)
      let end = delta + stretch.utf16Start + text.utf16Offset(ofUTF8Offset: tokenUTF8Range.upperBound)
      let replaced = slice(start..<end)
      let converted = replaceSubrange(start..<end, with: replacement)
      mappedCaret = Self.map(mappedCaret, through: replacement, from: start, oldEnd: end)
      changes.append(Editor.RecordedChange(change: converted, replaced: replaced))
      delta += converted.utf16Delta
    }
    return (mappedCaret, changes)
  }

  /// Maps an offset in a document where `oldStart..<oldEnd` has just become `replacement` to the same place
  /// after the change: inside a token, after its attachment.
  private static func map(_ offset: Int, through replacement: RichText, from oldStart: Int, oldEnd: Int) -> Int {
    guard offset > oldStart else { return offset }
    guard offset < oldEnd else { return offset + replacement.utf16Count - (oldEnd - oldStart) }
    var old = oldStart
    var new = oldStart
    var mapped: Int?
    replacement.forEachPiece { piece in
      // Note: in the old text each piece was its post text: an attachment was its token.
      let oldCount: Int
      switch piece.content {
      case .text: oldCount = piece.utf16Count
      case .emoticon: oldCount = String(decoding: piece.utf8, as: UTF8.self).utf16.count
      }
      if offset <= old + oldCount {
        if case .text = piece.content {
          mapped = new + (offset - old)
        } else {
          mapped = offset == old ? new : new + 1
        }
        return false
      }
      old += oldCount
      new += piece.utf16Count
      return true
    }
    return mapped ?? new
  }
}

extension Range<Int> {
  /// The range moved by `distance`.
  func shifted(by distance: Int) -> Range<Int> {
    (lowerBound + distance)..<(upperBound + distance)
  }
}
