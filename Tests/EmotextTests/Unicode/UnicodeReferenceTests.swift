import Testing

@testable import Emotext
@testable import EmotextUnicode

/// The oracles' own grapheme and Backspace rules (``UnicodeReference``, from the Unicode data files and the
/// specifications) against the conformance file and against the library's ``GraphemeBreaks`` and ``Backspace``,
/// on random text of every script and emoji piece: the oracles can only find a bug in the library's rules if
/// they are right themselves and agree with it everywhere else.
@Suite("Unicode reference: the oracles' cluster and Backspace rules")
struct UnicodeReferenceTests {
  @Test func clusterBoundariesMatchEveryLineOfGraphemeBreakTest() throws {
    let cases = try GraphemeConformanceTests.cases()
    #expect(cases.count == 602)
    for testCase in cases {
      let scalars = Array(testCase.text.unicodeScalars)
      var utf16Starts = [0]
      for scalar in scalars { utf16Starts.append(utf16Starts.last! + UTF16.width(scalar)) }
      let boundaries = UnicodeReference.clusterBoundaries(in: scalars).map { utf16Starts[$0] }
      #expect(boundaries == testCase.boundaries, "GraphemeBreakTest.txt line \(testCase.line)")
    }
  }

  @Test func propertiesAreReadFromTheDataFiles() {
    let properties = UnicodeReference.properties
    #expect(properties("\u{1F44D}").isEmojiModifierBase && properties("\u{1F44D}").isEmoji)
    #expect(properties("\u{1F3FD}").isEmojiModifier)
    #expect(properties("\u{2764}").isExtendedPictographic)
    #expect(properties("\u{FE0F}").isVariationSelector && properties("\u{E0100}").isVariationSelector)
    #expect(!properties("\u{0301}").hasCombiningClassZero && properties("a").hasCombiningClassZero)
    #expect(properties("\u{0915}").clusterBreak == .other && properties("\u{093F}").clusterBreak == .spacingMark)
    #expect(properties("\u{AC01}").clusterBreak == .lvt && properties("\u{0600}").clusterBreak == .prepend)
    #expect(!properties("a").isEmoji && properties("#").isEmoji)
  }

  /// The conjunct rule links consonants only across an Indic_Syllabic_Category=Virama: Malayalam's U+0D4D links
  /// സ and സ, its circular virama U+0D3C (combining class 9 too, but Pure_Killer) does not, as ICU 72 says (a
  /// `graphemes` campaign finding: the reference took every class 9 scalar for a virama).
  @Test func onlyViramasLinkAConjunctNotEveryClassNineMark() {
    let scalars: [Unicode.Scalar] = [
      "\u{0D38}", "\u{0D38}", "\u{0D3C}", "\u{0D38}", "\u{0D38}", "\u{0D4D}", "\u{0D38}",
    ]
    #expect(UnicodeReference.clusterBoundaries(in: scalars) == [0, 1, 3, 4, 7])
    // Note: ICU's boundaries after 0, in UTF-8 bytes (three a scalar here).
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    #expect([0] + GraphemeBreaks.icuBoundaries(in: text) == [0, 3, 9, 12, 21])
  }

  /// Android's rules on the cases its documentation and CTS tests name.
  @Test(arguments: [
    ("a\u{0301}", "a"),  // one combining mark per press
    ("\r\n", ""),
    ("x\u{1F1EF}\u{1F1F5}\u{1F1FA}", "x\u{1F1EF}\u{1F1F5}"),  // an odd run: its last indicator alone
    ("x\u{1F1EF}\u{1F1F5}", "x"),
    ("1\u{FE0F}\u{20E3}", ""),
    ("\u{1F44D}\u{1F3FD}", ""),
    ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", ""),
    ("a\u{2764}\u{FE0F}\u{200D}\u{1F525}", "a"),
    ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", ""),
    ("a\u{E0067}\u{E007F}", "a\u{E0067}"),  // no tag base: only the cancel tag
    ("\u{E0067}\u{E007F}", "\u{E0067}"),  // the text starts inside the tag sequence
    ("\u{1100}\u{1161}", "\u{1100}"),  // a Hangul jamo per press
    ("\u{0915}\u{093F}", "\u{0915}"),  // an Indic vowel sign per press
    ("a\u{FE0E}", ""),  // a base with a variation selector
    ("\u{0301}\u{FE0E}", "\u{0301}"),  // a mark does not go with the selector
  ])
  func platformBackspace(before: String, after: String) {
    let scalars = Array(before.unicodeScalars)
    let start = UnicodeReference.backspaceStart(before: scalars.count, in: scalars, mode: .platform)
    #expect(String(String.UnicodeScalarView(scalars[..<start])) == after)
  }

  /// Every boundary and every Backspace (both modes, before every scalar) of random text agrees with the library.
  @Test func agreesWithTheLibraryOnRandomText() {
    var random = TokenizerTestRandom(test: "UnicodeReferenceTests.agreesWithTheLibraryOnRandomText")
    var mismatches: [String] = []
    for _ in 0..<20_000 where mismatches.count < 5 {
      let text = GraphemeTextGenerator.text(using: &random)
      mismatches += Self.differences(in: text)
    }
    #expect(mismatches.isEmpty, "seed \(random.seed): \(mismatches.joined(separator: "\n"))")
  }

  /// Short strings over the scalars the Backspace states turn on (bases, modifiers, selectors, joiners, keycaps,
  /// indicators, tags, marks, CR LF, a virama), so every pair and triple of them turns up many times.
  @Test func agreesWithTheLibraryOnDenseEmojiPieces() {
    let alphabet: [Unicode.Scalar] = [
      "\u{1F44D}", "\u{1F3FD}", "\u{FE0F}", "\u{FE0E}", "\u{200D}", "\u{20E3}", "#", "1", "\u{1F1E8}", "\u{1F1F3}",
      "\u{1F3F4}", "\u{E0067}", "\u{E007F}", "a", "\u{0301}", "\r", "\n", "\u{2764}", "\u{0915}", "\u{094D}",
      "\u{1F468}", "\u{E0100}",
    ]
    var random = TokenizerTestRandom(test: "UnicodeReferenceTests.agreesWithTheLibraryOnDenseEmojiPieces")
    var mismatches: [String] = []
    for _ in 0..<20_000 where mismatches.count < 5 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...8, using: &random) { scalars.append(alphabet.randomElement(using: &random)!) }
      mismatches += Self.differences(in: String(scalars))
    }
    #expect(mismatches.isEmpty, "seed \(random.seed): \(mismatches.joined(separator: "\n"))")
  }

  /// The same after each emoji sequence of emoji-test.txt, behind random text (a base, a joiner, a mark…).
  @Test func agreesWithTheLibraryAfterEveryEmojiSequence() throws {
    var random = TokenizerTestRandom(test: "UnicodeReferenceTests.agreesWithTheLibraryAfterEveryEmojiSequence")
    var mismatches: [String] = []
    for (_, emoji, _) in try UnicodeTestFiles.emojiTestEntries() where mismatches.count < 5 {
      let prefix = String(GraphemeTextGenerator.text(using: &random).unicodeScalars.suffix(2))
      mismatches += Self.differences(in: prefix + emoji)
    }
    #expect(mismatches.isEmpty, "seed \(random.seed): \(mismatches.joined(separator: "\n"))")
  }

  /// Where the reference and the library differ on `text`, one line each.
  static func differences(in text: String) -> [String] {
    var result: [String] = []
    let hex = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    let boundaries = UnicodeReference.clusterBoundaries(in: text)
    if GraphemeBreaks.boundaries(in: text) != boundaries {
      result.append("[\(hex)]: clusters \(GraphemeBreaks.boundaries(in: text)), reference \(boundaries)")
    }
    var utf8Offset = 0
    for scalar in text.unicodeScalars {
      utf8Offset += UTF8.width(scalar)
      for mode in BackspaceMode.allCases {
        let expected = UnicodeReference.backspaceStart(before: utf8Offset, in: text, mode: mode)
        let actual = Backspace.deletionStart(before: utf8Offset, in: text, mode: mode)
        if actual != expected {
          result.append("[\(hex)] before UTF-8 \(utf8Offset), \(mode): library \(actual), reference \(expected)")
        }
      }
    }
    return result
  }
}
