import Emotext
import Foundation

extension BenchmarkSuite {
  /// Tokenize 100 000 (quick: 20 000) separate posts one by one, each into its own document (what a service does with each
  /// post it receives): Emotext vs. the regex baselines per post, in posts/s and ns per post.
  mutating func runPosts() {
    let task = "tokenize posts one by one"
    guard shouldRun(task) else { return }
    let count = checkOnly ? 2_000 : quick ? 20_000 : 100_000
    let tokens = tokenizer.catalog.tokens
    let nsRegex = try! NSRegularExpression(pattern: tutorialPattern)
    let swiftRegex = #/\[[^ \[\]]+?\]/#
    let tokenizer = tokenizer
    for profile in profiles {
      let posts =
        switch profile {
        case .mixed: Input.posts(utf8Count: 0, count: count)
        case .realistic: Input.realisticPosts(count: count)
        }
      let bytes = posts.reduce(0) { $0 + $1.utf8.count }
      let input = "\(profile.rawValue) ×\(count)"
      let contenders: [(name: String, tokenize: (String) -> RichText)] = [
        ("Emotext BracketTokenizer", { tokenizer.tokenize($0) }),
        (
          "NSRegularExpression + dictionary",
          { Self.tokenizeWithNSRegularExpression($0, regex: nsRegex, tokens: tokens) }
        ),
        ("Swift Regex + dictionary", { Self.tokenizeWithSwiftRegex($0, regex: swiftRegex, tokens: tokens) }),
      ]
      for (name, tokenize) in contenders {
        // Note: each document is built in full and dropped, as a service would; the digest keeps the work
        // from being optimized away. The check compares every post's document with Emotext's (untimed).
        let digest = measure(
          task, input: input, inputBytes: bytes, contender: name, unit: "posts/s", work: Double(count),
          check: { _ in
            guard !name.hasPrefix("Emotext") else { return nil }
            for (index, post) in posts.enumerated() {
              if let detail = difference(tokenize(post), tokenizer.tokenize(post)) { return "post \(index): \(detail)" }
            }
            return nil
          },
          {
            var digest = 0
            for post in posts {
              let document = tokenize(post)
              digest &+= document.utf16Count &+ document.runs.count
            }
            return digest
          })
        if digest != nil, !checkOnly, let last = measurements.last {
          measurements[measurements.count - 1].note = String(
            format: "%.0f ns/post, %.0f bytes/post", last.medianSeconds / Double(count) * 1e9,
            Double(bytes) / Double(count))
          say(String(format: "    %@: %.0f ns per post", name, last.medianSeconds / Double(count) * 1e9))
        }
      }
    }
  }
}
