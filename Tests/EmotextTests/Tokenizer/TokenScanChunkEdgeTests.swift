import EmotextTestSupport
import Testing

@testable import Emotext

/// The tokenizer's scan reads 16 bytes at a time: the block with a `[` counts only its lanes before it, and the last
/// bytes of the text are the text's last 16 with the lanes already counted masked off. Its documents must be what a
/// naive reading of the text gives (scalars decoded by the standard library, the grammar read scalar by scalar) for
/// tokens, brackets, line breaks and multi-byte scalars at every offset of a block and texts of every length.
@Suite("Token scan at chunk edges")
struct TokenScanChunkEdgeTests {
  /// UAX #14's mandatory breaks, which end a candidate.
  static let lineBreaks: Set<Unicode.Scalar> = ["\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}"]

  /// The runs of `text` read naively: for each `]`, the nearest `[` before it with no bracket or line break between,
  /// at least one scalar inside, no longer than the catalog's longest token, and a token of the catalog.
  static func naiveRuns(_ text: String, catalog: EmoticonCatalog) -> [Run] {
    let scalars = Array(text.unicodeScalars)
    var runs: [Run] = []
    var textStart = 0
    for close in scalars.indices where scalars[close] == "]" {
      var open = close - 1
      while open >= textStart && scalars[open] != "[" && scalars[open] != "]" && !lineBreaks.contains(scalars[open]) {
        open -= 1
      }
      guard open >= textStart, scalars[open] == "[", close - open >= 2 else { continue }
      var token = ""
      token.unicodeScalars.append(contentsOf: scalars[open...close])
      guard token.utf8.count <= catalog.longestTokenUTF8Count, let emoticon = catalog.emoticon(forToken: token) else {
        continue
      }
      if open > textStart {
        var before = ""
        before.unicodeScalars.append(contentsOf: scalars[textStart..<open])
        runs.append(.text(before, .plain))
      }
      runs.append(.emoticon(EmoticonAttachment(emoticon, token: token)))
      textStart = close + 1
    }
    if textStart < scalars.count {
      var rest = ""
      rest.unicodeScalars.append(contentsOf: scalars[textStart...])
      runs.append(.text(rest, .plain))
    }
    return runs
  }

  /// Compares the tokenizer's document of `text` with the naive runs: the runs, where each starts in UTF-16 units and
  /// in scalars (the scan's counts), and the totals, also of ``BracketTokenizer/lengths(of:by:)``.
  static func compare(_ text: String, _ tokenizer: BracketTokenizer, _ context: String) {
    let expected = naiveRuns(text, catalog: tokenizer.catalog)
    let document = tokenizer.tokenize(text)
    let runs = Array(document.runs)
    #expect(runs == expected, "\(context): \(text.debugDescription)")
    guard runs == expected else { return }
    var utf16 = 0
    var scalars = 0
    for (index, run) in zip(document.runs.indices, expected) {
      #expect(index.utf16Offset == utf16, "\(context): run start \(text.debugDescription)")
      #expect(
        document.scalarCount(before: utf16) == scalars, "\(context): scalars before \(utf16) \(text.debugDescription)")
      switch run {
      case .text(let string, _):
        utf16 += string.utf16.count
        scalars += string.unicodeScalars.count
      case .emoticon:
        utf16 += 1
        scalars += 1
      }
    }
    #expect(document.utf16Count == utf16, "\(context): \(text.debugDescription)")
    #expect(document.scalarCount == scalars, "\(context): \(text.debugDescription)")
    let lengths = tokenizer.lengths(of: text, by: .utf16)
    #expect(
      lengths.utf16Count == utf16 && lengths.scalarCount == scalars, "\(context): lengths \(text.debugDescription)")
  }

  /// Fillers of one to four bytes (the four-byte ones count two UTF-16 units), among them line-break lead bytes
  /// (0xC2, 0xE2) that are not line breaks.
  static let fillers = ["a", "Z", " ", "é", "\u{A0}", "长", "好", "\u{2026}", "😀", "𠀀", "\u{1F3FD}"]

  static func filler(utf8Count: Int, using random: inout SeededGenerator) -> String {
    var text = ""
    while text.utf8.count < utf8Count { text += fillers.randomElement(using: &random)! }
    return text
  }

  /// Pieces between the fillers: known and unknown tokens, stray brackets, line breaks inside candidates, emoji
  /// sequences of every kind, CJK, four-byte scalars, a candidate longer than every token.
  static let pieces = [
    "[哈哈]", "[doge]", "[允悲]", "[笑cry]", "[爱你]", "[愛你]", "[未知]", "[doge2]", "[]", "[", "]", "]]", "[[", "[a", "【", "】",
    "[哈\n哈]", "[哈\r\n", "[a\u{2028}]", "[a\u{85}b]", "\u{0B}", "\u{0C}", "\n", "\r\n", "😀", "👨‍👩‍👧", "👍🏽", "🇨🇳", "1️⃣",
    "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️", "𠀀", "今天好开心", "e\u{301}", "\u{1100}\u{1161}", "[抓狂[兔子]]", "[" + String(repeating: "长", count: 12) + "]",
    "@用户", "#话题#", "http://t.cn/A6x", "\0", "\u{FEFF}",
  ]

  /// One token, stray bracket or line break at every offset 0–47 of texts of every length up to about 100 bytes.
  @Test func everyOffsetOfABlock() {
    var random = SeededGenerator(seed: 18)
    let tokenizer = BracketTokenizer(catalog: .default)
    for piece in ["[哈哈]", "[doge]", "[未知]", "[", "]", "[a\nb]", "😀", "[哈哈][doge]"] {
      for prefix in 0..<48 {
        for suffix in [0, 1, 2, 7, 15, 16, 17, 31, 32, 33, 47] {
          let text =
            Self.filler(utf8Count: prefix, using: &random) + piece + Self.filler(utf8Count: suffix, using: &random)
          Self.compare(text, tokenizer, "piece \(piece.debugDescription) prefix \(prefix) suffix \(suffix)")
        }
      }
    }
  }

  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func randomTextAgreesWithTheNaiveReading(seed: UInt64) {
    var random = SeededGenerator(seed: 0x746F_6B35 &+ seed)
    let tokenizer = BracketTokenizer(catalog: .default)
    for round in 0..<250 {
      var text = ""
      for _ in 0..<Int.random(in: 0...(round < 200 ? 16 : 120), using: &random) {
        text += Self.filler(utf8Count: Int.random(in: 0...40, using: &random), using: &random)
        text += Self.pieces.randomElement(using: &random)!
      }
      text += Self.filler(utf8Count: Int.random(in: 0...20, using: &random), using: &random)
      Self.compare(text, tokenizer, "seed \(seed) round \(round)")
    }
  }

  /// Texts longer than 255 blocks without a `[` (the scan sums its lane counts every 255 blocks), with a token at
  /// the end or in the last 16 bytes.
  @Test func longTextsWithoutBrackets() {
    var random = SeededGenerator(seed: 5)
    let tokenizer = BracketTokenizer(catalog: .default)
    for round in 0..<12 {
      let text =
        Self.filler(utf8Count: 4_070 + round * 7, using: &random) + (round.isMultiple(of: 2) ? "[哈哈]" : "")
        + Self.filler(utf8Count: round, using: &random)
      Self.compare(text, tokenizer, "round \(round)")
    }
  }

  /// A post is built as its one leaf without a `LeafBuilder`: that leaf must be the one the builder makes (its bytes,
  /// descriptors and counts), and texts the fast path declines (more runs than a leaf holds, a token found only up to
  /// canonical equivalence, attributes) must come out as the general path's.
  @Test(arguments: 1...6 as ClosedRange<UInt64>)
  func oneLeafIsTheBuildersLeaf(seed: UInt64) {
    var random = SeededGenerator(seed: 0x6C65_6166 &+ seed)
    let tokenizers = [
      BracketTokenizer(catalog: .default), BracketTokenizer(catalog: BracketScanTests.catalog(["[Café]", "[哈哈]"])),
    ]
    let pieces = Self.pieces + ["[Cafe\u{301}]", "[Café]", "[哈哈][哈哈][哈哈][哈哈][哈哈][哈哈]", "a[哈哈]a[doge]a"]
    var built = 0
    for round in 0..<300 {
      var text = ""
      for _ in 0..<Int.random(in: 0...(round < 250 ? 10 : 40), using: &random) {
        text += Self.filler(utf8Count: Int.random(in: 0...(round < 200 ? 24 : 4), using: &random), using: &random)
        text += pieces.randomElement(using: &random)!
      }
      let tokenizer = tokenizers[round % 2]
      let context = "seed \(seed) round \(round): \(text.debugDescription)"
      var source = text
      let general = source.withUTF8 { tokenizer.tokenizeBuilding(text, $0, attributes: .plain) }
      let fast = source.withUTF8 { tokenizer.oneLeaf(of: text, $0) }
      if let fast {
        built += 1
        guard case .leaf(let leaf) = general.root else {
          Issue.record("the builder made more than one leaf: \(context)")
          continue
        }
        #expect(fast.text == leaf.text, "\(context)")
        #expect(fast.summary == leaf.summary, "\(context)")
        #expect(fast.descriptors.map(\.utf8Count) == leaf.descriptors.map(\.utf8Count), "\(context)")
        #expect(fast.descriptors.map(\.utf16Count) == leaf.descriptors.map(\.utf16Count), "\(context)")
        #expect(fast.descriptors.map(\.contentIndex) == leaf.descriptors.map(\.contentIndex), "\(context)")
      } else {
        // Declined only for what the fast path does not build.
        let fits = text.utf8.count <= NodeCapacity.leafUTF8
        if case .leaf(let leaf) = general.root, fits, !text.isEmpty, tokenizer.catalog.tokens["[Café]"] == nil {
          #expect(leaf.descriptors.count > NodeCapacity.leafDescriptors, "declined: \(context)")
        }
      }
      let document = tokenizer.tokenize(text)
      #expect(Array(document.runs) == Array(general.runs), "\(context)")
      #expect(document.utf16Count == general.utf16Count && document.scalarCount == general.scalarCount, "\(context)")
      document.checkInvariants()
      let styled = TextAttributes(entity: .mention)
      #expect(
        Array(tokenizer.tokenize(text, attributes: styled).runs) == Self.naiveRuns(text, styled, tokenizer),
        "\(context)")
    }
    // Note: with EMOTEXT_INTERNAL_CHECKS a leaf holds 24 bytes, so few texts fit one.
    #expect(built > 0, "no text was built as one leaf")
  }

  /// ``naiveRuns(_:catalog:)`` with the text runs' attributes `attributes`.
  static func naiveRuns(_ text: String, _ attributes: TextAttributes, _ tokenizer: BracketTokenizer) -> [Run] {
    naiveRuns(text, catalog: tokenizer.catalog).map {
      if case .text(let string, _) = $0 { .text(string, attributes) } else { $0 }
    }
  }

  /// The candidates read naively: every `[…]` with at least one scalar and no bracket or line break inside, no longer
  /// than the catalog's longest token, as byte ranges.
  static func naiveCandidates(_ text: String, longestToken: Int) -> [Range<Int>] {
    var starts: [Int] = []  // each scalar's UTF-8 offset
    var utf8 = 0
    for scalar in text.unicodeScalars {
      starts.append(utf8)
      utf8 += String(scalar).utf8.count
    }
    let scalars = Array(text.unicodeScalars)
    var result: [Range<Int>] = []
    for close in scalars.indices where scalars[close] == "]" {
      var open = close - 1
      while open >= 0 && scalars[open] != "[" && scalars[open] != "]" && !lineBreaks.contains(scalars[open]) {
        open -= 1
      }
      guard open >= 0, scalars[open] == "[", close - open >= 2, starts[close] + 1 - starts[open] <= longestToken
      else { continue }
      result.append(starts[open]..<(starts[close] + 1))
    }
    return result
  }

  /// Inside a candidate the scan skips 16 bytes at a time up to a bracket, control or line-break lead byte: the
  /// candidates (known or not) must be the naive reading's, with line breaks and their lead bytes at every offset.
  @Test(arguments: 1...6 as ClosedRange<UInt64>)
  func candidatesAgreeWithTheNaiveReading(seed: UInt64) {
    var random = SeededGenerator(seed: 0x6361_6E64 &+ seed)
    let tokenizer = BracketTokenizer(catalog: .default)
    let breaks = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{A0}", "\u{2026}", "\t"]
    for round in 0..<300 {
      var text = ""
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        text += Self.filler(utf8Count: Int.random(in: 0...20, using: &random), using: &random)
        text += "["
        text += Self.filler(utf8Count: Int.random(in: 0...18, using: &random), using: &random)
        if Bool.random(using: &random) { text += breaks.randomElement(using: &random)! }
        text += Self.filler(utf8Count: Int.random(in: 0...18, using: &random), using: &random)
        text += ["]", "[", "", "]]"].randomElement(using: &random)!
        text += Self.pieces.randomElement(using: &random)!
      }
      text += Self.filler(utf8Count: Int.random(in: 0...20, using: &random), using: &random)
      var found: [Range<Int>] = []
      tokenizer.forEachCandidate(in: text) { range, _ in found.append(range) }
      let expected = Self.naiveCandidates(text, longestToken: tokenizer.catalog.longestTokenUTF8Count)
      #expect(found == expected, "seed \(seed) round \(round): \(text.debugDescription)")
    }
  }
}
