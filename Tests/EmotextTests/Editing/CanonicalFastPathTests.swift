import EmotextTestSupport
import Testing

@testable import Emotext

/// The shortcut of token canonicalization (``RichText/mayHoldBracketToken(around:reach:)``: no `[` in reach, no
/// tokenizing) against the general path (``RichText/canonicalizeTokensInReach(around:caret:tokenizer:)``): on
/// random documents full of brackets, tokens, attachments, entity and host attributes and text of every script,
/// whenever the shortcut says no token can overlap an edited range, the general path must find none.
@Suite("Token canonicalization: the fast path against the general path")
struct CanonicalFastPathTests {
  /// The default catalog (CJK tokens), and one of ASCII tokens, whose longest token is as many UTF-16 units as
  /// bytes (so reading less than the reach misses it).
  static let tokenizers = [
    BracketTokenizer(catalog: .default),
    BracketTokenizer(
      catalog: EmoticonCatalog(packs: [
        EmoticonPack(
          id: "t", displayName: "t",
          emoticons: ["[ab]", "[abcdefgh]", "[abcdefghijklmnopqrstuvwx]", "[x]"].map {
            Emoticon(code: $0, kind: .image(png: "a.png", gif: nil), packID: "t")
          })
      ])),
  ]

  static let commonPieces = [
    "[", "]", "[哈", "哈]", "哈哈", "[哈哈]", "[微笑]", "[doge]", "[未知]", "[[", "]]", "微", "笑", "a", " ", "好", "😀",
    "👍🏽", "🇨🇳", "𠀀", "\n", "\r\n", "【", "】", "[笑cry]", "cry]", "[笑", "ab", "abcdefghijklm", "nopqrstuvwx]",
  ]

  /// The pieces documents are made of: the common ones, and the catalog's five longest tokens whole and cut in two,
  /// so that a token an edit completes reaches as far as any can.
  static func pieces(_ tokenizer: BracketTokenizer) -> [String] {
    let longest = tokenizer.catalog.tokens.keys.sorted { ($0.utf8.count, $0) > ($1.utf8.count, $1) }.prefix(5)
    return commonPieces
      + longest.flatMap { token in
        let middle = token.index(token.startIndex, offsetBy: token.count / 2)
        return [token, String(token[..<middle]), String(token[middle...])]
      }
  }

  /// A document that need not be canonical: tokenized text with raw pieces pasted in, some with attributes.
  static func document(_ random: inout SeededGenerator, tokenizer: BracketTokenizer, pieces: [String]) -> RichText {
    var text = ""
    let length = Int.random(in: 0...3, using: &random) == 0 ? 400 : 24
    for _ in 0..<Int.random(in: 1...length, using: &random) {
      text +=
        Int.random(in: 0...3, using: &random) == 0
        ? GraphemeTextGenerator.text(using: &random) : pieces.randomElement(using: &random)!
    }
    var document = tokenizer.tokenize(text)
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      let attributes: TextAttributes =
        switch Int.random(in: 0...3, using: &random) {
        case 0: TextAttributes(entity: .mention)
        case 1: TextAttributes(hostAttributes: ["font": "bold"])
        default: .plain
        }
      let offset = document.scalarBoundary(atOrBefore: Int.random(in: 0...document.utf16Count, using: &random))
      document.replaceSubrange(
        offset..<offset, with: RichText(pieces.randomElement(using: &random)!, attributes: attributes))
    }
    return document
  }

  @Test(arguments: 0..<2) func theFastPathSkipsOnlyWhereTheGeneralPathFindsNoToken(catalog: Int) {
    let tokenizer = Self.tokenizers[catalog]
    let pieces = Self.pieces(tokenizer)
    var random = SeededGenerator(seed: 0x6361_6E6F_6E69_6361 &+ UInt64(catalog))
    let reach = tokenizer.catalog.longestTokenUTF8Count
    var (skipped, found, asked) = (0, 0, 0)
    for _ in 0..<3_000 {
      let document = Self.document(&random, tokenizer: tokenizer, pieces: pieces)
      for _ in 0..<12 {
        let range = document.randomScalarRange(using: &random)
        var general = document
        let changes = general.canonicalizeTokensInReach(around: range, caret: range.upperBound, tokenizer: tokenizer)
          .changes
        asked += 1
        if !changes.isEmpty { found += 1 }
        guard !document.mayHoldBracketToken(around: range, reach: reach) else { continue }
        skipped += 1
        #expect(changes.isEmpty, "\(document.runs) around \(range)")
      }
    }
    // Note: both outcomes must be common, or the comparison shows nothing (with the internal checks' 24-byte leaves
    // the reach crosses a leaf's start more often, and the general path decides).
    #expect(
      skipped > asked / Self.leafFactor / 10 && found > asked / 20, "skipped \(skipped), found \(found) of \(asked)")
  }

  /// How much rarer the shortcut is with the internal checks' tiny leaves.
  static var leafFactor: Int {
    #if EMOTEXT_INTERNAL_CHECKS
      8
    #else
      1
    #endif
  }
}
