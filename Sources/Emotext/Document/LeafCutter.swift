import EmotextUnicode

/// Cuts the leaves of a document from text runs of one content and attachments, appended in order as byte ranges of
/// one source string: the leaves `LeafBuilder(slicing:)` makes of the same runs (the same bytes, descriptors and
/// counts, cut at the same places), without its per-run bookkeeping.
///
/// For the tokenizer's bulk path, whose text runs are never adjacent (a token lies between two): each run is one
/// descriptor written to a scratch buffer, unless it overfills the leaf (a text run is then cut where the builder's loop
/// cuts it, once per leaf), and each finished leaf takes one allocation for its descriptors.
///
/// Its pointers (`bytes`, the scratch buffer) must outlive it: it lives inside `withUTF8` and
/// `withUnsafeTemporaryAllocation`. It must be finished (``finish()``), which moves its leaves into the tree and frees
/// their memory.
struct LeafCutter {
  /// The finished leaves, `leafCount` of them initialized, room for `leafCapacity` (``finish()`` adds the last one and
  /// moves them out).
  // Note: memory of its own rather than an array, so that the tree takes the leaves without a retain and a release of
  // each (`RichText.Node.tree(movingLeavesFrom:)`).
  private var leaves: UnsafeMutablePointer<RichText.Leaf>
  private var leafCount = 0
  private var leafCapacity: Int
  private let source: String
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The content of every text run.
  private let textContent: RunContentIndex
  /// The leaf being filled: its descriptors (at most `NodeCapacity.leafDescriptors`), their number, where its bytes
  /// start and end in the source, its counts.
  private let scratch: UnsafeMutableBufferPointer<RunDescriptor>
  private var descriptorCount = 0
  private var leafStart = 0
  /// `leafStart` as an index of `source`: the previous leaf's text's end, so that slicing checks only the new end is on
  /// a scalar boundary (an index made by offsetting UTF-8 is not known to be one).
  private var leafStartIndex: String.Index
  private var leafEnd = 0
  private var leafUTF16 = 0
  private var leafScalars = 0

  /// A cutter of the leaves of `source`, whose UTF-8 is `bytes`, its text runs of `textContent`, filling `scratch`
  /// (room for `NodeCapacity.leafDescriptors`).
  init(
    slicing source: String, _ bytes: UnsafeBufferPointer<UInt8>, textContent: RunContentIndex,
    scratch: UnsafeMutableBufferPointer<RunDescriptor>
  ) {
    precondition(scratch.count >= NodeCapacity.leafDescriptors, "a leaf cutter's scratch is smaller than a leaf")
    self.source = source
    self.bytes = bytes
    self.textContent = textContent
    self.scratch = scratch
    leafStartIndex = source.startIndex
    // Note: at least a leaf for every `leafUTF8` bytes; a few more for leaves cut early (full of runs, or a scalar at the
    // end); denser text grows the memory below.
    leafCapacity = bytes.count / (NodeCapacity.leafUTF8 * 3 / 4) + 1
    leaves = .allocate(capacity: leafCapacity)
  }

  /// Appends the source's bytes `utf8Range`, which follow the last run appended and do not follow a text run, as text
  /// of `utf16` UTF-16 units and `scalars` scalars.
  @inline(__always)
  mutating func appendText(_ utf8Range: Range<Int>, utf16: Int, scalars: Int) {
    // Note: what `LeafBuilder.appendText` does for a run that fits: the leaf is closed first when it holds all the runs or
    // every byte (the previous run is not text, so it is not extended).
    if descriptorCount > 0
      && (leafEnd &- leafStart >= NodeCapacity.leafUTF8 || descriptorCount >= NodeCapacity.leafDescriptors)
    {
      finishLeaf()
    }
    guard leafEnd &- leafStart &+ utf8Range.count <= NodeCapacity.leafUTF8 else {
      cutText(utf8Range, utf16: utf16, scalars: scalars)
      return
    }
    scratch[descriptorCount] = RunDescriptor(
      utf8Count: Int32(truncatingIfNeeded: utf8Range.count), utf16Count: Int32(truncatingIfNeeded: utf16),
      contentIndex: textContent)
    descriptorCount &+= 1
    leafEnd = utf8Range.upperBound
    leafUTF16 &+= utf16
    leafScalars &+= scalars
  }

  /// Appends the source's bytes `textRange` as text of `utf16` UTF-16 units and `scalars` scalars (as
  /// ``appendText(_:utf16:scalars:)``; nothing when it is empty), then the bytes `tokenRange` right after them as an
  /// attachment of `content`.
  // Note: a token and the text before it, when both fit the leaf being filled (nearly always), take one test of its
  // room and one update of its ends and counts; the two appends' tests give the same leaves then (the leaf is neither
  // full before the text nor overfilled by the token), and otherwise they are made one by one.
  @inline(__always)
  mutating func appendText(
    _ textRange: Range<Int>, utf16: Int, scalars: Int, thenAttachment content: RunContentIndex,
    _ tokenRange: Range<Int>
  ) {
    let hasText = textRange.lowerBound < textRange.upperBound
    guard
      descriptorCount &+ 2 <= NodeCapacity.leafDescriptors
        && tokenRange.upperBound &- leafStart <= NodeCapacity.leafUTF8
    else {
      appendOneByOne(textRange, utf16: utf16, scalars: scalars, thenAttachment: content, tokenRange)
      return
    }
    // Note: the text's descriptor is written even when it is empty, then kept or overwritten by the token's: a token
    // right after another (`[哈哈][哈哈]`) is common in real posts, and a branch on it was often mispredicted.
    scratch[descriptorCount] = RunDescriptor(
      utf8Count: Int32(truncatingIfNeeded: textRange.count), utf16Count: Int32(truncatingIfNeeded: utf16),
      contentIndex: textContent)
    descriptorCount &+= hasText ? 1 : 0
    scratch[descriptorCount] = RunDescriptor(
      utf8Count: Int32(truncatingIfNeeded: tokenRange.count), utf16Count: 1, contentIndex: content)
    descriptorCount &+= 1
    leafEnd = tokenRange.upperBound
    leafUTF16 &+= utf16 &+ 1
    leafScalars &+= scalars &+ 1
  }

  /// ``appendText(_:utf16:scalars:thenAttachment:_:)`` by its two appends, when the leaf may be closed between them.
  @inline(never)
  private mutating func appendOneByOne(
    _ textRange: Range<Int>, utf16: Int, scalars: Int, thenAttachment content: RunContentIndex,
    _ tokenRange: Range<Int>
  ) {
    if textRange.lowerBound < textRange.upperBound { appendText(textRange, utf16: utf16, scalars: scalars) }
    appendAttachment(content, tokenRange)
  }

  /// Appends the source's bytes `utf8Range`, which follow the last run appended, as an attachment of `content`.
  @inline(__always)
  mutating func appendAttachment(_ content: RunContentIndex, _ utf8Range: Range<Int>) {
    if descriptorCount > 0
      && (leafEnd &- leafStart &+ utf8Range.count > NodeCapacity.leafUTF8
        || descriptorCount >= NodeCapacity.leafDescriptors)
    {
      finishLeaf()
    }
    scratch[descriptorCount] = RunDescriptor(
      utf8Count: Int32(truncatingIfNeeded: utf8Range.count), utf16Count: 1, contentIndex: content)
    descriptorCount &+= 1
    leafEnd = utf8Range.upperBound
    leafUTF16 &+= 1
    leafScalars &+= 1
  }

  /// The tree over the leaves, which it moves out of the cutter (it must not be used again).
  // Note: `mutating`, not `consuming`: consuming copied the cutter.
  mutating func finish() -> RichText.Node {
    finishLeaf()
    let tree = RichText.Node.tree(movingLeavesFrom: UnsafeMutableBufferPointer(start: leaves, count: leafCount))
    leaves.deallocate()
    leafCount = 0
    leafCapacity = 0
    return tree
  }

  /// A text run that does not fit the leaf being filled, cut into pieces at scalar boundaries as
  /// `LeafBuilder.appendText` cuts it (this loop is that one, with the leaf's size read from its ends): each piece fills a
  /// leaf; the pieces before the last are counted, the last takes what is left of the run's counts.
  private mutating func cutText(_ utf8Range: Range<Int>, utf16: Int, scalars: Int) {
    var offset = utf8Range.lowerBound
    var counted = (utf16: 0, scalars: 0)
    // Note: the common case first (a leaf with runs and room, the run's rest fitting the next leaf), as the loop below
    // cuts it: the piece up to the last scalar boundary within the room closes the leaf, the rest is the next leaf's
    // first run. Only the shorter side is counted.
    if descriptorCount > 0 {
      var end = offset + (NodeCapacity.leafUTF8 - (leafEnd - leafStart))
      while end > offset && bytes[end] & 0xC0 == 0x80 { end -= 1 }
      if end > offset {
        let rest = utf8Range.upperBound - end
        if rest < end - offset {
          let restCounts = String.counts(ofUTF8: UnsafeBufferPointer(rebasing: bytes[end..<utf8Range.upperBound]))
          counted = (utf16 - restCounts.utf16, scalars - restCounts.scalars)
        } else {
          counted = String.counts(ofUTF8: UnsafeBufferPointer(rebasing: bytes[offset..<end]))
        }
        appendPiece(offset..<end, utf16: counted.utf16, scalars: counted.scalars)
        offset = end
      }
      finishLeaf()
      if utf8Range.upperBound - offset <= NodeCapacity.leafUTF8 {
        appendPiece(offset..<utf8Range.upperBound, utf16: utf16 - counted.utf16, scalars: scalars - counted.scalars)
        return
      }
    }
    while offset < utf8Range.upperBound {
      let extending = descriptorCount > 0 && scratch[descriptorCount - 1].isText(textContent)
      if descriptorCount > 0
        && (leafEnd - leafStart + 1 > NodeCapacity.leafUTF8
          || (!extending && descriptorCount >= NodeCapacity.leafDescriptors))
      {
        finishLeaf()
      }
      let room = max(NodeCapacity.leafUTF8 - (leafEnd - leafStart), 1)
      var end = min(utf8Range.upperBound, offset + room)
      // Note: a piece ends on a scalar boundary (not before a continuation byte 10xxxxxx).
      while end < utf8Range.upperBound && end > offset && bytes[end] & 0xC0 == 0x80 { end -= 1 }
      if end == offset {
        if descriptorCount > 0 {
          finishLeaf()
          continue
        }
        end = offset + 1
        while end < utf8Range.upperBound && bytes[end] & 0xC0 == 0x80 { end += 1 }
      }
      let counts: (utf16: Int, scalars: Int)
      if end == utf8Range.upperBound {
        counts = (utf16 - counted.utf16, scalars - counted.scalars)
      } else {
        counts = String.counts(ofUTF8: UnsafeBufferPointer(rebasing: bytes[offset..<end]))
        counted = (counted.utf16 + counts.utf16, counted.scalars + counts.scalars)
      }
      if descriptorCount > 0 && scratch[descriptorCount - 1].isText(textContent) {
        scratch[descriptorCount - 1].utf8Count += Int32(end - offset)
        scratch[descriptorCount - 1].utf16Count += Int32(counts.utf16)
      } else {
        scratch[descriptorCount] = RunDescriptor(
          utf8Count: Int32(end - offset), utf16Count: Int32(counts.utf16), contentIndex: textContent)
        descriptorCount += 1
      }
      leafEnd = end
      leafUTF16 += counts.utf16
      leafScalars += counts.scalars
      offset = end
    }
  }

  /// Appends the bytes `utf8Range` (which fit) as a new text descriptor.
  @inline(__always)
  private mutating func appendPiece(_ utf8Range: Range<Int>, utf16: Int, scalars: Int) {
    scratch[descriptorCount] = RunDescriptor(
      utf8Count: Int32(utf8Range.count), utf16Count: Int32(utf16), contentIndex: textContent)
    descriptorCount += 1
    leafEnd = utf8Range.upperBound
    leafUTF16 += utf16
    leafScalars += scalars
  }

  /// Adds the leaf being filled, if it has anything, to the leaves and starts a fresh one.
  private mutating func finishLeaf() {
    guard descriptorCount > 0 else { return }
    let count = descriptorCount
    let scratch = scratch
    // Note: the capacity `LeafBuilder` reserves for a leaf starting here (room for runs an edit adds), or the
    // runs' number when more (the builder's array grew: a reallocation and a copy per leaf of dense text).
    let reserved = min(
      NodeCapacity.leafDescriptors, 16, min(NodeCapacity.leafUTF8, bytes.count - leafStart) / 24 + 3)
    // Note: `Array(_:)` of the buffer when the runs need no more room (bulk text: a copy into an array of their
    // size), else `reserveCapacity` and `append(contentsOf:)`; both are specialized, where
    // `init(unsafeUninitializedCapacity:)` looked the array's type metadata up for every leaf.
    let runs = UnsafeBufferPointer(rebasing: scratch[..<count])
    var descriptors: [RunDescriptor]
    if count >= reserved {
      descriptors = Array(runs)
    } else {
      descriptors = []
      descriptors.reserveCapacity(reserved)
      descriptors.append(contentsOf: runs)
    }
    let text = source[leafStartIndex..<source.utf8.index(leafStartIndex, offsetBy: leafEnd &- leafStart)]
    if leafCount == leafCapacity {
      let more = UnsafeMutablePointer<RichText.Leaf>.allocate(capacity: leafCapacity * 2)
      more.moveInitialize(from: leaves, count: leafCount)
      leaves.deallocate()
      leaves = more
      leafCapacity *= 2
    }
    (leaves + leafCount).initialize(
      to: RichText.Leaf(
        text: text, utf8Count: leafEnd &- leafStart, descriptors: descriptors, utf16Count: leafUTF16,
        scalarCount: leafScalars))
    leafCount &+= 1
    descriptorCount = 0
    leafStart = leafEnd
    leafStartIndex = text.endIndex
    leafUTF16 = 0
    leafScalars = 0
  }
}
