import Emotext

/// `--rule NAME`: how `count`, `truncate` and `compose` measure a post. One set for every command and for the
/// C ABI's `rule` argument.
package enum LengthRuleOption {
  /// The names `--rule` takes, in help order.
  package static let names = ["weibo", "twitter", "utf16", "scalars", "graphemes"]

  /// The help lines for the rules.
  package static let help = """
      weibo      (default) U+0000–U+00FF count ½, other UTF-16 units 1, URLs 10, rounded up; limit 140
      twitter    twitter-text v3: 1 or 2 per code point, emoji 2, NFC first, URLs 23; limit 280
      utf16      UTF-16 units; scalars: Unicode scalars; graphemes: grapheme clusters (an emoticon counts 1)
    """

  /// The rule called `name` (nil: weibo, the default) and its measure.
  /// - Throws: ``UsageError`` naming the rules when `name` is none of them.
  package static func named(_ name: String?) throws(UsageError) -> (name: String, measure: LengthMeasure) {
    let name = name ?? "weibo"
    switch name {
    case "weibo": return (name, .weighted(.weibo))
    case "twitter": return (name, .weighted(.twitter))
    case "utf16": return (name, .utf16)
    case "scalars": return (name, .unicodeScalars)
    case "graphemes": return (name, .graphemeClusters)
    default: throw UsageError("--rule takes \(names.dropLast().joined(separator: ", ")) or graphemes, not '\(name)'")
    }
  }
}
