/// Recognizes Weibo entities in text: `@mentions`, closed `#topics#` and http(s) links.
extension RichText {
  /// This document with `@mention`, `#topic#` and http(s) URL text marked as entity runs
  /// (``TextAttributes/entity``); attachments and text that already has an entity stay as they are.
  ///
  /// Weibo's rules:
  /// - a mention is `@` and a name of letters, marks, digits, `_` or `-`, ending at a space or punctuation;
  ///   the `@` must not follow a letter or digit (`a@b.com` is no mention). In a repost chain
  ///   `//@name: text`, `@name` is the entity and `//` and `:` stay plain text.
  /// - a topic is the closed form `#…#` on one line, at most 64 Unicode scalars between the `#`s, not only spaces.
  /// - a link starts with `http://` or `https://` (any case) and runs to the first space, non-ASCII
  ///   character or `<>"`; trailing `.,;:!?'` and an unbalanced `)` stay outside.
  ///
  /// Entity runs start and end on grapheme boundaries: a candidate whose end falls inside a cluster
  /// (`#话题#` followed by a combining mark) is shortened to the previous boundary, or dropped when it
  /// would no longer be an entity. Two entities of the same kind that touch (`#a##b#`) join into one
  /// run, as the document keeps equal neighbours joined.
  ///
  /// ```swift
  /// let post = BracketTokenizer(catalog: .default).tokenize("//@小明: 看 #春天# https://weibo.com").recognizingEntities()
  /// // runs: "//", "@小明" (mention), ": 看 ", "#春天#" (topic), " ", "https://weibo.com" (link)
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of the text.
  public func recognizingEntities() -> RichText {
    var result: [Run] = []
    result.reserveCapacity(runs.count)
    for run in runs {
      guard case .text(let text, let attributes) = run, attributes.entity == nil else {
        result.append(run)
        continue
      }
      var start = text.utf8.startIndex
      for entity in EntityScanner.entities(in: text) {
        let lower = text.utf8.index(text.utf8.startIndex, offsetBy: entity.utf8Range.lowerBound)
        let upper = text.utf8.index(text.utf8.startIndex, offsetBy: entity.utf8Range.upperBound)
        if start < lower { result.append(.text(String(text[start..<lower]), attributes)) }
        var entityAttributes = attributes
        entityAttributes.entity = entity.kind
        result.append(.text(String(text[lower..<upper]), entityAttributes))
        start = upper
      }
      if start < text.endIndex { result.append(.text(String(text[start...]), attributes)) }
    }
    return RichText(runs: result)
  }
}

/// Finds entities in one text run on UTF-8 offsets.
enum EntityScanner {
  struct Match: Equatable {
    var kind: TextAttributes.Entity
    var utf8Range: Range<Int>
  }

  /// The longest topic, in Unicode scalars between the `#`s.
  static let topicCharacterLimit = 64

  /// The entities in `text`, in order, never overlapping, each on grapheme boundaries.
  static func entities(in text: String) -> [Match] {
    let scalars = Array(text.unicodeScalars)
    guard scalars.contains(where: { $0 == "@" || $0 == "#" || $0 == "h" || $0 == "H" }) else { return [] }
    var utf8Offsets: [Int] = []  // the UTF-8 offset of each scalar, plus the end
    utf8Offsets.reserveCapacity(scalars.count + 1)
    var utf8Offset = 0
    for scalar in scalars {
      utf8Offsets.append(utf8Offset)
      utf8Offset += UTF8.width(scalar)
    }
    utf8Offsets.append(utf8Offset)
    let boundaries = Set(GraphemeBreaks.boundaries(in: text)).union([0])

    var matches: [Match] = []
    var index = 0
    while index < scalars.count {
      let candidate: (TextAttributes.Entity, Int)? =
        switch scalars[index] {
        case "@": mentionEnd(in: scalars, at: index).map { (.mention, $0) }
        case "#": topicEnd(in: scalars, at: index).map { (.topic, $0) }
        case "h", "H": linkEnd(in: scalars, at: index).map { (.link, $0) }
        default: nil
        }
      guard let (kind, proposedEnd) = candidate, boundaries.contains(utf8Offsets[index]) else {
        index += 1
        continue
      }
      // Note: shorten to a grapheme boundary, then check that what is left is still an entity.
      var end = proposedEnd
      while end > index, !boundaries.contains(utf8Offsets[end]) { end -= 1 }
      let stillValid =
        switch kind {
        case .mention: end - index >= 2
        case .topic: end == proposedEnd
        case .link: end == proposedEnd || linkEnd(in: Array(scalars[index..<end]), at: 0) == end - index
        }
      guard stillValid else {
        index += 1
        continue
      }
      matches.append(Match(kind: kind, utf8Range: utf8Offsets[index]..<utf8Offsets[end]))
      index = end
    }
    return matches
  }

  /// Letters, marks, digits, `_` and `-`: what a Weibo nickname is made of.
  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "_" || scalar == "-" { return true }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
      return true
    default:
      return false
    }
  }

  static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
  }

  /// The end (scalar index) of the mention whose `@` is at `start`.
  private static func mentionEnd(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
    if start > 0, isASCIIAlphanumeric(scalars[start - 1]) { return nil }
    var end = start + 1
    while end < scalars.count, isNameScalar(scalars[end]) { end += 1 }
    return end - start >= 2 ? end : nil
  }

  /// The end (scalar index, after the closing `#`) of the topic whose opening `#` is at `start`.
  private static func topicEnd(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
    var end = start + 1
    var hasContent = false
    while end < scalars.count, end - start - 1 <= topicCharacterLimit {
      let scalar = scalars[end]
      if scalar == "#" { return hasContent ? end + 1 : nil }
      if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" { return nil }
      if !scalar.properties.isWhitespace { hasContent = true }
      end += 1
    }
    return nil
  }

  /// The end (scalar index) of the http(s) URL starting at `start`.
  private static func linkEnd(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
    if start > 0, isASCIIAlphanumeric(scalars[start - 1]) { return nil }
    var prefixEnd: Int?
    for prefix in ["http://", "https://"] {
      let prefixScalars = Array(prefix.unicodeScalars)
      guard start + prefixScalars.count <= scalars.count else { continue }
      let matchesPrefix = zip(scalars[start..<(start + prefixScalars.count)], prefixScalars).allSatisfy {
        Character($0.0).lowercased() == String($0.1)
      }
      if matchesPrefix { prefixEnd = start + prefixScalars.count }
    }
    guard let prefixEnd else { return nil }
    var end = prefixEnd
    while end < scalars.count {
      let scalar = scalars[end]
      guard scalar.isASCII, scalar.value > 0x20, scalar.value != 0x7F, !"<>\"`".unicodeScalars.contains(scalar)
      else { break }
      end += 1
    }
    // Note: punctuation that ends a sentence is not part of the URL; a `)` is only when it closes a `(` in it.
    while end > prefixEnd {
      let last = scalars[end - 1]
      if ".,;:!?'".unicodeScalars.contains(last) {
        end -= 1
      } else if last == ")" {
        let opened = scalars[prefixEnd..<end].filter { $0 == "(" }.count
        let closed = scalars[prefixEnd..<end].filter { $0 == ")" }.count
        if closed > opened { end -= 1 } else { break }
      } else {
        break
      }
    }
    return end > prefixEnd ? end : nil
  }
}
