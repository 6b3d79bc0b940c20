import Dispatch
import Synchronization
import Testing

@testable import Emotext

/// `BracketTokenizer.lengths(of:by:)`, the batch job's lengths read from the text without a document, against the
/// general path: the document `tokenize(text)` and its `length(by:)`, on random, long and adversarial text, every
/// measure and rules that weigh attachments by their tokens, by a fixed weight, and negatively.
@Suite("Lengths without a document (fast path)") struct LengthFastPathTests {
  let tokenizer = BracketTokenizer(catalog: .default)

  static let measures: [LengthMeasure] =
    [.utf16, .unicodeScalars, .graphemeClusters] + LengthReadingTests.rules.map { .weighted($0.1) }

  /// The general path's lengths.
  func documentLengths(of text: String, by measure: LengthMeasure) -> PostLengths {
    let document = tokenizer.tokenize(text)
    return PostLengths(
      length: document.length(by: measure), utf16Count: document.length(by: .utf16),
      scalarCount: document.length(by: .unicodeScalars), graphemeCount: document.length(by: .graphemeClusters))
  }

  func expectSameLengths(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for measure in Self.measures {
      let fast = tokenizer.lengths(of: text, by: measure)
      let general = documentLengths(of: text, by: measure)
      #expect(fast == general, "\(measure) of \(text.debugDescription)", sourceLocation: sourceLocation)
    }
  }

  @Test func randomPostsHaveTheDocumentsLengths() {
    var random = TokenizerTestRandom(test: "randomPostsHaveTheDocumentsLengths")
    for _ in 0..<1500 { expectSameLengths(PostTextPieces.random(using: &random)) }
  }

  @Test func randomPostsOfLengthPiecesHaveTheDocumentsLengths() {
    var random = TokenizerTestRandom(test: "randomPostsOfLengthPiecesHaveTheDocumentsLengths")
    let pieces = LengthReadingTests.pieces + PostTextPieces.pieces
    for _ in 0..<800 {
      let count = Int.random(in: 0...24, using: &random)
      expectSameLengths((0..<count).map { _ in pieces.randomElement(using: &random)! }.joined())
    }
  }

  /// Text runs longer than a leaf (the document cuts them into pieces that its walks put back together), and a
  /// text of one long run with no token.
  @Test func longRunsHaveTheDocumentsLengths() {
    var random = TokenizerTestRandom(test: "longRunsHaveTheDocumentsLengths")
    for _ in 0..<12 {
      let text = (0..<Int.random(in: 200...1500, using: &random)).map { _ in
        PostTextPieces.pieces.randomElement(using: &random)!
      }.joined()
      expectSameLengths(text)
    }
    expectSameLengths(String(repeating: "好👍🏽e\u{301} https://t.cn/A6x ", count: 2000))
    expectSameLengths(String(repeating: "[哈哈]", count: 3000))
  }

  @Test(arguments: [
    "", "[哈哈]", "[哈哈][哈哈]", "[[哈哈]", "[抓狂[兔子]]", "[哈哈]\u{301}", "\u{1F1E8}[哈哈]\u{1F1F3}", "👨‍[哈哈]‍👩",
    "[未知]", "[]", "[\n哈哈]", "[哈哈\u{2028}]", "[哈哈", "哈哈]", "https://t.cn/[哈哈]", "[哈哈]https://t.cn/A6x",
    "e\u{301}[爱你]\u{FE0F}", "[愛你]", "\u{FEFF}[doge]\u{0}", "\r\n[微笑]\r\n",
  ])
  func edgeCasesHaveTheDocumentsLengths(text: String) {
    expectSameLengths(text)
  }

  /// A batch job prepares its measure once and measures every post by it, on several threads: each prepared rule
  /// keeps its own tables (preparing other rules after it, which replaces the rule cache, changes nothing), and
  /// threads sharing one get the naive walk's lengths (`LengthReadingTests.naiveUnits`, which no cache serves).
  @Test func preparedRulesKeepTheirTablesAcrossRulesAndThreads() {
    var random = TokenizerTestRandom(test: "preparedRulesKeepTheirTablesAcrossRulesAndThreads")
    let texts = (0..<300).map { _ in PostTextPieces.random(using: &random) }
    let rules = LengthReadingTests.rules.map(\.1)
    let prepared = rules.map { PreparedLengthMeasure(.weighted($0)) }
    // Note: every rule prepared again, in the other order, so the cache holds another rule than most measured by.
    _ = rules.reversed().map { PreparedLengthMeasure(.weighted($0)) }
    let tokenizer = tokenizer
    let expected = rules.map { rule in
      texts.map { text in
        let document = tokenizer.tokenize(text)
        let sum = LengthReadingTests.naiveUnits(document, rule).reduce(0) { $0 + $1.weight }
        return PostLengths(
          length: (sum + rule.unitsPerCharacter - 1) / rule.unitsPerCharacter, utf16Count: document.utf16Count,
          scalarCount: document.scalarCount, graphemeCount: document.graphemeCount)
      }
    }
    let results = ParallelResults(count: prepared.count * 2)
    DispatchQueue.concurrentPerform(iterations: prepared.count * 2) { job in
      let measure = prepared[job % prepared.count]
      results.store(
        texts.map { text in
          var text = text
          return text.withUTF8 { tokenizer.lengths(ofValidUTF8: $0, by: measure) }
        }, at: job)
    }
    for job in 0..<prepared.count * 2 {
      let rule = LengthReadingTests.rules[job % prepared.count].0
      for (index, lengths) in results.value(at: job).enumerated() where lengths != expected[job % prepared.count][index]
      {
        Issue.record(
          "\(rule): \(lengths) for \(texts[index].debugDescription), expected \(expected[job % prepared.count][index])")
      }
    }
  }
}

/// The results of concurrent jobs, each stored by its own job.
private final class ParallelResults: Sendable {
  private let values: Mutex<[[PostLengths]]>

  init(count: Int) { values = Mutex(Array(repeating: [], count: count)) }

  func store(_ value: [PostLengths], at index: Int) { values.withLock { $0[index] = value } }

  func value(at index: Int) -> [PostLengths] { values.withLock { $0[index] } }
}
