import Foundation

/// SplitMix64: a small seeded generator for the tokenizer's property tests. The seed comes from
/// `EMOTEXT_SEED` when set, so a failure printed with its seed can be replayed.
struct TokenizerTestRandom: RandomNumberGenerator {
  private var state: UInt64
  let seed: UInt64

  init(test: String) {
    let environment = ProcessInfo.processInfo.environment["EMOTEXT_SEED"].flatMap { UInt64($0) }
    seed = environment ?? UInt64.random(in: 0...UInt64.max)
    state = seed
    print("\(test): seed \(seed) (replay with EMOTEXT_SEED=\(seed))")
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Paths the tokenizer tests read, found from this file's location.
enum TokenizerTestFiles {
  /// The package root.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  /// Corpus/posts.txt split into posts (LF-separated; a CR before the LF stays in the post).
  static func corpusPosts() throws -> [String] {
    let data = try Data(contentsOf: packageRoot.appendingPathComponent("Corpus/posts.txt"))
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
