extension RichText {
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
