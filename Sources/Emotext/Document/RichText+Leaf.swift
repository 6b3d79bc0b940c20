import EmotextUnicode

extension RichText {
  /// A leaf of the document's B-tree: the UTF-8 of its runs (often a slice of the text that was tokenized,
  /// shared rather than copied) and their descriptors. It has no children: only ``Inner`` has.
  struct Leaf: Sendable {
    /// The counts of this leaf (`leaves` is 1).
    private(set) var summary: Summary
    /// The leaf's bytes: its runs' post text, attachments' tokens included. A slice of the string it was
    /// tokenized from until an edit gives the leaf a string of its own (see `replaceText(_:with:inDescriptor:adding:)`).
    private(set) var text: Substring
    /// The leaf's runs, in order, covering `text`; empty only in the empty document's leaf.
    private(set) var descriptors: [RunDescriptor]

    /// The one plain-text leaf of `text`, which shares its bytes, when it is not empty and fits a leaf; else nil.
    init?(wholeText text: String) {
      var source = text
      let utf8Count = source.utf8.count
      guard utf8Count > 0 && utf8Count <= NodeCapacity.leafUTF8 else { return nil }
      let counts = source.withUTF8 { String.counts(ofUTF8: $0) }
      self.init(
        text: text[...],
        descriptors: [
          RunDescriptor(utf8Count: Int32(utf8Count), utf16Count: Int32(counts.utf16), contentIndex: .plainText)
        ],
        utf16Count: counts.utf16, scalarCount: counts.scalars)
    }

    /// The leaf of the empty document.
    static let empty = Leaf(text: "", descriptors: [], utf16Count: 0, scalarCount: 0)

    /// A leaf of `descriptors` over `text`, with `utf16Count` UTF-16 units and `scalarCount` scalars.
    init(text: Substring, descriptors: [RunDescriptor], utf16Count: Int, scalarCount: Int) {
      self.init(
        text: text, utf8Count: text.utf8.count, descriptors: descriptors, utf16Count: utf16Count,
        scalarCount: scalarCount)
    }

    /// A leaf of `descriptors` over `text`, whose UTF-8 length the caller knows (`utf8Count`), with `utf16Count` UTF-16
    /// units and `scalarCount` scalars.
    // Note: `text.utf8.count` is a call into the standard library (a tenth of a cut leaf's own instructions).
    init(text: Substring, utf8Count: Int, descriptors: [RunDescriptor], utf16Count: Int, scalarCount: Int) {
      self.text = text
      self.descriptors = descriptors
      summary = Summary(
        utf8: utf8Count, utf16: utf16Count, scalars: scalarCount, descriptors: descriptors.count, leaves: 1,
        attachmentTokenExcess: RunDescriptor.attachmentTokenExcess(of: descriptors))
    }
  }
}

extension RichText.Leaf {
  /// Gives a leaf that is a slice of a longer string (what the tokenizer makes) a string of its own, with room for
  /// a full leaf, so that this edit and the next ones of the leaf change its bytes in place and allocate nothing.
  private mutating func ownText() {
    guard text.startIndex != text.base.startIndex || text.endIndex != text.base.endIndex else { return }
    text = Self.ownCopy(of: text)
  }

  /// `bytes` copied into a string of their own with room for a full leaf.
  private static func ownCopy(of bytes: Substring) -> Substring {
    var own = ""
    own.reserveCapacity(NodeCapacity.leafUTF8)
    own.append(contentsOf: bytes)
    return own[...]
  }

  /// Replaces the bytes `utf8Range`, which lie in the text descriptor numbered `index`, with `replacement`
  /// (text of that descriptor's content), in place; the leaf's counts change by `delta`.
  ///
  /// A leaf that is a slice of a longer string first gets a string of its own (`ownText()`).
  mutating func replaceText(
    _ utf8Range: Range<Int>, with replacement: Substring, inDescriptor index: Int, adding delta: Summary
  ) {
    ownText()
    let start = text.utf8.index(text.startIndex, offsetBy: utf8Range.lowerBound)
    text.replaceSubrange(start..<text.utf8.index(start, offsetBy: utf8Range.count), with: replacement)
    descriptors[index].utf8Count += Int32(delta.utf8)
    descriptors[index].utf16Count += Int32(delta.utf16)
    summary += delta
  }
}

extension RichText.Leaf {
  /// Inserts `inserted` (the bytes of one run) at the start of the descriptor numbered `index`, or at the leaf's end
  /// when `index` is the descriptor count, with `descriptor` (a content of this leaf's table), in place; a text
  /// descriptor that the offset `split` bytes and units into it cuts is split in two around the new one. The leaf's
  /// counts change by `delta`.
  mutating func insertRun(
    _ descriptor: RunDescriptor, bytes inserted: Substring, beforeDescriptor index: Int, utf8Offset: Int,
    splitting split: (utf8: Int32, utf16: Int32)?, adding delta: Summary
  ) {
    ownText()
    let start = text.utf8.index(text.startIndex, offsetBy: utf8Offset)
    text.replaceSubrange(start..<start, with: inserted)
    if let split {
      var after = descriptors[index]
      after.utf8Count -= split.utf8
      after.utf16Count -= split.utf16
      descriptors[index].utf8Count = split.utf8
      descriptors[index].utf16Count = split.utf16
      descriptors.insert(contentsOf: [descriptor, after], at: index + 1)
    } else {
      descriptors.insert(descriptor, at: index)
    }
    summary += delta
  }
}

extension RichText.Leaf {
  /// An edit of one text run of a leaf in place: what ``textEdit(_:with:counts:content:isOnlyLeaf:)`` plans.
  struct TextEdit {
    /// The text descriptor that takes the edit.
    var descriptor: Int
    /// The bytes replaced, in the leaf.
    var utf8Range: Range<Int>
    /// How the leaf's counts (and those of every node above it) change.
    var delta: Summary
  }

  /// The plan to replace the UTF-16 range `range` of this leaf with `inserted` (text of `counts`, of content `content`;
  /// or nothing, with a nil content) inside one text run, in place. Nil when the range spans runs, an attachment or a
  /// whole run goes, the text's content differs from the run's, or the leaf would outgrow `NodeCapacity.leafUTF8` or,
  /// unless it is the document's only leaf, shrink to below a quarter of it (a neighbour joins it then; a leaf that
  /// grows may stay below, as a leaf cut by its descriptors between attachments does).
  func textEdit(
    _ range: Range<Int>, with inserted: Substring, counts: Summary, content: RunContentIndex?, isOnlyLeaf: Bool
  ) -> TextEdit? {
    guard range.upperBound <= summary.utf16 else { return nil }
    var descriptorStart = 0
    for (index, descriptor) in descriptors.enumerated() {
      guard descriptorStart <= range.lowerBound else { break }
      let descriptorEnd = descriptorStart + Int(descriptor.utf16Count)
      defer { descriptorStart = descriptorEnd }
      guard range.upperBound <= descriptorEnd && descriptor.isText && (content == nil || descriptor.isText(content!))
      else { continue }
      let utf8Range = utf8Offset(ofUTF16Offset: range.lowerBound)..<utf8Offset(ofUTF16Offset: range.upperBound)
      let removed = withUTF8 { String.counts(ofUTF8: UnsafeBufferPointer(rebasing: $0[utf8Range])) }
      let delta = Summary(
        utf8: counts.utf8 - utf8Range.count, utf16: counts.utf16 - removed.utf16,
        scalars: counts.scalars - removed.scalars)
      let leafUTF8 = summary.utf8 + delta.utf8
      guard
        Int(descriptor.utf8Count) + delta.utf8 > 0 && leafUTF8 <= NodeCapacity.leafUTF8
          && (isOnlyLeaf || delta.utf8 >= 0 || leafUTF8 >= NodeCapacity.leafUTF8 / 4)
      else { return nil }
      return TextEdit(descriptor: index, utf8Range: utf8Range, delta: delta)
    }
    return nil
  }
}

extension RichText.Leaf {
  /// One run to insert into a leaf: its bytes, its counts and its content in the leaf's table.
  struct InsertedRun {
    var bytes: Substring
    /// The run's counts (its `descriptors` and `leaves` are not used).
    var counts: Summary
    var content: RunContentIndex
  }

  /// How inserting a run changes a leaf in place: what ``insertion(of:at:)`` plans.
  struct Insertion {
    /// The text descriptor the run joins, or the one it goes before (the descriptor count: at the leaf's end) or
    /// splits.
    var index: Int
    /// Whether text joins descriptor `index` (of its content) rather than going in as a run of its own.
    var joins: Bool
    /// Where the run's bytes go in the leaf.
    var utf8Offset: Int
    /// The lengths of the part of descriptor `index` before the run, when a run of its own goes inside that text run.
    var split: (utf8: Int32, utf16: Int32)?
    /// How the leaf's counts (and those of every node above it) change.
    var delta: Summary
    /// For text: what the insertion finds at its edges (nil for an attachment).
    var edges: RichText.InsertionEdges?
  }

  /// The plan to insert `run` at UTF-16 offset `offset` of this leaf in place: text joins the text run of its
  /// content that the offset touches (the one that ends there first), anything else goes in as a run of its own,
  /// splitting a text run the offset is inside. Nil when the leaf is the empty document's or the run would make it
  /// outgrow `NodeCapacity` (bytes, or descriptors for a run of its own). `startsDocument` and `endsDocument` say
  /// whether the leaf is the document's first and last (for the edges of text).
  /// - Precondition: `offset` is at most the leaf's UTF-16 length and not inside a surrogate pair.
  func insertion(
    of run: InsertedRun, at offset: Int, startsDocument: Bool = false, endsDocument: Bool = false
  ) -> Insertion? {
    guard !descriptors.isEmpty && summary.utf8 + run.counts.utf8 <= NodeCapacity.leafUTF8 else { return nil }
    let delta = Summary(
      utf8: run.counts.utf8, utf16: run.counts.utf16, scalars: run.counts.scalars,
      attachmentTokenExcess: run.counts.attachmentTokenExcess)
    // The descriptor the offset is in or ends (the first such), and where it starts.
    var index = 0
    var utf16 = 0
    var utf8 = 0
    while index < descriptors.count - 1 && offset >= utf16 + Int(descriptors[index].utf16Count) {
      let descriptor = descriptors[index]
      if offset == utf16 + Int(descriptor.utf16Count) && descriptor.isText(run.content) { break }
      utf16 += Int(descriptor.utf16Count)
      utf8 += Int(descriptor.utf8Count)
      index += 1
    }
    let descriptor = descriptors[index]
    let end = utf16 + Int(descriptor.utf16Count)
    let inside = utf16 < offset && offset < end
    let utf8Offset =
      offset == utf16
      ? utf8
      : offset == end
        ? utf8 + Int(descriptor.utf8Count)
        : {
          var bytes = text
          return bytes.withUTF8 { $0.utf8Offset(ofUTF16Count: offset - utf16, from: utf8) }
        }()
    var edges: RichText.InsertionEdges?
    if !run.content.isEmoticon {
      // The unit before the insertion: the descriptor's last (at its end), one of its own (inside it), or the one
      // before it. The unit after: the next descriptor's first (at its end), else the bytes at `utf8Offset`.
      let startsAtHardEdge =
        offset == end
        ? !descriptor.isText : offset > utf16 ? false : index > 0 ? !descriptors[index - 1].isText : startsDocument
      let next = offset == end ? index + 1 : index
      let endsAtClusterBoundary =
        next == descriptors.count
        ? endsDocument
        : !descriptors[next].isText || endsBeforeClusterBoundary(run.bytes, at: utf8Offset)
      edges = RichText.InsertionEdges(
        startsAtHardEdge: startsAtHardEdge, endsAtClusterBoundary: endsAtClusterBoundary)
    }
    if descriptor.isText(run.content) {
      return Insertion(index: index, joins: true, utf8Offset: utf8Offset, split: nil, delta: delta, edges: edges)
    }
    guard descriptors.count + 2 <= NodeCapacity.leafDescriptors else { return nil }
    var ownRun = delta
    ownRun.descriptors = inside ? 2 : 1
    // Note: at a descriptor's end, the run goes before the next one.
    let before = offset == end ? index + 1 : index
    return Insertion(
      index: before, joins: false, utf8Offset: utf8Offset,
      split: inside ? (Int32(utf8Offset - utf8), Int32(offset - utf16)) : nil, delta: ownRun, edges: edges)
  }

  /// Whether `inserted` put at byte `utf8Offset` of this leaf, before text, ends at a cluster boundary, as the scalars
  /// on either side decide it (false when they do not).
  private func endsBeforeClusterBoundary(_ inserted: Substring, at utf8Offset: Int) -> Bool {
    var inserted = inserted
    var text = text
    return inserted.withUTF8 { before in
      text.withUTF8 { bytes in
        GraphemeBreaks.Local.isBoundaryBetween(before, and: UnsafeBufferPointer(rebasing: bytes[utf8Offset...]))
      }
    } ?? false
  }

  /// Makes `insertion`, planned for `run` by ``insertion(of:at:)``.
  mutating func apply(_ insertion: Insertion, of run: InsertedRun) {
    if insertion.joins {
      replaceText(
        insertion.utf8Offset..<insertion.utf8Offset, with: run.bytes, inDescriptor: insertion.index,
        adding: insertion.delta)
    } else {
      insertRun(
        RunDescriptor(
          utf8Count: Int32(run.counts.utf8), utf16Count: Int32(run.counts.utf16), contentIndex: run.content),
        bytes: run.bytes, beforeDescriptor: insertion.index, utf8Offset: insertion.utf8Offset,
        splitting: insertion.split, adding: insertion.delta)
    }
  }
}

extension RichText.Leaf {
  /// The leaf cut in two before the descriptor numbered `seam` (in 1..<descriptor count), each half with a string
  /// of its own with room for a full leaf, so the edits that follow change them in place.
  func split(atDescriptor seam: Int) -> (Self, Self) {
    precondition(seam > 0 && seam < descriptors.count, "a leaf split at descriptor \(seam) of \(descriptors.count)")
    var utf8 = 0
    var utf16 = 0
    var scalars = 0
    var bytes = text
    bytes.withUTF8 { buffer in
      for descriptor in descriptors[..<seam] {
        let length = Int(descriptor.utf8Count)
        scalars +=
          descriptor.isText
          ? String.counts(ofUTF8: UnsafeBufferPointer(rebasing: buffer[utf8..<(utf8 + length)])).scalars : 1
        utf8 += length
        utf16 += Int(descriptor.utf16Count)
      }
    }
    let cut = text.utf8.index(text.startIndex, offsetBy: utf8)
    return (
      Self(
        text: Self.ownCopy(of: text[..<cut]), descriptors: Array(descriptors[..<seam]), utf16Count: utf16,
        scalarCount: scalars),
      Self(
        text: Self.ownCopy(of: text[cut...]), descriptors: Array(descriptors[seam...]),
        utf16Count: summary.utf16 - utf16,
        scalarCount: summary.scalars - scalars)
    )
  }
}
