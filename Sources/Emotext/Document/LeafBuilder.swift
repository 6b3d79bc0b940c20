import EmotextUnicode

/// Builds the leaves of a document from runs appended in order, in one pass: it fills each leaf up to a
/// target size, cuts a long text run into pieces at scalar boundaries, and joins text with equal attributes.
///
/// Two ways to feed it: `init(slicing:)` takes byte ranges of one source string, in order, and each leaf's
/// text is a slice of that string (no bytes copied: what the tokenizer does); `init()` takes pieces of text
/// from anywhere and copies them into each leaf's own string (what an edit does).
///
/// Its descriptors refer to `contents`, the table of the document being built, which it extends with the
/// attributes and emoticons appended (content from another document's leaves is looked up by its content).
struct LeafBuilder {
  /// The leaves built so far (the last one is added by ``finish()``).
  private(set) var leaves: [RichText.Leaf] = []
  /// The attribute sets and emoticons of the document being built.
  private(set) var contents: RunContentTable
  private let source: String?
  /// The source's length in bytes (0 when copying).
  private let sourceUTF8Count: Int
  /// The leaf being filled: its bytes (copying mode), or where it starts and ends in the source.
  private var ownText = ""
  private var sliceStart = 0
  private var sliceEnd = 0
  private var descriptors: [RunDescriptor] = []
  private var leafUTF8 = 0
  private var leafUTF16 = 0
  private var leafScalars = 0
  private let targetUTF8: Int
  private let targetDescriptors: Int

  /// A builder that copies pieces into leaves of its own, aiming at `totalUTF8` bytes split evenly when
  /// it is known.
  init(totalUTF8: Int? = nil, totalDescriptors: Int? = nil, contents: RunContentTable = .plain) {
    self.contents = contents
    source = nil
    sourceUTF8Count = 0
    (targetUTF8, targetDescriptors) = Self.targets(totalUTF8: totalUTF8, totalDescriptors: totalDescriptors)
  }

  /// A builder whose leaves are slices of `source`, which must be fed its byte ranges in order.
  init(slicing source: String, contents: RunContentTable = .plain) {
    self.contents = contents
    self.source = source
    sourceUTF8Count = source.utf8.count
    (targetUTF8, targetDescriptors) = Self.targets(totalUTF8: nil, totalDescriptors: nil)
  }

  /// Leaf sizes that split `total` evenly (so an edit that overfills a leaf makes two half-full ones).
  private static func targets(totalUTF8: Int?, totalDescriptors: Int?) -> (Int, Int) {
    let leafCount = max(
      totalUTF8.map { ($0 + NodeCapacity.leafUTF8 - 1) / NodeCapacity.leafUTF8 } ?? 1,
      totalDescriptors.map { ($0 + NodeCapacity.leafDescriptors - 1) / NodeCapacity.leafDescriptors } ?? 1, 1)
    guard leafCount > 1 else { return (NodeCapacity.leafUTF8, NodeCapacity.leafDescriptors) }
    return (
      min(NodeCapacity.leafUTF8, (totalUTF8 ?? 0) / leafCount + 4),
      min(NodeCapacity.leafDescriptors, (totalDescriptors ?? 0) / leafCount + 1)
    )
  }

  // MARK: Copying

  /// Appends `text` (copied) with `attributes`.
  mutating func appendText(_ text: Substring, attributes: TextAttributes) {
    appendText(text, content: contents.index(of: .text(attributes)))
  }

  /// Appends `text` (copied) as text whose attributes are `content`, an index into ``contents``.
  private mutating func appendText(_ text: Substring, content: RunContentIndex) {
    guard !text.isEmpty else { return }
    var contiguous = text
    contiguous.withUTF8 { bytes in
      appendText(bytes, content: content) { builder, range in
        let start = text.utf8.index(text.startIndex, offsetBy: range.lowerBound)
        let end = text.utf8.index(start, offsetBy: range.count)
        builder.ownText.append(contentsOf: text[start..<end])
      }
    }
  }

  /// Appends an attachment written as `token` (copied).
  mutating func appendAttachment(_ emoticon: Emoticon, token: Substring) {
    appendAttachment(contents.index(of: .emoticon(emoticon)), token: token)
  }

  /// Appends an attachment of the emoticon `content` (an index into ``contents``) written as `token` (copied).
  private mutating func appendAttachment(_ content: RunContentIndex, token: Substring) {
    let count = token.utf8.count
    startLeafIfFull(adding: count, extending: false)
    ownText.append(contentsOf: token)
    addAttachment(content, utf8Count: count)
  }

  /// Appends the descriptors of `leaf`, whose indices refer to `table`, that overlap its bytes `utf8Range`
  /// (whole descriptors, or cut at the range's ends, which lie on scalar boundaries).
  mutating func appendContent(of leaf: RichText.Leaf, utf8Range: Range<Int>, table: RunContentTable) {
    guard !utf8Range.isEmpty else { return }
    let remap = ContentRemap(sharing: contents.isIdentical(to: table), table: table)
    var whole: Range<Int>?
    var wholeStart = 0
    var position = 0
    for (index, descriptor) in leaf.descriptors.enumerated() {
      let end = position + Int(descriptor.utf8Count)
      defer { position = end }
      if end <= utf8Range.lowerBound { continue }
      if position >= utf8Range.upperBound { break }
      if position >= utf8Range.lowerBound && end <= utf8Range.upperBound {
        if let run = whole {
          whole = run.lowerBound..<(index + 1)
        } else {
          whole = index..<(index + 1)
          wholeStart = position
        }
      } else {
        if let run = whole { appendWhole(leaf, run, utf8Start: wholeStart, remap) }
        whole = nil
        appendPiece(
          of: leaf, remap.index(of: descriptor, into: &contents),
          max(position, utf8Range.lowerBound)..<min(end, utf8Range.upperBound))
      }
    }
    if let run = whole { appendWhole(leaf, run, utf8Start: wholeStart, remap) }
  }

  /// Appends the bytes `utf8Range` of `leaf` as a run of `content` (an index into ``contents``).
  private mutating func appendPiece(of leaf: RichText.Leaf, _ content: RunContentIndex, _ utf8Range: Range<Int>) {
    let start = leaf.text.utf8.index(leaf.text.startIndex, offsetBy: utf8Range.lowerBound)
    let piece = leaf.text[start..<leaf.text.utf8.index(start, offsetBy: utf8Range.count)]
    if content.isEmoticon {
      appendAttachment(content, token: piece)
    } else {
      appendText(piece, content: content)
    }
  }

  /// Appends the whole descriptors `indices` of `leaf` (starting at byte `utf8Start`): as many at a time as fit in
  /// the leaf being filled, each such group with one copy of its bytes; a descriptor that does not fit goes alone
  /// (a text run is cut to fill the leaf, as ``appendContent(of:utf8Range:table:)`` does for any piece).
  // Note: an edit rebuilds the leaves it touches, and a leaf of short runs (a composed message) would
  // otherwise cost a String slice and append per run.
  private mutating func appendWhole(
    _ leaf: RichText.Leaf, _ indices: Range<Int>, utf8Start: Int, _ remap: ContentRemap
  ) {
    var first = indices.lowerBound
    var utf8 = utf8Start
    let firstContent = remap.index(of: leaf.descriptors[first], into: &contents)
    if let last = descriptors.last, last.isText(firstContent) {
      let length = Int(leaf.descriptors[first].utf8Count)
      appendPiece(of: leaf, firstContent, utf8..<(utf8 + length))
      utf8 += length
      first += 1
    }
    while first < indices.upperBound {
      // The descriptors from `first` on that fit whole in the leaf being filled.
      var end = first
      var byteCount = 0
      if source == nil {
        let room = (utf8: targetUTF8 - leafUTF8, descriptors: targetDescriptors - descriptors.count)
        while end < indices.upperBound && end - first < room.descriptors
          && byteCount + Int(leaf.descriptors[end].utf8Count) <= room.utf8
        {
          byteCount += Int(leaf.descriptors[end].utf8Count)
          end += 1
        }
      }
      if end == first {
        let length = Int(leaf.descriptors[first].utf8Count)
        appendPiece(of: leaf, remap.index(of: leaf.descriptors[first], into: &contents), utf8..<(utf8 + length))
        utf8 += length
        first += 1
      } else {
        copyWhole(leaf, first..<end, utf8Start: utf8, byteCount: byteCount, remap)
        utf8 += byteCount
        first = end
      }
    }
  }

  /// Appends the whole descriptors `indices` of `leaf`, `byteCount` bytes from `utf8Start`, which fit in the leaf
  /// being filled, with one copy of their bytes.
  private mutating func copyWhole(
    _ leaf: RichText.Leaf, _ indices: Range<Int>, utf8Start: Int, byteCount: Int, _ remap: ContentRemap
  ) {
    let slice = leaf.descriptors[indices]
    var utf16 = 0
    var scalars = 0
    var bytes = leaf.text
    bytes.withUTF8 { buffer in
      var position = utf8Start
      for descriptor in slice {
        let length = Int(descriptor.utf8Count)
        if descriptor.isText {
          let piece = UnsafeBufferPointer(rebasing: buffer[position..<(position + length)])
          scalars += String.counts(ofUTF8: piece).scalars
        } else {
          scalars += 1
        }
        utf16 += Int(descriptor.utf16Count)
        position += length
      }
    }
    let start = leaf.text.utf8.index(leaf.text.startIndex, offsetBy: utf8Start)
    ownText.append(contentsOf: leaf.text[start..<leaf.text.utf8.index(start, offsetBy: byteCount)])
    if remap.isSharing {
      descriptors.append(contentsOf: slice)
    } else {
      for var descriptor in slice {
        descriptor.contentIndex = remap.index(of: descriptor, into: &contents)
        descriptors.append(descriptor)
      }
    }
    leafUTF8 += byteCount
    leafUTF16 += utf16
    leafScalars += scalars
  }

  // MARK: Slicing

  /// Appends the source's bytes `utf8Range` as text with `attributes`; `bytes` is the source's UTF-8. `counts`,
  /// when the caller knows them, are the range's UTF-16 units and scalars (else the builder counts them).
  mutating func appendText(
    sourceRange utf8Range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, attributes: TextAttributes,
    counts: (utf16: Int, scalars: Int)? = nil
  ) {
    guard !utf8Range.isEmpty else { return }
    appendText(sourceRange: utf8Range, of: bytes, content: textContent(attributes), counts: counts)
  }

  /// The index in ``contents`` of text with `attributes` (added if need be), for a caller that appends many text
  /// runs of one attribute set (each look-up copies the attributes and compares them).
  mutating func textContent(_ attributes: TextAttributes) -> RunContentIndex {
    contents.index(of: .text(attributes))
  }

  /// Appends the source's bytes `utf8Range` as text whose attributes are `content`, an index into ``contents``
  /// (``textContent(_:)``); `bytes` and `counts` as in ``appendText(sourceRange:of:attributes:counts:)``.
  mutating func appendText(
    sourceRange utf8Range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, content: RunContentIndex,
    counts: (utf16: Int, scalars: Int)?
  ) {
    guard !utf8Range.isEmpty else { return }
    appendText(UnsafeBufferPointer(rebasing: bytes[utf8Range]), content: content, counts: counts) {
      builder, range in
      builder.sliceEnd = utf8Range.lowerBound + range.upperBound
    }
  }

  /// Appends the source's bytes `utf8Range` as an attachment of `emoticon`.
  mutating func appendAttachment(_ emoticon: Emoticon, sourceRange utf8Range: Range<Int>) {
    appendAttachment(contents.index(of: .emoticon(emoticon)), sourceRange: utf8Range)
  }

  /// Appends the source's bytes `utf8Range` as an attachment of the emoticon `content`, an index into
  /// ``contents`` (the tokenizer's table, or the document's being re-read).
  mutating func appendAttachment(_ content: RunContentIndex, sourceRange utf8Range: Range<Int>) {
    startLeafIfFull(adding: utf8Range.count, extending: false)
    sliceEnd = utf8Range.upperBound
    addAttachment(content, utf8Count: utf8Range.count)
  }

  // MARK: Both

  /// The finished leaves.
  mutating func finish() -> [RichText.Leaf] {
    finishLeaf()
    return leaves
  }

  /// The finished tree; a document of one leaf (a post) costs no array of leaves.
  mutating func finishTree() -> RichText.Node {
    if leaves.isEmpty { return makeLeaf().map { .leaf($0) } ?? .empty }
    return .tree(of: finish())
  }

  private mutating func appendText(
    _ bytes: UnsafeBufferPointer<UInt8>, content: RunContentIndex, counts known: (utf16: Int, scalars: Int)? = nil,
    commit: (inout LeafBuilder, Range<Int>) -> Void
  ) {
    var offset = 0
    /// What the pieces appended so far took of `known`.
    var counted = (utf16: 0, scalars: 0)
    while offset < bytes.count {
      let extending = descriptors.last?.isText(content) ?? false
      startLeafIfFull(adding: 1, extending: extending)
      let room = max(targetUTF8 - leafUTF8, 1)
      var end = min(bytes.count, offset + room)
      // Note: a piece ends on a scalar boundary (not before a continuation byte 10xxxxxx).
      while end < bytes.count && end > offset && bytes[end] & 0xC0 == 0x80 { end -= 1 }
      if end == offset {
        if !descriptors.isEmpty {
          finishLeaf()
          continue
        }
        end = offset + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
      }
      // Note: the caller's counts cover the whole text; only a piece cut off for an earlier leaf is counted here.
      var counts: (utf16: Int, scalars: Int)
      if end == bytes.count, let known {
        counts = (known.utf16 - counted.utf16, known.scalars - counted.scalars)
      } else {
        counts = String.counts(ofUTF8: UnsafeBufferPointer(rebasing: bytes[offset..<end]))
        counted = (counted.utf16 + counts.utf16, counted.scalars + counts.scalars)
      }
      commit(&self, offset..<end)
      if !descriptors.isEmpty && descriptors[descriptors.count - 1].isText(content) {
        descriptors[descriptors.count - 1].utf8Count += Int32(end - offset)
        descriptors[descriptors.count - 1].utf16Count += Int32(counts.utf16)
      } else {
        appendDescriptor(
          RunDescriptor(utf8Count: Int32(end - offset), utf16Count: Int32(counts.utf16), contentIndex: content))
      }
      leafUTF8 += end - offset
      leafUTF16 += counts.utf16
      leafScalars += counts.scalars
      offset = end
    }
  }

  /// Appends `descriptor` to the leaf being filled. Slicing, the leaf's array is allocated for as many
  /// descriptors as its bytes are likely to hold (a bracket token every few dozen bytes, a text run around each),
  /// at most 16, and grows for a leaf denser than that.
  // Note: not for the most a leaf may hold (32): that reserved 0.19 bytes more per byte of a document. Fewer (a run
  // per 32 bytes) made posts one by one grow their arrays: 7 % more instructions.
  private mutating func appendDescriptor(_ descriptor: RunDescriptor) {
    if descriptors.capacity == 0 && source != nil {
      let bytes = min(targetUTF8, sourceUTF8Count - sliceStart)
      descriptors.reserveCapacity(min(targetDescriptors, 16, bytes / 24 + 3))
    }
    descriptors.append(descriptor)
  }

  private mutating func addAttachment(_ content: RunContentIndex, utf8Count: Int) {
    appendDescriptor(RunDescriptor(utf8Count: Int32(utf8Count), utf16Count: 1, contentIndex: content))
    leafUTF8 += utf8Count
    leafUTF16 += 1
    leafScalars += 1
  }

  /// Closes the current leaf when `utf8Count` more bytes (in a new descriptor unless `extending`) do not fit.
  private mutating func startLeafIfFull(adding utf8Count: Int, extending: Bool) {
    guard !descriptors.isEmpty else { return }
    if leafUTF8 + utf8Count > targetUTF8 || (!extending && descriptors.count >= targetDescriptors) { finishLeaf() }
  }

  private mutating func finishLeaf() {
    if let leaf = makeLeaf() { leaves.append(leaf) }
  }

  /// The leaf being filled, if it has anything, and a fresh one started.
  private mutating func makeLeaf() -> RichText.Leaf? {
    guard !descriptors.isEmpty else { return nil }
    let text: Substring
    if let source {
      let start = source.utf8.index(source.startIndex, offsetBy: sliceStart)
      text = source[start..<source.utf8.index(start, offsetBy: sliceEnd - sliceStart)]
      sliceStart = sliceEnd
    } else {
      text = ownText[...]
      ownText = ""
    }
    let leaf = RichText.Leaf(text: text, descriptors: descriptors, utf16Count: leafUTF16, scalarCount: leafScalars)
    descriptors = []
    leafUTF8 = 0
    leafUTF16 = 0
    leafScalars = 0
    return leaf
  }
}

/// How the indices of leaves from another document (`table`) become indices of the builder's table: unchanged
/// when the two share one table, else looked up by content.
private struct ContentRemap {
  /// Whether the leaves' table is the builder's.
  let isSharing: Bool
  let table: RunContentTable

  init(sharing: Bool, table: RunContentTable) {
    isSharing = sharing
    self.table = table
  }

  /// The index in `contents` of the content of `descriptor` (added to `contents` if need be).
  func index(of descriptor: RunDescriptor, into contents: inout RunContentTable) -> RunContentIndex {
    isSharing ? descriptor.contentIndex : contents.index(of: descriptor.contentIndex, in: table)
  }
}
