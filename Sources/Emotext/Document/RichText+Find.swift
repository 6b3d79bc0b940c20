/// A count in ``Summary`` by which the tree is descended to a position, after swift-collections'
/// `RopeMetric`.
protocol TreeMetric: Sendable {
  /// The size of a subtree with `summary` in this metric.
  func size(of summary: Summary) -> Int
}

/// UTF-8 bytes of post text.
struct UTF8Metric: TreeMetric {
  func size(of summary: Summary) -> Int { summary.utf8 }
}

/// UTF-16 units, an attachment counting 1.
struct UTF16Metric: TreeMetric {
  func size(of summary: Summary) -> Int { summary.utf16 }
}

/// Unicode scalars, an attachment counting 1.
struct ScalarMetric: TreeMetric {
  func size(of summary: Summary) -> Int { summary.scalars }
}

/// Run descriptors (a text run cut across leaves counts once per piece).
struct DescriptorMetric: TreeMetric {
  func size(of summary: Summary) -> Int { summary.descriptors }
}

/// Leaves.
struct LeafMetric: TreeMetric {
  func size(of summary: Summary) -> Int { summary.leaves }
}

extension TreeMetric where Self == UTF8Metric {
  static var utf8: UTF8Metric { UTF8Metric() }
}

extension TreeMetric where Self == UTF16Metric {
  static var utf16: UTF16Metric { UTF16Metric() }
}

extension TreeMetric where Self == ScalarMetric {
  static var scalars: ScalarMetric { ScalarMetric() }
}

extension TreeMetric where Self == DescriptorMetric {
  static var descriptors: DescriptorMetric { DescriptorMetric() }
}

extension TreeMetric where Self == LeafMetric {
  static var leaves: LeafMetric { LeafMetric() }
}

/// A leaf and where it starts in the document.
struct LeafPosition {
  var leaf: RichText.Leaf
  /// The counts of everything before the leaf.
  var start: Summary

  /// The leaf's number, counting from 0.
  var ordinal: Int { start.leaves }
  /// Where the leaf starts, in UTF-16 units.
  var utf16Start: Int { start.utf16 }
  /// Where the leaf starts, in UTF-8 bytes.
  var utf8Start: Int { start.utf8 }
  /// Where the leaf starts, in Unicode scalars.
  var scalarStart: Int { start.scalars }
}

extension RichText.Inner {
  /// The child of `children` holding `position` (in `metric`, from the start of the first child): the one
  /// where `start <= position < end`, or with `preferEnd`, `start <= position <= end` (so an offset between
  /// two children goes to the first). Past the end, the last child. Also gives the position from the start
  /// of the child and the counts of the children before it.
  // Note: the one step of every descent (lookups, `LeafIterator`, `replaceLeaves`), after swift-collections'
  // `Rope.find(at:in:preferEnd:)`.
  static func findSlot<Child: Summarized>(
    at position: Int, in metric: some TreeMetric, preferEnd: Bool, among children: [Child]
  ) -> (slot: Int, remaining: Int, before: Summary) {
    var remaining = position
    var before = Summary()
    for slot in 0..<(children.count - 1) {
      let summary = children[slot].summary
      let size = metric.size(of: summary)
      if remaining < size || (preferEnd && remaining == size) { return (slot, remaining, before) }
      remaining -= size
      before += summary
    }
    return (children.count - 1, remaining, before)
  }
}

extension RichText.Node {
  /// The leaf holding `position` in `metric` and where it starts: the one where `start <= position < end`,
  /// or with `preferEnd`, `start < position <= end`; past either end, the first or last leaf. `visit` sees
  /// each inner node on the way down and the slot of the child taken.
  /// - Complexity: O(log *n*).
  func find(
    at position: Int, in metric: some TreeMetric, preferEnd: Bool,
    visit: (RichText.Inner, _ slot: Int) -> Void = { _, _ in }
  ) -> LeafPosition {
    var node: RichText.Inner
    switch self {
    case .leaf(let leaf): return LeafPosition(leaf: leaf, start: Summary())
    case .inner(let inner): node = inner
    }
    var remaining = position
    var start = Summary()
    while true {
      switch node.children {
      case .leaves(let leaves):
        // Note: preferring the end at a leaf's start would land past the leaf before, at its end.
        let found = RichText.Inner.findSlot(
          at: remaining, in: metric, preferEnd: preferEnd && remaining > 0, among: leaves)
        visit(node, found.slot)
        return LeafPosition(leaf: leaves[found.slot], start: start + found.before)
      case .inners(let inners):
        let found = RichText.Inner.findSlot(
          at: remaining, in: metric, preferEnd: preferEnd && remaining > 0, among: inners)
        visit(node, found.slot)
        remaining = found.remaining
        start += found.before
        node = inners[found.slot]
      }
    }
  }

  /// The leaf holding `utf16Offset`: the one where `start <= offset < end`, or with `preferringEnd`, the
  /// one where `start < offset <= end`; past either end, the first or last leaf.
  /// - Complexity: O(log *n*).
  func leaf(at utf16Offset: Int, preferringEnd: Bool) -> LeafPosition {
    find(at: utf16Offset, in: .utf16, preferEnd: preferringEnd)
  }

  /// The leaf number `ordinal` (counting from 0), with where it starts.
  /// - Complexity: O(log *n*).
  func leaf(ordinal: Int) -> LeafPosition {
    find(at: ordinal, in: .leaves, preferEnd: false)
  }
}

/// Walks the leaves of a tree in order.
struct LeafIterator: IteratorProtocol {
  /// The inner nodes above the current leaves, from the root's children down: each level's nodes and the
  /// index of the one being walked.
  private var path: [(inners: [RichText.Inner], slot: Int)] = []
  /// The leaves being walked (the children of the lowest inner node) and the index of the next one.
  private var leaves: [RichText.Leaf] = []
  private var nextLeaf = 0
  /// The root, when it is a leaf that was not returned yet.
  private var rootLeaf: RichText.Leaf?

  /// Starts at leaf number `ordinal` (counting from 0); past the last leaf, it is empty.
  init(_ root: RichText.Node, from ordinal: Int = 0) {
    var start = Summary()
    self.init(root, at: ordinal, in: .leaves, start: &start)
    if ordinal >= root.summary.leaves {
      rootLeaf = nil
      nextLeaf = leaves.count
    }
  }

  /// Starts at the leaf holding `position` in `metric` (the one `find(at:in:preferEnd: false)` finds), and
  /// sets `start` to the counts of everything before it.
  init(_ root: RichText.Node, at position: Int, in metric: some TreeMetric, start: inout Summary) {
    switch root {
    case .leaf(let leaf):
      rootLeaf = leaf
      start = Summary()
    case .inner:
      var path: [(inners: [RichText.Inner], slot: Int)] = []
      var leaves: [RichText.Leaf] = []
      var nextLeaf = 0
      start =
        root.find(at: position, in: metric, preferEnd: false) { node, slot in
          switch node.children {
          case .leaves(let children):
            leaves = children
            nextLeaf = slot
          case .inners(let children): path.append((children, slot))
          }
        }
        .start
      self.path = path
      self.leaves = leaves
      self.nextLeaf = nextLeaf
    }
  }

  mutating func next() -> RichText.Leaf? {
    if nextLeaf < leaves.count {
      defer { nextLeaf += 1 }
      return leaves[nextLeaf]
    }
    if let leaf = rootLeaf {
      rootLeaf = nil
      return leaf
    }
    // Up to the lowest level with a node left, then down its first children.
    while var level = path.popLast() {
      level.slot += 1
      guard level.slot < level.inners.count else { continue }
      path.append(level)
      var node = level.inners[level.slot]
      while case .inners(let children) = node.children {
        path.append((children, 0))
        node = children[0]
      }
      guard case .leaves(let children) = node.children else { return nil }
      leaves = children
      nextLeaf = 1
      return children[0]
    }
    return nil
  }
}
