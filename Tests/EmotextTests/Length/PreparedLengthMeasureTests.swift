import Dispatch
import Emotext
import Synchronization
import Testing

/// The public prepared paths (`RichText.length(by: PreparedLengthMeasure)` and `BracketTokenizer.lengths(of:by:)`)
/// against the unprepared `RichText.length(by: LengthMeasure)` of the post's document, for every kind of measure, on
/// seeded random posts of both bench profiles' kinds of text; for weighted measures also against the naive unit walk
/// (`LengthReadingTests.naiveUnits`); and the same from many threads sharing one prepared measure. Plain
/// `import Emotext`: what a host can call.
@Suite("Prepared length measures (public)") struct PreparedLengthMeasureTests {
  let tokenizer = BracketTokenizer(catalog: .default)

  /// Every kind of measure: the three counts, Twitter's and Weibo's rules, and the rules that split lead bytes,
  /// weigh emoticons by a fixed weight and negatively.
  static let measures: [LengthMeasure] =
    [.utf16, .unicodeScalars, .graphemeClusters, .weighted(.twitter), .weighted(.weibo)]
    + LengthReadingTests.rules.dropFirst(2).map { .weighted($0.1) }

  /// The realistic profile's pieces (CJK phrases, ASCII words, nicknames, topics, popular and unknown tokens,
  /// emoji as people type them, repost chains, URLs), beside the adversarial ones of `PostTextPieces` and
  /// `LengthReadingTests` (ZWJ sequences, flags, keycaps, tags, combining marks, text not in NFC, bare domains).
  static let realisticPieces = [
    "今天", "好开心", "太好看了", "生日快乐", "ok", "iPhone", "yyds", "666", "，", "。", "！", "～", "…", "@小明同学 ",
    "@lucky_cat ", "//@Tina酱:", "#今日话题#", "[doge]", "[允悲]", "[笑cry]", "[二哈]", "[心]", "[good]", "[奸笑]",
    "[doge2]", "[OK]", "😂", "😭", "❤️", "👍🏻", "🙏", "🔥", "🥺", "👩‍💻", "🇨🇳", "🇯🇵🇺🇸", "🏳️‍🌈", "*️⃣",
    "http://t.cn/A6xYz9 ", "https://weibo.com/1234/abc?x=1", "www.example.com/path", "foo.co.jp", "\n", "\r\n",
    "\u{2028}",
  ]

  static let pieces = realisticPieces + PostTextPieces.pieces + LengthReadingTests.pieces

  static func randomPost(using random: inout TokenizerTestRandom) -> String {
    let count = Int.random(in: 0..<8, using: &random) == 0 ? 200 : Int.random(in: 0...30, using: &random)
    return (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
  }

  /// The general path: the document's lengths by the unprepared measure.
  func documentLengths(of text: String, by measure: LengthMeasure) -> PostLengths {
    let document = tokenizer.tokenize(text)
    return PostLengths(
      length: document.length(by: measure), utf16Count: document.utf16Count, scalarCount: document.scalarCount,
      graphemeCount: document.graphemeCount)
  }

  /// The naive reference of a weighted length, independent of the library's weigher.
  static func naiveLength(of document: RichText, by rule: WeightedLengthRule) -> Int {
    let sum = LengthReadingTests.naiveUnits(document, rule).reduce(0) { $0 + $1.weight }
    return (sum + rule.unitsPerCharacter - 1) / rule.unitsPerCharacter
  }

  @Test func preparedMeasuresGiveTheDocumentsLengths() {
    var random = TokenizerTestRandom(test: "preparedMeasuresGiveTheDocumentsLengths")
    let prepared = Self.measures.map { PreparedLengthMeasure($0) }
    for _ in 0..<1200 {
      let text = Self.randomPost(using: &random)
      let document = tokenizer.tokenize(text)
      for (measure, prepared) in zip(Self.measures, prepared) {
        let general = documentLengths(of: text, by: measure)
        #expect(
          document.length(by: prepared) == general.length, "RichText, \(measure) of \(text.debugDescription)")
        #expect(
          tokenizer.lengths(of: text, by: prepared) == general, "prepared, \(measure) of \(text.debugDescription)")
        #expect(tokenizer.lengths(of: text, by: measure) == general, "\(measure) of \(text.debugDescription)")
        if case .weighted(let rule) = measure {
          #expect(
            general.length == Self.naiveLength(of: document, by: rule),
            "naive, \(measure) of \(text.debugDescription)")
        }
      }
    }
  }

  @Test func preparedMeasuresKnowTheirMeasure() {
    for measure in Self.measures {
      #expect(PreparedLengthMeasure(measure).measure == measure)
    }
  }

  /// Threads sharing one tokenizer and one prepared measure per rule, each measuring every post (through the
  /// document and from the text), while other rules are prepared meanwhile: every thread gets the lengths that one
  /// thread gets by the unprepared measure.
  @Test func manyThreadsSharingPreparedMeasuresGetTheSameLengths() {
    var random = TokenizerTestRandom(test: "manyThreadsSharingPreparedMeasuresGetTheSameLengths")
    let tokenizer = tokenizer
    let texts = (0..<250).map { _ in Self.randomPost(using: &random) }
    let documents = texts.map { tokenizer.tokenize($0) }
    let expected = Self.measures.map { measure in texts.map { self.documentLengths(of: $0, by: measure) } }
    let prepared = Self.measures.map { PreparedLengthMeasure($0) }
    let jobs = 4 * Self.measures.count
    let results = ThreadResults(count: jobs)
    DispatchQueue.concurrentPerform(iterations: jobs) { job in
      let measure = prepared[job % prepared.count]
      // Note: preparing another rule replaces the rule cache's entry; a prepared measure keeps its own tables.
      _ = PreparedLengthMeasure(Self.measures[(job + 1) % Self.measures.count])
      var lengths: [PostLengths] = []
      for (text, document) in zip(texts, documents) {
        var fromText = tokenizer.lengths(of: text, by: measure)
        if document.length(by: measure) != fromText.length { fromText.length = -1 }
        lengths.append(fromText)
      }
      results.store(lengths, at: job)
    }
    for job in 0..<jobs {
      let measure = Self.measures[job % prepared.count]
      for (index, lengths) in results.value(at: job).enumerated() where lengths != expected[job % prepared.count][index]
      {
        Issue.record(
          "job \(job), \(measure): \(lengths) for \(texts[index].debugDescription), expected \(expected[job % prepared.count][index])"
        )
      }
    }
  }

  /// TokenizingSerializingCounting.md, "Counting many posts", and the doc comments' examples.
  @Test func countingManyPostsExample() async {
    let tokenizer = BracketTokenizer(catalog: .default)
    let weibo = PreparedLengthMeasure(.weighted(.weibo))  // once, then shared by every task
    let posts = ["今天好开心[哈哈]", String(repeating: "好", count: 141), "[未知]\n👨‍👩‍👧 https://t.cn/A6x"]
    let batches = [posts[0..<2], posts[2...]]  // say one batch per core
    let overLimit = await withTaskGroup(of: Int.self) { group in
      for batch in batches {
        group.addTask { batch.count(where: { tokenizer.lengths(of: $0, by: weibo).length > 140 }) }
      }
      return await group.reduce(0, +)
    }
    #expect(overLimit == 1)
    #expect(tokenizer.tokenize(posts[1]).length(by: weibo) == 141)

    #expect(tokenizer.lengths(of: "今天好开心[哈哈]", by: weibo).length == 8)
    #expect(tokenizer.tokenize("今天好开心[哈哈]").length(by: weibo) == 8)
    #expect(tokenizer.lengths(of: "今天好开心[哈哈]", by: weibo).graphemeCount == 6)
    #expect(BracketTokenizer(catalog: .default).lengths(of: "今天好开心[哈哈]", by: .weighted(.weibo)).length == 8)
    let twitter = PreparedLengthMeasure(.weighted(.twitter))
    #expect(BracketTokenizer(catalog: .default).tokenize("好👍🏽[哈哈]").length(by: twitter) == 10)
    let lengths = BracketTokenizer(catalog: .default).lengths(of: "好👍🏽[哈哈]", by: .weighted(.twitter))
    #expect(lengths == PostLengths(length: 10, utf16Count: 6, scalarCount: 4, graphemeCount: 3))
  }
}

/// The results of concurrent jobs, each stored by its own job.
private final class ThreadResults: Sendable {
  private let values: Mutex<[[PostLengths]]>

  init(count: Int) { values = Mutex(Array(repeating: [], count: count)) }

  func store(_ value: [PostLengths], at index: Int) { values.withLock { $0[index] = value } }

  func value(at index: Int) -> [PostLengths] { values.withLock { $0[index] } }
}
