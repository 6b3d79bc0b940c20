import EmotextUnicode

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
  /// `bracketReach` is the catalog's longest token when `tokenizer` is a ``BracketTokenizer`` (nil for any other).
  ///
  /// - Returns: `caret` mapped into the new document (a caret inside a converted token lands after its
  ///   attachment), and each conversion in order, with the content it replaced.
  /// - Complexity: O(*k*) for the catalog's longest token of *k* bytes, plus O(log *n*) to find it.
  mutating func canonicalizeTokens(
    around utf16Range: Range<Int>, caret: Int, tokenizer: some EmoticonTokenizer, bracketReach: Int?
  ) -> (caret: Int, changes: [Editor.RecordedChange]) {
    // Note: a `BracketTokenizer`'s token starts with `[`; without one in reach, nothing is read or tokenized.
    if let bracketReach, !mayHoldBracketToken(around: utf16Range, reach: bracketReach) {
      return (caret, [])
    }
    return canonicalizeTokensInReach(around: utf16Range, caret: caret, tokenizer: tokenizer)
  }

  /// ``canonicalizeTokens(around:caret:tokenizer:)`` without its shortcut: the text within the catalog's longest
  /// token of the range, read and tokenized.
  mutating func canonicalizeTokensInReach(
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

  /// Whether a bracket token (`[`, then its name and `]`, no longer than `reach` bytes) can overlap `utf16Range` (or,
  /// when it is empty, hold its point) as ``canonicalizeTokensInReach(around:caret:tokenizer:)`` keeps tokens: false
  /// when the text from `reach` units before the range to its end holds no `[`, since such a token starts in that
  /// text, after the last attachment before the range (a token never spans one). Reads the leaves in place, back
  /// from the range's end.
  /// - Complexity: O(log *n* + *k*) for `reach` = *k*, plus O(log *n*) for each leaf before the one holding the end
  ///   that the text to read reaches into.
  func mayHoldBracketToken(around utf16Range: Range<Int>, reach: Int) -> Bool {
    let end = utf16Range.upperBound
    guard end > 0 && reach > 0 else { return false }
    // Note: one unit more than the reach: `canonicalizeTokensInReach` moves its start off a surrogate pair's middle.
    let scanStart = utf16Range.lowerBound - reach - 1
    var position = root.leaf(at: end, preferringEnd: true)
    var leafEnd = end - position.utf16Start
    while true {
      switch Self.scanForBracket(
        in: position.leaf, before: leafEnd, leafStart: position.utf16Start, back: scanStart,
        attachmentsBefore: utf16Range.lowerBound)
      {
      case .found: return true
      case .stopped: return false
      case .reachedLeafStart:
        guard position.ordinal > 0 && position.utf16Start > max(scanStart, 0) else { return false }
        position = root.leaf(ordinal: position.ordinal - 1)
        leafEnd = position.leaf.summary.utf16
      }
    }
  }

  /// What ``scanForBracket(in:before:leafStart:back:attachmentsBefore:)`` found.
  private enum BracketScan {
    case found, stopped, reachedLeafStart
  }

  /// Reads `leaf`'s text back from `leafEnd` (a UTF-16 offset in it) for `[` until the document offset `scanStart`:
  /// found one, stopped (at `scanStart`, or at an attachment before the document offset `attachmentsBefore`), or
  /// reached the leaf's start before either.
  private static func scanForBracket(
    in leaf: Leaf, before leafEnd: Int, leafStart: Int, back scanStart: Int, attachmentsBefore: Int
  ) -> BracketScan {
    let descriptors = leaf.descriptors
    var text = leaf.text
    return text.withUTF8 { utf8 in
      var holding = descriptors.start(ofDescriptorHolding: leafEnd - 1)
      // The descriptor's bytes before `leafEnd`, then whole descriptors before it, back to `scanStart`.
      var utf16 = leafEnd
      var utf8End =
        descriptors[holding.index].isText
        ? utf8.utf8Offset(ofUTF16Count: leafEnd - holding.utf16, from: holding.utf8)
        : holding.utf8 + Int(descriptors[holding.index].utf8Count)
      while true {
        if descriptors[holding.index].isText {
          var index = utf8End
          while index > holding.utf8 {
            guard leafStart + utf16 > scanStart else { return .stopped }
            index -= 1
            let byte = utf8[index]
            if byte == UInt8(ascii: "[") { return .found }
            utf16 -= byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1
          }
        } else {
          // An attachment before the range ends the text a token there could start in.
          utf16 -= 1
          if leafStart + utf16 < attachmentsBefore { return .stopped }
        }
        guard holding.index > 0 else { return .reachedLeafStart }
        guard leafStart + utf16 > scanStart else { return .stopped }
        holding.index -= 1
        utf8End = holding.utf8
        holding.utf8 -= Int(descriptors[holding.index].utf8Count)
      }
    }
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
