import EmotextTestSupport
import Testing

@testable import Emotext

/// Positions in every unit a host speaks (``TextUnit``): conversions between any two agree with counts made
/// naively from the runs with the standard library's views, an attachment counting as U+FFFC (1 UTF-16 unit,
/// 1 scalar, 3 UTF-8 bytes).
@Suite("Text units")
struct TextUnitTests {
  /// The offset of every scalar boundary of `document` in each unit, counted from its runs: `[utf16, scalars,
  /// utf8]` for each boundary, the end included.
  static func naiveBoundaries(of document: RichText) -> [[Int]] {
    var boundaries = [[0, 0, 0]]
    for run in document.runs {
      let scalars: [Unicode.Scalar] =
        switch run {
        case .text(let text, _): Array(text.unicodeScalars)
        case .emoticon: ["\u{FFFC}"]
        }
      for scalar in scalars {
        let last = boundaries[boundaries.count - 1]
        boundaries.append([last[0] + UTF16.width(scalar), last[1] + 1, last[2] + UTF8.width(scalar)])
      }
    }
    return boundaries
  }

  static func index(of unit: TextUnit) -> Int {
    switch unit {
    case .utf16: 0
    case .unicodeScalars: 1
    case .utf8: 2
    }
  }

  /// Snapping moves an offset inside a scalar back to its start even when the offset is converted to its own unit
  /// (a UTF-16 offset between a surrogate pair, a UTF-8 offset inside a scalar's bytes): converting to the same
  /// unit returned it unmoved, and the C ABI's text_range then sliced a surrogate pair apart (a cABI finding).
  @Test func snappingMovesAnOffsetInsideAScalarBackInItsOwnUnitToo() {
    let text = BracketTokenizer(catalog: .default).tokenize("a😀好[哈哈]")
    #expect(text.offset(2, from: .utf16, to: .utf16, snapping: true) == 1)
    #expect(text.offset(3, from: .utf16, to: .utf16, snapping: true) == 3)
    #expect(text.offset(3, from: .utf8, to: .utf8, snapping: true) == 1)
    #expect(text.offset(7, from: .utf8, to: .utf8, snapping: true) == 5)
    #expect(text.offset(9, from: .utf8, to: .utf8, snapping: true) == 8)
    #expect(text.offset(2, from: .unicodeScalars, to: .unicodeScalars, snapping: true) == 2)
    #expect(text.offset(4, from: .utf16, to: .utf16, snapping: false) == 4)
  }

  @Test func anAttachmentIsOneObjectReplacementCharacterInEveryUnit() {
    let text = BracketTokenizer(catalog: .default).tokenize("😀[哈哈]好")
    #expect(text.count(in: .utf16) == 4)
    #expect(text.count(in: .unicodeScalars) == 3)
    #expect(text.count(in: .utf8) == 10)
    #expect(text.bufferText == "😀\u{FFFC}好")
    #expect(text.offset(2, from: .unicodeScalars, to: .utf16) == 3)
    #expect(text.offset(2, from: .unicodeScalars, to: .utf8) == 7)
    #expect(text.offset(7, from: .utf8, to: .utf16) == 3)
    #expect(text.offset(4, from: .utf16, to: .utf8) == 10)
    #expect(text.range(1..<3, from: .unicodeScalars, to: .utf8) == 4..<10)
  }

  /// Random documents of every kind of piece, some long enough for many leaves: every boundary in every unit
  /// converts to every other as the naive count says.
  @Test(arguments: 1...6 as ClosedRange<UInt64>)
  func conversionsAgreeWithNaiveCounts(seed: UInt64) {
    print("TextUnitTests seed \(seed)")
    var random = SeededGenerator(seed: 0x756E_6974 &+ seed)
    let pieces = ["a", "好", "😀", "[哈哈]", "[哈", "\n", "👍🏽", "𠀀", "é", "[doge]", "\u{FFFC}", "🇨🇳"]
    let tokenizer = BracketTokenizer(catalog: .default)
    for round in 0..<8 {
      let length = round < 6 ? Int.random(in: 0...40, using: &random) : Int.random(in: 2_000...6_000, using: &random)
      let text = (0..<length).map { _ in pieces.randomElement(using: &random)! }.joined()
      let document = tokenizer.tokenize(text)
      let boundaries = Self.naiveBoundaries(of: document)
      for unit in TextUnit.allCases {
        #expect(document.count(in: unit) == boundaries.last![Self.index(of: unit)], "seed \(seed) round \(round)")
      }
      let checked =
        length < 100
        ? Array(boundaries.indices) : (0..<300).map { _ in boundaries.indices.randomElement(using: &random)! }
      for boundary in checked {
        for source in TextUnit.allCases {
          for target in TextUnit.allCases {
            let converted = document.offset(boundaries[boundary][Self.index(of: source)], from: source, to: target)
            guard converted == boundaries[boundary][Self.index(of: target)] else {
              Issue.record(
                "seed \(seed) round \(round): boundary \(boundaries[boundary]) \(source) → \(target) gave \(converted)")
              return
            }
          }
        }
      }
    }
  }

  /// An edited document keeps its counts in every unit (the tree's summaries are updated in place by edits).
  @Test func editsKeepTheUnitCounts() {
    var document = BracketTokenizer(catalog: .default).tokenize("ab[哈哈]cd")
    document.replaceSubrange(1..<1, with: BracketTokenizer(catalog: .default).tokenize("[哈哈]😀"))
    document.replaceSubrange(0..<1, with: RichText("好"))
    let boundaries = Self.naiveBoundaries(of: document)
    #expect(document.count(in: .utf8) == boundaries.last![2])
    #expect(document.bufferText == "好\u{FFFC}😀b\u{FFFC}cd")
    for boundary in boundaries {
      #expect(document.offset(boundary[1], from: .unicodeScalars, to: .utf8) == boundary[2])
    }
  }
}
