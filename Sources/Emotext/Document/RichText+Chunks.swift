import EmotextUnicode

extension RunDescriptor {
  /// Whether this descriptor continues the run of `previous`, the descriptor just before it in the
  /// document: both are text with equal attributes.
  ///
  /// This is the one definition of a text run cut across leaves. Within a leaf, text with equal attributes is
  /// always one descriptor, so in a canonical tree this holds only across a leaf's edge.
  func continuesRun(of previous: RunDescriptor) -> Bool {
    isText && previous.contentIndex == contentIndex
  }
}

extension RichText {
  /// A leaf read in place: its UTF-8 bytes, its run descriptors and where it starts in the document.
  ///
  /// Valid only inside the closure that receives it: `utf8` and `descriptors` point into the tree.
  struct LeafChunk {
    /// The leaf's bytes: its runs' post text, attachments' tokens included.
    var utf8: UnsafeBufferPointer<UInt8>
    /// The leaf's runs in order, covering `utf8`; never empty.
    var descriptors: UnsafeBufferPointer<RunDescriptor>
    /// The document's content table, which the descriptors' indices refer to.
    var contents: UnsafeBufferPointer<RunDescriptor.Content>
    /// The counts of everything before the leaf.
    var start: Summary
    /// The leaf's length in UTF-16 units.
    var utf16Count: Int
    /// Whether the first descriptor continues the text run that ends the leaf before (see
    /// ``RunDescriptor/continuesRun(of:)``).
    var firstContinuesRun: Bool
    /// Whether the next leaf's first descriptor continues this leaf's last run.
    var lastContinuesRun: Bool

    /// The leaf's number, counting from 0.
    var ordinal: Int { start.leaves }
    /// Where the leaf starts in the document, in UTF-8 bytes.
    var utf8Start: Int { start.utf8 }
    /// Where the leaf starts in the document, in UTF-16 units.
    var utf16Start: Int { start.utf16 }
    /// Where the leaf starts in the document, in Unicode scalars.
    var scalarStart: Int { start.scalars }
  }

  /// One run, or one piece of a text run cut across leaves or by a range's ends, read in place.
  ///
  /// Its descriptor is read through a pointer, so a piece costs no reference counting unless a reader asks for
  /// its ``content`` (attributes, emoticon). Valid only inside the closure that receives it: `utf8` and the
  /// descriptor point into the tree (or into a buffer of the walk).
  struct RunPiece {
    /// The descriptor of the run, in the tree.
    var descriptor: UnsafePointer<RunDescriptor>
    /// The document's content table, which the descriptor's index refers to.
    var contents: UnsafeBufferPointer<RunDescriptor.Content>
    /// The piece's bytes: text, or an attachment's token.
    var utf8: UnsafeBufferPointer<UInt8>
    /// The piece's length in UTF-16 units (1 for an attachment).
    var utf16Count: Int
    /// Where the piece starts in the document, in UTF-8 bytes.
    var utf8Start: Int
    /// Where the piece starts in the document, in UTF-16 units.
    var utf16Start: Int
    /// Whether the piece continues a text run that starts before it: in the leaf before, or before the
    /// start of the range being read.
    var continuesRun: Bool
    /// Whether the run ends with this piece: false when it goes on in the next leaf or past the end of the
    /// range being read.
    var endsRun: Bool

    /// Text with its attributes, or an attachment's emoticon (a copy: it retains them).
    var content: RunDescriptor.Content { contents[contentIndex.position] }

    /// The index of the piece's attributes or emoticon in the document's content table.
    var contentIndex: RunContentIndex { descriptor.pointee.contentIndex }

    /// Whether this is an attachment (its token's bytes) rather than text.
    var isAttachment: Bool { descriptor.pointee.contentIndex.isEmoticon }
  }

  /// Calls `body` with each leaf that holds part of `utf16Range` (every leaf when it is nil), in order,
  /// whole; `body` returns false to stop.
  ///
  /// The walk borrows the tree: no leaf is copied (only the last leaf of each bottom node is held until the next
  /// one tells whether its last run goes on), so a leaf costs no reference counting.
  /// - Complexity: O(log *n*) to find the first leaf, then O(1) per leaf; no allocation.
  func forEachLeafChunk(
    in utf16Range: Range<Int>? = nil, _ body: (borrowing LeafChunk) throws -> Bool
  ) rethrows {
    let range = utf16Range ?? 0..<utf16Count
    precondition(
      range.lowerBound >= 0 && range.upperBound <= utf16Count,
      "RichText range \(range) is outside the document (length \(utf16Count))")
    guard !range.isEmpty else { return }
    try contents.withContents { contents in try forEachLeafChunk(in: range, contents: contents, body) }
  }

  /// `forEachLeafChunk` over the non-empty `range`, with the content table in place.
  private func forEachLeafChunk(
    in range: Range<Int>, contents: UnsafeBufferPointer<RunDescriptor.Content>,
    _ body: (borrowing LeafChunk) throws -> Bool
  ) rethrows {
    var walk = ChunkWalk(end: range.upperBound, contents: contents)
    switch root {
    case .leaf(let leaf):
      _ = try walk.emit(leaf, firstContinuesRun: false, lastContinuesRun: false, body)
    case .inner(let inner):
      let first = root.find(at: range.lowerBound, in: .utf16, preferEnd: false)
      walk.start = first.start
      if first.start.leaves > 0 && first.leaf.descriptors[0].isText {
        let previous = root.leaf(ordinal: first.start.leaves - 1).leaf.descriptors
        walk.pendingFirstContinuesRun = first.leaf.descriptors[0].continuesRun(of: previous[previous.count - 1])
      }
      guard try walk.walk(inner, fromLeaf: first.start.leaves, body) else { return }
      if let pending = walk.pending {
        walk.pending = nil
        _ = try walk.emit(
          pending, firstContinuesRun: walk.pendingFirstContinuesRun, lastContinuesRun: false, body)
      }
    }
  }

  /// Calls `body` with each run piece in `utf16Range` (the whole document when it is nil), in order, the
  /// first and last cut at the range's ends; `body` returns false to stop.
  ///
  /// A text run comes in one piece per leaf it spans; `continuesRun` and `endsRun` tell where it starts and
  /// ends. No attributes are copied (see ``RunPiece``).
  /// - Precondition: the range's ends lie in the document and do not split a surrogate pair.
  /// - Complexity: O(log *n*) to find the first leaf, then O(1) per piece, plus the bytes scanned to cut the
  ///   pieces at the range's ends; no allocation.
  func forEachPiece(in utf16Range: Range<Int>? = nil, _ body: (borrowing RunPiece) throws -> Bool) rethrows {
    let range = utf16Range ?? 0..<utf16Count
    var goOn = true
    try forEachLeafChunk(in: range) { chunk in
      let descriptors = chunk.descriptors
      let base = descriptors.baseAddress!
      var utf16 = chunk.start.utf16
      var utf8 = 0
      // Note: only a leaf at either end of the range has pieces to skip or cut.
      let isInside = utf16 >= range.lowerBound && utf16 &+ chunk.utf16Count <= range.upperBound
      for index in 0..<descriptors.count {
        let utf8Count = Int(descriptors[index].utf8Count)
        let utf16End = utf16 &+ Int(descriptors[index].utf16Count)
        defer {
          utf16 = utf16End
          utf8 &+= utf8Count
        }
        var lower = (utf8: utf8, utf16: utf16)
        var upper = (utf8: utf8 &+ utf8Count, utf16: utf16End)
        if !isInside {
          guard utf16End > range.lowerBound else { continue }
          guard utf16 < range.upperBound else {
            goOn = false
            break
          }
          if utf16 < range.lowerBound {
            lower = (chunk.utf8.utf8Offset(ofUTF16Count: range.lowerBound - utf16, from: utf8), range.lowerBound)
          }
          if utf16End > range.upperBound {
            upper = (chunk.utf8.utf8Offset(ofUTF16Count: range.upperBound - utf16, from: utf8), range.upperBound)
          }
        }
        let piece = RunPiece(
          descriptor: base + index, contents: chunk.contents,
          utf8: UnsafeBufferPointer(rebasing: chunk.utf8[lower.utf8..<upper.utf8]),
          utf16Count: upper.utf16 &- lower.utf16, utf8Start: chunk.start.utf8 &+ lower.utf8, utf16Start: lower.utf16,
          continuesRun: lower.utf16 > utf16 || (index == 0 && chunk.firstContinuesRun),
          endsRun: upper.utf16 == utf16End && !(index == descriptors.count - 1 && chunk.lastContinuesRun))
        guard try body(piece) else {
          goOn = false
          break
        }
      }
      return goOn
    }
  }

  /// Calls `body` with each run of the document whole, in order; `body` returns false to stop.
  ///
  /// A run that lies in one leaf (the common case) is read in place. A text run cut across leaves is assembled
  /// into one buffer, reused from run to run, for readers that need the whole run at once (the URL finder, the
  /// cluster-by-cluster walks); its `continuesRun` is false and its `endsRun` true.
  /// - Complexity: O(1) per run plus the bytes of the runs that span leaves; at most one allocation (for the
  ///   first run that spans leaves).
  func forEachWholeRun(_ body: (borrowing RunPiece) -> Bool) {
    var assembled: [UInt8] = []
    /// The run being assembled from its pieces (its `utf8` not yet set).
    var pending: RunPiece?
    var goOn = true
    // Note: no nested function for the flush: one capturing these variables would box them, with a dynamic
    // exclusivity check on every run.
    forEachPiece { piece in
      if piece.continuesRun {
        assembled.append(contentsOf: piece.utf8)
        pending!.utf16Count &+= piece.utf16Count
        guard piece.endsRun else { return true }
        goOn = Self.flush(&pending, &assembled, body)
        return goOn
      }
      guard piece.endsRun else {
        assembled.append(contentsOf: piece.utf8)
        pending = piece
        return true
      }
      goOn = body(piece)
      return goOn
    }
    if goOn && pending != nil { _ = Self.flush(&pending, &assembled, body) }
  }

  /// Calls `body` with `pending` and the bytes `assembled` for it, then empties both; returns what `body` does.
  private static func flush(
    _ pending: inout RunPiece?, _ assembled: inout [UInt8], _ body: (borrowing RunPiece) -> Bool
  ) -> Bool {
    var run = pending!
    pending = nil
    let goOn = assembled.withUnsafeBufferPointer { bytes in
      run.utf8 = bytes
      run.endsRun = true
      return body(run)
    }
    assembled.removeAll(keepingCapacity: true)
    return goOn
  }
}

/// The state of ``RichText/forEachLeafChunk(in:_:)``'s walk down the tree: the counts before the next leaf, and
/// the last leaf of the bottom node walked last, held until the next leaf tells whether its last run goes on.
private struct ChunkWalk {
  /// Where the walk stops: after the leaf that reaches this UTF-16 offset.
  let end: Int
  /// The document's content table.
  let contents: UnsafeBufferPointer<RunDescriptor.Content>
  /// The counts of everything before the next leaf to emit.
  var start = Summary()
  /// The leaf held back (the last of its bottom node).
  var pending: RichText.Leaf?
  /// Whether the pending leaf (or, with none pending, the next leaf) continues the run of the leaf before.
  var pendingFirstContinuesRun = false

  init(end: Int, contents: UnsafeBufferPointer<RunDescriptor.Content>) {
    self.end = end
    self.contents = contents
  }

  /// Calls `body` with `leaf` read in place; returns whether to go on (false when `body` stops or the leaf
  /// reaches the end).
  mutating func emit(
    _ leaf: borrowing RichText.Leaf, firstContinuesRun: Bool, lastContinuesRun: Bool,
    _ body: (borrowing RichText.LeafChunk) throws -> Bool
  ) rethrows -> Bool {
    let start = self.start
    let contents = self.contents
    let goOn = try leaf.withUTF8 { utf8 in
      try leaf.descriptors.withUnsafeBufferPointer { descriptors in
        try body(
          RichText.LeafChunk(
            utf8: utf8, descriptors: descriptors, contents: contents, start: start, utf16Count: leaf.summary.utf16,
            firstContinuesRun: firstContinuesRun, lastContinuesRun: lastContinuesRun))
      }
    }
    self.start += leaf.summary
    return goOn && self.start.utf16 < end
  }

  /// `emit` for the leaf at `leaf`, a leaf of the tree being walked.
  // Note: through a pointer into the bottom node's array: an element of a buffer passed as an argument is
  // copied (a retain and release of the leaf's text and descriptors), five times per leaf in a profile.
  mutating func emit(
    at leaf: UnsafePointer<RichText.Leaf>, firstContinuesRun: Bool, lastContinuesRun: Bool,
    _ body: (borrowing RichText.LeafChunk) throws -> Bool
  ) rethrows -> Bool {
    let start = self.start
    let contents = self.contents
    let summary = leaf.pointee.summary
    let goOn = try leaf.pointee.withUTF8 { utf8 in
      try leaf.pointee.withDescriptors { descriptors in
        try body(
          RichText.LeafChunk(
            utf8: utf8, descriptors: descriptors, contents: contents, start: start, utf16Count: summary.utf16,
            firstContinuesRun: firstContinuesRun, lastContinuesRun: lastContinuesRun))
      }
    }
    self.start += summary
    return goOn && self.start.utf16 < end
  }

  /// Walks the leaves of `node` from its leaf number `firstLeaf` on; returns whether to go on.
  mutating func walk(
    _ node: RichText.Inner, fromLeaf firstLeaf: Int, _ body: (borrowing RichText.LeafChunk) throws -> Bool
  ) rethrows -> Bool {
    switch node.children {
    case .inners(let inners):
      var slot = 0
      var skip = firstLeaf
      if firstLeaf > 0 {
        (slot, skip, _) = RichText.Inner.findSlot(at: firstLeaf, in: .leaves, preferEnd: false, among: inners)
      }
      while slot < inners.count {
        guard try walk(inners[slot], fromLeaf: skip, body) else { return false }
        skip = 0
        slot += 1
      }
      return true
    case .leaves(let leaves):
      return try leaves.withUnsafeBufferPointer { leaves in
        let base = leaves.baseAddress!
        let last = leaves.count - 1
        if let held = pending {
          pending = nil
          let continues = RichText.Leaf.continuesRun(base + firstLeaf, after: held)
          guard
            try emit(held, firstContinuesRun: pendingFirstContinuesRun, lastContinuesRun: continues, body)
          else { return false }
          pendingFirstContinuesRun = continues
        }
        for index in firstLeaf..<last {
          let continues = RichText.Leaf.continuesRun(base + index + 1, after: base + index)
          guard
            try emit(at: base + index, firstContinuesRun: pendingFirstContinuesRun, lastContinuesRun: continues, body)
          else { return false }
          pendingFirstContinuesRun = continues
        }
        pending = leaves[last]
        return true
      }
    }
  }
}

extension RichText.Leaf {
  /// Calls `body` with the leaf's bytes in place.
  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = text
    return try copy.withUTF8(body)
  }

  /// Calls `body` with the leaf's descriptors in place.
  func withDescriptors<Result>(_ body: (UnsafeBufferPointer<RunDescriptor>) throws -> Result) rethrows -> Result {
    try descriptors.withUnsafeBufferPointer(body)
  }

  /// Whether the leaf at `leaf` starts by continuing the last run of `previous`, the leaf before it.
  static func continuesRun(_ leaf: UnsafePointer<Self>, after previous: borrowing Self) -> Bool {
    leaf.pointee.withDescriptors { first in
      previous.withDescriptors { last in first[0].continuesRun(of: last[last.count - 1]) }
    }
  }

  /// Whether the leaf at `leaf` starts by continuing the last run of the leaf at `previous`, the leaf before it.
  static func continuesRun(_ leaf: UnsafePointer<Self>, after previous: UnsafePointer<Self>) -> Bool {
    leaf.pointee.withDescriptors { first in
      previous.pointee.withDescriptors { last in first[0].continuesRun(of: last[last.count - 1]) }
    }
  }
}

/// A leaf and what its neighbours say about its runs, from ``LeafWalk``.
struct LeafStep {
  var leaf: RichText.Leaf
  /// The counts of everything before the leaf.
  var start: Summary
  /// Whether the leaf's first descriptor continues the run that ends the leaf before.
  var firstContinuesRun: Bool
  /// Whether the next leaf's first descriptor continues the leaf's last run.
  var lastContinuesRun: Bool
}

/// Walks the leaves of a tree in order, one leaf ahead, so that each leaf knows whether its runs continue
/// across its edges (by ``RunDescriptor/continuesRun(of:)``).
struct LeafWalk: IteratorProtocol {
  private var leaves: LeafIterator
  /// The step `next()` returns, but for `lastContinuesRun`.
  private var upcoming: LeafStep?

  /// Starts at the leaf holding `position` in `metric` (the one `find(at:in:preferEnd: false)` finds).
  init(_ root: RichText.Node, at position: Int, in metric: some TreeMetric) {
    var start = Summary()
    leaves = LeafIterator(root, at: position, in: metric, start: &start)
    guard let leaf = leaves.next(), !leaf.descriptors.isEmpty else { return }
    var continuesRun = false
    if start.leaves > 0 && leaf.descriptors[0].isText {
      let previous = root.leaf(ordinal: start.leaves - 1).leaf.descriptors
      continuesRun = leaf.descriptors[0].continuesRun(of: previous[previous.count - 1])
    }
    upcoming = LeafStep(leaf: leaf, start: start, firstContinuesRun: continuesRun, lastContinuesRun: false)
  }

  /// Starts at the first leaf of `root`.
  init(_ root: RichText.Node) {
    self.init(root, at: 0, in: .leaves)
  }

  mutating func next() -> LeafStep? {
    guard var current = upcoming else { return nil }
    upcoming = nil
    if let leaf = leaves.next() {
      current.lastContinuesRun = leaf.descriptors[0].continuesRun(
        of: current.leaf.descriptors[current.leaf.descriptors.count - 1])
      upcoming = LeafStep(
        leaf: leaf, start: current.start + current.leaf.summary, firstContinuesRun: current.lastContinuesRun,
        lastContinuesRun: false)
    }
    return current
  }
}
