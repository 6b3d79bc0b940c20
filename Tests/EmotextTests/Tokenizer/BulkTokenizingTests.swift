import EmotextTestSupport
import Testing

@testable import Emotext

/// Plain text longer than a leaf is cut into leaves by the tokenizer's scan (``BracketTokenizer/tokenizeCutting(_:_:)``,
/// a ``LeafCutter``), not built run by run by a `LeafBuilder`: its document must be the general path's
/// (``BracketTokenizer/tokenizeBuilding(_:_:attributes:)``) leaf for leaf (bytes and where they lie in the source,
/// descriptors, counts, descriptor capacity no larger), with the same tree over the leaves and the same content table,
/// equal, and within the invariants. Under `EMOTEXT_INTERNAL_CHECKS` a leaf holds 24 bytes and 4 runs, so every text
/// here has many leaves and cuts.
@Suite("Bulk tokenizing")
struct BulkTokenizingTests {
  /// Pieces of both bench profiles' kinds: known, unknown and broken tokens, adjacent tokens, mentions, reposts,
  /// topics, links, CR LF and the other line breaks, emoji sequences, CJK, a token found only up to canonical
  /// equivalence (`[Cafe\u{301}]`, in the second catalog).
  static let pieces =
    TokenScanChunkEdgeTests.pieces + [
      "[Cafe\u{301}]", "[Café]", "[哈哈][哈哈][哈哈][哈哈][哈哈][哈哈]", "a[哈哈]a[doge]a", "//@微博用户:", "@用户名 ",
      "#今日话题#", "https://t.cn/A6xYz9", "\r\n", "\r", "[二哈]", "[good]", "[图片]",
    ]

  /// Random text of `pieces` between fillers: short texts, texts just over one leaf, long ones, and long runs without
  /// a token.
  static func randomText(round: Int, using random: inout SeededGenerator) -> String {
    var text = ""
    let leaf = NodeCapacity.leafUTF8
    switch round % 4 {
    case 0:
      // Just over one leaf (or a little under).
      let target = leaf + Int.random(in: -8...40, using: &random)
      while text.utf8.count < target {
        text += TokenScanChunkEdgeTests.filler(utf8Count: Int.random(in: 0...30, using: &random), using: &random)
        text += pieces.randomElement(using: &random)!
      }
    case 1:
      // Long runs without a token, a few tokens between.
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let length = Int.random(in: 0...(leaf * 5), using: &random)
        text += TokenScanChunkEdgeTests.filler(utf8Count: length, using: &random)
        text += pieces.randomElement(using: &random)!
      }
    case 2:
      // Dense: tokens every few bytes (leaves closed by their run count).
      for _ in 0..<Int.random(in: 0...(NodeCapacity.leafDescriptors * 6), using: &random) {
        text += TokenScanChunkEdgeTests.filler(utf8Count: Int.random(in: 0...3, using: &random), using: &random)
        text += ["[哈哈]", "[doge]", "[未知]", "a", "[", "😀"].randomElement(using: &random)!
      }
    default:
      for _ in 0..<Int.random(in: 0...200, using: &random) {
        text += TokenScanChunkEdgeTests.filler(utf8Count: Int.random(in: 0...60, using: &random), using: &random)
        text += pieces.randomElement(using: &random)!
      }
    }
    return text
  }

  /// The two tokenizers: the default catalog, and one whose token `[Café]` is found in `[Cafe\u{301}]` only up to
  /// canonical equivalence (its emoticon is added to the document's table).
  static let tokenizers = [
    BracketTokenizer(catalog: .default), BracketTokenizer(catalog: BracketScanTests.catalog(["[Café]", "[哈哈]"])),
  ]

  /// The tree's shape: each node's height and children, leaves as their descriptor counts.
  static func shape(_ node: RichText.Node) -> String {
    switch node {
    case .leaf(let leaf): "\(leaf.descriptors.count)"
    case .inner(let inner): shape(inner)
    }
  }

  static func shape(_ inner: RichText.Inner) -> String {
    switch inner.children {
    case .leaves(let leaves): "\(inner.height)(" + leaves.map { "\($0.descriptors.count)" }.joined(separator: ",") + ")"
    case .inners(let inners): "\(inner.height)(" + inners.map(shape).joined(separator: ",") + ")"
    }
  }

  /// Compares the cutting path's document of `text` with the general path's, leaf by leaf; returns whether they agree.
  @discardableResult
  static func compare(_ text: String, _ tokenizer: BracketTokenizer, _ context: String) -> Bool {
    var source = text
    let general = source.withUTF8 { tokenizer.tokenizeBuilding(text, $0, attributes: .plain) }
    let cut = source.withUTF8 { tokenizer.tokenizeCutting(text, $0) }
    var agree = true
    func check(_ condition: Bool, _ what: String) {
      if !condition {
        agree = false
        Issue.record("\(context): \(what) \(text.debugDescription)")
      }
    }
    check(shape(cut.root) == shape(general.root), "tree \(shape(cut.root)) vs \(shape(general.root))")
    check(cut.root.summary == general.root.summary, "summary \(cut.root.summary) vs \(general.root.summary)")
    let cutLeaves = Array(IteratorSequence(LeafIterator(cut.root)))
    let generalLeaves = Array(IteratorSequence(LeafIterator(general.root)))
    check(cutLeaves.count == generalLeaves.count, "leaves \(cutLeaves.count) vs \(generalLeaves.count)")
    for (number, (leaf, expected)) in zip(cutLeaves, generalLeaves).enumerated() where agree {
      func offset(_ leaf: RichText.Leaf) -> Int {
        leaf.text.base.utf8.distance(from: leaf.text.base.startIndex, to: leaf.text.startIndex)
      }
      check(leaf.text.utf8.elementsEqual(expected.text.utf8), "leaf \(number) bytes")
      check(offset(leaf) == offset(expected), "leaf \(number) starts at \(offset(leaf)), not \(offset(expected))")
      check(leaf.summary == expected.summary, "leaf \(number) summary \(leaf.summary) vs \(expected.summary)")
      check(
        leaf.descriptors.map(\.utf8Count) == expected.descriptors.map(\.utf8Count),
        "leaf \(number) UTF-8 \(leaf.descriptors.map(\.utf8Count)) vs \(expected.descriptors.map(\.utf8Count))")
      check(
        leaf.descriptors.map(\.utf16Count) == expected.descriptors.map(\.utf16Count),
        "leaf \(number) UTF-16 \(leaf.descriptors.map(\.utf16Count)) vs \(expected.descriptors.map(\.utf16Count))")
      check(
        leaf.descriptors.map(\.contentIndex) == expected.descriptors.map(\.contentIndex), "leaf \(number) contents")
      // Note: room for the builder's reservation for the leaf (for runs an edit adds), or for its runs where the
      // builder's array grew past it (to twice its reservation); the allocator may give up to 31 bytes more.
      let reserved = min(
        NodeCapacity.leafDescriptors, 16, min(NodeCapacity.leafUTF8, text.utf8.count - offset(leaf)) / 24 + 3)
      let requested = max(leaf.descriptors.count, reserved)
      check(
        leaf.descriptors.isEmpty
          || (leaf.descriptors.capacity >= requested && leaf.descriptors.capacity <= requested + 3),
        "leaf \(number) capacity \(leaf.descriptors.capacity) (the builder's \(expected.descriptors.capacity)), "
          + "\(leaf.descriptors.count) runs, \(reserved) reserved")
    }
    check(
      cut.contents.withContents(Array.init) == general.contents.withContents(Array.init), "content tables differ")
    check(cut == general, "documents differ")
    cut.checkInvariants()
    return agree
  }

  @Test(arguments: 1...8 as ClosedRange<UInt64>)
  func randomTextIsCutAsTheBuilderBuildsIt(seed: UInt64) {
    var random = SeededGenerator(seed: 0x6275_6C6B &+ seed)
    for round in 0..<120 {
      let text = Self.randomText(round: round, using: &random)
      let tokenizer = Self.tokenizers[round / 4 % 2]
      guard Self.compare(text, tokenizer, "seed \(seed) round \(round)") else { return }
      // What `tokenize` returns, whichever path it takes, and the general path for other attributes.
      let document = tokenizer.tokenize(text)
      var source = text
      let general = source.withUTF8 { tokenizer.tokenizeBuilding(text, $0, attributes: .plain) }
      #expect(document == general && Array(document.runs) == Array(general.runs), "seed \(seed) round \(round)")
      document.checkInvariants()
      let styled = TextAttributes(entity: .mention)
      #expect(
        Array(tokenizer.tokenize(text, attributes: styled).runs)
          == TokenScanChunkEdgeTests.naiveRuns(text, styled, tokenizer), "seed \(seed) round \(round) styled")
    }
  }

  /// A token, a stray bracket, a line break or a multi-byte scalar at every offset around the end of a leaf (its
  /// bytes, and its run count), after filler of every length that puts it there.
  @Test func leafBoundaries() {
    var random = SeededGenerator(seed: 0x6564_6765)
    let tokenizer = Self.tokenizers[0]
    let leaf = NodeCapacity.leafUTF8
    for piece in ["[哈哈]", "[doge]", "[未知]", "[", "\r\n", "😀", "长", "é", "👨‍👩‍👧", "[哈哈][doge]", "a"] {
      for before in (leaf - 12)...(leaf + 4) {
        for after in [0, 1, 3, leaf - 1, leaf, leaf + 1, 2 * leaf + 5] {
          let fillers = ["a", "长", "😀", "é"]
          let head = String(repeating: "a", count: before % 4) + fillers.randomElement(using: &random)!
          var text = head
          while text.utf8.count < before { text += fillers.randomElement(using: &random)! }
          text += piece + TokenScanChunkEdgeTests.filler(utf8Count: after, using: &random)
          guard Self.compare(text, tokenizer, "piece \(piece.debugDescription) at \(before), \(after) after") else {
            return
          }
        }
      }
    }
    // Runs closing a leaf by their number: tokens alone, and each between short text.
    for count in (NodeCapacity.leafDescriptors - 3)...(NodeCapacity.leafDescriptors * 3 + 3) {
      Self.compare(String(repeating: "[哈哈]", count: count), tokenizer, "\(count) tokens")
      Self.compare(String(repeating: "a[doge]", count: count), tokenizer, "\(count) text and tokens")
      Self.compare(String(repeating: "长[未知]", count: count) + "[哈哈]", tokenizer, "\(count) unknown tokens")
    }
  }

  /// `tokenize` takes the cutting path for plain text that is not one leaf, the general one for other attributes.
  @Test func plainTextOverALeafIsCut() {
    let tokenizer = Self.tokenizers[0]
    let text = String(repeating: "今天好开心[哈哈] ", count: NodeCapacity.leafUTF8 / 10)
    let document = tokenizer.tokenize(text)
    guard case .inner = document.root else {
      Issue.record("one leaf for \(text.utf8.count) bytes")
      return
    }
    #expect(Self.compare(text, tokenizer, "repeated post"))
    #expect(tokenizer.tokenize("").isEmpty && Self.compare("", tokenizer, "empty"))
  }
}
