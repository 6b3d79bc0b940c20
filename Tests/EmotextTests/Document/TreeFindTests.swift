import EmotextTestSupport
import Testing

@testable import Emotext

/// The one descent by metric (`RichText.Node.find(at:in:preferEnd:)`) and the leaf walk, against the leaves
/// listed in order with their starts summed up by hand.
@Suite("Tree descent")
struct TreeFindTests {
  /// Each leaf's start, summed over the leaves before it.
  static func leafStarts(_ document: RichText) -> [Summary] {
    var starts: [Summary] = []
    var start = Summary()
    var leaves = LeafIterator(document.root)
    while let leaf = leaves.next() {
      starts.append(start)
      start += leaf.summary
    }
    return starts
  }

  static let metrics: [(name: String, metric: any TreeMetric)] = [
    ("utf8", UTF8Metric()), ("utf16", UTF16Metric()), ("scalars", ScalarMetric()),
    ("descriptors", DescriptorMetric()), ("leaves", LeafMetric()),
  ]

  @Test(arguments: [1, 2, 3] as [UInt64])
  func findAgreesWithTheLeavesInOrder(seed: UInt64) {
    print("TreeFindTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    for round in 0..<10 {
      let document = ChunkReadingTests.randomDocument(&random)
      let starts = Self.leafStarts(document)
      let total = document.root.summary
      #expect(starts.count == total.leaves, "seed \(seed), round \(round)")
      for (name, metric) in Self.metrics {
        let size = metric.size(of: total)
        let sizes = starts.map { metric.size(of: $0) } + [size]
        for position in Set([0, size] + (0..<20).map { _ in Int.random(in: 0...size, using: &random) }) {
          let context = "seed \(seed), round \(round), \(name) \(position) of \(size)"
          // The leaf where start <= position < end, or the last; preferring the end, start < position <= end,
          // or the first.
          let plain = sizes.indices.dropLast().last { sizes[$0] <= position } ?? 0
          let preferringEnd = sizes.indices.dropLast().first { sizes[$0] < position && position <= sizes[$0 + 1] } ?? 0
          let found = document.root.find(at: position, in: metric, preferEnd: false)
          let foundAtEnd = document.root.find(at: position, in: metric, preferEnd: true)
          #expect(found.ordinal == plain && found.start == starts[plain], "\(context)")
          #expect(foundAtEnd.ordinal == preferringEnd && foundAtEnd.start == starts[preferringEnd], "\(context)")
        }
      }
      for ordinal in Set([0, total.leaves] + (0..<5).map { _ in Int.random(in: 0...total.leaves, using: &random) }) {
        var leaves = LeafIterator(document.root, from: ordinal)
        var count = 0
        while let leaf = leaves.next() {
          if ordinal + count < starts.count {
            let expected = document.root.leaf(ordinal: ordinal + count)
            #expect(leaf.summary == expected.leaf.summary && leaf.text == expected.leaf.text, "round \(round)")
          }
          count += 1
        }
        #expect(count == max(starts.count - ordinal, 0), "seed \(seed), round \(round), from leaf \(ordinal)")
      }
    }
  }

  @Test func aDocumentOfManyLeavesHasInnerNodesOfOneHeight() {
    let document = RichText(String(repeating: "长", count: 20_000))
    guard case .inner(let root) = document.root else {
      Issue.record("60 000 bytes in one leaf")
      return
    }
    #expect(root.height >= 2)
    #expect(root.summary.utf16 == 20_000)
    document.checkInvariants()
  }
}
