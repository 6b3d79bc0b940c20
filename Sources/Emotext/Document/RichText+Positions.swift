import EmotextUnicode

/// Which way an offset that falls inside a grapheme cluster moves to reach a boundary.
public enum SnapDirection: Sendable {
  /// To the start of the cluster.
  case backward
  /// To the end of the cluster.
  case forward
}

extension RichText {
  /// The run holding the unit at `utf16Offset` (a text run cut across leaves whole), without building its
  /// text: what it is and the UTF-16 range it spans.
  /// - Complexity: O(log *n*) plus the run's length in leaves.
  func runExtent(containing utf16Offset: Int) -> (
    content: RunDescriptor.Content, utf16Range: Range<Int>, leaf: LeafPosition
  ) {
    precondition(
      utf16Offset >= 0 && utf16Offset < utf16Count,
      "RichText offset \(utf16Offset) holds no run (length \(utf16Count))")
    let position = root.leaf(at: utf16Offset, preferringEnd: false)
    let descriptors = position.leaf.descriptors
    let holding = descriptors.start(ofDescriptorHolding: utf16Offset - position.utf16Start)
    let index = holding.index
    let descriptorStart = position.utf16Start + holding.utf16
    // Back to the run's start: through the leaves before while the run continues into their successor.
    var start = descriptorStart
    var ordinal = position.ordinal
    var first = descriptors[index]
    var atLeafStart = index == 0
    while atLeafStart && ordinal > 0 {
      ordinal -= 1
      let previous = root.leaf(ordinal: ordinal).leaf.descriptors
      guard first.continuesRun(of: previous[previous.count - 1]) else { break }
      first = previous[previous.count - 1]
      start -= Int(first.utf16Count)
      atLeafStart = previous.count == 1
    }
    // Forward to its end: through the leaves after while their first descriptor continues the run.
    var end = descriptorStart + Int(descriptors[index].utf16Count)
    var last = descriptors[index]
    var atLeafEnd = index == descriptors.count - 1
    ordinal = position.ordinal
    while atLeafEnd && ordinal + 1 < root.summary.leaves {
      ordinal += 1
      let next = root.leaf(ordinal: ordinal).leaf.descriptors
      guard next[0].continuesRun(of: last) else { break }
      last = next[0]
      end += Int(last.utf16Count)
      atLeafEnd = next.count == 1
    }
    return (contents[descriptors[index].contentIndex], start..<end, position)
  }

  /// The run holding the unit at `utf16Offset`, and the UTF-16 range it spans.
  /// - Precondition: `utf16Offset < utf16Count`.
  /// - Complexity: O(log *n*) plus the run's length.
  func run(containing utf16Offset: Int) -> (run: Run, utf16Range: Range<Int>) {
    let (content, utf16Range, leaf) = runExtent(containing: utf16Offset)
    switch content {
    case .text(let attributes): return (.text(postText(in: utf16Range, from: leaf), attributes), utf16Range)
    case .emoticon(let emoticon):
      return (.emoticon(EmoticonAttachment(emoticon, token: postText(in: utf16Range, from: leaf))), utf16Range)
    }
  }

  /// The post text of `utf16Range` (on scalar boundaries), found from `leaf`, a leaf it overlaps: sliced from
  /// each leaf's text in turn.
  // Note: a lookup by position reads one run, mostly in one leaf; this costs no walk set up and no validation.
  private func postText(in utf16Range: Range<Int>, from leaf: LeafPosition) -> String {
    var position = leaf
    while position.utf16Start > utf16Range.lowerBound { position = root.leaf(ordinal: position.ordinal - 1) }
    var text = ""
    while true {
      let leaf = position.leaf
      let leafEnd = position.utf16Start + leaf.summary.utf16
      let lower = leaf.utf8Offset(ofUTF16Offset: max(utf16Range.lowerBound, position.utf16Start) - position.utf16Start)
      let upper = leaf.utf8Offset(ofUTF16Offset: min(utf16Range.upperBound, leafEnd) - position.utf16Start)
      let start = leaf.text.utf8.index(leaf.text.startIndex, offsetBy: lower)
      let piece = leaf.text[start..<leaf.text.utf8.index(start, offsetBy: upper - lower)]
      if text.isEmpty { text = String(piece) } else { text.append(contentsOf: piece) }
      guard utf16Range.upperBound > leafEnd else { return text }
      position = root.leaf(ordinal: position.ordinal + 1)
    }
  }

  /// The number of Unicode scalars before `utf16Offset` (an attachment counts 1): ``offset(_:from:to:)`` from
  /// UTF-16 to scalars.
  ///
  /// - Precondition: `utf16Offset` does not split a surrogate pair.
  /// - Complexity: O(log *n*) plus a scan of one leaf's bytes at most.
  public func scalarCount(before utf16Offset: Int) -> Int {
    offset(utf16Offset, from: .utf16, to: .unicodeScalars)
  }

  /// The number of Unicode scalars, each attachment counting 1.
  /// - Complexity: O(1).
  public var scalarCount: Int { root.summary.scalars }
}

extension String {
  /// The UTF-16 offset of a UTF-8 offset on a scalar boundary.
  func utf16Offset(ofUTF8Offset utf8Offset: Int) -> Int {
    let index = utf8.index(utf8.startIndex, offsetBy: utf8Offset)
    return utf16.distance(from: utf16.startIndex, to: index)
  }

  /// The text between two UTF-8 offsets on scalar boundaries.
  func utf8Slice(_ utf8Range: Range<Int>) -> Substring {
    let start = utf8.index(utf8.startIndex, offsetBy: utf8Range.lowerBound)
    return self[start..<utf8.index(start, offsetBy: utf8Range.count)]
  }
}
