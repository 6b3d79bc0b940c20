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

  static func + (lhs: Summary, rhs: Summary) -> Summary {
    Summary(
      utf8: lhs.utf8 + rhs.utf8, utf16: lhs.utf16 + rhs.utf16, scalars: lhs.scalars + rhs.scalars,
      descriptors: lhs.descriptors + rhs.descriptors, leaves: lhs.leaves + rhs.leaves)
  }
}

/// One run (or one piece of a text run) in a leaf: its lengths, and its attributes or emoticon. The bytes
/// are the leaf's: a text run's text, an attachment's token.
struct RunDescriptor: Sendable {
  /// What the run is.
  enum Content: Sendable {
    case text(TextAttributes)
    case emoticon(Emoticon)
  }

  // Note: 32-bit lengths keep a descriptor at 24 bytes; a piece is never longer than a leaf.
  var utf8Count: Int32
  var utf16Count: Int32
  var content: Content

  /// Whether this is text with `attributes`.
  func isText(_ attributes: TextAttributes) -> Bool {
    if case .text(let own) = content { return own == attributes }
    return false
  }

  var attributes: TextAttributes? {
    if case .text(let attributes) = content { return attributes }
    return nil
  }
}

/// A node of a document's B-tree. A leaf holds the UTF-8 of its runs (often a slice of the text that was
/// tokenized, shared rather than copied) and their descriptors; an inner node holds children, all leaves at
/// the same depth. Nodes are values: arrays copy on write, so a copy of a document is O(1) and an edit
/// copies only the path it changes, which is also why no reference type (and no unchecked `Sendable`) is
/// needed.
struct Node: Sendable {
  var summary: Summary
  /// The children of an inner node; empty in a leaf.
  var children: [Node]
  /// A leaf's bytes: its runs' post text, attachments' tokens included.
  var text: Substring
  /// A leaf's runs, in order, covering `text`.
  var descriptors: [RunDescriptor]

  var isLeaf: Bool { children.isEmpty }

  /// An empty leaf: the root of an empty document.
  static let empty = Node(summary: Summary(leaves: 1), children: [], text: "", descriptors: [])

  /// A leaf of `descriptors` over `text`, with `scalars` scalars.
  init(leaf text: Substring, descriptors: [RunDescriptor], utf16Count: Int, scalarCount: Int) {
    self.text = text
    self.descriptors = descriptors
    children = []
    summary = Summary(
      utf8: text.utf8.count, utf16: utf16Count, scalars: scalarCount, descriptors: descriptors.count, leaves: 1)
  }

  /// An inner node over `children`.
  init(children: [Node]) {
    self.children = children
    text = ""
    descriptors = []
    summary = children.reduce(Summary()) { $0 + $1.summary }
  }

  private init(summary: Summary, children: [Node], text: Substring, descriptors: [RunDescriptor]) {
    self.summary = summary
    self.children = children
    self.text = text
    self.descriptors = descriptors
  }

  mutating func recomputeSummary() {
    summary = children.reduce(Summary()) { $0 + $1.summary }
  }
}

/// How big nodes get. With `EMOTEXT_INTERNAL_CHECKS` the nodes are tiny, so the tests' small documents
/// have deep trees, many leaves and runs cut across leaves.
enum NodeCapacity {
  #if EMOTEXT_INTERNAL_CHECKS
    static let leafUTF8 = 24
    static let leafDescriptors = 4
    static let children = 4
  #else
    /// A leaf's bytes: a post fits in one; an edit copies at most this much text.
    // Note: an edit rebuilds the leaves it touches; at 2 KB and 64 runs a leaf made composing cost 25 µs
    // per insertion. Smaller leaves cost more nodes (memory) and deeper trees.
    static let leafUTF8 = 512
    static let leafDescriptors = 16
    static let children = 16
  #endif
}

extension Node {
  /// A tree over `leaves` (in order), built bottom up: each level groups up to `NodeCapacity.children`.
  static func tree(of leaves: [Node]) -> Node {
    guard !leaves.isEmpty else { return .empty }
    var level = leaves
    while level.count > 1 { level = grouped(level) }
    return level[0]
  }

  /// `nodes` grouped into parents of at most `NodeCapacity.children`, as evenly as possible.
  static func grouped(_ nodes: [Node]) -> [Node] {
    let groups = (nodes.count + NodeCapacity.children - 1) / NodeCapacity.children
    var parents: [Node] = []
    parents.reserveCapacity(groups)
    var start = 0
    for group in 0..<groups {
      let end = nodes.count * (group + 1) / groups
      parents.append(Node(children: Array(nodes[start..<end])))
      start = end
    }
    return parents
  }

  /// The leaf holding `utf16Offset`: the one where `start <= offset < end`, or with `preferringEnd`, the
  /// one where `start < offset <= end`; past either end, the first or last leaf.
  /// - Complexity: O(log *n*).
  func leaf(at utf16Offset: Int, preferringEnd: Bool) -> LeafPosition {
    var node = self
    var position = LeafPosition(leaf: self, ordinal: 0, utf16Start: 0, utf8Start: 0, scalarStart: 0)
    var remaining = utf16Offset
    while !node.isLeaf {
      var chosen = node.children.count - 1
      for (index, child) in node.children.enumerated() {
        let count = child.summary.utf16
        if remaining < count || (preferringEnd && remaining <= count && remaining > 0) {
          chosen = index
          break
        }
        if index == node.children.count - 1 { break }
        remaining -= count
        position.add(child.summary)
      }
      node = node.children[chosen]
    }
    position.leaf = node
    return position
  }

  /// The leaf number `ordinal` (counting from 0), with where it starts.
  /// - Complexity: O(log *n*).
  func leaf(ordinal: Int) -> LeafPosition {
    var node = self
    var position = LeafPosition(leaf: self, ordinal: ordinal, utf16Start: 0, utf8Start: 0, scalarStart: 0)
    var remaining = ordinal
    while !node.isLeaf {
      var chosen = node.children.count - 1
      for (index, child) in node.children.enumerated() {
        if remaining < child.summary.leaves {
          chosen = index
          break
        }
        remaining -= child.summary.leaves
        position.utf16Start += child.summary.utf16
        position.utf8Start += child.summary.utf8
        position.scalarStart += child.summary.scalars
      }
      node = node.children[chosen]
    }
    position.leaf = node
    return position
  }

  /// Replaces the leaves numbered `range` (counting from 0 in this subtree) with `newLeaves`, and returns
  /// the siblings this node split off when it got too many children (to insert after it).
  /// - Complexity: O(log *n* + *k*) in the number of leaves, for *k* new leaves.
  mutating func replaceLeaves(_ range: Range<Int>, with newLeaves: [Node]) -> [Node] {
    precondition(!isLeaf, "replaceLeaves starts at an inner node")
    if children[0].isLeaf {
      children.replaceSubrange(range, with: newLeaves)
    } else {
      // The children holding the first and last leaf of the range (for an empty range, the one it is in).
      var first = children.count - 1
      var firstStart = summary.leaves - children[first].summary.leaves
      var start = 0
      for index in children.indices {
        let count = children[index].summary.leaves
        if range.lowerBound < start + count {
          first = index
          firstStart = start
          break
        }
        start += count
      }
      var last = first
      var lastStart = firstStart
      if !range.isEmpty {
        start = firstStart
        for index in first..<children.count {
          let count = children[index].summary.leaves
          if range.upperBound <= start + count {
            last = index
            lastStart = start
            break
          }
          start += count
        }
      }
      var firstOverflow: [Node]
      if first == last {
        firstOverflow = children[first].replaceLeaves(
          (range.lowerBound - firstStart)..<(range.upperBound - firstStart), with: newLeaves)
      } else {
        // Note: the last child first, so the first child's index still holds; whole children between go.
        let lastOverflow = children[last].replaceLeaves(0..<(range.upperBound - lastStart), with: [])
        children.insert(contentsOf: lastOverflow, at: last + 1)
        if children[last].children.isEmpty { children.remove(at: last) }
        children.removeSubrange((first + 1)..<last)
        firstOverflow = children[first].replaceLeaves(
          (range.lowerBound - firstStart)..<children[first].summary.leaves, with: newLeaves)
      }
      children.insert(contentsOf: firstOverflow, at: first + 1)
      if children[first].children.isEmpty { children.remove(at: first) }
    }
    recomputeSummary()
    guard children.count > NodeCapacity.children else { return [] }
    var pieces = Node.grouped(children)
    self = pieces.removeFirst()
    return pieces
  }
}

/// A leaf and where it starts in the document.
struct LeafPosition {
  var leaf: Node
  /// The leaf's number, counting from 0.
  var ordinal: Int
  var utf16Start: Int
  var utf8Start: Int
  var scalarStart: Int

  mutating func add(_ summary: Summary) {
    ordinal += summary.leaves
    utf16Start += summary.utf16
    utf8Start += summary.utf8
    scalarStart += summary.scalars
  }
}

/// Walks the leaves of a tree in order.
struct LeafIterator: IteratorProtocol {
  /// The path to the next leaf: each level's children and the index of the next one to visit.
  private var stack: [(children: [Node], next: Int)]

  init(_ root: Node) {
    stack = [([root], 0)]
  }

  /// Starts at leaf number `ordinal`.
  init(_ root: Node, from ordinal: Int) {
    stack = []
    var node = root
    var remaining = ordinal
    var children = [root]
    var index = 0
    while true {
      stack.append((children, index))
      node = children[index]
      guard !node.isLeaf else { break }
      children = node.children
      index = children.count - 1
      for (childIndex, child) in children.enumerated() {
        if remaining < child.summary.leaves {
          index = childIndex
          break
        }
        remaining -= child.summary.leaves
      }
    }
  }

  mutating func next() -> Node? {
    while let top = stack.last {
      if top.next >= top.children.count {
        stack.removeLast()
        if !stack.isEmpty { stack[stack.count - 1].next += 1 }
        continue
      }
      let node = top.children[top.next]
      if node.isLeaf {
        stack[stack.count - 1].next += 1
        return node
      }
      stack.append((node.children, 0))
    }
    return nil
  }
}
