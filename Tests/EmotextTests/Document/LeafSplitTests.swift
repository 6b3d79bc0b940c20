import EmotextTestSupport
import Testing

@testable import Emotext

/// A run that does not fit in the leaf it goes into (a composed message fills a leaf's descriptors every dozen
/// emoticons; typing fills its bytes) splits that leaf in two at a descriptor seam and goes into a half in place
/// (`splitsFullLeaf`), rather than rebuilding the leaf: against the array-of-runs oracle, on documents composed of
/// short runs and on documents of long text, with attachments and text of other attributes at random offsets, the
/// runs, the invariants (`checkInvariants`: every summary recomputed) and a copy taken before must come out right,
/// and the split must be what most of those edits took.
@Suite("Full leaves split in place")
struct LeafSplitTests {
  /// A document of `count` short runs alternating text and attachments, as a composer makes, or of long text.
  static func document(_ random: inout SeededGenerator, composed: Bool) -> RichText {
    var text = ""
    for _ in 0..<Int.random(in: 20...300, using: &random) {
      text +=
        composed
        ? ["今天", "ok ", "😀", "a", "👍🏽"].randomElement(using: &random)! + "[哈哈]"
        : GraphemeTextGenerator.text(using: &random)
    }
    return InLeafInsertionTests.tokenizer.tokenize(text)
  }

  @Test(arguments: [true, false])
  func splitEditsAgreeWithTheOracle(composed: Bool) {
    var random = SeededGenerator(seed: composed ? 0x7370_6C69_7431 : 0x7370_6C69_7432)
    var splits = 0
    var edits = 0
    for _ in 0..<40 {
      var document = Self.document(&random, composed: composed)
      var oracle = ArrayRichText(runs: document.runs)
      for _ in 0..<80 {
        let step = InLeafInsertionTests.insertRandomRun(into: &document, oracle: &oracle, using: &random) {
          document, offset, inserted in document.splitsFullLeaf(holding: offset..<offset, for: inserted) != nil
        }
        if step.planned { splits += 1 }
        edits += 1
        if !step.agrees { return }
      }
    }
    // Note: the split must be taken often, or the test shows nothing about it (a composed leaf fills its descriptors
    // every few dozen insertions; a leaf of long text fills its bytes after a few hundred per 512 bytes it holds).
    let textEditsPerSplit = 200 * max(1, NodeCapacity.leafUTF8 / 512)
    #expect(splits > edits / (composed ? 40 : textEditsPerSplit), "\(splits) splits in \(edits) edits")
  }

  /// Each half of a split is the leaf's descriptors on its side of the seam, over their bytes, with their counts.
  @Test func aSplitLeafsHalvesHoldItsRunsAndCounts() {
    var random = SeededGenerator(seed: 0x7370_6C69_7433)
    for _ in 0..<200 {
      let document = Self.document(&random, composed: Bool.random(using: &random))
      let ordinal = Int.random(in: 0..<document.root.summary.leaves, using: &random)
      let leaf = document.root.leaf(ordinal: ordinal).leaf
      guard leaf.descriptors.count > 1 else { continue }
      let seam = Int.random(in: 1..<leaf.descriptors.count, using: &random)
      let (first, second) = leaf.split(atDescriptor: seam)
      let seamUTF8 = leaf.descriptors[..<seam].reduce(0) { $0 + Int($1.utf8Count) }
      #expect(String(first.text) + String(second.text) == String(leaf.text))
      #expect(first.text.utf8.count == seamUTF8)
      let described = { (leaf: RichText.Leaf) in
        leaf.descriptors.map { "\($0.utf8Count) \($0.utf16Count) \($0.contentIndex)" }
      }
      #expect(described(first) + described(second) == described(leaf))
      #expect(first.summary + second.summary == leaf.summary + Summary(leaves: 1))
      // Note: the invariants recompute each half's counts from its bytes.
      var copy = RichText(root: .inner(RichText.Inner(leaves: [first, second])), contents: document.contents)
      copy.checkInvariants()
      copy = RichText(root: .leaf(leaf), contents: document.contents)
      copy.checkInvariants()
    }
  }
}
