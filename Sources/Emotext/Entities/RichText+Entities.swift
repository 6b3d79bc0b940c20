import EmotextUnicode

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
  /// - a link is what `urls` finds (``URLFinder``; Weibo's: `http://` or `https://` only, with the host, path and
  ///   query of twitter-text's grammar), the same URLs a weighted length with that finder weighs. Links are
  ///   found first: a mention or topic never overlaps one.
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
  /// - Parameter urls: What counts as a link; ``URLFinder/weibo`` by default.
  /// - Complexity: O(*n*) in the length of the text. The document is read in place; only a text run that holds a
  ///   byte an entity needs (see `EntityScanner.mayHoldEntity(_:)`) is read into a `String` for the scanner. When
  ///   no entity is found, the document is returned as it is; else the result's leaves are slices of one copy of
  ///   the post text.
  public func recognizingEntities(urls: URLFinder = .weibo) -> RichText {
    recognizingEntities(urls: urls, unchangedWhenNoneFound: true)
  }

  /// ``recognizingEntities(urls:)``. With `unchangedWhenNoneFound`, the entities are found first, and a document where
  /// none is found is returned as it is; without, every run is scanned while the result is built, as before the
  /// shortcut (tests compare the two).
  func recognizingEntities(urls: URLFinder, unchangedWhenNoneFound: Bool) -> RichText {
    guard unchangedWhenNoneFound else {
      return rebuilt { run, _ in
        guard EntityScanner.mayHoldEntity(run) else { return [] }
        return EntityScanner.entities(in: String(decoding: run, as: UTF8.self), urls: urls)
      }
    }
    // Note: the runs that may hold an entity are scanned from the leaves in place (a run cut across leaves gathered);
    // most posts hold none, and then the document is already the answer.
    var found: [(runStart: Int, entities: [EntityScanner.Match])] = []
    var gathered: [UInt8] = []  // the text run cut across leaves read so far
    var runStart = 0  // where the text run being read starts, in UTF-8 bytes
    var runMayHoldEntity = false  // whether a piece of the run read so far holds a byte an entity needs
    forEachPiece { piece in
      guard case .text(let attributes) = piece.content, attributes.entity == nil else { return true }
      if !piece.continuesRun {
        runStart = piece.utf8Start
        runMayHoldEntity = false
        gathered.removeAll(keepingCapacity: true)
      }
      runMayHoldEntity = runMayHoldEntity || EntityScanner.mayHoldEntity(piece.utf8)
      if piece.continuesRun || !piece.endsRun { gathered.append(contentsOf: piece.utf8) }
      guard piece.endsRun, runMayHoldEntity else { return true }
      let run =
        piece.continuesRun ? String(decoding: gathered, as: UTF8.self) : String(decoding: piece.utf8, as: UTF8.self)
      let entities = EntityScanner.entities(in: run, urls: urls)
      if !entities.isEmpty { found.append((runStart, entities)) }
      return true
    }
    if found.isEmpty { return self }
    var next = found.startIndex  // the next run with entities
    return rebuilt { _, runStart in
      guard next < found.endIndex && found[next].runStart == runStart else { return [] }
      defer { next += 1 }
      return found[next].entities
    }
  }

  /// This document built again from a copy of its post text, each text run without an entity cut at the entities
  /// `entities` gives for it (its bytes, read in the copy, and where it starts; UTF-8 ranges in the run), in order.
  private func rebuilt(
    cutAt entities: (_ run: UnsafeBufferPointer<UInt8>, _ utf8Start: Int) -> [EntityScanner.Match]
  ) -> RichText {
    let text = postText
    var builder = LeafBuilder(slicing: text, contents: contents)
    var source = text
    source.withUTF8 { bytes in
      var runStart = 0  // where the text run being read starts, in UTF-8 bytes
      forEachPiece { piece in
        let end = piece.utf8Start + piece.utf8.count
        switch piece.content {
        case .emoticon:
          builder.appendAttachment(piece.contentIndex, sourceRange: piece.utf8Start..<end)
        case .text(let attributes):
          if !piece.continuesRun { runStart = piece.utf8Start }
          guard piece.endsRun else { break }
          let found =
            attributes.entity == nil ? entities(UnsafeBufferPointer(rebasing: bytes[runStart..<end]), runStart) : []
          Self.append(runStart..<end, of: bytes, attributes: attributes, cutAt: found, to: &builder)
        }
        return true
      }
    }
    return RichText(consume builder)
  }

  /// Appends the text run at `utf8Range` of `bytes` (the post text `builder` slices), cut at `entities` (UTF-8
  /// ranges in the run).
  private static func append(
    _ utf8Range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, attributes: TextAttributes,
    cutAt entities: [EntityScanner.Match], to builder: inout LeafBuilder
  ) {
    var start = utf8Range.lowerBound
    for entity in entities {
      let lower = utf8Range.lowerBound + entity.utf8Range.lowerBound
      let upper = utf8Range.lowerBound + entity.utf8Range.upperBound
      builder.appendText(sourceRange: start..<lower, of: bytes, attributes: attributes)
      var entityAttributes = attributes
      entityAttributes.entity = entity.kind
      builder.appendText(sourceRange: lower..<upper, of: bytes, attributes: entityAttributes)
      start = upper
    }
    builder.appendText(sourceRange: start..<utf8Range.upperBound, of: bytes, attributes: attributes)
  }
}

/// Finds entities in one text run on UTF-8 offsets.
enum EntityScanner {
  struct Match: Equatable {
    var kind: TextAttributes.Entity
    var utf8Range: Range<Int>
  }

  /// Whether the valid UTF-8 `text` holds a byte every entity holds one of: the `@` of a mention, the `#` of a
  /// topic, a URL's trigger (a host's `.` or a scheme's `:`, see ``URLFinder``). When it does not,
  /// ``entities(in:urls:)`` finds nothing, and a reader skips the run without decoding it.
  /// - Complexity: O(*n*) in the length of `text`.
  static func mayHoldEntity(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    text.contains {
      $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":")
    }
  }

  /// The longest topic, in Unicode scalars between the `#`s.
  static let topicCharacterLimit = 64

  /// The entities in `text`, in order, never overlapping, each on grapheme boundaries: the links `urls` finds,
  /// and mentions and topics between them.
  static func entities(in text: String, urls: URLFinder) -> [Match] {
    let links = urls.urlRanges(in: text)
    // Note: `@` and `#` are ASCII, so their bytes tell; most text with a URL trigger has neither, and is not
    // decoded into scalars.
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "#") }) else {
      return links.map { Match(kind: .link, utf8Range: $0) }
    }
    let scalars = Array(text.unicodeScalars)
    var utf8Offsets: [Int] = []  // the UTF-8 offset of each scalar, plus the end
    utf8Offsets.reserveCapacity(scalars.count + 1)
    var utf8Offset = 0
    for scalar in scalars {
      utf8Offsets.append(utf8Offset)
      utf8Offset += UTF8.width(scalar)
    }
    utf8Offsets.append(utf8Offset)
    // Note: the grapheme boundaries, by UTF-8 offset, found only when a candidate needs them (most `@` and `#`
    // start none).
    var boundaryFlags: [Bool] = []
    func isBoundary(_ utf8Offset: Int) -> Bool {
      if boundaryFlags.isEmpty {
        boundaryFlags = [Bool](repeating: false, count: utf8Offsets[scalars.count] + 1)
        boundaryFlags[0] = true
        GraphemeBreaks.forEachBoundary(in: text) { boundaryFlags[$0] = true }
      }
      return boundaryFlags[utf8Offset]
    }

    var matches: [Match] = []
    var linkIndex = 0
    var index = 0
    while index < scalars.count {
      // Note: a mention or topic ends before the next link starts (`limit`); the link itself is the finder's.
      var limit = scalars.count
      if linkIndex < links.count {
        if utf8Offsets[index] == links[linkIndex].lowerBound {
          matches.append(Match(kind: .link, utf8Range: links[linkIndex]))
          while utf8Offsets[index] < links[linkIndex].upperBound { index += 1 }
          linkIndex += 1
          continue
        }
        limit = scalarIndex(ofUTF8Offset: links[linkIndex].lowerBound, in: utf8Offsets, from: index)
      }
      let candidate: (TextAttributes.Entity, Int)? =
        switch scalars[index] {
        case "@": mentionEnd(in: scalars[..<limit], at: index).map { (.mention, $0) }
        case "#": topicEnd(in: scalars[..<limit], at: index).map { (.topic, $0) }
        default: nil
        }
      guard let (kind, proposedEnd) = candidate, isBoundary(utf8Offsets[index]) else {
        index += 1
        continue
      }
      // Note: shorten to a grapheme boundary, then check that what is left is still an entity.
      var end = proposedEnd
      while end > index, !isBoundary(utf8Offsets[end]) { end -= 1 }
      let stillValid = kind == .mention ? end - index >= 2 : end == proposedEnd
      guard stillValid else {
        index += 1
        continue
      }
      matches.append(Match(kind: kind, utf8Range: utf8Offsets[index]..<utf8Offsets[end]))
      index = end
    }
    return matches
  }

  /// The index of the scalar at `utf8Offset`, searching `utf8Offsets` from `start`.
  private static func scalarIndex(ofUTF8Offset utf8Offset: Int, in utf8Offsets: [Int], from start: Int) -> Int {
    var index = start
    while utf8Offsets[index] < utf8Offset { index += 1 }
    return index
  }

  /// Letters, marks, digits, `_` and `-`: what a Weibo nickname is made of.
  /// (ICU's General_Category L*, M*, N*: see ``ScalarCategories``.)
  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar == "-" || ScalarCategories.isLetterMarkOrNumber(scalar)
  }

  static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
  }

  /// The end (scalar index) of the mention whose `@` is at `start`.
  private static func mentionEnd(in scalars: ArraySlice<Unicode.Scalar>, at start: Int) -> Int? {
    if start > 0, isASCIIAlphanumeric(scalars[start - 1]) { return nil }
    var end = start + 1
    while end < scalars.count, isNameScalar(scalars[end]) { end += 1 }
    return end - start >= 2 ? end : nil
  }

  /// The end (scalar index, after the closing `#`) of the topic whose opening `#` is at `start`.
  private static func topicEnd(in scalars: ArraySlice<Unicode.Scalar>, at start: Int) -> Int? {
    var end = start + 1
    var hasContent = false
    while end < scalars.count, end - start - 1 <= topicCharacterLimit {
      let scalar = scalars[end]
      if scalar == "#" { return hasContent ? end + 1 : nil }
      if LineBreaks.isLineBreak(scalar) { return nil }
      if !ScalarCategories.isWhiteSpace(scalar) { hasContent = true }
      end += 1
    }
    return nil
  }
}
