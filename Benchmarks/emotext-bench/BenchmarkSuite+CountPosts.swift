import Dispatch
import Emotext
import Synchronization

extension BenchmarkSuite {
  /// Count 100 000 (quick: 20 000) realistic posts by Weibo's rule through the public API, as a backend does in
  /// process (issue 18): the measure prepared once vs. a `LengthMeasure` per call (which looks its rule's tables up
  /// behind a lock), from the text or through the post's document, on one thread and on two sharing the tokenizer
  /// and the measure. Each row's `Emotext ×` is its median time divided by the first row's (prepared, from the text,
  /// one thread): below 1 is faster than that row.
  mutating func runCountPosts() {
    let task = "count posts"
    guard shouldRun(task) else { return }
    let count = checkOnly ? 2_000 : quick ? 20_000 : 100_000
    let posts = Input.realisticPosts(count: count)
    let bytes = posts.reduce(0) { $0 + $1.utf8.count }
    let input = "realistic ×\(count)"
    let tokenizer = tokenizer
    let weibo = LengthMeasure.weighted(.weibo)
    let prepared = PreparedLengthMeasure(weibo)
    let oneByOne: [(name: String, length: @Sendable (String) -> Int)] = [
      ("Emotext prepared lengths(of:by:)", { tokenizer.lengths(of: $0, by: prepared).length }),
      ("unprepared lengths(of:by: LengthMeasure)", { tokenizer.lengths(of: $0, by: weibo).length }),
      ("prepared tokenize + length(by:)", { tokenizer.tokenize($0).length(by: prepared) }),
      ("unprepared tokenize + length(by: LengthMeasure)", { tokenizer.tokenize($0).length(by: weibo) }),
    ]
    let expected = posts.reduce(0) { $0 &+ tokenizer.tokenize($1).length(by: weibo) }
    for threads in [1, 2] {
      for (name, length) in oneByOne {
        let contender = threads == 1 ? name : "\(name.replacing("Emotext ", with: "")), 2 threads"
        measure(
          task, input: input, inputBytes: bytes, contender: contender,
          unit: "posts/s", work: Double(count),
          check: { $0 == expected ? nil : "sum of lengths \($0), expected \(expected)" },
          { Self.sumOfLengths(of: posts, threads: threads, length) })
      }
    }
  }

  /// The sum of `length` of every post, the posts split into `threads` equal slices measured at once.
  private static func sumOfLengths(of posts: [String], threads: Int, _ length: @Sendable (String) -> Int) -> Int {
    guard threads > 1 else { return posts.reduce(0) { $0 &+ length($1) } }
    let sums = Mutex([Int](repeating: 0, count: threads))
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      let slice = posts[posts.count * thread / threads..<posts.count * (thread + 1) / threads]
      let sum = slice.reduce(0) { $0 &+ length($1) }
      sums.withLock { $0[thread] = sum }
    }
    return sums.withLock { $0.reduce(0, &+) }
  }
}
