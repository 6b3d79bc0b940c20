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
    let urls = rule?.urlWeight != nil ? URLScanner.urlRanges(in: text) : []
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
        sum += rule.emoticonWeight ?? Self.weight(ofUTF8: attachment.token, 0..<attachment.token.utf8.count, rule)
      case .text(let text, _):
        guard let urlWeight = rule.urlWeight else {
          sum += Self.weight(ofUTF8: text, 0..<text.utf8.count, rule)
          continue
        }
        var textStart = 0
        for url in URLScanner.urlRanges(in: text) {
          sum += Self.weight(ofUTF8: text, textStart..<url.lowerBound, rule) + urlWeight
          // Note: as in the unit walk, a cluster the URL ends inside (`…/A6x1️⃣`) belongs to the URL.
          textStart =
            GraphemeBreaks.isBoundary(url.upperBound, in: text)
            ? url.upperBound : GraphemeBreaks.boundary(after: url.upperBound, in: text)
        }
        sum += Self.weight(ofUTF8: text, textStart..<text.utf8.count, rule)
      }
    }
    return sum
  }

  /// The weight by `rule` of the scalars in `utf8Range` of `text` (scalar-aligned byte offsets), decoded
  /// straight from the UTF-8 bytes.
  private static func weight(ofUTF8 text: String, _ utf8Range: Range<Int>, _ rule: WeightedLengthRule) -> Int {
    var text = text
    // Note: decoding the valid UTF-8 by hand instead of through a Substring's scalar view takes a third of
    // the time (the batch CLI's count spends a quarter of its time here).
    let ranges = rule.ranges
    let defaultWeight = rule.defaultWeight
    return text.withUTF8 { bytes in
      var sum = 0
      var index = utf8Range.lowerBound
      while index < utf8Range.upperBound {
        let lead = UInt32(bytes[index])
        var value: UInt32
        var length: Int
        if lead < 0x80 {
          value = lead
          length = 1
        } else if lead < 0xE0 {
          value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
          length = 2
        } else if lead < 0xF0 {
          value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
          length = 3
        } else {
          value = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
          value |= UInt32(bytes[index + 3] & 0x3F)
          length = 4
        }
        var weight = defaultWeight
        for range in ranges where range.scalars.contains(value) {
          weight = range.weight
          break
        }
        sum += weight
        index += length
      }
      return sum
    }
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

/// Finds `http://` and `https://` URLs in text, the way counting rules see them.
enum URLScanner {
  /// The UTF-8 ranges of the URLs in `text`: the scheme, then printable ASCII other than `"<>[]{}|\^` and
  /// backtick, without trailing `.,:;!?'")`.
  static func urlRanges(in text: String) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var text = text
    text.withUTF8 { bytes in
      var index = 0
      while index + 7 < bytes.count {
        guard bytes[index] | 0x20 == UInt8(ascii: "h"), let schemeEnd = schemeEnd(bytes, at: index) else {
          index += 1
          continue
        }
        var end = schemeEnd
        while end < bytes.count, isURLByte(bytes[end]) { end += 1 }
        while end > schemeEnd, ".,:;!?'\")".utf8.contains(bytes[end - 1]) { end -= 1 }
        if end > schemeEnd {
          result.append(index..<end)
          index = end
        } else {
          index = schemeEnd
        }
      }
    }
    return result
  }

  private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    for scheme in ["http://", "https://"] {
      let count = scheme.utf8.count
      guard index + count <= bytes.count else { continue }
      if zip(bytes[index..<(index + count)], scheme.utf8).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
        return index + count
      }
    }
    return nil
  }

  private static func isURLByte(_ byte: UInt8) -> Bool {
    byte > 0x20 && byte < 0x7F && !"\"<>[]{}|\\^`".utf8.contains(byte)
  }
}
