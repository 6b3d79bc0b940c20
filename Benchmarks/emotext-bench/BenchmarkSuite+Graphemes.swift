import CICU
import Emotext
import Foundation

extension BenchmarkSuite {
  /// Grapheme counting on the mixed corpus: Emotext vs. ICU's break iterator vs. Swift `Character`s.
  mutating func runGraphemes() {
    let task = "count graphemes"
    guard shouldRun(task) else { return }
    for size in corpusSizes {
      let text = mixedInput(utf8Count: size)
      let input = "mixed \(formatBytes(size))"
      let bytes = text.utf8.count
      let document = RichText(text)  // Note: not tokenized, so every contender counts the same clusters.
      guard
        let reference = measure(
          task, input: input, inputBytes: bytes, contender: "Emotext RichText.graphemeCount",
          {
            document.graphemeCount
          })
      else { continue }
      let check = { (count: Int) in count == reference ? nil : "\(count) clusters instead of \(reference)" }
      measure(task, input: input, inputBytes: bytes, contender: "Emotext length(by: .graphemeClusters)", check: check) {
        document.length(by: .graphemeClusters)
      }
      measure(task, input: input, inputBytes: bytes, contender: "ICU break iterator", check: check) {
        Self.countGraphemesWithICU(text)
      }
      measure(task, input: input, inputBytes: bytes, contender: "Swift String.count (Characters)", check: check) {
        text.count
      }
    }
  }

  /// Weighted length and truncation of a tokenized document, with `String.count` on the same text as the
  /// reference speed (it computes something simpler, so there is no output to compare).
  mutating func runWeightedLength() {
    let task = "weighted length"
    guard shouldRun(task) || shouldRun("truncate") else { return }
    let tokenizer = tokenizer
    for size in corpusSizes {
      let text = mixedInput(utf8Count: size)
      let input = "mixed \(formatBytes(size))"
      let bytes = text.utf8.count
      let document = tokenizer.tokenize(text)
      if shouldRun(task) {
        measure(task, input: input, inputBytes: bytes, contender: "Emotext length(by: .weighted(.weibo))") {
          document.length(by: .weighted(.weibo))
        }
        measure(task, input: input, inputBytes: bytes, contender: "Emotext length(by: .weighted(.twitter))") {
          document.length(by: .weighted(.twitter))
        }
        measure(
          task, input: input, inputBytes: bytes, contender: "Swift String.count (reference)",
          note: "counts Characters only: speed reference"
        ) { text.count }
      }
      if shouldRun("truncate") {
        let limit = document.length(by: .weighted(.weibo)) / 2
        measure(
          "truncate to half", input: input, inputBytes: bytes, contender: "Emotext truncated(toFit:by: .weibo)",
          check: { $0.length(by: .weighted(.weibo)) <= limit ? nil : "longer than the limit" }
        ) {
          document.truncated(toFit: limit, by: .weighted(.weibo), ellipsis: "…")
        }
      }
    }
  }

  /// ICU's character break iterator over the UTF-8 bytes, through the package's shim.
  static func countGraphemesWithICU(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { utf8 in
      guard let base = utf8.baseAddress, !utf8.isEmpty else { return 0 }
      var count = 0
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { buffer in
        var from: Int32 = 0
        while from < Int32(utf8.count) {
          var status: Int32 = 0
          let written = cicu_grapheme_boundaries(base, Int32(utf8.count), from, buffer.baseAddress!, 256, &status)
          precondition(written >= 0, "ICU grapheme break iterator failed with status \(status)")
          if written == 0 { break }
          count += Int(written)
          from = buffer[Int(written) - 1]
        }
      }
      return count
    }
  }

  /// Round trip of posts: tokenize each and serialize it back, checking it is unchanged (posts/s).
  mutating func runRoundTrip() {
    let task = "round trip posts"
    guard shouldRun(task) else { return }
    let tokenizer = tokenizer
    let (posts, source) =
      Self.corpusPosts() ?? (
        Input.posts(utf8Count: checkOnly ? 64 << 10 : quick ? 1 << 20 : 8 << 20), "generated posts"
      )
    let bytes = posts.reduce(0) { $0 + $1.utf8.count }
    measure(
      task, input: "\(source) ×\(posts.count)", inputBytes: bytes, contender: "Emotext tokenize + postText",
      unit: "posts/s", work: Double(posts.count), check: { $0 == 0 ? nil : "\($0) posts changed" }
    ) {
      var changed = 0
      for post in posts where tokenizer.tokenize(post).postText != post { changed += 1 }
      return changed
    }
  }

  /// The posts of `Corpus/posts.txt` (one per line), when the package has it.
  static func corpusPosts() -> ([String], String)? {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let url = root.appendingPathComponent("Corpus/posts.txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
    let posts = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    return posts.isEmpty ? nil : (posts, "Corpus/posts.txt")
  }
}
