import EmotextTestSupport
import Testing

@testable import Emotext

/// The token table's look-up has a path of its own for candidates of 4 to 16 bytes (inlined into the scan's callers) and
/// a general one for the others: both must answer what a naive reading of the catalog answers.
@Suite("Token table look-up")
struct TokenTableLookupTests {
  /// A catalog of plain tokens (ASCII and CJK) of 3 to 22 bytes, several sharing their first or last 8 bytes.
  static let plainCodes = [
    "[a]", "[ok]", "[哈]", "[哈哈]", "[允悲]", "[笑cry]", "[doge]", "[abcdefgh]", "[abcdefghi]", "[abcdefghij]",
    "[abcdefghijklmn]", "[xbcdefghijklmn]", "[abcdefghijklmnopqrst]", "[哈哈哈哈]", "[哈哈哈哈哈]", "[二哈]", "[抓狂了吗]",
  ]

  /// What the table should answer for `candidate`, read from the catalog's spellings alone: the entry with exactly
  /// these bytes, else absent when every token and the candidate are plain (ASCII or U+4000–U+9FFF), else unsure.
  static func naiveLookUp(_ candidate: [UInt8], tokens: [String]) -> String {
    if let entry = tokens.firstIndex(where: { Array($0.utf8) == candidate }) { return "found \(entry)" }
    func isPlain(_ text: String) -> Bool {
      text.unicodeScalars.allSatisfy { $0.isASCII || (0x4000...0x9FFF).contains($0.value) }
    }
    let plain = tokens.allSatisfy(isPlain) && isPlain(String(decoding: candidate, as: UTF8.self))
    return plain ? "absent" : "unsure"
  }

  static func describe(_ lookup: TokenTable.Lookup) -> String {
    switch lookup {
    case .found(let entry): "found \(entry)"
    case .absent: "absent"
    case .unsure: "unsure"
    }
  }

  /// Candidates near the tokens: each token, with one character replaced by another of its byte length, cut short,
  /// lengthened, and random strings of ASCII, CJK and accented letters of 1 to 12 characters.
  static func candidates(near tokens: [String], seed: UInt64, count: Int) -> [[UInt8]] {
    var random = SeededGenerator(seed: seed)
    let ascii = Array("abcdefghijklmnopqrstxyzOK1")
    let cjk = Array("哈二允悲笑抓狂了吗未知")
    // Note: lead bytes on both sides of E4…E9 (U+4000–U+9FFF): C3, E3 (、ㄱ), EA (ꀀ, 가), EF (豈, a compatibility
    // ideograph equal to 豈 U+8C48 up to canonical equivalence), F0.
    let other = Array("éü😀、ㄱꀀ가豈")
    var result = tokens.map { Array($0.utf8) }
    for _ in 0..<count {
      var characters = Array(tokens.randomElement(using: &random)!)
      switch Int.random(in: 0..<5, using: &random) {
      case 0, 1:
        let index = Int.random(in: 0..<characters.count, using: &random)
        let character = characters[index]
        characters[index] =
          character.isASCII
          ? ascii.randomElement(using: &random)! : cjk.randomElement(using: &random)!
      case 2:
        if characters.count > 1 { characters.remove(at: Int.random(in: 0..<characters.count, using: &random)) }
      case 3:
        let pool = Bool.random(using: &random) ? ascii : cjk
        characters.insert(
          pool.randomElement(using: &random)!, at: Int.random(in: 0...characters.count, using: &random))
      default:
        let pools = [ascii, cjk, other]
        characters =
          ["["]
          + (0..<Int.random(in: 1...12, using: &random)).map { _ in
            pools[Int.random(in: 0..<(Int.random(in: 0..<8, using: &random) == 0 ? 3 : 2), using: &random)]
              .randomElement(using: &random)!
          } + ["]"]
      }
      result.append(Array(String(characters).utf8))
    }
    return result
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func lookUpAgreesWithTheNaiveReading(seed: UInt64) {
    let catalogs = [
      BracketScanTests.catalog(Self.plainCodes),
      BracketScanTests.catalog(Self.plainCodes + ["[Café]"]),
      EmoticonCatalog.default,
    ]
    var random = SeededGenerator(seed: seed ^ 0x4C4F_4F4B)
    for catalog in catalogs {
      let table = TokenTable(catalog: catalog)
      for candidate in Self.candidates(near: table.tokens, seed: seed, count: 3_000) {
        // The candidate alone (the look-up of a text's ends, which reads only its bytes), and inside text (the scan's
        // look-up, which reads the bytes around it too).
        let lookup = candidate.withUnsafeBufferPointer { table.lookUp($0) }
        let around = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        let text = Array(around[..<8]) + candidate + Array(around[8...])
        let lookupInText = text.withUnsafeBufferPointer { text in
          table.withProbe { $0.lookUp(8..<(8 + candidate.count), in: text) }
        }
        let expected = Self.naiveLookUp(candidate, tokens: table.tokens)
        let name = "\(String(decoding: candidate, as: UTF8.self)) (\(candidate.count) bytes)"
        #expect(Self.describe(lookup) == expected, "\(name)")
        #expect(Self.describe(lookupInText) == expected, "\(name), inside text")
        if Self.describe(lookup) != expected || Self.describe(lookupInText) != expected { return }
      }
    }
  }
}
