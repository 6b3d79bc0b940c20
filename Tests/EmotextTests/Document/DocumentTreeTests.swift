import EmotextTestSupport
import EmotextUnicode
import Testing

@testable import Emotext

/// The tree under `RichText`: summaries and positions agree with a walk over the runs, whatever built the
/// document (tokenizing, `init(runs:)`, edits), on documents large enough for many leaves and levels.
@Suite("Document tree")
struct DocumentTreeTests {
  static let haha = EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!

  /// The run holding each offset and where it starts, from a walk over every run.
  static func expectAgreement(_ document: RichText, _ context: String) {
    document.checkInvariants()
    let runs = Array(document.runs)
    #expect(document.runs.count == runs.count, "\(context)")
    #expect(document.utf16Count == runs.reduce(0) { $0 + $1.utf16Count }, "\(context)")
    #expect(document.postText == runs.map(\.postText).joined(), "\(context)")
    var start = 0
    for run in runs {
      for offset in start..<(start + run.utf16Count) where offset == start || offset % 13 == 0 {
        let found = document.run(containing: offset)
        #expect(found.run == run && found.utf16Range == start..<(start + run.utf16Count), "\(context): \(offset)")
      }
      start += run.utf16Count
    }
  }

  static func randomRuns(_ random: inout SeededGenerator, count: Int) -> [Run] {
    let texts = ["a", "哈哈", "😀", "long text that spans leaves ", "\u{301}", String(repeating: "长", count: 900)]
    let attributes = [TextAttributes.plain, TextAttributes(entity: .mention)]
    return (0..<count).map { _ in
      Int.random(in: 0..<4, using: &random) == 0
        ? .emoticon(EmoticonAttachment(haha))
        : .text(texts.randomElement(using: &random)!, attributes.randomElement(using: &random)!)
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func positionsAgreeWithAWalk(seed: UInt64) {
    print("DocumentTreeTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    for round in 0..<6 {
      var document = RichText(runs: Self.randomRuns(&random, count: 300))
      Self.expectAgreement(document, "seed \(seed), round \(round), init(runs:)")
      let tokenized = BracketTokenizer(catalog: .default).tokenize(document.postText)
      Self.expectAgreement(tokenized, "seed \(seed), round \(round), tokenized")
      for _ in 0..<20 {
        let lower = document.snapped(Int.random(in: 0...document.utf16Count, using: &random), .backward)
        let upper = document.snapped(Int.random(in: lower...document.utf16Count, using: &random), .forward)
        let inserted = RichText(runs: Self.randomRuns(&random, count: Int.random(in: 0...30, using: &random)))
        document.replaceSubrange(lower..<upper, with: inserted)
      }
      Self.expectAgreement(document, "seed \(seed), round \(round), edited")
    }
  }

  /// Documents of one leaf (posts, the empty document) count their runs without a walk: the count must still be the
  /// number of runs the iterator gives.
  @Test func smallDocumentsAgreeWithAWalk() {
    var random = SeededGenerator(seed: 4)
    var oneLeaf = 0
    for round in 0..<300 {
      let document = RichText(runs: Self.randomRuns(&random, count: Int.random(in: 0...6, using: &random)))
      if case .leaf = document.root { oneLeaf += 1 }
      Self.expectAgreement(document, "round \(round), init(runs:)")
      Self.expectAgreement(BracketTokenizer(catalog: .default).tokenize(document.postText), "round \(round), tokenized")
    }
    #expect(oneLeaf > 60, "\(oneLeaf) documents of one leaf")
  }

  @Test func aLongTextRunIsOneRunAcrossLeaves() {
    let long = String(repeating: "长", count: 100_000)
    let document = RichText(long + "x")
    #expect(document.root.summary.leaves > 1)
    #expect(Array(document.runs) == [.text(long + "x", .plain)])
    #expect(document.runs.count == 1)
    #expect(document.run(containing: 50_000).utf16Range.count > 0)
    #expect(document.scalarCount(before: 70_000) == 70_000)
  }

  @Test(.enabled(if: NodeCapacity.leafUTF8 >= 64, "the internal checks build uses tiny leaves"))
  func aPostIsOneLeafSharingItsText() {
    let post = "今天好开心[哈哈]，出去玩"
    let document = BracketTokenizer(catalog: .default).tokenize(post)
    guard case .leaf(let leaf) = document.root else {
      Issue.record("a post is not one leaf")
      return
    }
    #expect(leaf.descriptors.count == 3)
    #expect(document.postText == post)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func countsFromUTF8MatchTheStandardLibrary(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let pieces = ["a", "é", "哈", "😀", "👩‍👩‍👧", "\u{10FFFF}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}"]
    for _ in 0..<300 {
      var text = (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        .joined()
      #expect(text.utf16CountFromUTF8 == text.utf16.count, "seed \(seed): \(text.debugDescription)")
      let counts = text.withUTF8 { String.counts(ofUTF8: $0) }
      #expect(counts.scalars == text.unicodeScalars.count, "seed \(seed): \(text.debugDescription)")
      #expect(Run.text(text, .plain).utf16Count == text.utf16.count)
    }
  }
}
