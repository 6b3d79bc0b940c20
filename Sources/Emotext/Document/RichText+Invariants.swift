import EmotextUnicode

extension RichText {
  /// Stops with a message when the document is not canonical or its tree is out of shape: every
  /// summary equals the counts recomputed from below, leaves are all at one depth (each node one higher than its children), no node is over its
  /// capacity, descriptors cover their leaf's bytes exactly with the lengths they claim, and the runs have no
  /// empty text and no equal-attribute neighbours. Tests call it after every step.
  /// - Complexity: O(*n*).
  package func checkInvariants() {
    switch root {
    case .leaf(let leaf) where leaf.descriptors.isEmpty:
      precondition(leaf.summary == Leaf.empty.summary && leaf.text.isEmpty, "the empty document's root is not empty")
      return
    case .leaf(let leaf):
      Self.check(leaf, contents)
    case .inner(let inner):
      precondition(inner.childCount > 1, "the root has a single child")
      Self.check(inner, contents)
    }
    var previous: Run?
    var index = 0
    for run in runs {
      switch run {
      case .text(let text, let attributes):
        precondition(!text.isEmpty, "run \(index) is an empty text run")
        if case .text(_, let earlier)? = previous {
          precondition(earlier != attributes, "runs \(index - 1) and \(index) are text with equal attributes")
        }
      case .emoticon(let attachment):
        precondition(!attachment.token.isEmpty, "run \(index) is an attachment with an empty token")
      }
      previous = run
      index += 1
    }
  }

  private static func check(_ node: Inner, _ contents: RunContentTable) {
    precondition(node.childCount > 0, "a node of height \(node.height) has no children")
    precondition(node.childCount <= NodeCapacity.children, "a node of height \(node.height) has too many children")
    let sum: Summary
    switch node.children {
    case .leaves(let leaves):
      precondition(node.height == 1, "a node of height \(node.height) has leaves")
      for leaf in leaves { check(leaf, contents) }
      sum = leaves.reduce(Summary()) { $0 + $1.summary }
    case .inners(let inners):
      for child in inners {
        precondition(child.height == node.height - 1, "a node of height \(node.height) has one of \(child.height)")
        check(child, contents)
      }
      sum = inners.reduce(Summary()) { $0 + $1.summary }
    }
    precondition(
      node.summary == sum, "a summary at height \(node.height) is \(node.summary), its children sum to \(sum)")
  }

  private static func check(_ node: Leaf, _ contents: RunContentTable) {
    precondition(!node.descriptors.isEmpty, "an empty leaf")
    precondition(node.descriptors.count <= NodeCapacity.leafDescriptors, "a leaf has too many descriptors")
    var bytes = node.text
    let summary = bytes.withUTF8 { buffer in
      var summary = Summary(leaves: 1)
      var previous: TextAttributes?
      for descriptor in node.descriptors {
        let length = Int(descriptor.utf8Count)
        precondition(length > 0, "an empty descriptor")
        precondition(summary.utf8 + length <= buffer.count, "descriptors run past their leaf's bytes")
        let piece = UnsafeBufferPointer(rebasing: buffer[summary.utf8..<(summary.utf8 + length)])
        precondition(piece[0] & 0xC0 != 0x80, "a descriptor starts inside a scalar")
        switch contents[descriptor.contentIndex] {
        case .text(let attributes):
          precondition(descriptor.isText, "a text descriptor's index is marked as an emoticon's")
          precondition(
            contents.existingIndex(of: .text(attributes)) == descriptor.contentIndex,
            "a descriptor's attributes are in the content table twice")
          let counts = String.counts(ofUTF8: piece)
          precondition(Int(descriptor.utf16Count) == counts.utf16, "a descriptor's UTF-16 length is wrong")
          precondition(previous != attributes, "two text descriptors with equal attributes in one leaf")
          previous = attributes
          summary.utf16 += counts.utf16
          summary.scalars += counts.scalars
        case .emoticon:
          precondition(!descriptor.isText, "an attachment's index is marked as text's")
          precondition(descriptor.utf16Count == 1, "an attachment is not one unit wide")
          previous = nil
          summary.utf16 += 1
          summary.scalars += 1
          summary.attachmentTokenExcess += length - RunDescriptor.objectReplacementUTF8Count
        }
        summary.utf8 += length
        summary.descriptors += 1
      }
      precondition(summary.utf8 == buffer.count, "descriptors cover \(summary.utf8) of \(buffer.count) bytes")
      return summary
    }
    precondition(node.summary == summary, "a leaf's summary is \(node.summary), recomputed \(summary)")
    precondition(
      summary.utf8 <= NodeCapacity.leafUTF8 || node.descriptors.count == 1, "a leaf holds \(summary.utf8) bytes")
  }
}
