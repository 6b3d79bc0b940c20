extension RichText {
  /// Turns catalog tokens in the text runs that touch `utf16Range` into attachments, so the document
  /// stays canonical after an edit there (typing the `]` of `[哈哈]`, or deleting what separated `[微`
  /// and `笑]`).
  ///
  /// - Returns: `caret` mapped into the new document (a caret inside a converted token lands after its
  ///   attachment), and what changed: from the first converted token to the last, nil when none was.
  /// - Complexity: linear in the length of the text runs touching the range.
  mutating func canonicalizeTokens(
    around utf16Range: Range<Int>, caret: Int, tokenizer: some EmoticonTokenizer
  ) -> (caret: Int, change: TextChange?) {
    guard tokenizer.catalog.longestTokenUTF8Count > 0 else { return (caret, nil) }
    var position = max(utf16Range.lowerBound - 1, 0)
    var upperBound = utf16Range.upperBound
    var mappedCaret = caret
    var change: TextChange?
    while position < utf16Count && position <= upperBound {
      let (content, runRange, _) = runExtent(containing: position)
      position = runRange.upperBound
      guard case .text(let attributes) = content else { continue }
      // Note: the tokenizer reads a String; only the text runs around the edit are read into one.
      let text = postText(ofRun: runRange)
      let matches = tokenizer.matches(in: text)
      guard let first = matches.first, let last = matches.last else { continue }
      // Note: only the text from the first token to the last is replaced, so the change a host redraws
      // is the tokens, not the whole run.
      let tokenUTF8Range = first.utf8Range.lowerBound..<last.utf8Range.upperBound
      let replacement = RichText(
        String(text.utf8Slice(tokenUTF8Range)),
        splittingAt: matches.map {
          TokenMatch(utf8Range: $0.utf8Range.shifted(by: -tokenUTF8Range.lowerBound), emoticon: $0.emoticon)
        },
        attributes: attributes)
      let start = runRange.lowerBound + text.utf16Offset(ofUTF8Offset: tokenUTF8Range.lowerBound)
      let end = runRange.lowerBound + text.utf16Offset(ofUTF8Offset: tokenUTF8Range.upperBound)
      let converted = replaceSubrange(start..<end, with: replacement)
      mappedCaret = Self.map(mappedCaret, through: replacement, from: start, oldEnd: end)
      change = change.map { $0.followed(by: converted) } ?? converted
      position += converted.utf16Delta
      upperBound += converted.utf16Delta
    }
    return (mappedCaret, change)
  }

  /// The post text of the run at `utf16Range`, read from its pieces.
  private func postText(ofRun utf16Range: Range<Int>) -> String {
    var utf8: [UInt8] = []
    forEachPiece(in: utf16Range) { piece in
      utf8.append(contentsOf: piece.utf8)
      return true
    }
    return String(decoding: utf8, as: UTF8.self)
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
