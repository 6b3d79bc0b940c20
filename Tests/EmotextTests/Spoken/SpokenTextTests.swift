import Emotext
import Foundation
import Testing

@Suite("Spoken text") struct SpokenTextTests {
  private let tokenizer = BracketTokenizer(catalog: .default)

  // Expected names are CLDR 41's `tts` annotations, read from annotations/ and annotationsDerived/ by hand.
  @Test(arguments: [
    (SpokenLanguage.chineseSimplified, "好开心 哈哈 爱你 拇指向上: 中等肤色 家庭: 男人女人女孩"),
    (.chineseTraditional, "好开心 哈哈 愛你 讚: 淺褐皮膚 家庭: 男人 女人 女孩"),
    (.english, "好开心 哈哈 爱你 thumbs up: medium skin tone family: man, woman, girl"),
    (.japanese, "好开心 哈哈 爱你 サムズアップ: 中間の肌色 家族: 男性 女性 女の子"),
  ])
  func emoticonsSkinToneAndZWJ(language: SpokenLanguage, expected: String) {
    let post = tokenizer.tokenize("好开心[哈哈][爱你]👍🏽👨‍👩‍👧")
    #expect(post.spokenText(in: language) == expected)
  }

  @Test func traditionalTokenReadsItsTraditionalNameOnlyInTraditionalChinese() {
    let post = tokenizer.tokenize("[愛你]")
    #expect(post.spokenText(in: .chineseTraditional) == "愛你")
    #expect(post.spokenText(in: .chineseSimplified) == "爱你")
  }

  @Test(arguments: [
    ("🧑🏻‍🤝‍🧑🏻", SpokenLanguage.english, "people holding hands: light skin tone"),  // composed: one tone, twice
    ("🫱🏻‍🫲🏿", .english, "handshake: light skin tone, dark skin tone"),  // listed: two tones
    ("👱🏽", .english, "person: medium skin tone, blond hair"),  // listed: CLDR's name is not the pattern
    ("❤️", .english, "red heart"),  // U+FE0F removed before the lookup
    ("❤", .english, "red heart"),
    ("🏳️‍🌈", .chineseSimplified, "彩虹旗"),
    ("🇯🇵", .japanese, "旗: 日本"),
    ("1️⃣", .english, "keycap: 1"),
  ])
  func names(emoji: String, language: SpokenLanguage, expected: String) {
    #expect(EmojiNames.name(of: emoji, in: language) == expected)
  }

  @Test func textAndUnnamedEmojiStayAsTheyAre() {
    // U+1FAE8 SHAKING FACE is Unicode 15.0, newer than CLDR 41: it has no name and stays as it is.
    #expect(EmojiNames.name(of: "🫨", in: .english) == nil)
    #expect(tokenizer.tokenize("a 🫨 b").spokenText(in: .english) == "a 🫨 b")
    #expect(tokenizer.tokenize("#1 ©").spokenText(in: .english) == "#1 ©")
    #expect(tokenizer.tokenize("").spokenText(in: .english) == "")
    #expect(tokenizer.tokenize("hi 😀!").spokenText(in: .english) == "hi grinning face !")
  }

  @Test(arguments: [
    ("zh-Hant-TW", SpokenLanguage?.some(.chineseTraditional)), ("zh_TW", .chineseTraditional),
    ("zh-HK", .chineseTraditional), ("zh-Hans-HK", .chineseSimplified), ("zh_CN.UTF-8", .chineseSimplified),
    ("zh", .chineseSimplified), ("en_US", .english), ("ja-JP", .japanese), ("fr", nil), ("", nil),
  ])
  func localeIdentifiers(identifier: String, expected: SpokenLanguage?) {
    #expect(SpokenLanguage(localeIdentifier: identifier) == expected)
  }
}

/// Every name of the generated table against CLDR's own files (Debian's unicode-cldr-core and unicode-data).
@Suite("Emoji names against CLDR") struct EmojiNamesCLDRTests {
  private static let common = "/usr/share/unicode/cldr/common"
  private static let emojiTest = "/usr/share/unicode/emoji/emoji-test.txt"
  static let locales: [(String, SpokenLanguage)] = [
    ("zh", .chineseSimplified), ("zh_Hant", .chineseTraditional), ("en", .english), ("ja", .japanese),
  ]

  /// Whether emoji-test.txt and both annotation files of every locale are installed.
  static var filesExist: Bool {
    ([emojiTest]
      + locales.flatMap { ["\(common)/annotations/\($0.0).xml", "\(common)/annotationsDerived/\($0.0).xml"] })
      .allSatisfy { FileManager.default.fileExists(atPath: $0) }
  }

  /// Skipped, and said so through Swift Testing, without the files; `.ci/run` fails on any skipped test, so CI never
  /// passes having compared nothing.
  @Test(
    .enabled(
      if: filesExist,
      "CLDR annotations or emoji-test.txt not installed (apt-get install unicode-cldr-core unicode-data): skipped"),
    arguments: locales)
  func everyNameIsCLDRs(locale: String, language: SpokenLanguage) throws {
    let test = try String(contentsOfFile: Self.emojiTest, encoding: .utf8)
    let single = try String(contentsOfFile: "\(Self.common)/annotations/\(locale).xml", encoding: .utf8)
    let derived = try String(contentsOfFile: "\(Self.common)/annotationsDerived/\(locale).xml", encoding: .utf8)
    var expected: [String: String] = [:]
    for line in (single + derived).split(separator: "\n") where line.contains("type=\"tts\"") {
      // Note: split by scalars, since a quote followed by a skin tone is one Character.
      let parts = line.unicodeScalars.split(separator: "\"", omittingEmptySubsequences: false).map {
        String(String.UnicodeScalarView($0))
      }
      guard parts.count >= 5, let last = parts.last, last.hasPrefix(">"), last.hasSuffix("</annotation>") else {
        continue
      }
      let name = last.dropFirst().dropLast("</annotation>".count).replacingOccurrences(of: "&amp;", with: "&")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      expected[parts[1]] = name
    }
    var checked = 0
    for line in test.split(separator: "\n") where !line.hasPrefix("#") && line.contains(";") {
      let fields = line.split(separator: "#")[0].split(separator: ";")
      let status = fields[1].trimmingCharacters(in: .whitespaces)
      guard ["fully-qualified", "minimally-qualified", "component"].contains(status) else { continue }
      let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
      let emoji = String(String.UnicodeScalarView(scalars))
      let key = String(String.UnicodeScalarView(scalars.filter { $0 != "\u{FE0F}" }))
      #expect(EmojiNames.name(of: emoji, in: language) == expected[key], "\(emoji) \(EmojiCode.format(emoji))")
      checked += 1
    }
    #expect(checked > 3_000)
  }
}
