/// A language the spoken text of a post is made for: which names emoji and emoticons read as.
///
/// Emoji names are CLDR's short names in that language; emoticons read as their Weibo name, the traditional
/// (`cht`) spelling for ``chineseTraditional``.
///
/// ```swift
/// SpokenLanguage(localeIdentifier: "zh-Hant-TW")   // .chineseTraditional
/// SpokenLanguage(localeIdentifier: "zh_HK")        // .chineseTraditional
/// SpokenLanguage(localeIdentifier: "ja-JP")        // .japanese
/// SpokenLanguage(localeIdentifier: "fr-FR")        // nil: no names for French
/// ```
public enum SpokenLanguage: String, CaseIterable, Hashable, Sendable {
  /// Simplified Chinese (CLDR `zh`).
  case chineseSimplified = "zh"
  /// Traditional Chinese (CLDR `zh_Hant`): Taiwan, Hong Kong, Macao.
  case chineseTraditional = "zh_Hant"
  /// English (CLDR `en`).
  case english = "en"
  /// Japanese (CLDR `ja`).
  case japanese = "ja"

  /// The language for a BCP 47 or POSIX locale identifier (`zh-Hans-CN`, `zh_TW`, `en_US.UTF-8`, `ja`), or nil
  /// when it is none of the four. Chinese with the `Hant` script, or in TW, HK or MO without a script, is
  /// traditional; other Chinese is simplified.
  public init?(localeIdentifier: String) {
    let base = localeIdentifier.split(whereSeparator: { $0 == "." || $0 == "@" }).first ?? ""
    let subtags = base.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
    switch subtags.first {
    case "zh":
      let rest = subtags.dropFirst()
      if rest.contains("hant") {
        self = .chineseTraditional
      } else if rest.contains("hans") {
        self = .chineseSimplified
      } else {
        self = rest.contains(where: { ["tw", "hk", "mo"].contains($0) }) ? .chineseTraditional : .chineseSimplified
      }
    case "en": self = .english
    case "ja": self = .japanese
    default: return nil
    }
  }
}
