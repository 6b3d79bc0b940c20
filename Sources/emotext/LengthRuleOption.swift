import Emotext
import EmotextCLISupport

/// `--rule NAME`: how `count`, `truncate` and `compose` measure a post. One set for every command.
enum LengthRuleOption {
  /// The help lines for the rules.
  static let help = """
      weibo      (default) U+0000–U+00FF count ½, other UTF-16 units 1, URLs 10, rounded up; limit 140
      twitter    twitter-text v3: 1 or 2 per code point, emoji 2, NFC first, URLs 23; limit 280
      utf16      UTF-16 units; scalars: Unicode scalars; graphemes: grapheme clusters (an emoticon counts 1)
    """

  /// Removes `--rule NAME` and returns the name and its measure (default weibo).
  static func parse(_ arguments: inout Arguments) throws(UsageError) -> (name: String, measure: LengthMeasure) {
    try LengthRuleNames.named(try arguments.option("--rule"))
  }
}
