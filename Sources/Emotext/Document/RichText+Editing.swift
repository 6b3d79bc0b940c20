import EmotextUnicode

extension RichText {
  /// Replaces the content in `utf16Range` with `replacement`, keeping the document canonical.
  ///
  /// This is the one primitive every edit goes through. It does not tokenize or snap: see ``Editor``.
  /// - Returns: What changed: `utf16Range`, replaced by `replacement.utf16Count` units.
  /// - Precondition: the range lies in the document and does not split a surrogate pair.
  /// - Complexity: O(log *n*) in the length of the document, plus the length of the leaves the range
  ///   touches (at most `NodeCapacity.leafUTF8` bytes each) and of `replacement`.
  @discardableResult
  public mutating func replaceSubrange(_ utf16Range: Range<Int>, with replacement: RichText) -> TextChange {
    var edges: InsertionEdges?
    return replaceSubrange(utf16Range, with: replacement, edges: &edges)
  }

  /// ``replaceSubrange(_:with:)``, setting `edges` to what a text insertion made in place found at its edges (nil for
  /// any other edit).
  mutating func replaceSubrange(
    _ utf16Range: Range<Int>, with replacement: RichText, edges: inout InsertionEdges?
  ) -> TextChange {
    edges = nil
    precondition(utf16Range.lowerBound >= 0, "RichText offset \(utf16Range.lowerBound) is negative")
    precondition(
      utf16Range.upperBound <= utf16Count, "RichText offset \(utf16Range.upperBound) is beyond the end (\(utf16Count))")
    let change = TextChange(replacedRange: utf16Range, insertedUTF16Count: replacement.utf16Count)
    guard !(utf16Range.isEmpty && replacement.isEmpty) else { return change }
    if !editInLeaf(utf16Range, with: replacement, edges: &edges)
      && !(splitFullLeaf(holding: utf16Range, for: replacement)
        && editInLeaf(utf16Range, with: replacement, edges: &edges))
    {
      rebuildLeaves(utf16Range, with: replacement)
    }
    #if EMOTEXT_INTERNAL_CHECKS
      if InternalChecks.afterEveryEdit { checkInvariants() }
    #endif
    return change
  }

  /// `replaceSubrange` in one leaf, in place, in one descent: an insertion at a caret by
  /// ``insertInLeaf(at:_:edges:)``, an edit inside one text run by ``editTextInLeaf(_:with:)``; false (and nothing
  /// changed) when neither takes it.
  private mutating func editInLeaf(
    _ utf16Range: Range<Int>, with replacement: RichText, edges: inout InsertionEdges?
  ) -> Bool {
    // Note: content new to the document (an emoticon inserted for the first time) is added to its table first, so that
    // it goes in place too.
    if case .leaf(let pasted) = replacement.root, pasted.descriptors.count == 1,
      pasted.descriptors[0].contentIndex != .plainText, !contents.isIdentical(to: replacement.contents)
    {
      _ = contents.index(of: replacement.contents[pasted.descriptors[0].contentIndex])
    }
    if utf16Range.isEmpty { return insertInLeaf(at: utf16Range.lowerBound, replacement, edges: &edges) }
    return editTextInLeaf(utf16Range, with: replacement)
  }

  /// Splits the leaf holding `utf16Range` in two at the descriptor seam nearest its middle when `replacement`, one
  /// short run, would not fit in it (too many bytes or descriptors), so that the edit then goes into a half in place
  /// rather than rebuilding the leaf (composing fills a leaf every dozen emoticons). False, with nothing changed, when
  /// the range is not in one leaf, `replacement` is not one run of at most half a leaf, the leaf has room, or it is
  /// one descriptor.
  /// `LeafSplitTests` compares such edits with the array-of-runs oracle.
  func splitsFullLeaf(holding utf16Range: Range<Int>, for replacement: RichText) -> (ordinal: Int, seam: Int)? {
    guard case .leaf(let pasted) = replacement.root, pasted.descriptors.count == 1,
      pasted.summary.utf8 <= NodeCapacity.leafUTF8 / 2
    else { return nil }
    let position = root.leaf(at: utf16Range.lowerBound, preferringEnd: false)
    let leaf = position.leaf
    guard utf16Range.upperBound - position.utf16Start <= leaf.summary.utf16, leaf.descriptors.count > 1,
      leaf.descriptors.count + 2 > NodeCapacity.leafDescriptors
        || leaf.summary.utf8 + pasted.summary.utf8 > NodeCapacity.leafUTF8
    else { return nil }
    // Note: the seam that leaves the halves closest to even in bytes, or in descriptors when those are what is full.
    guard leaf.summary.utf8 + pasted.summary.utf8 > NodeCapacity.leafUTF8 else {
      return (position.ordinal, leaf.descriptors.count / 2)
    }
    var seam = 1
    var before = Int(leaf.descriptors[0].utf8Count)
    while seam < leaf.descriptors.count - 1 && 2 * before + Int(leaf.descriptors[seam].utf8Count) <= leaf.summary.utf8 {
      before += Int(leaf.descriptors[seam].utf8Count)
      seam += 1
    }
    return (position.ordinal, seam)
  }

  /// ``splitsFullLeaf(holding:for:)``'s split, made; false when it finds none.
  private mutating func splitFullLeaf(holding utf16Range: Range<Int>, for replacement: RichText) -> Bool {
    guard let (ordinal, seam) = splitsFullLeaf(holding: utf16Range, for: replacement) else { return false }
    let halves = root.leaf(ordinal: ordinal).leaf.split(atDescriptor: seam)
    replaceLeaves(ordinal..<(ordinal + 1), with: [halves.0, halves.1])
    return true
  }

  /// Puts `newLeaves` in the place of the leaves numbered `leafRange`.
  private mutating func replaceLeaves(_ leafRange: Range<Int>, with newLeaves: [Leaf]) {
    switch root {
    case .leaf:
      root = .tree(of: newLeaves)
    case .inner(var inner):
      // Note: the root lets go of the tree first, so that the path the edit changes is unique and changes in
      // place.
      root = .empty
      let overflow = inner.replaceLeaves(leafRange, with: newLeaves)
      root = overflow.isEmpty ? .inner(inner) : .tree(of: [inner] + overflow)
      root = root.collapsed
    }
  }

  /// `replaceSubrange` by building the leaves the range touches anew (with a small neighbour, so leaves stay
  /// reasonably full): the general case.
  private mutating func rebuildLeaves(_ utf16Range: Range<Int>, with replacement: RichText) {
    // The leaves the range touches, with the part of the first before it and of the last after it.
    let first = root.leaf(at: utf16Range.lowerBound, preferringEnd: false)
    let last = utf16Range.isEmpty ? first : root.leaf(at: utf16Range.upperBound, preferringEnd: true)
    let prefixUTF8 = first.leaf.utf8Offset(ofUTF16Offset: utf16Range.lowerBound - first.utf16Start)
    let suffixUTF8 = last.leaf.utf8Offset(ofUTF16Offset: utf16Range.upperBound - last.utf16Start)
    var total = prefixUTF8 + replacement.root.summary.utf8 + (last.leaf.summary.utf8 - suffixUTF8)
    // Note: a leaf that an edit leaves small takes in a neighbour whole, so leaves stay reasonably full.
    var leafRange = first.ordinal..<(last.ordinal + 1)
    var before: Leaf?
    var after: Leaf?
    if case .inner = root, total < NodeCapacity.leafUTF8 / 4 {
      if leafRange.upperBound < root.summary.leaves {
        after = root.leaf(ordinal: leafRange.upperBound).leaf
        leafRange = leafRange.lowerBound..<(leafRange.upperBound + 1)
      } else if leafRange.lowerBound > 0 {
        before = root.leaf(ordinal: leafRange.lowerBound - 1).leaf
        leafRange = (leafRange.lowerBound - 1)..<leafRange.upperBound
      }
      total += (before?.summary.utf8 ?? 0) + (after?.summary.utf8 ?? 0)
    }
    var builder = LeafBuilder(
      totalUTF8: total,
      totalDescriptors: first.leaf.descriptors.count + replacement.root.summary.descriptors
        + last.leaf.descriptors.count + (before?.descriptors.count ?? 0) + (after?.descriptors.count ?? 0),
      contents: contents)
    if let before { builder.appendContent(of: before, utf8Range: 0..<before.summary.utf8, table: contents) }
    builder.appendContent(of: first.leaf, utf8Range: 0..<prefixUTF8, table: contents)
    var pasted = LeafIterator(replacement.root)
    while let leaf = pasted.next() {
      builder.appendContent(of: leaf, utf8Range: 0..<leaf.summary.utf8, table: replacement.contents)
    }
    builder.appendContent(of: last.leaf, utf8Range: suffixUTF8..<last.leaf.summary.utf8, table: contents)
    if let after { builder.appendContent(of: after, utf8Range: 0..<after.summary.utf8, table: contents) }
    let newLeaves = builder.finish()
    contents = builder.contents
    replaceLeaves(leafRange, with: newLeaves)
  }

  /// Replaces `utf16Range` with `replacement` inside one text run of one leaf, in place, in one descent of the tree
  /// (see ``Leaf/textEdit(_:with:counts:content:isOnlyLeaf:)``); false, with nothing changed, when the edit is not that
  /// (a Backspace in text is): when `replacement` is more than one text run of one content the document's table holds.
  private mutating func editTextInLeaf(_ utf16Range: Range<Int>, with replacement: RichText) -> Bool {
    var content: RunContentIndex?
    var inserted: Substring = ""
    var insertedCounts = Summary()
    if case .leaf(let leaf) = replacement.root, !replacement.isEmpty {
      guard leaf.descriptors.count == 1, leaf.descriptors[0].isText else { return false }
      content = ownIndex(of: leaf.descriptors[0].contentIndex, in: replacement)
      guard content != nil else { return false }
      inserted = leaf.text
      insertedCounts = leaf.summary
    } else if !replacement.isEmpty {
      return false
    }
    return root.modifyLeaf(holdingUTF16: utf16Range.lowerBound) { leaf, place in
      let range = place.offset..<(place.offset + utf16Range.count)
      guard
        let edit = leaf.textEdit(
          range, with: inserted, counts: insertedCounts, content: content,
          isOnlyLeaf: place.startsDocument && place.endsDocument)
      else { return nil }
      leaf.replaceText(edit.utf8Range, with: inserted, inDescriptor: edit.descriptor, adding: edit.delta)
      return edit.delta
    }
  }

  /// Where a descent found a leaf: the offset in it, and whether it is the document's first and last leaf.
  struct LeafPlace {
    var offset: Int
    var startsDocument: Bool
    var endsDocument: Bool

    /// The place in child number `slot` of `count` children, at `offset` in it.
    func child(at slot: Int, of count: Int, offset: Int) -> Self {
      Self(offset: offset, startsDocument: startsDocument && slot == 0, endsDocument: endsDocument && slot == count - 1)
    }
  }

  /// What a text insertion made in place found at its edges, so that the editor need not look again: whether it
  /// starts at a hard edge (the document's start or an attachment, which no bracket token and no cluster crosses), and
  /// whether its end is a cluster boundary (an attachment or the document's end follows, or the scalars on either side
  /// decide that it is; false when they do not).
  struct InsertionEdges: Equatable {
    var startsAtHardEdge: Bool
    var endsAtClusterBoundary: Bool
  }

  /// Inserts `replacement` at `utf16Offset` into the leaf holding it, in place, in one descent of the tree (which
  /// finds the leaf and adds the change to the nodes above it on the way back): what inserting at a caret does. False,
  /// with nothing changed, when `replacement` is not one run whose content the document's table holds or the leaf
  /// has no room for it (see ``Leaf/insertion(of:at:startsDocument:endsDocument:)``). `edges` are the insertion's,
  /// for text.
  private mutating func insertInLeaf(
    at utf16Offset: Int, _ replacement: RichText, edges: inout InsertionEdges?
  ) -> Bool {
    guard let run = insertedRun(replacement) else { return false }
    var found: InsertionEdges?
    let inserted = root.modifyLeaf(holdingUTF16: utf16Offset) { leaf, place in
      guard
        let insertion = leaf.insertion(
          of: run, at: place.offset, startsDocument: place.startsDocument, endsDocument: place.endsDocument)
      else { return nil }
      found = insertion.edges
      leaf.apply(insertion, of: run)
      return insertion.delta
    }
    edges = found
    return inserted
  }

  /// Whether ``insertInLeaf(at:_:edges:)`` takes the insertion of `replacement` at `utf16Offset` (for the tests).
  func insertsInLeaf(at utf16Offset: Int, _ replacement: RichText) -> Bool {
    guard let run = insertedRun(replacement) else { return false }
    let position = root.leaf(at: utf16Offset, preferringEnd: false)
    return position.leaf.insertion(of: run, at: utf16Offset - position.utf16Start) != nil
  }

  /// The one run of `replacement`, its content in this document's table; nil when it is not one run or the table
  /// lacks its content.
  private func insertedRun(_ replacement: RichText) -> Leaf.InsertedRun? {
    guard case .leaf(let pasted) = replacement.root, pasted.descriptors.count == 1,
      let content = ownIndex(of: pasted.descriptors[0].contentIndex, in: replacement)
    else { return nil }
    return Leaf.InsertedRun(bytes: pasted.text, counts: pasted.summary, content: content)
  }

  /// The index in this document's table of the content that `index` stands for in `other`'s; nil when the table lacks
  /// it.
  private func ownIndex(of index: RunContentIndex, in other: RichText) -> RunContentIndex? {
    index == .plainText || contents.isIdentical(to: other.contents)
      ? index : contents.existingIndex(of: other.contents[index])
  }

  /// Inserts `text` at `utf16Offset`.
  @discardableResult
  public mutating func insert(_ text: RichText, at utf16Offset: Int) -> TextChange {
    replaceSubrange(utf16Offset..<utf16Offset, with: text)
  }

  /// Removes the content in `utf16Range`.
  @discardableResult
  public mutating func removeSubrange(_ utf16Range: Range<Int>) -> TextChange {
    replaceSubrange(utf16Range, with: RichText())
  }

  /// The content in `utf16Range` as a document of its own.
  /// - Precondition: the range lies in the document and does not split a surrogate pair.
  /// - Complexity: O(log *n*) plus the length of the slice.
  public func slice(_ utf16Range: Range<Int>) -> RichText {
    precondition(
      utf16Range.lowerBound >= 0 && utf16Range.upperBound <= utf16Count,
      "RichText range \(utf16Range) is outside the document (length \(utf16Count))")
    guard !utf16Range.isEmpty else { return RichText() }
    return sliceOfOneRun(utf16Range) ?? slicedByBuilder(utf16Range)
  }

  /// ``slice(_:)`` of a range that lies in one descriptor of one leaf (part of a text run, or an attachment: what a
  /// keystroke's undo record keeps), made from its bytes directly, without a `LeafBuilder`; nil for any other range.
  /// `KeystrokeFastPathTests` compares it with ``slicedByBuilder(_:)``.
  func sliceOfOneRun(_ utf16Range: Range<Int>) -> RichText? {
    let position = root.leaf(at: utf16Range.lowerBound, preferringEnd: false)
    let lower = utf16Range.lowerBound - position.utf16Start
    let upper = utf16Range.upperBound - position.utf16Start
    guard upper <= position.leaf.summary.utf16 else { return nil }
    let holding = position.leaf.descriptors.start(ofDescriptorHolding: lower)
    let descriptor = position.leaf.descriptors[holding.index]
    guard upper <= holding.utf16 + Int(descriptor.utf16Count) else { return nil }
    var text = position.leaf.text
    let leaf = text.withUTF8 { bytes -> Leaf in
      let run = UnsafeBufferPointer(rebasing: bytes[holding.utf8..<(holding.utf8 + Int(descriptor.utf8Count))])
      // Note: an attachment is one unit, so the range is all of it.
      let utf8Range =
        descriptor.isText
        ? run.utf8Offset(
          ofUTF16Count: lower - holding.utf16, from: 0)..<run.utf8Offset(
            ofUTF16Count: upper - holding.utf16, from: 0) : 0..<run.count
      let piece = UnsafeBufferPointer(rebasing: run[utf8Range])
      let scalars = descriptor.isText ? String.counts(ofUTF8: piece).scalars : 1
      return Leaf(
        text: String(decoding: piece, as: UTF8.self)[...],
        descriptors: [
          RunDescriptor(
            utf8Count: Int32(piece.count), utf16Count: Int32(upper - lower), contentIndex: descriptor.contentIndex)
        ],
        utf16Count: upper - lower, scalarCount: scalars)
    }
    return RichText(root: .leaf(leaf), contents: descriptor.contentIndex == .plainText ? .plain : contents)
  }

  /// ``slice(_:)`` of a non-empty range by copying the leaves it touches into a `LeafBuilder`: the general path.
  func slicedByBuilder(_ utf16Range: Range<Int>) -> RichText {
    let first = root.leaf(at: utf16Range.lowerBound, preferringEnd: false)
    let last = root.leaf(at: utf16Range.upperBound, preferringEnd: true)
    let lowerUTF8 = first.leaf.utf8Offset(ofUTF16Offset: utf16Range.lowerBound - first.utf16Start)
    let upperUTF8 = last.leaf.utf8Offset(ofUTF16Offset: utf16Range.upperBound - last.utf16Start)
    var builder = LeafBuilder(
      totalUTF8: last.utf8Start + upperUTF8 - first.utf8Start - lowerUTF8, contents: contents)
    var leaves = LeafIterator(root, from: first.ordinal)
    for ordinal in first.ordinal...last.ordinal {
      guard let leaf = leaves.next() else { break }
      let lower = ordinal == first.ordinal ? lowerUTF8 : 0
      let upper = ordinal == last.ordinal ? upperUTF8 : leaf.summary.utf8
      builder.appendContent(of: leaf, utf8Range: lower..<upper, table: contents)
    }
    return RichText(consume builder)
  }
}

extension RichText.Node {
  /// Calls `body` with the leaf holding `utf16Offset` (the one ``leaf(at:preferringEnd:)`` finds, not preferring the
  /// end) in place and its place (the offset in it, whether it is the first and the last leaf); when `body` returns how
  /// it changed the leaf's counts, adds that to the nodes above on the way back. Returns whether it did. One descent,
  /// for an edit that changes one leaf and nothing else in the tree.
  ///
  /// Each node lets go of its children before changing them, so that a tree held by one document alone is changed in
  /// place all the way down (a tree shared with a copy is copied along the path, as arrays do).
  mutating func modifyLeaf(
    holdingUTF16 utf16Offset: Int, _ body: (inout RichText.Leaf, RichText.LeafPlace) -> Summary?
  ) -> Bool {
    let place = RichText.LeafPlace(offset: utf16Offset, startsDocument: true, endsDocument: true)
    switch self {
    case .leaf(var leaf):
      self = .empty
      let delta = body(&leaf, place)
      self = .leaf(leaf)
      return delta != nil
    case .inner(var inner):
      self = .empty
      let delta = inner.modifyLeaf(holdingUTF16: place, body)
      self = .inner(inner)
      return delta != nil
    }
  }

  /// The tree without the inner nodes of a single child above its top (an edit can leave a root of one
  /// child, or none), and the empty document's leaf when it holds no text.
  var collapsed: Self {
    var node = self
    while case .inner(let inner) = node, inner.childCount <= 1 {
      switch inner.children {
      case .leaves(let leaves): node = leaves.first.map { .leaf($0) } ?? .empty
      case .inners(let inners): node = inners.first.map { .inner($0) } ?? .empty
      }
    }
    return node.summary.utf8 == 0 ? .empty : node
  }
}

extension RichText.Leaf {
  /// The UTF-8 offset in this leaf of the UTF-16 offset `utf16Offset` in it.
  /// - Precondition: the offset lies in the leaf, does not split a surrogate pair, and is not inside
  ///   an attachment's token.
  func utf8Offset(ofUTF16Offset utf16Offset: Int) -> Int {
    var utf16 = 0
    var utf8 = 0
    for descriptor in descriptors {
      let count = Int(descriptor.utf16Count)
      if utf16Offset < utf16 + count {
        if utf16Offset == utf16 { return utf8 }
        var bytes = text
        return bytes.withUTF8 { $0.utf8Offset(ofUTF16Count: utf16Offset - utf16, from: utf8) }
      }
      utf16 += count
      utf8 += Int(descriptor.utf8Count)
    }
    precondition(utf16Offset == utf16, "RichText offset \(utf16Offset) is beyond the leaf (\(utf16))")
    return utf8
  }
}
