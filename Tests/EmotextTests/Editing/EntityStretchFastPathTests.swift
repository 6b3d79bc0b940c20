import EmotextTestSupport
import Testing

@testable import Emotext

/// The byte fast path of the live-entity stretch walk (``EntityCut/quietLength(of:at:)``: runs of quiet scalars only
/// counted) against the general path that reads every scalar: on random documents full of separators next to quiet
/// scalars, Prepend scalars, entity and host attributes, attachments and text of every script, both must find the
/// same stretch and say the same about whether it may hold an entity, around every kind of edit. The quiet test and
/// the separator table are checked on every scalar.
@Suite("Live entities: the stretch walk's byte fast path against the general path")
struct EntityStretchFastPathTests {
  /// Separators of every block the walk looks up and quiet scalars at the edges of the quiet ranges (U+00BF/U+00C0,
  /// U+07FF/U+0800, U+3FFF/U+4000, U+DFFF's neighbours), the bytes an entity needs, and Prepend scalars (Arabic
  /// U+0600, in the quiet two-byte range) before separators.
  static let pieces =
    LiveEntityPropertyTests.pieces + [
      "\u{BF}", "\u{C0}", "é", "ж", "ש", "\u{7FF}", "\u{800}", "\u{3FFF}", "\u{4000}", "\u{9FFF}", "\u{D7FB}",
      "\u{E000}", "한", "ꀀ", "\u{85}", "\u{2028}", "\u{2029}", "\u{FF0C}", "\u{FE50}", "\u{3001}", "\u{600} ",
      "\u{600}，", "\r", "\u{0B}", "\u{7F}", ".", "abc def", "中文中文中文中文", "http://例子。测试", "@名字 ",
    ]

  static func document(_ random: inout SeededGenerator) -> RichText {
    var text = ""
    // Note: long quiet stretches as well as dense ones, so the cuts (70 quiet scalars before them) are found often.
    for _ in 0..<Int.random(in: 1...160, using: &random) {
      switch Int.random(in: 0...5, using: &random) {
      case 0: text += GraphemeTextGenerator.text(using: &random)
      case 1: text += String(repeating: ["中", "a", "é", "한"].randomElement(using: &random)!, count: 40)
      default: text += pieces.randomElement(using: &random)!
      }
    }
    var document = BracketTokenizer(catalog: .default).tokenize(text)
    if Bool.random(using: &random) { document = document.recognizingEntities() }
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let offset = document.scalarBoundary(atOrBefore: Int.random(in: 0...document.utf16Count, using: &random))
      document.replaceSubrange(
        offset..<offset,
        with: RichText(
          pieces.randomElement(using: &random)!,
          attributes: TextAttributes(
            hostAttributes: ["font": "bold"])))
    }
    return document
  }

  @Test func theFastPathFindsTheGeneralPathsStretch() {
    var random = SeededGenerator(seed: 0x7374_7265_7463_68)
    var (cut, asked) = (0, 0)
    for _ in 0..<1_500 {
      let document = Self.document(&random)
      for _ in 0..<10 {
        let range = document.randomScalarRange(using: &random)
        let fast = document.entityStretch(around: range)
        let general = document.entityStretch(around: range, skippingQuietScalars: false)
        asked += 1
        if general.range != 0..<document.utf16Count { cut += 1 }
        guard fast.range == general.range && fast.mayHoldEntity == general.mayHoldEntity else {
          Issue.record("\(document.runs) around \(range): fast \(fast), general \(general)")
          return
        }
      }
    }
    // Note: the comparison shows something only when the walks often find cuts inside the document.
    #expect(cut > asked / 4, "cut \(cut) of \(asked)")
  }

  /// A scalar the fast path counts without reading is no separator and none of `@`, `#`, `:`, `.`, and its length
  /// is its UTF-8 length: every scalar.
  @Test func everyQuietScalarIsNoSeparatorAndNoEntityByte() {
    var (quiet, wrong) = (0, 0)
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      var utf8 = Array(String(Character(scalar)).utf8)
      guard
        let length = utf8.withUnsafeMutableBufferPointer({ EntityCut.quietLength(of: UnsafeBufferPointer($0), at: 0) })
      else { continue }
      quiet += 1
      if length != utf8.count || EntityCut.isSeparator(scalar) || "@#:.".unicodeScalars.contains(scalar) {
        wrong += 1
        if wrong < 5 { Issue.record("U+\(String(value, radix: 16)) is quiet") }
      }
    }
    #expect(wrong == 0 && quiet > 50_000, "quiet \(quiet)")
  }

  /// The separator table answers as the general category and grapheme table do, for every scalar of its blocks.
  @Test func theSeparatorTableAnswersAsTheProperties() {
    var separators = 0
    for block in EntityCut.lookedUpBlocks {
      for value in block {
        let scalar = Unicode.Scalar(value)!
        let expected = EntityCut.isLookedUpSeparator(scalar) || [0x85, 0x2028, 0x2029].contains(value)
        #expect(EntityCut.isSeparator(scalar) == expected, "U+\(String(value, radix: 16))")
        if expected { separators += 1 }
      }
    }
    #expect(separators > 50, "separators \(separators)")
  }
}
