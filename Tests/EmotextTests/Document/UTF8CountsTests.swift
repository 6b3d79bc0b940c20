import EmotextTestSupport
import EmotextUnicode
import Testing

@testable import Emotext

/// `String.counts(ofUTF8:)` counts 16 bytes at a time (lanes summed every 255 blocks, the last bytes as the text's last
/// 16 with the lanes counted already masked off): on every slice of random text of both bench profiles' kinds, from
/// empty to past 255 blocks, its UTF-16 and scalar counts must be the `String`'s own views' counts.
@Suite("UTF-8 counts")
struct UTF8CountsTests {
  /// The counts the standard library gives for the bytes `utf8Range` of `text` (on scalar boundaries).
  static func naiveCounts(_ text: String, _ utf8Range: Range<Int>) -> (utf16: Int, scalars: Int) {
    let slice = String(decoding: Array(text.utf8)[utf8Range], as: UTF8.self)
    return (slice.utf16.count, slice.unicodeScalars.count)
  }

  /// Compares the counts of the slice `utf8Range` of `text`; returns whether they agree.
  @discardableResult
  static func compare(_ text: String, _ utf8Range: Range<Int>, _ context: String) -> Bool {
    var source = text
    let counts = source.withUTF8 { String.counts(ofUTF8: UnsafeBufferPointer(rebasing: $0[utf8Range])) }
    let expected = naiveCounts(text, utf8Range)
    guard counts == expected else {
      Issue.record("\(context): \(counts) vs \(expected) for bytes \(utf8Range) of \(text.utf8.count)")
      return false
    }
    return true
  }

  /// Random text: fillers of one to four bytes and the tokenizer tests' pieces (CJK, emoji sequences, brackets, mentions,
  /// links, line breaks).
  static func randomText(utf8Count: Int, using random: inout SeededGenerator) -> String {
    var text = ""
    while text.utf8.count < utf8Count {
      text +=
        Bool.random(using: &random)
        ? TokenScanChunkEdgeTests.filler(utf8Count: Int.random(in: 1...40, using: &random), using: &random)
        : TokenScanChunkEdgeTests.pieces.randomElement(using: &random)!
    }
    return text
  }

  /// The UTF-8 offsets of `text`'s scalar boundaries, its end included.
  static func scalarBoundaries(of text: String) -> [Int] {
    text.unicodeScalars.indices.map { text.utf8.distance(from: text.startIndex, to: $0) } + [text.utf8.count]
  }

  /// Every prefix and suffix of texts up to 100 bytes (every length and every start within a block).
  @Test(arguments: 1...4 as ClosedRange<UInt64>)
  func everyPrefixAndSuffix(seed: UInt64) {
    var random = SeededGenerator(seed: 0x636F_756E &+ seed)
    for round in 0..<40 {
      let text = Self.randomText(utf8Count: Int.random(in: 0...100, using: &random), using: &random)
      let utf8Boundaries = Self.scalarBoundaries(of: text)
      for end in utf8Boundaries {
        guard Self.compare(text, 0..<end, "seed \(seed) round \(round) prefix") else { return }
      }
      for start in utf8Boundaries {
        guard Self.compare(text, start..<text.utf8.count, "seed \(seed) round \(round) suffix") else { return }
      }
    }
  }

  /// `UTF8Tally.advance(to:in:)` counts a span of up to 16 bytes that ends 16 or more bytes into the text (a candidate
  /// the scan passed over) inline, as the last lanes of the 16 bytes before its end, and other spans by
  /// `String.counts(ofUTF8:)`: after each step of 1 to 24 bytes (to the next scalar boundary), its counts must be the
  /// standard library's for the prefix.
  @Test(arguments: 1...4 as ClosedRange<UInt64>)
  func tallyAdvancesInShortSteps(seed: UInt64) {
    var random = SeededGenerator(seed: 0x7461_6C6C &+ seed)
    for round in 0..<40 {
      let text = Self.randomText(utf8Count: Int.random(in: 0...400, using: &random), using: &random)
      let utf8Boundaries = Self.scalarBoundaries(of: text)
      var source = text
      let agreed = source.withUTF8 { bytes -> Bool in
        var tally = UTF8Tally()
        var end = 0
        while end < bytes.count {
          let step = Int.random(in: 1...24, using: &random)
          end = utf8Boundaries.first { $0 >= end + step } ?? bytes.count
          tally.advance(to: end, in: bytes)
          let expected = Self.naiveCounts(text, 0..<end)
          guard tally.utf16 == expected.utf16 && tally.scalars == expected.scalars else {
            let counts = (utf16: tally.utf16, scalars: tally.scalars)
            Issue.record("seed \(seed) round \(round): \(counts) vs \(expected) at \(end) of \(bytes.count)")
            return false
          }
        }
        return true
      }
      if !agreed { return }
    }
  }

  /// `UTF8Tally.advanceToOpenBracket(in:)` reads two blocks of 16 bytes a step (one test for a `[` in either, the
  /// block with the `[` counted up to it, the lanes summed every 254 blocks, the last 31 bytes apart): from random
  /// scalar boundaries of random text of both profiles' kinds, with runs without a `[` past 254 blocks, each `[` it
  /// finds must be the next one and its counts the standard library's for the bytes before it.
  @Test(arguments: 1...4 as ClosedRange<UInt64>)
  func tallyFindsEachOpenBracket(seed: UInt64) {
    var random = SeededGenerator(seed: 0x6F70_656E &+ seed)
    for round in 0..<60 {
      var text = ""
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        text += Self.randomText(utf8Count: Int.random(in: 0...120, using: &random), using: &random)
        if Int.random(in: 0..<8, using: &random) == 0 {
          // No `[` for 254 blocks or more: the lanes are summed on the way.
          let utf8Count = Int.random(in: 4_000...9_000, using: &random)
          text += TokenScanChunkEdgeTests.filler(utf8Count: utf8Count, using: &random)
        }
      }
      let bytesOfText = Array(text.utf8)
      let utf8Boundaries = Self.scalarBoundaries(of: text)
      var source = text
      let agreed = source.withUTF8 { bytes -> Bool in
        var tally = UTF8Tally()
        while tally.position < bytes.count {
          if Bool.random(using: &random) {
            // Start the search at another scalar boundary, to vary where the blocks lie.
            let step = Int.random(in: 1...40, using: &random)
            tally.advance(to: utf8Boundaries.first { $0 >= tally.position + step } ?? bytes.count, in: bytes)
          }
          let start = tally.position
          let found = tally.advanceToOpenBracket(in: bytes)
          let expected = bytesOfText[start...].firstIndex(of: UInt8(ascii: "["))
          let end = expected ?? bytes.count
          let counts = Self.naiveCounts(text, 0..<end)
          guard found == expected, tally.position == end, tally.utf16 == counts.utf16, tally.scalars == counts.scalars
          else {
            let got = (found: found, position: tally.position, utf16: tally.utf16, scalars: tally.scalars)
            let wanted = "\(expected.map(String.init) ?? "nil") \(counts)"
            Issue.record("seed \(seed) round \(round) from \(start): \(got) vs \(wanted)")
            return false
          }
          guard let open = found else { break }
          tally.advance(to: open + 1, in: bytes)
        }
        return true
      }
      if !agreed { return }
    }
  }

  /// Long slices: past 255 blocks of 16 bytes (where the lanes are summed), at random scalar boundaries.
  @Test(arguments: 1...4 as ClosedRange<UInt64>)
  func longSlices(seed: UInt64) {
    var random = SeededGenerator(seed: 0x6C6F_6E67 &+ seed)
    for round in 0..<12 {
      let text = Self.randomText(utf8Count: Int.random(in: 3_000...12_000, using: &random), using: &random)
      let utf8Boundaries = Self.scalarBoundaries(of: text)
      Self.compare(text, 0..<text.utf8.count, "seed \(seed) round \(round) whole")
      for _ in 0..<20 {
        let bounds = [utf8Boundaries.randomElement(using: &random)!, utf8Boundaries.randomElement(using: &random)!]
        guard Self.compare(text, bounds.min()!..<bounds.max()!, "seed \(seed) round \(round)") else { return }
      }
      // Exactly 255 and 256 blocks and around them, from the start.
      for length in [4_079, 4_080, 4_081, 4_095, 4_096, 4_097, 8_160, 8_176] where length <= text.utf8.count {
        if let end = utf8Boundaries.last(where: { $0 <= length }) {
          Self.compare(text, 0..<end, "seed \(seed) round \(round) length \(length)")
        }
      }
    }
  }

  /// Only four-byte scalars, only continuation-heavy CJK, only ASCII: every lane full of one kind, past a lane's 255.
  @Test func uniformText() {
    for text in [
      String(repeating: "😀", count: 2_100), String(repeating: "长", count: 2_900), String(repeating: "a", count: 8_300),
    ] {
      Self.compare(text, 0..<text.utf8.count, "uniform \(text.prefix(1))")
    }
  }

  /// The tokenizer's `[` scan sums its lanes every 255 blocks too: text of one kind past 255 blocks before and between
  /// tokens, tokenized, must count the UTF-16 units the naive runs have (an attachment one).
  @Test func uniformTextBeforeTokens() {
    let tokenizer = BracketTokenizer(catalog: .default)
    for filler in ["😀", "长", "a", "é"] {
      for count in [1_020, 1_360, 2_100, 4_200] {
        let run = String(repeating: filler, count: count)
        let text = run + "[哈哈]" + run + "[doge]" + run
        let document = tokenizer.tokenize(text)
        document.checkInvariants()
        let expected = TokenScanChunkEdgeTests.naiveRuns(text, .plain, tokenizer)
        #expect(Array(document.runs) == expected, "\(filler) × \(count)")
        let utf16 = expected.reduce(0) { total, run in
          if case .text(let string, _) = run { total + string.utf16.count } else { total + 1 }
        }
        #expect(document.utf16Count == utf16, "\(filler) × \(count): UTF-16 \(document.utf16Count) vs \(utf16)")
      }
    }
  }

  /// Moving a number of UTF-16 units forward from a scalar boundary passes whole blocks (64, then 16 bytes) by their lane
  /// counts, then goes a scalar at a time: from every kind of start to every kind of end, in mixed text and in long runs
  /// of one kind (so whole blocks fit exactly, or end inside a scalar), it must reach the UTF-8 offset the scalars'
  /// own lengths give, nil inside a surrogate pair; the UTF-16 length of a prefix must be the scalars' too.
  @Test(arguments: 1...3 as ClosedRange<UInt64>)
  func utf16MovesAgreeWithTheScalars(seed: UInt64) {
    var random = SeededGenerator(seed: 0x6D6F_7665 &+ seed)
    for round in 0..<60 {
      var text = ""
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        text +=
          Bool.random(using: &random)
          ? Self.randomText(utf8Count: Int.random(in: 0...300, using: &random), using: &random)
          : String(
            repeating: ["a", "é", "长", "😀"].randomElement(using: &random)!,
            count: Int.random(in: 1...200, using: &random))
      }
      // The scalar boundaries as (UTF-8, UTF-16) offsets, from the scalars' lengths.
      var boundaries = [(utf8: 0, utf16: 0)]
      for scalar in text.unicodeScalars {
        let last = boundaries[boundaries.count - 1]
        boundaries.append((last.utf8 + String(scalar).utf8.count, last.utf16 + scalar.utf16.count))
      }
      let utf8ByUTF16 = Dictionary(uniqueKeysWithValues: boundaries.map { ($0.utf16, $0.utf8) })
      let total = boundaries[boundaries.count - 1].utf16
      var bytes = text
      bytes.withUTF8 { utf8 in
        for _ in 0..<40 {
          let start = boundaries.randomElement(using: &random)!
          let move = Int.random(in: 0...(total - start.utf16), using: &random)
          let moved = utf8.utf8Offset(movingUTF16: move, from: start.utf8)
          let expected = utf8ByUTF16[start.utf16 + move]
          #expect(moved == expected, "seed \(seed) round \(round): \(move) units from byte \(start.utf8)")
          let end = boundaries.randomElement(using: &random)!
          #expect(
            utf8.utf16Count(ofUTF8Prefix: end.utf8) == end.utf16, "seed \(seed) round \(round): prefix \(end.utf8)")
        }
      }
    }
  }
}
