import Emotext
import EmotextCLISupport
import Foundation

/// `--links weibo|twitter`: which rules find links when `parse --entities` and `render` recognize entities.
enum LinkRulesOption {
  /// The help lines, the description starting `column` characters after the option's start.
  static func help(column: Int) -> String {
    let option = "--links RULES".padding(toLength: column, withPad: " ", startingAt: 0)
    let indent = String(repeating: " ", count: column + 2)
    return "  \(option)the link rules: weibo (default: http(s):// links only) or twitter (twitter-text's,\n"
      + "\(indent)bare domains such as example.com included)"
  }

  /// Removes `--links RULES` and returns its URL finder and whether the option was given.
  static func parse(_ arguments: inout Arguments) throws(UsageError) -> (finder: URLFinder, isGiven: Bool) {
    guard let name = try arguments.option("--links") else { return (.weibo, false) }
    return (try LinkRuleNames.finder(named: name), true)
  }
}
