extension RichText {
  /// The length of the document in `measure`.
  ///
  /// ```swift
  /// let post = BracketTokenizer(catalog: .default).tokenize("好👍🏽[哈哈]")
  /// post.length(by: .utf16)                    // 6
  /// post.length(by: .graphemeClusters)         // 3
  /// post.length(by: .weighted(.twitter))       // 2 + 2 + 4
  /// ```
  /// - Complexity: O(*n*) in the length of the text.
  public func length(by measure: LengthMeasure) -> Int {
    switch measure {
    case .utf16: return utf16Count
    case .unicodeScalars: return scalarCount
    case .graphemeClusters: return graphemeCount
    case .weighted(let rule):
      var sum = 0
      if rule.emojiClusterWeight == nil && !rule.normalizesToNFC {
        // Note: without a cluster weight or normalization, a cluster weighs the sum of its scalars, so the
        // length needs no cluster boundaries (Weibo's rule): one pass over the scalars.
        sum = weightOfScalars(by: rule)
      } else {
        forEachLengthUnit(by: measure) { weight, _ in
          sum += weight
          return true
        }
      }
      return (sum + rule.unitsPerCharacter - 1) / rule.unitsPerCharacter
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
  /// - Complexity: O(*n*) in the length of the text.
  public func truncated(toFit limit: Int, by measure: LengthMeasure, ellipsis: String = "") -> RichText {
    precondition(limit >= 0, "truncated(toFit:) needs a limit of 0 or more, not \(limit)")
    guard length(by: measure) > limit else { return self }
    let scale = if case .weighted(let rule) = measure { rule.unitsPerCharacter } else { 1 }
    var ellipsisSum = 0
    RichText(ellipsis).forEachLengthUnit(by: measure) { weight, _ in
      ellipsisSum += weight
      return true
    }
    let budget = limit * scale - ellipsisSum
    guard budget >= 0 else { return RichText() }
    var sum = 0
    var cut = 0
    forEachLengthUnit(by: measure) { weight, utf16End in
      guard sum + weight <= budget else { return false }
      sum += weight
      cut = utf16End
      return true
    }
    var result = slice(0..<cut)
    result.append(RichText(ellipsis))
    return result
  }

  /// Calls `body(weight, utf16End)` for each unit of the document in order (an attachment, a URL when the
  /// rule weighs URLs, else a grapheme cluster) until `body` returns false; `utf16End` is the document
  /// offset where the unit ends.
  func forEachLengthUnit(by measure: LengthMeasure, _ body: (Int, Int) -> Bool) {
    var runStart = 0
    for run in runs {
      switch run {
      case .emoticon(let attachment):
        let weight: Int
        if case .weighted(let rule) = measure {
          weight = rule.emoticonWeight ?? Self.weight(ofScalars: attachment.token.unicodeScalars, rule)
        } else {
          weight = 1
        }
        guard body(weight, runStart + 1) else { return }
        runStart += 1
      case .text(let text, _):
        guard Self.forEachTextUnit(in: text, by: measure, { weight, utf16End in body(weight, runStart + utf16End) })
        else { return }
        runStart += text.utf16.count
      }
    }
  }

  /// Like ``forEachLengthUnit(by:_:)`` over one text run; returns false when `body` stopped.
  private static func forEachTextUnit(in text: String, by measure: LengthMeasure, _ body: (Int, Int) -> Bool)
    -> Bool
  {
    var rule: WeightedLengthRule?
    if case .weighted(let weighted) = measure { rule = weighted }
    // Note: a run already in NFC (the usual case) is weighed as it is, without normalizing each cluster.
    let normalizes = rule?.normalizesToNFC == true && !nfc(text).utf8.elementsEqual(text.utf8)
    let urls = rule.map { $0.urlWeight != nil ? $0.urlFinder.urlRanges(in: text) : [] } ?? []
    var urlIndex = 0
    var urlUTF16Count = 0
    var utf16Offset = 0
    var clusterStart = text.startIndex
    var clusterStartUTF8 = 0
    var stopped = false
    GraphemeBreaks.forEachBoundary(in: text) { utf8End in
      guard !stopped else { return }
      let clusterEnd = text.utf8.index(clusterStart, offsetBy: utf8End - clusterStartUTF8)
      let cluster = text.unicodeScalars[clusterStart..<clusterEnd]
      let utf16Count = cluster.reduce(0) { $0 + $1.utf16.count }
      defer {
        clusterStart = clusterEnd
        clusterStartUTF8 = utf8End
      }
      utf16Offset += utf16Count
      if urlIndex < urls.count, clusterStartUTF8 >= urls[urlIndex].lowerBound, let rule, let urlWeight = rule.urlWeight
      {
        urlUTF16Count += utf16Count
        if utf8End >= urls[urlIndex].upperBound {
          urlIndex += 1
          urlUTF16Count = 0
          if !body(urlWeight, utf16Offset) { stopped = true }
        }
        return
      }
      let weight: Int
      switch measure {
      case .utf16: weight = utf16Count
      case .unicodeScalars: weight = cluster.count
      case .graphemeClusters: weight = 1
      case .weighted(let rule):
        if let emojiWeight = rule.emojiClusterWeight, isEmojiCluster(cluster) {
          weight = emojiWeight
        } else if normalizes {
          weight = Self.weight(ofScalars: nfc(String(cluster)).unicodeScalars, rule)
        } else {
          weight = Self.weight(ofScalars: cluster, rule)
        }
      }
      if !body(weight, utf16Offset) { stopped = true }
    }
    return !stopped
  }

  /// The sum of the weights of every unit by `rule`, weighing each cluster as its scalars (the rule has no
  /// cluster weight and no normalization).
  private func weightOfScalars(by rule: WeightedLengthRule) -> Int {
    var sum = 0
    for run in runs {
      switch run {
      case .emoticon(let attachment):
        sum += rule.emoticonWeight ?? Self.weight(ofScalars: attachment.token.unicodeScalars, rule)
      case .text(let text, _):
        guard let urlWeight = rule.urlWeight else {
          sum += Self.weight(ofScalars: text.unicodeScalars, rule)
          continue
        }
        var textStart = 0
        // Note: the finder's URLs start and end on cluster boundaries, as the unit walk's units do.
        for url in rule.urlFinder.urlRanges(in: text) {
          sum += Self.weight(ofScalars: text.utf8Slice(textStart..<url.lowerBound).unicodeScalars, rule) + urlWeight
          textStart = url.upperBound
        }
        sum += Self.weight(ofScalars: text.utf8Slice(textStart..<text.utf8.count).unicodeScalars, rule)
      }
    }
    return sum
  }

  private static func weight(ofScalars scalars: some Sequence<Unicode.Scalar>, _ rule: WeightedLengthRule) -> Int {
    var sum = 0
    for scalar in scalars {
      sum += rule.ranges.first { $0.scalars.contains(scalar.value) }?.weight ?? rule.defaultWeight
    }
    return sum
  }

  /// Whether a cluster is shown as an emoji: an emoji-presentation scalar, an emoji with U+FE0F, a keycap,
  /// or a flag.
  private static func isEmojiCluster(_ cluster: Substring.UnicodeScalarView) -> Bool {
    let hasVariationSelector = cluster.contains("\u{FE0F}")
    return cluster.contains { scalar in
      scalar.icuIsEmojiPresentation || scalar.icuIsRegionalIndicator || scalar == "\u{20E3}"
        || (hasVariationSelector && scalar.icuIsEmoji)
    }
  }

  private static func nfc(_ text: String) -> String {
    do {
      return try text.nfcNormalized()
    } catch {
      preconditionFailure("ICU normalization failed: \(error)")
    }
  }
}
