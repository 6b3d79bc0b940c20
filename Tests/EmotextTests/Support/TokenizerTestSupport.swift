import EmotextTestSupport
import Foundation

@testable import Emotext

/// The shared ``SeededGenerator`` with its seed printed. The seed is fixed per test (so `swift test` and CI
/// are repeatable); `EMOTEXT_SEED=N` replays a seed, and `EMOTEXT_SEED=random` explores new ones.
struct TokenizerTestRandom: RandomNumberGenerator {
  private var generator: SeededGenerator
  let seed: UInt64

  init(test: String) {
    let environment = ProcessInfo.processInfo.environment["EMOTEXT_SEED"]
    if environment == "random" {
      seed = UInt64.random(in: 0...UInt64.max)
    } else {
      // Note: FNV-1a of the test's name, stable across runs and platforms (unlike `hashValue`).
      seed =
        environment.flatMap { UInt64($0) }
        ?? test.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
    generator = SeededGenerator(seed: seed)
    print("\(test): seed \(seed) (replay with EMOTEXT_SEED=\(seed))")
  }

  mutating func next() -> UInt64 { generator.next() }
}

/// Corpus/posts.txt, read from the package root.
enum TokenizerTestFiles {
  /// Corpus/posts.txt split into posts (LF-separated; a CR before the LF stays in the post).
  static func corpusPosts() throws -> [String] {
    let data = try Data(contentsOf: TestPaths.corpus.appendingPathComponent("posts.txt"))
    // Note: split on the LF byte, not on Characters, where CR LF is one Character.
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// Pieces random post text is built from: brackets, known and unknown tokens, line breaks, NUL, BOM,
/// emoji sequences of every kind, combining marks, CJK Extension B.
enum PostTextPieces {
  static let pieces: [String] = [
    "[", "]", "[[", "]]", "[哈哈]", "[爱你]", "[愛你]", "[抓狂]", "[微笑]", "[兔子]", "[哈", "哈]", "[未知]", "[xx]", "[]",
    "[a", "\r", "\n", "\r\n", "\0", "\u{FEFF}", "😀", "👨‍👩‍👧", "👍🏽", "🇨🇳", "🇺", "1️⃣", "#⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️", "‍",
    "\u{301}", "e\u{301}", "\u{1100}\u{1161}\u{11A8}", "𠀀", "𪚥", "今天", "好开心", " ", "//@某人:", "#话题#", "@用户",
    "https://t.cn/A6x", "【转发】", "\\(≧▽≦)/", "a", "Z", "\u{0600}", "\u{200B}", "\t",
  ]

  static func random(using random: inout TokenizerTestRandom, maxPieces: Int = 24) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...maxPieces, using: &random) { text += pieces.randomElement(using: &random)! }
    return text
  }
}
