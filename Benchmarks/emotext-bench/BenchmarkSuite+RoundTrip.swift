import Emotext
import Foundation

extension BenchmarkSuite {
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
      unit: "posts/s", work: Double(posts.count), check: { $0 == 0 ? nil : "\($0) posts changed" },
      {
        var changed = 0
        for post in posts where tokenizer.tokenize(post).postText != post { changed += 1 }
        return changed
      })
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
