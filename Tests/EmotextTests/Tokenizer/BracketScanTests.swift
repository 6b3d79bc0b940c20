import EmotextTestSupport
import Testing

@testable import Emotext

/// The bracket scanner jumps between `[` with `memchr` and gives up a candidate after the catalog's
/// longest token: it must find exactly the tokens a byte-by-byte reading of the grammar finds.
@Suite("Bracket scan")
struct BracketScanTests {
  /// The grammar read slowly: every `]` closes the nearest `[` with no bracket or line break between,
  /// when the token is at most the longest catalog token and the catalog knows it.
  static func slowMatches(_ text: String, catalog: EmoticonCatalog) -> [Range<Int>] {
    let bytes = Array(text.utf8)
    var result: [Range<Int>] = []
    for close in bytes.indices where bytes[close] == UInt8(ascii: "]") {
      var open = close - 1
      while open >= 0 && ![UInt8(ascii: "["), UInt8(ascii: "]"), 0x0A, 0x0D].contains(bytes[open]) { open -= 1 }
      guard open >= 0, bytes[open] == UInt8(ascii: "["), close - open >= 2,
        close - open < catalog.longestTokenUTF8Count
      else { continue }
      if catalog.emoticon(forToken: String(decoding: bytes[open...close], as: UTF8.self)) != nil {
        result.append(open..<(close + 1))
      }
    }
    return result
  }

  static let pieces = [
    "[", "]", "[哈哈]", "[爱你]", "[愛你]", "[未知]", "哈", "a", "\n", "\r", "😀", "[[", "]]", "[哈", "哈]", "[抓狂[兔子]]",
    String(repeating: "长", count: 9),
  ]

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func scanAgreesWithTheSlowReading(seed: UInt64) {
    print("BracketScanTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    let tokenizer = BracketTokenizer(catalog: .default)
    for _ in 0..<200 {
      let count = Int.random(in: 0...30, using: &random)
      let text = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
      let found = tokenizer.matches(in: text).map(\.utf8Range)
      #expect(found == Self.slowMatches(text, catalog: tokenizer.catalog), "seed \(seed): \(text.debugDescription)")
      let document = tokenizer.tokenize(text)
      document.checkInvariants()  // the run ends the tokenizer counts itself
      #expect(document.postText == text, "seed \(seed): \(text.debugDescription)")
    }
  }

  /// The scan counts UTF-16 units and scalars 16 bytes at a time between brackets: the document's counts must
  /// be the standard library's for text where four-byte scalars, CJK and ASCII fall at every offset of a block.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func countsOfTheScanAreTheStandardLibrarys(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let tokenizer = BracketTokenizer(catalog: .default)
    let pieces = ["a", "😀", "长", "é", "[哈哈]", "[未知]", "[", "👨‍👩‍👧", String(repeating: "x", count: 17), "\r\n"]
    // Note: the long texts have no bracket for more than 255 blocks of 16 bytes, where the scan sums its lanes.
    let bracketFree = pieces.filter { !$0.contains("[") }
    for round in 0..<104 {
      let text =
        round < 100
        ? (0..<Int.random(in: 0...200, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        : (0..<Int.random(in: 2_000...6_000, using: &random)).map { _ in bracketFree.randomElement(using: &random)! }
          .joined() + "[哈哈]"
      let document = tokenizer.tokenize(text)
      // Each token is one unit and one scalar in the document.
      let bytes = Array(text.utf8)
      let tokens = tokenizer.matches(in: text).map { String(decoding: bytes[$0.utf8Range], as: UTF8.self) }
      let context = "seed \(seed): \(text.debugDescription)"
      #expect(document.utf16Count == text.utf16.count - tokens.reduce(0) { $0 + $1.utf16.count - 1 }, "\(context)")
      #expect(
        document.scalarCount == text.unicodeScalars.count - tokens.reduce(0) { $0 + $1.unicodeScalars.count - 1 },
        "\(context)")
      document.checkInvariants()
    }
  }

  @Test func candidateLongerThanEveryTokenIsDropped() {
    let tokenizer = BracketTokenizer(catalog: .default)
    let long = "[" + String(repeating: "哈", count: 40) + "[哈哈]" + "]"
    #expect(tokenizer.matches(in: long).map(\.utf8Range) == [121..<129])
    #expect(tokenizer.tokenize("[哈哈" + String(repeating: "x", count: 100) + "]").runs.count == 1)
  }

  static func catalog(_ codes: [String]) -> EmoticonCatalog {
    let emoticons = codes.map { Emoticon(code: $0, kind: .image(png: "x.png", gif: nil), packID: "test") }
    return EmoticonCatalog(packs: [EmoticonPack(id: "test", displayName: "test", emoticons: emoticons)])
  }

  @Test func byteLookupKeepsCanonicalEquivalence() {
    // A token that is not plain (é): a decomposed spelling must still match, as String equality does.
    let accented = BracketTokenizer(catalog: Self.catalog(["[Café]", "[哈哈]"]))
    #expect(Array("[Cafe\u{301}]".utf8).withUnsafeBufferPointer { accented.tokenTable.lookUp($0) }.isUnsure)
    #expect(accented.matches(in: "x[Cafe\u{301}]y").map(\.utf8Range) == [1..<9])
    #expect(accented.tokenize("[Cafe\u{301}]").postText == "[Cafe\u{301}]")
    // Every token plain: a plain candidate is decided by its bytes alone.
    let plain = BracketTokenizer(catalog: Self.catalog(["[哈哈]", "[ok]"]))
    #expect(Array("[未知]".utf8).withUnsafeBufferPointer { plain.tokenTable.lookUp($0) }.isAbsent)
    #expect(Array("[é]".utf8).withUnsafeBufferPointer { plain.tokenTable.lookUp($0) }.isUnsure)
    #expect(plain.matches(in: "[ok][哈哈][OK]").map(\.utf8Range) == [0..<4, 4..<12])
  }
}

extension TokenTable.Lookup {
  var isUnsure: Bool { if case .unsure = self { true } else { false } }
  var isAbsent: Bool { if case .absent = self { true } else { false } }
}
