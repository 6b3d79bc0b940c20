import EmotextUnicode

extension RichText {
  /// The length of the document in `measure`.
  ///
  /// ```swift
  /// let post = BracketTokenizer(catalog: .default).tokenize("好👍🏽[哈哈]")
  /// post.length(by: .utf16)                    // 6
  /// post.length(by: .graphemeClusters)         // 3
  /// post.length(by: .weighted(.twitter))       // 10: 2 + 2 + 6 ([哈哈] weighs its code text)
  /// ```
  /// - Complexity: O(1) for UTF-16 units and scalars; else O(*n*) in the UTF-8 length, read in place run by run
  ///   (a run cut across leaves is assembled), with per-scalar weights by table.
  public func length(by measure: LengthMeasure) -> Int {
    switch measure {
    case .utf16: return utf16Count
    case .unicodeScalars: return scalarCount
    case .graphemeClusters: return graphemeCount
    case .weighted: return length(by: PreparedLengthMeasure(measure))
    }
  }

  /// The length of the document by a prepared measure: the same as ``length(by:)-(LengthMeasure)`` by the measure
  /// it was prepared from, without looking up the rule's tables (see ``PreparedLengthMeasure``).
  ///
  /// ```swift
  /// let twitter = PreparedLengthMeasure(.weighted(.twitter))
  /// BracketTokenizer(catalog: .default).tokenize("好👍🏽[哈哈]").length(by: twitter)   // 10
  /// ```
  /// - Complexity: as ``length(by:)-(LengthMeasure)``.
  public func length(by measure: PreparedLengthMeasure) -> Int {
    switch measure.unit {
    case .utf16: return utf16Count
    case .unicodeScalars: return scalarCount
    case .graphemeClusters: return graphemeCount
    case .weighted:
      var sum = 0
      LengthWeigher.with(measure) { weigher in
        forEachWholeRun { run in
          sum &+= weigher.weight(ofRun: run)
          return true
        }
      }
      return (sum + measure.unitsPerCharacter - 1) / measure.unitsPerCharacter
    }
  }

  /// The longest prefix whose length in `measure`, with `ellipsis` appended when anything was cut, is at
  /// most `limit`. Never cuts inside a grapheme cluster, an attachment or (for a rule with a URL weight)
  /// a URL. Returns the document itself when it fits, and an empty document when not even `ellipsis` fits.
  ///
  /// ```swift
  /// let post = BracketTokenizer(catalog: .default).tokenize("今天好开心[哈哈]👨‍👩‍👧")
  /// post.truncated(toFit: 5, by: .graphemeClusters, ellipsis: "…").postText   // "今天好开…"
  /// ```
  /// - Complexity: O(*n*) in the UTF-8 length up to the point where the text is known not to fit: whole runs
  ///   are weighed as ``length(by:)-(LengthMeasure)`` weighs them, and only the run where the cut falls unit by unit.
  public func truncated(toFit limit: Int, by measure: LengthMeasure, ellipsis: String = "") -> RichText {
    precondition(limit >= 0, "truncated(toFit:) needs a limit of 0 or more, not \(limit)")
    let scale = if case .weighted(let rule) = measure { rule.unitsPerCharacter } else { 1 }
    let ellipsisDocument = RichText(ellipsis)
    var cut = 0
    var fits = true
    var budget = 0
    LengthWeigher.with(measure) { weigher in
      var ellipsisSum = 0
      ellipsisDocument.forEachWholeRun { run in
        ellipsisSum += weigher.weight(ofRun: run)
        return true
      }
      // Note: one walk, which stops as soon as the text is known not to fit (a length of at most `limit` is a
      // sum of at most `limit * scale`), instead of measuring the whole length first.
      let whole = limit * scale
      budget = whole - ellipsisSum
      var sum = 0
      forEachWholeRun { run in
        if weigher.hasNoNegativeWeights {
          // Note: with weights of 0 or more, the sums inside a run lie between the sums at its ends, so a run
          // that ends within the budget is taken whole, and once past the budget the cut cannot move: only the
          // run that crosses the budget is walked unit by unit.
          let weight = weigher.weight(ofRun: run)
          if sum + weight <= budget {
            sum += weight
            cut = run.utf16Start + run.utf16Count
            return true
          }
          if sum > budget {
            sum += weight
            fits = sum <= whole
            return fits
          }
        }
        return weigher.forEachUnit(of: run) { weight, utf16End in
          sum += weight
          guard sum <= whole else {
            fits = false
            return false
          }
          if sum <= budget { cut = utf16End }
          return true
        }
      }
    }
    if fits { return self }
    guard budget >= 0 else { return RichText() }
    var result = slice(0..<cut)
    result.append(ellipsisDocument)
    return result
  }

  /// Calls `body(weight, utf16End)` for each unit of the document in order (an attachment, a URL when the
  /// rule weighs URLs, else a grapheme cluster) until `body` returns false; `utf16End` is the document
  /// offset where the unit ends. The units' weights add up to the sum ``length(by:)-(LengthMeasure)`` divides.
  /// - Complexity: O(*n*) in the UTF-8 length walked.
  func forEachLengthUnit(by measure: LengthMeasure, _ body: (Int, Int) -> Bool) {
    LengthWeigher.with(measure) { weigher in
      forEachWholeRun { run in weigher.forEachUnit(of: run, body) }
    }
  }
}
