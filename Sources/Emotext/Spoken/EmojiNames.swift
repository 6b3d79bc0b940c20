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

    static let chineseSimplified = Table(column: 1)
    static let chineseTraditional = Table(column: 2)
    static let english = Table(column: 3)
    static let japanese = Table(column: 4)

    static func shared(_ language: SpokenLanguage) -> Table {
      switch language {
      case .chineseSimplified: chineseSimplified
      case .chineseTraditional: chineseTraditional
      case .english: english
      case .japanese: japanese
      }
    }

    /// The names in `column` of ``EmojiNameTable/entries`` (1 to 4: zh, zh_Hant, en, ja), keyed by the emoji.
    init(column: Int) {
      var table: [String: String] = [:]
      for entry in EmojiNameTable.entries.split(separator: "\n") {
        let fields = entry.split(separator: "\t", omittingEmptySubsequences: false)
        precondition(fields.count == 5, "an entry of the emoji name table has \(fields.count) fields, not 5")
        if !fields[column].isEmpty { table[String(fields[0])] = String(fields[column]) }
      }
      self.names = table
    }
  }
}
