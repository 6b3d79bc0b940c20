import Emotext

/// The length rules by the names `--rule` and the edit protocol's `limit` take: one list for every command.
package enum LengthRuleNames {
  /// The names, in help order.
  package static let names = ["weibo", "twitter", "utf16", "scalars", "graphemes"]

  /// The measure named `name`, or nil for a name not in ``names``.
  package static func measure(named name: String) -> LengthMeasure? {
    switch name {
    case "weibo": .weighted(.weibo)
    case "twitter": .weighted(.twitter)
    case "utf16": .utf16
    case "scalars": .unicodeScalars
    case "graphemes": .graphemeClusters
    default: nil
    }
  }

  /// "weibo, twitter, utf16, scalars or graphemes".
  package static var list: String { names.dropLast().joined(separator: ", ") + " or " + names.last! }
}
