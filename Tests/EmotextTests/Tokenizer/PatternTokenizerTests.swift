import Testing

@testable import Emotext
@testable import EmotextCLISupport
@testable import EmotextUnicode

@Suite("Pattern tokenizer") struct PatternTokenizerTests {
  static let chat = EmoticonCatalog(packs: [
    EmoticonPack(
      id: "chat", displayName: "Chat",
      emoticons: [
        Emoticon(code: ":smile:", aliases: [":SMILE:"], kind: .image(png: "smile.png", gif: nil), packID: "chat"),
        Emoticon(code: ":+1:", kind: .image(png: "plus1.png", gif: nil), packID: "chat"),
      ])
  ])

  static let qq = EmoticonCatalog(packs: [
    EmoticonPack(
      id: "qq", displayName: "QQ",
      emoticons: [
        Emoticon(code: "/::)", kind: .image(png: "smile.png", gif: nil), packID: "qq"),
        Emoticon(code: "/::~", kind: .image(png: "pie.png", gif: nil), packID: "qq"),
        Emoticon(code: "/::)~", kind: .image(png: "longer.png", gif: nil), packID: "qq"),
        Emoticon(code: "/:\\E", kind: .image(png: "quote.png", gif: nil), packID: "qq"),
      ])
  ])

  @Test func shortCodesBecomeAttachments() throws {
    let tokenizer = try PatternTokenizer(pattern: #":[A-Za-z0-9_+\-]+:"#, catalog: Self.chat)
    let document = tokenizer.tokenize("hi :smile: :nope: :+1::SMILE:")
    #expect(
      document.runListing == [
        #"text "hi ""#, #"emoticon ":smile:""#, #"text " :nope: ""#, #"emoticon ":+1:""#,
        #"emoticon ":SMILE:" code ":smile:""#,
      ])
    #expect(document.postText == "hi :smile: :nope: :+1::SMILE:")
  }

  @Test func qqLiteralsPreferTheLongestSpelling() {
    let tokenizer = PatternTokenizer.literals(of: Self.qq)
    let document = tokenizer.tokenize("好/::)~/::~x/::/:\\E")
    #expect(
      document.runListing == [
        #"text "好""#, #"emoticon "/::)~""#, #"emoticon "/::~""#, #"text "x/::""#, #"emoticon "/:\\E""#,
      ])
  }

  @Test func matchOffsetsAreUTF8Bytes() throws {
    let tokenizer = try PatternTokenizer(pattern: ":smile:", catalog: Self.chat)
    let matches = tokenizer.matches(in: "😀é:smile:")
    #expect(matches.map(\.utf8Range) == [6..<13])
  }

  @Test(arguments: [
    ("(abc", "U_REGEX_MISMATCHED_PAREN"),
    ("a{2,1}", "U_REGEX_MAX_LT_MIN"),
    ("[a-", "U_REGEX_INVALID_RANGE"),
  ])
  func invalidPatternsAreTypedErrors(pattern: String, name: String) {
    #expect {
      _ = try PatternTokenizer(pattern: pattern, catalog: Self.chat)
    } throws: { error in
      guard let error = error as? PatternError else { return false }
      return error.icuErrorName == name && error.utf16Offset != nil && error.description.contains(name)
    }
  }

  @Test func invalidPatternNamesTheOffset() {
    do {
      _ = try PatternTokenizer(pattern: "ab)cd", catalog: Self.chat)
      Issue.record("expected an error")
    } catch {
      #expect(error.icuErrorName == "U_REGEX_MISMATCHED_PAREN")
      #expect(error.line == 1)
      #expect(error.utf16Offset == 3)
      #expect(error.description == "invalid pattern at line 1, UTF-16 offset 3: U_REGEX_MISMATCHED_PAREN")
    }
  }

  /// ICU counts the place of a pattern error in code points of its line; the error gives it in UTF-16 units,
  /// as its name says: after `😀a)` that is 4 units, not 3 code points.
  @Test(
    arguments: [
      ("😀a)", 1, 4), ("a\nbc)", 2, 3), ("😀\n😀)x", 2, 3), ("a\r\n𠀀b)", 2, 4), ("(a", 1, 2),
    ] as [(String, Int, Int)])
  func invalidPatternNamesTheUTF16OffsetInItsLine(pattern: String, line: Int, utf16Offset: Int) {
    #expect {
      _ = try PatternTokenizer(pattern: pattern, catalog: Self.chat)
    } throws: { error in
      guard let error = error as? PatternError else { return false }
      return error.line == line && error.utf16Offset == utf16Offset
    }
  }

  @Test func aBracketPatternAgreesWithTheBracketTokenizerOnFlatText() throws {
    var random = TokenizerTestRandom(test: "aBracketPatternAgreesWithTheBracketTokenizerOnFlatText")
    let pattern = try PatternTokenizer(pattern: #"\[[^\[\]\r\n]{1,6}\]"#, catalog: .default)
    let brackets = BracketTokenizer(catalog: .default)
    let flat = ["[哈哈]", "[爱你]", "[愛你]", "[未知]", "好", "😀", " ", "\n", "[x]"]
    for _ in 0..<200 {
      let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in flat.randomElement(using: &random)! }.joined()
      #expect(pattern.tokenize(text) == brackets.tokenize(text), "text: \(text.debugDescription)")
      #expect(pattern.tokenize(text).postText == text)
    }
  }

  @Test func patternTokenizingIsLossless() throws {
    var random = TokenizerTestRandom(test: "patternTokenizingIsLossless")
    let tokenizers: [any EmoticonTokenizer] = [
      try PatternTokenizer(pattern: #"\[[^\]]*\]|/::."#, catalog: .default), PatternTokenizer.literals(of: .default),
    ]
    for _ in 0..<300 {
      let text = PostTextPieces.random(using: &random)
      for tokenizer in tokenizers {
        let document = tokenizer.tokenize(text, attributes: .plain)
        #expect(document.postText.utf8.elementsEqual(text.utf8), "text: \(text.debugDescription)")
        document.checkInvariants()
      }
    }
  }
}

@Suite("Pattern tokenizer on hostile text")
struct PatternTokenizerBacktrackingTests {
  /// `(a+)+!` backtracks exponentially on a run of `a` without `!` (26 of them take ICU seconds, 64 would
  /// take ages): the step limit ends the search, and tokenizing stays total and lossless instead of hanging
  /// or crashing.
  @Test func exponentialBacktrackingIsCutOffAndNothingIsLost() throws {
    let bang = Emoticon(code: "aa!", kind: .image(png: "a.png", gif: nil), packID: "p")
    let catalog = EmoticonCatalog(packs: [EmoticonPack(id: "p", displayName: "P", emoticons: [bang])])
    let tokenizer = try PatternTokenizer(pattern: "(a+)+!", catalog: catalog, matchStepLimit: 1000)
    let text = "aa! " + String(repeating: "a", count: 64) + "?"
    let document = tokenizer.tokenize(text)
    #expect(document.postText == text)
    #expect(document.runs.first == .emoticon(EmoticonAttachment(bang)), "the match before the hostile part")
  }

  /// At the default limit, a catastrophically backtracking search is given up after at most 10 ticks of
  /// ICU's engine (10,000 backtracking state saves each: milliseconds, BENCHMARKS.md), as ICU's own count of
  /// ticks says; without a limit, each of these would run for hours.
  @Test(arguments: [
    ("(a+)+!", "a"), ("(a|a)+!", "a"), ("(a*)*!", "a"), ("(?:a|aa)+!", "a"), ("(x+x+)+y", "x"),
  ])
  func defaultLimitGivesUpWithinMilliseconds(pattern: String, unit: String) throws {
    let tokenizer = try PatternTokenizer(pattern: pattern, catalog: .default)
    #expect(tokenizer.matchStepLimit == PatternTokenizer.defaultMatchStepLimit)
    let text = "[哈哈]" + String(repeating: unit, count: 40) + "?"
    let (matches, searches) = tokenizer.matchesAndSearches(in: text)
    #expect(matches.isEmpty)
    #expect(searches.gaveUp, "\(pattern) finished before the limit: the input is not hostile enough")
    #expect(searches.longestSearchTicks <= 10, "\(pattern): \(searches.longestSearchTicks) ticks")
    #expect(tokenizer.tokenize(text).postText == text)
  }

  /// The limit holds for each search, not for the whole text: a megabyte of ordinary text with a match every
  /// 16 bytes is matched whole at the default, each search taking no tick.
  @Test func defaultLimitIsPerSearch() throws {
    let smile = Emoticon(code: ":smile:", kind: .image(png: "s.png", gif: nil), packID: "p")
    let catalog = EmoticonCatalog(packs: [EmoticonPack(id: "p", displayName: "P", emoticons: [smile])])
    let tokenizer = try PatternTokenizer(pattern: #":[a-z0-9_+\-]+:"#, catalog: catalog)
    let text = String(repeating: ":smile: abcdefg ", count: 65_536)
    let (matches, searches) = tokenizer.matchesAndSearches(in: text)
    #expect(!searches.gaveUp)
    #expect(matches.count == 65_536)
    #expect(matches.last?.utf8Range == (text.utf8.count - 16)..<(text.utf8.count - 9))
  }

  /// After an empty match the next search starts one code point on, never inside a UTF-8 sequence.
  @Test func emptyMatchesStepByCodePoints() throws {
    let regex = try ICURegex("x*", caseInsensitive: false)
    var ranges: [Range<Int>] = []
    var text = "好x"
    _ = text.withUTF8 { utf8 in
      regex.forEachMatch(in: utf8, tickLimit: PatternTokenizer.defaultMatchStepLimit) { ranges.append($0) }
    }
    #expect(ranges == [0..<0, 3..<4, 4..<4])
  }
}
