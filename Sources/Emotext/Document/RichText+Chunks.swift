extension RunDescriptor {
  /// Whether this descriptor continues the run of `previous`, the descriptor just before it in the
  /// document: both are text with equal attributes.
  ///
  /// This is the one definition of a text run cut across leaves. Within a leaf, text with equal attributes is
  /// always one descriptor, so in a canonical tree this holds only across a leaf's edge.
  func continuesRun(of previous: RunDescriptor) -> Bool {
    guard case .text(let attributes) = content else { return false }
    return previous.isText(attributes)
  }
}

extension RichText {
  /// A leaf read in place: its UTF-8 bytes, its run descriptors and where it starts in the document.
  ///
  /// Valid only inside the closure that receives it: `utf8` points into the tree.
  struct LeafChunk {
    /// The leaf's bytes: its runs' post text, attachments' tokens included.
    var utf8: UnsafeBufferPointer<UInt8>
    /// The same bytes as a `Substring` (of the string the leaf was made from), which a `String` appends with a
    /// copy and no validation.
    var text: Substring
    /// The leaf's runs in order, covering `utf8`; never empty.
    var descriptors: [RunDescriptor]
    /// The leaf's number, counting from 0.
    var ordinal: Int
    /// Where the leaf starts in the document, in UTF-8 bytes.
    var utf8Start: Int
    /// Where the leaf starts in the document, in UTF-16 units.
    var utf16Start: Int
    /// Where the leaf starts in the document, in Unicode scalars.
    var scalarStart: Int
    /// Whether the first descriptor continues the text run that ends the leaf before (see
    /// ``RunDescriptor/continuesRun(of:)``).
    var firstContinuesRun: Bool
    /// Whether the next leaf's first descriptor continues this leaf's last run.
    var lastContinuesRun: Bool
  }

  /// One run, or one piece of a text run cut across leaves or by a range's ends, read in place.
  ///
  /// Valid only inside the closure that receives it: `utf8` points into the tree.
  struct RunPiece {
    /// Text with its attributes, or an attachment's emoticon.
    var content: RunDescriptor.Content
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
  }

  /// Calls `body` with each leaf that holds part of `utf16Range` (every leaf when it is nil), in order,
  /// whole; `body` returns false to stop.
  /// - Complexity: O(log *n*) to find the first leaf, then O(1) per leaf; no allocation.
  func forEachLeafChunk(
    in utf16Range: Range<Int>? = nil, _ body: (borrowing LeafChunk) throws -> Bool
  ) rethrows {
    let range = utf16Range ?? 0..<utf16Count
    precondition(
      range.lowerBound >= 0 && range.upperBound <= utf16Count,
      "RichText range \(range) is outside the document (length \(utf16Count))")
    guard !range.isEmpty else { return }
    var walk = LeafWalk(root, at: range.lowerBound, in: .utf16)
    while let step = walk.next() {
      var text = step.leaf.text
      let goOn = try text.withUTF8 { bytes in
        try body(
          LeafChunk(
            utf8: bytes, text: step.leaf.text, descriptors: step.leaf.descriptors, ordinal: step.start.leaves,
            utf8Start: step.start.utf8, utf16Start: step.start.utf16, scalarStart: step.start.scalars,
            firstContinuesRun: step.firstContinuesRun, lastContinuesRun: step.lastContinuesRun))
      }
      guard goOn && step.start.utf16 + step.leaf.summary.utf16 < range.upperBound else { return }
    }
  }

  /// Calls `body` with each run piece in `utf16Range` (the whole document when it is nil), in order, the
  /// first and last cut at the range's ends; `body` returns false to stop.
  ///
  /// A text run comes in one piece per leaf it spans; `continuesRun` and `endsRun` tell where it starts and
  /// ends.
  /// - Precondition: the range's ends lie in the document and do not split a surrogate pair.
  /// - Complexity: O(log *n*) to find the first leaf, then O(1) per piece, plus the bytes scanned to cut the
  ///   pieces at the range's ends; no allocation.
  func forEachPiece(in utf16Range: Range<Int>? = nil, _ body: (borrowing RunPiece) throws -> Bool) rethrows {
    let range = utf16Range ?? 0..<utf16Count
    var goOn = true
    try forEachLeafChunk(in: range) { chunk in
      var utf16 = chunk.utf16Start
      var utf8 = 0
      for (index, descriptor) in chunk.descriptors.enumerated() {
        let utf8Count = Int(descriptor.utf8Count)
        let utf16End = utf16 + Int(descriptor.utf16Count)
        defer {
          utf16 = utf16End
          utf8 += utf8Count
        }
        guard utf16End > range.lowerBound else { continue }
        guard utf16 < range.upperBound else {
          goOn = false
          break
        }
        var lower = (utf8: utf8, utf16: utf16)
        var upper = (utf8: utf8 + utf8Count, utf16: utf16End)
        if utf16 < range.lowerBound {
          lower = (chunk.utf8.utf8Offset(ofUTF16Count: range.lowerBound - utf16, from: utf8), range.lowerBound)
        }
        if utf16End > range.upperBound {
          upper = (chunk.utf8.utf8Offset(ofUTF16Count: range.upperBound - utf16, from: utf8), range.upperBound)
        }
        let isFirst = index == 0
        let isLast = index == chunk.descriptors.count - 1
        let piece = RunPiece(
          content: descriptor.content, utf8: UnsafeBufferPointer(rebasing: chunk.utf8[lower.utf8..<upper.utf8]),
          utf16Count: upper.utf16 - lower.utf16, utf8Start: chunk.utf8Start + lower.utf8, utf16Start: lower.utf16,
          continuesRun: lower.utf16 > utf16 || (isFirst && chunk.firstContinuesRun),
          endsRun: upper.utf16 == utf16End && !(isLast && chunk.lastContinuesRun))
        guard try body(piece) else {
          goOn = false
          break
        }
      }
      return goOn
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
    if start.leaves > 0 && leaf.descriptors[0].attributes != nil {
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

extension UnsafeBufferPointer<UInt8> {
  /// The UTF-8 offset reached by moving `utf16Count` UTF-16 units forward from `utf8Offset`, a scalar boundary
  /// in this valid UTF-8.
  /// - Precondition: the move does not end inside a surrogate pair, nor past the end.
  func utf8Offset(ofUTF16Count utf16Count: Int, from utf8Offset: Int) -> Int {
    var remaining = utf16Count
    var index = utf8Offset
    while remaining > 0 {
      let lead = self[index]
      let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      precondition(length < 4 || remaining >= 2, "a UTF-16 offset splits a surrogate pair")
      remaining -= length == 4 ? 2 : 1
      index += length
    }
    return index
  }
}
