/// CLDR's short names of emoji (the `tts` annotations, single emoji and derived sequences) in the four
/// ``SpokenLanguage``s, from a table generated from Unicode CLDR (see `generate-emoji-names.py`).
///
/// A sequence is looked up with its U+FE0F variation selectors removed, as CLDR lists it, so a
/// minimally-qualified emoji has the name of its fully-qualified form. Emoji newer than the CLDR version of the
/// table have no name.
///
/// ```swift
/// EmojiNames.name(of: "👍🏽", in: .english)              // "thumbs up: medium skin tone"
/// EmojiNames.name(of: "👨‍👩‍👧", in: .chineseSimplified)  // "家庭: 男人女人女孩"
/// EmojiNames.name(of: "a", in: .english)                // nil
/// ```
public enum EmojiNames {
  /// The name of `emoji` (one emoji sequence) in `language`, or nil when CLDR has none.
  /// - Complexity: O(*n*) in the length of `emoji`, after the first lookup in a language, which reads its table.
  public static func name(of emoji: some StringProtocol, in language: SpokenLanguage) -> String? {
    var key = String.UnicodeScalarView()
    key.append(contentsOf: emoji.unicodeScalars.lazy.filter { $0 != "\u{FE0F}" })
    let table = Table.shared(language)
    if let name = table.names[String(key)] { return name }
    // Note: the generator leaves out each sequence with one skin tone whose name is CLDR's derived pattern
    // "{base}: {tone}" in every language; this composes it back.
    let tones = Set(key.filter { (0x1F3FB...0x1F3FF).contains($0.value) })
    guard tones.count == 1, let tone = tones.first else { return nil }
    var base = String.UnicodeScalarView()
    base.append(contentsOf: key.lazy.filter { $0 != tone })
    guard !base.isEmpty, let baseName = table.names[String(base)], let toneName = table.names[String(tone)] else {
      return nil
    }
    return baseName + ": " + toneName
  }

  /// One language's names, read once from the generated table.
  private struct Table: Sendable {
    let names: [String: String]

    static let chineseSimplified = Table(EmojiNameTable.chineseSimplified)
    static let chineseTraditional = Table(EmojiNameTable.chineseTraditional)
    static let english = Table(EmojiNameTable.english)
    static let japanese = Table(EmojiNameTable.japanese)

    static func shared(_ language: SpokenLanguage) -> Table {
      switch language {
      case .chineseSimplified: chineseSimplified
      case .chineseTraditional: chineseTraditional
      case .english: english
      case .japanese: japanese
      }
    }

    init(_ namesBlob: String) {
      let emoji = EmojiNameTable.emoji.split(separator: "\n", omittingEmptySubsequences: false)
      let names = namesBlob.split(separator: "\n", omittingEmptySubsequences: false)
      precondition(emoji.count == names.count, "the generated emoji name table has misaligned lines")
      var table: [String: String] = [:]
      table.reserveCapacity(emoji.count)
      for (key, name) in zip(emoji, names) where !name.isEmpty { table[String(key)] = String(name) }
      self.names = table
    }
  }
}
