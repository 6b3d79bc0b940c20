import EmotextUnicode

/// The counts a subtree of a document sums up, so a position is found by descending, not by walking.
struct Summary: Equatable, Sendable {
  /// UTF-8 bytes of post text (an attachment counts its token's bytes).
  var utf8 = 0
  /// UTF-16 code units, an attachment counting 1.
  var utf16 = 0
  /// Unicode scalars, an attachment counting 1.
  var scalars = 0
  /// Run descriptors (a text run cut across leaves counts once per piece).
  var descriptors = 0
  /// Leaves.
  var leaves = 0
  /// The bytes by which attachments' tokens outweigh the U+FFFC that stands for each of them in a host's UTF-8
  /// (a token's UTF-8 length less 3, summed): the host's UTF-8 length is `utf8` less this.
  var attachmentTokenExcess = 0

  /// UTF-8 bytes as a host's buffer holds them: text, and 3 bytes (U+FFFC) for each attachment.
  var hostUTF8: Int { utf8 - attachmentTokenExcess }

  static func + (lhs: Summary, rhs: Summary) -> Summary {
    Summary(
      utf8: lhs.utf8 + rhs.utf8, utf16: lhs.utf16 + rhs.utf16, scalars: lhs.scalars + rhs.scalars,
      descriptors: lhs.descriptors + rhs.descriptors, leaves: lhs.leaves + rhs.leaves,
      attachmentTokenExcess: lhs.attachmentTokenExcess + rhs.attachmentTokenExcess)
  }

  static func += (lhs: inout Summary, rhs: Summary) { lhs = lhs + rhs }

  /// The difference of two summaries, count by count (negative where `rhs` counts more).
  static func - (lhs: Summary, rhs: Summary) -> Summary {
    Summary(
      utf8: lhs.utf8 - rhs.utf8, utf16: lhs.utf16 - rhs.utf16, scalars: lhs.scalars - rhs.scalars,
      descriptors: lhs.descriptors - rhs.descriptors, leaves: lhs.leaves - rhs.leaves,
      attachmentTokenExcess: lhs.attachmentTokenExcess - rhs.attachmentTokenExcess)
  }
}

/// One run (or one piece of a text run) in a leaf: its lengths, and the index of its attributes or emoticon in
/// the document's ``RunContentTable``. The bytes are the leaf's: a text run's text, an attachment's token.
///
/// Plain data (12 bytes, no reference-counted payload), so copying or editing a leaf's descriptors retains
/// nothing.
struct RunDescriptor: Sendable {
  /// What a run is: text with attributes, or an attachment's emoticon (what a ``RunContentIndex`` stands for).
  enum Content: Hashable, Sendable {
    case text(TextAttributes)
    case emoticon(Emoticon)

    /// The hash a ``RunContentTable`` finds the content by: an emoticon's stored one, or the attributes' hash.
    var tableHash: Int {
      switch self {
      case .text(let attributes): attributes.hashValue
      case .emoticon(let emoticon): emoticon.storedHash
      }
    }
  }

  // Note: 32-bit lengths and index keep a descriptor at 12 bytes; a piece is never longer than a leaf.
  var utf8Count: Int32
  var utf16Count: Int32
  var contentIndex: RunContentIndex

  /// Whether this is text whose content is `index`.
  func isText(_ index: RunContentIndex) -> Bool { contentIndex == index && !index.isEmoticon }

  /// The bytes by which the attachments among `descriptors` outweigh a U+FFFC each (see
  /// ``Summary/attachmentTokenExcess``).
  static func attachmentTokenExcess(of descriptors: [RunDescriptor]) -> Int {
    var excess = 0
    for descriptor in descriptors where !descriptor.isText {
      excess &+= Int(descriptor.utf8Count) &- objectReplacementUTF8Count
    }
    return excess
  }

  /// The UTF-8 length of U+FFFC, which stands for an attachment in a host's text.
  static let objectReplacementUTF8Count = 3

  /// Whether this is text (not an attachment).
  var isText: Bool { !contentIndex.isEmoticon }
}

/// Where a run's content is in its document's ``RunContentTable``, and whether it is an emoticon (so that
/// walks tell text from attachments without reading the table). 0 is plain text, in every table.
struct RunContentIndex: Hashable, Sendable {
  /// The position in the table shifted left by one, the low bit set for an emoticon.
  private let rawValue: UInt32

  /// Plain text: no entity, no host attributes.
  static let plainText = RunContentIndex(rawValue: 0)

  private init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The index of entry `position` of a table, which is an emoticon when `isEmoticon`.
  init(position: Int, isEmoticon: Bool) {
    precondition(position < Int(UInt32.max >> 1), "a document with more than 2³¹ attribute sets and emoticons")
    rawValue = UInt32(position) << 1 | (isEmoticon ? 1 : 0)
  }

  /// Whether the content is an emoticon (an attachment) rather than text attributes.
  var isEmoticon: Bool { rawValue & 1 != 0 }
  /// The entry's position in the table.
  var position: Int { Int(rawValue >> 1) }
}

/// The attribute sets and emoticons of a document's runs, each once: descriptors refer to them by
/// ``RunContentIndex``, so they hold no reference-counted payload.
///
/// A value (two arrays that copy on write): a copy of a document shares its table, and the tokenizer's
/// documents all share the tokenizer's (the catalog's emoticons, made once). Entries are only added, never
/// removed, so an index stays valid for the document's life; documents compare their runs' content, never
/// indices.
struct RunContentTable: Sendable {
  /// The entries; entry 0 is plain text.
  private var contents: [RunDescriptor.Content] = [.text(.plain)]
  /// An open-addressing hash table of the entries, to add content once: at the slot its hash picks, or the first free
  /// one after, an entry's position + 1 (0 is a free slot). Empty while the table is small enough to search; at most
  /// half full.
  // Note: an emoticon's hash is the one it was made with, so a lookup hashes nothing (a `Dictionary` ran `Hasher` over
  // it on every insertion of an emoticon: ~500 instructions).
  private var slots: [Int32] = []
  /// Up to how many entries a lookup compares them one by one rather than hashing.
  // Note: most documents have a few attribute sets and emoticons; an attachment made on its own
  // (`RichText(attachment:)`, what inserting an emoticon pastes) then costs no hash table and no hash.
  private static let searchedEntries = 8

  /// A table of plain text only.
  static let plain = RunContentTable()

  /// The content `index` stands for.
  subscript(index: RunContentIndex) -> RunDescriptor.Content { contents[index.position] }

  /// The index of `content`, added to the table when it is not there yet.
  mutating func index(of content: RunDescriptor.Content) -> RunContentIndex {
    if let index = existingIndex(of: content) { return index }
    let index = Self.index(ofEntry: contents.count, content)
    contents.append(content)
    if !slots.isEmpty && contents.count * 2 <= slots.count {
      place(entry: contents.count - 1)
    } else if contents.count > Self.searchedEntries {
      slots = Array(repeating: 0, count: max(32, slots.count * 2))
      for entry in contents.indices { place(entry: entry) }
    }
    return index
  }

  /// The index of `content` when the table has it.
  func existingIndex(of content: RunDescriptor.Content) -> RunContentIndex? {
    if case .text(let attributes) = content, attributes.isPlain { return .plainText }
    guard !slots.isEmpty else { return contents.firstIndex(of: content).map { Self.index(ofEntry: $0, content) } }
    let mask = slots.count - 1
    var slot = content.tableHash & mask
    while slots[slot] != 0 {
      let entry = Int(slots[slot]) - 1
      if contents[entry] == content { return Self.index(ofEntry: entry, content) }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Puts entry number `entry` in the first free slot from the one its hash picks.
  private mutating func place(entry: Int) {
    let mask = slots.count - 1
    var slot = contents[entry].tableHash & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = Int32(entry + 1)
  }

  /// The index of `content`, entry number `position`.
  private static func index(ofEntry position: Int, _ content: RunDescriptor.Content) -> RunContentIndex {
    let isEmoticon = if case .emoticon = content { true } else { false }
    return RunContentIndex(position: position, isEmoticon: isEmoticon)
  }

  /// The index in this table of `index` of `other` (added when this table lacks its content).
  mutating func index(of index: RunContentIndex, in other: borrowing RunContentTable) -> RunContentIndex {
    if index == .plainText || isIdentical(to: other) { return index }
    return self.index(of: other[index])
  }

  /// Whether the two tables are one storage (so their indices mean the same), in O(1).
  func isIdentical(to other: borrowing RunContentTable) -> Bool {
    contents.withUnsafeBufferPointer { own in
      other.contents.withUnsafeBufferPointer { $0.baseAddress == own.baseAddress }
    }
  }

  /// Calls `body` with the entries in place, for walks that resolve many indices.
  func withContents<Result>(_ body: (UnsafeBufferPointer<RunDescriptor.Content>) throws -> Result) rethrows -> Result {
    try contents.withUnsafeBufferPointer(body)
  }
}

extension TextAttributes {
  /// Whether these are ``plain`` (checked without hashing).
  var isPlain: Bool { entity == nil && hostAttributes.isEmpty }
}

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

  /// An inner node of the document's B-tree: its children, all leaves or all inner nodes of one height, and
  /// the summary of its subtree. It holds no text: only ``Leaf`` does.
  struct Inner: Sendable {
    /// The children of an inner node: leaves (for a node of height 1), or inner nodes one lower.
    enum Children: Sendable {
      case leaves([Leaf])
      case inners([Inner])
    }

    /// The counts of the subtree.
    private(set) var summary: Summary
    /// The children, never empty in a document's tree.
    private(set) var children: Children
    /// The number of levels below: 1 when the children are leaves.
    let height: Int

    /// A node over `leaves`.
    init(leaves: [Leaf]) {
      children = .leaves(leaves)
      height = 1
      summary = leaves.reduce(Summary()) { $0 + $1.summary }
    }

    /// A node over `inners`, which are all of one height.
    init(inners: [Inner]) {
      children = .inners(inners)
      height = (inners.first?.height ?? 0) + 1
      summary = inners.reduce(Summary()) { $0 + $1.summary }
    }

    /// The number of children.
    var childCount: Int {
      switch children {
      case .leaves(let leaves): leaves.count
      case .inners(let inners): inners.count
      }
    }
  }

  /// The root of a document's B-tree: a leaf when the document is small (a post), else an inner node.
  /// Nodes are values: arrays copy on write, so a copy of a document is O(1) and an edit copies only the
  /// path it changes, which is also why no reference type (and no unchecked `Sendable`) is needed.
  enum Node: Sendable {
    case leaf(Leaf)
    case inner(Inner)

    /// The root of an empty document.
    static let empty = Node.leaf(.empty)

    /// The counts of the whole tree.
    var summary: Summary {
      switch self {
      case .leaf(let leaf): leaf.summary
      case .inner(let inner): inner.summary
      }
    }
  }
}

/// A leaf or an inner node: something with a summary.
protocol Summarized {
  var summary: Summary { get }
}

extension RichText.Leaf: Summarized {}
extension RichText.Inner: Summarized {}

/// How big nodes get. With `EMOTEXT_INTERNAL_CHECKS` the nodes are tiny, so the tests' small documents
/// have deep trees, many leaves and runs cut across leaves.
enum NodeCapacity {
  #if EMOTEXT_INTERNAL_CHECKS
    static let leafUTF8 = 24
    static let leafDescriptors = 4
    static let children = 4
  #else
    /// A leaf's bytes: a post fits in one; an edit copies at most this much text.
    // Note: every leaf costs a fixed ~1,000 instructions to make (its descriptor array, its `Substring`, the cut of
    // the run that overflows it) and ~300 bytes besides its text. Tokenizing 1 MB (callgrind, instructions a byte,
    // mixed / realistic), by leaf size: 512 6.02 / 6.90, 1,024 4.98 / 5.89, 2,048 4.45 / 5.37, 4,096 4.18 / 5.15;
    // a document's memory 0.67 → 0.24–0.37 bytes a byte from 512 to 2,048. An edit inside a leaf moves at most the
    // leaf's bytes after it (in place when the leaf is owned), so a keystroke barely feels the size (the keystroke
    // bench's presses at 2,048: 1 KB +9 % instructions, 1 MB −7 %) once the reads of a position in a long run pass
    // whole blocks (`utf8Offset(movingUTF16:from:)`).
    static let leafUTF8 = 2048
    /// A leaf's runs: room for what 2,048 bytes of real posts hold (an emoticon every ~70 bytes, ~60 runs) and for
    /// composed text (an emoticon after every few characters) to fill the leaf's bytes before its runs.
    static let leafDescriptors = 128
    static let children = 16
  #endif
}

extension RichText.Node {
  /// A tree over `leaves` (in order), built bottom up: each level groups up to `NodeCapacity.children`.
  static func tree(of leaves: [RichText.Leaf]) -> Self {
    guard leaves.count > 1 else { return leaves.first.map { .leaf($0) } ?? .empty }
    return tree(of: RichText.Inner.grouped(leaves, RichText.Inner.init(leaves:)))
  }

  /// A tree over the `leaves` (in order), which it moves out: the memory stays allocated, uninitialized.
  // Note: for a cut document's thousands of leaves; `tree(of:)` copies each leaf into its parent (a retain of its text
  // and descriptors) and then destroys the array (a release of each), 5 % of the bulk tokenizer's instructions.
  static func tree(movingLeavesFrom leaves: UnsafeMutableBufferPointer<RichText.Leaf>) -> Self {
    guard let start = leaves.baseAddress, leaves.count > 0 else { return .empty }
    guard leaves.count > 1 else { return .leaf(start.move()) }
    let parents = RichText.Inner.groupRanges(count: leaves.count).map { range in
      RichText.Inner(
        leaves: [RichText.Leaf](unsafeUninitializedCapacity: range.count) { group, initialized in
          group.baseAddress!.moveInitialize(from: start + range.lowerBound, count: range.count)
          initialized = range.count
        })
    }
    return tree(of: parents)
  }

  /// A tree over `inners` (in order, all of one height), built bottom up.
  static func tree(of inners: [RichText.Inner]) -> Self {
    var level = inners
    while level.count > 1 { level = RichText.Inner.grouped(level, RichText.Inner.init(inners:)) }
    return .inner(level[0])
  }
}

extension RichText.Inner {
  /// `nodes` grouped into parents of at most `NodeCapacity.children` each, made by `parent`, as evenly as
  /// possible.
  static func grouped<Child>(_ nodes: [Child], _ parent: ([Child]) -> Self) -> [Self] {
    groupRanges(count: nodes.count).map { parent(Array(nodes[$0])) }
  }

  /// The ranges of `count` nodes grouped under parents of at most `NodeCapacity.children` each, as evenly as possible.
  static func groupRanges(count: Int) -> [Range<Int>] {
    let groups = (count + NodeCapacity.children - 1) / NodeCapacity.children
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(groups)
    var start = 0
    for group in 0..<groups {
      let end = count * (group + 1) / groups
      ranges.append(start..<end)
      start = end
    }
    return ranges
  }

  /// Replaces the leaves numbered `range` (counting from 0 in this subtree) with `newLeaves`, and returns
  /// the siblings this node split off when it got too many children (to insert after it).
  /// - Complexity: O(log *n* + *k*) in the number of leaves, for *k* new leaves.
  mutating func replaceLeaves(_ range: Range<Int>, with newLeaves: [RichText.Leaf]) -> [Self] {
    switch children {
    case .leaves(var leaves):
      // Note: the enum lets go of the array first, so that it is unique and changes in place.
      children = .leaves([])
      leaves.replaceSubrange(range, with: newLeaves)
      summary = leaves.reduce(Summary()) { $0 + $1.summary }
      guard leaves.count > NodeCapacity.children else {
        children = .leaves(leaves)
        return []
      }
      var pieces = Self.grouped(leaves, Self.init(leaves:))
      self = pieces.removeFirst()
      return pieces
    case .inners(var inners):
      children = .inners([])
      Self.replaceLeaves(range, with: newLeaves, in: &inners)
      summary = inners.reduce(Summary()) { $0 + $1.summary }
      guard inners.count > NodeCapacity.children else {
        children = .inners(inners)
        return []
      }
      var pieces = Self.grouped(inners, Self.init(inners:))
      self = pieces.removeFirst()
      return pieces
    }
  }

  /// `replaceLeaves` on the children `inners`: the children holding the range's first and last leaf (for
  /// an empty range, the one it is in) change, the whole children between go.
  private static func replaceLeaves(_ range: Range<Int>, with newLeaves: [RichText.Leaf], in inners: inout [Self]) {
    let first = findSlot(at: range.lowerBound, in: .leaves, preferEnd: false, among: inners)
    let last = range.isEmpty ? first : findSlot(at: range.upperBound, in: .leaves, preferEnd: true, among: inners)
    let firstStart = range.lowerBound - first.remaining
    var firstOverflow: [Self]
    if first.slot == last.slot {
      firstOverflow = inners[first.slot].replaceLeaves(
        first.remaining..<(range.upperBound - firstStart), with: newLeaves)
    } else {
      // Note: the last child first, so the first child's index still holds; whole children between go.
      let lastOverflow = inners[last.slot].replaceLeaves(0..<last.remaining, with: [])
      inners.insert(contentsOf: lastOverflow, at: last.slot + 1)
      if inners[last.slot].childCount == 0 { inners.remove(at: last.slot) }
      inners.removeSubrange((first.slot + 1)..<last.slot)
      firstOverflow = inners[first.slot].replaceLeaves(
        first.remaining..<inners[first.slot].summary.leaves, with: newLeaves)
    }
    inners.insert(contentsOf: firstOverflow, at: first.slot + 1)
    if inners[first.slot].childCount == 0 { inners.remove(at: first.slot) }
  }
}

extension RichText.Inner {
  /// ``RichText/Node/modifyLeaf(holdingUTF16:_:)`` in this subtree, `place.offset` counted from its start;
  /// `place.startsDocument` and `place.endsDocument` say whether the subtree is at the document's start and end.
  mutating func modifyLeaf(
    holdingUTF16 place: RichText.LeafPlace, _ body: (inout RichText.Leaf, RichText.LeafPlace) -> Summary?
  ) -> Summary? {
    let delta: Summary?
    switch children {
    case .leaves(var leaves):
      children = .leaves([])
      let found = Self.findSlot(at: place.offset, in: .utf16, preferEnd: false, among: leaves)
      delta = body(&leaves[found.slot], place.child(at: found.slot, of: leaves.count, offset: found.remaining))
      children = .leaves(leaves)
    case .inners(var inners):
      children = .inners([])
      let found = Self.findSlot(at: place.offset, in: .utf16, preferEnd: false, among: inners)
      delta = inners[found.slot].modifyLeaf(
        holdingUTF16: place.child(at: found.slot, of: inners.count, offset: found.remaining), body)
      children = .inners(inners)
    }
    if let delta { summary += delta }
    return delta
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
