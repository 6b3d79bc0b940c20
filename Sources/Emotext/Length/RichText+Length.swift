import EmotextUnicode

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
    let scale = if case .weighted(let rule) = measure { rule.unitsPerCharacter } else { 1 }
    var ellipsisSum = 0
    RichText(ellipsis).forEachLengthUnit(by: measure) { weight, _ in
      ellipsisSum += weight
      return true
    }
    // Note: one walk, which stops as soon as the text is known not to fit (a length of at most `limit` is a
    // sum of at most `limit * scale`), instead of measuring the whole length first.
    let whole = limit * scale
    let budget = whole - ellipsisSum
    var sum = 0
    var cut = 0
    var fits = true
    forEachLengthUnit(by: measure) { weight, utf16End in
      sum += weight
      guard sum <= whole else {
        fits = false
        return false
      }
      if sum <= budget { cut = utf16End }
      return true
    }
    if fits { return self }
    guard budget >= 0 else { return RichText() }
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
    let normalizes = rule?.normalizesToNFC == true && !Self.isNFC(text)
    let urls = rule.map { $0.urlWeight != nil ? $0.urlFinder.urlRanges(in: text) : [] } ?? []
    var urlIndex = 0
    var urlUTF16Count = 0
    var utf16Offset = 0
    var clusterStartUTF8 = 0
    var stopped = false
    let asciiWeight = rule?.asciiWeight
    var text = text
    text.withUTF8 { utf8 in
      GraphemeTable.shared.withLookup { table in
        GraphemeBreaks.forEachBoundary(inUTF8: utf8) { utf8End in
          // Note: each cluster is weighed on the UTF-8 bytes, with the grapheme table's emoji flags, so no
          // String or ICU call is made per cluster (except to normalize a run that is not in NFC).
          let cluster = UnsafeBufferPointer(rebasing: utf8[clusterStartUTF8..<utf8End])
          let isASCII = cluster.count == 1 && cluster[0] < 0x80
          let utf16Count = isASCII ? 1 : Self.utf16Count(ofUTF8: cluster)
          defer { clusterStartUTF8 = utf8End }
          utf16Offset += utf16Count
          if urlIndex < urls.count, clusterStartUTF8 >= urls[urlIndex].lowerBound, let rule,
            let urlWeight = rule.urlWeight
          {
            urlUTF16Count += utf16Count
            if utf8End >= urls[urlIndex].upperBound {
              urlIndex += 1
              urlUTF16Count = 0
              if !body(urlWeight, utf16Offset) { stopped = true }
            }
            return !stopped
          }
          let weight: Int
          switch measure {
          case .utf16: weight = utf16Count
          case .unicodeScalars: weight = cluster.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
          case .graphemeClusters: weight = 1
          case .weighted(let rule):
            if isASCII, let asciiWeight {
              weight = asciiWeight  // Note: one ASCII scalar is never an emoji cluster, and NFC.
            } else if let emojiWeight = rule.emojiClusterWeight,
              GraphemeTable.isEmojiCluster(utf8: cluster, using: table)
            {
              weight = emojiWeight
            } else if normalizes {
              weight = Self.weight(ofScalars: nfc(String(decoding: cluster, as: UTF8.self)).unicodeScalars, rule)
            } else {
              weight = rule.weight(ofUTF8: cluster, asciiWeight: asciiWeight)
            }
          }
          if !body(weight, utf16Offset) { stopped = true }
          return !stopped
        }
      }
    }
    return !stopped
  }

  /// The UTF-16 length of valid UTF-8: one unit per scalar, two for a scalar of four bytes.
  @inline(__always)
  private static func utf16Count(ofUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    for byte in utf8 { count &+= byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1 }
    return count
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
    // Note: text (the usual case) is weighed on its UTF-8 bytes, without decoding and validating indices.
    if let text = scalars as? Substring.UnicodeScalarView {
      var substring = Substring(text)
      return substring.withUTF8 { rule.weight(ofUTF8: $0, asciiWeight: rule.asciiWeight) }
    }
    if let text = scalars as? String.UnicodeScalarView {
      var string = String(text)
      return string.withUTF8 { rule.weight(ofUTF8: $0, asciiWeight: rule.asciiWeight) }
    }
    var sum = 0
    for scalar in scalars { sum &+= rule.weight(ofScalarValue: scalar.value) }
    return sum
  }

  /// Whether `text` is in NFC: from the grapheme table's flags when they decide, else from ICU.
  private static func isNFC(_ text: String) -> Bool {
    var text = text
    if text.withUTF8({ GraphemeTable.isKnownNFC(utf8: $0) }) { return true }
    return nfc(text).utf8.elementsEqual(text.utf8)
  }

  private static func nfc(_ text: String) -> String {
    text.nfcNormalized()
  }
}
