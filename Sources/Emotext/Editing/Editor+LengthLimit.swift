extension Editor {
  /// The document's length and the limit's maximum, or nil without a ``lengthLimit``.
  /// - Complexity: O(*n*) in the length of the document for a weighted or grapheme measure.
  public var lengthStatus: LengthStatus? {
    lengthLimit.map { LengthStatus(length: document.length(by: $0.measure), maximum: $0.maximum) }
  }

  /// The longest prefix of `content`, cut at the end of one of its length units, that may replace `range`:
  /// the document after the replacement (its tokens turned into attachments, when `normalizing`) is at most
  /// the limit's maximum, or no longer than `lengthBefore` (by default the document's length now).
  /// `content` itself without a limit or with enforcement ``LengthLimit/Enforcement/none``.
  /// - Complexity: O(*n* log *k*) for a document of length *n* when `content` (of *k* units) does not fit, one
  ///   measurement of the document after the replacement when it does.
  func limited(
    _ content: RichText, replacing range: Range<Int>, lengthBefore: Int? = nil, normalizing: Bool = true
  ) -> RichText {
    guard let limit = lengthLimit, limit.enforcement != .none, !content.isEmpty else { return content }
    let allowed = max(limit.maximum, lengthBefore ?? document.length(by: limit.measure))
    func fits(_ prefix: RichText) -> Bool {
      var trial = document
      trial.replaceSubrange(range, with: prefix)
      if normalizing {
        let inserted = range.lowerBound..<(range.lowerBound + prefix.utf16Count)
        _ = trial.canonicalizeTokens(
          around: inserted, caret: inserted.upperBound, tokenizer: tokenizer, bracketReach: bracketTokenReach)
      }
      return trial.length(by: limit.measure) <= allowed
    }
    if fits(content) { return content }
    // Note: the cuts are the ends of the units of the content as it will be (its tokens attachments), so a cut
    // never splits a cluster, an attachment or a URL the rule weighs whole; the lengths grow with the prefix,
    // so the longest fitting one is found by bisection.
    var content = content
    if normalizing {
      _ = content.canonicalizeTokens(
        around: 0..<content.utf16Count, caret: 0, tokenizer: tokenizer, bracketReach: bracketTokenReach)
    }
    var unitEnds: [Int] = []
    content.forEachLengthUnit(by: limit.measure) { _, utf16End in
      unitEnds.append(utf16End)
      return true
    }
    var fitting = 0  // the number of units known to fit
    var tooMany = unitEnds.count  // a number of units known not to fit
    while tooMany - fitting > 1 {
      let middle = (fitting + tooMany) / 2
      if fits(content.slice(0..<unitEnds[middle - 1])) { fitting = middle } else { tooMany = middle }
    }
    return fitting == 0 ? RichText() : content.slice(0..<unitEnds[fitting - 1])
  }

  /// The length of the document without `range` (what it was before a composition there began).
  func length(without range: Range<Int>, by measure: LengthMeasure) -> Int {
    var rest = document
    rest.replaceSubrange(range, with: RichText())
    return rest.length(by: measure)
  }

  /// `text` as marked text replacing `target`: cut to fit with enforcement ``LengthLimit/Enforcement/enforced``,
  /// else as it is.
  func limitedWhileComposing(_ text: String, replacing target: Range<Int>) -> String {
    guard let limit = lengthLimit, limit.enforcement == .enforced else { return text }
    let before = markedRange.map { length(without: $0, by: limit.measure) }
    return limited(RichText(text), replacing: target, lengthBefore: before, normalizing: false).postText
  }

  /// Cuts the marked text at `marked` to fit the limit before it is committed, and returns where it is now.
  mutating func cutMarkedTextToLimit(_ marked: Range<Int>) -> Range<Int> {
    guard let limit = lengthLimit, limit.enforcement != .none else { return marked }
    let content = document.slice(marked)
    let before = length(without: marked, by: limit.measure)
    let fitting = limited(content, replacing: marked, lengthBefore: before)
    guard fitting.utf16Count < content.utf16Count else { return marked }
    edit(marked, with: fitting, group: .composing, normalizing: false)
    let kept = marked.lowerBound..<(marked.lowerBound + fitting.utf16Count)
    setSelection(min(head, kept.upperBound)..<min(head, kept.upperBound))
    return kept
  }
}

extension Editor {
  /// `text` committed over the marked text at `marked`, cut to fit the limit as the length was before the
  /// composition.
  func limitedCommit(_ text: String, replacing marked: Range<Int>) -> RichText {
    let before = lengthLimit.map { length(without: marked, by: $0.measure) }
    return limited(RichText(text), replacing: marked, lengthBefore: before)
  }
}
