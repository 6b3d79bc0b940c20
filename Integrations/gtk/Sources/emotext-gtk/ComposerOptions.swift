import Emotext
import Foundation

/// `emotext-gtk [--catalog PATH] [--rule NAME] [--limit N] [--recents FILE]`, with `emotext compose`'s defaults.
struct ComposerOptions {
  static let usage = "usage: emotext-gtk [--catalog PATH] [--rule NAME] [--limit N] [--recents FILE]"

  var catalog: EmoticonCatalog = .default
  var measure: LengthMeasure = .weighted(.weibo)
  var limit = 140
  var recentsPath: String

  /// Parses `arguments` (without the program name); throws a message for the user on a bad one.
  init(arguments: [String], environment: [String: String]) throws(OptionError) {
    var values: [String: String] = [:]
    var index = 0
    while index < arguments.count {
      let name = arguments[index]
      guard ["--catalog", "--rule", "--limit", "--recents"].contains(name) else {
        throw OptionError("unexpected argument '\(name)'")
      }
      guard index + 1 < arguments.count else { throw OptionError("\(name) needs a value") }
      values[name] = arguments[index + 1]
      index += 2
    }
    if let path = values["--catalog"] {
      do { catalog = try EmoticonCatalog(contentsOf: path) } catch {
        throw OptionError("cannot load catalog \(path): \(error)")
      }
    }
    let rule = values["--rule"] ?? "weibo"
    switch rule {
    case "weibo": measure = .weighted(.weibo)
    case "twitter": measure = .weighted(.twitter)
    case "utf16": measure = .utf16
    case "scalars": measure = .unicodeScalars
    case "graphemes": measure = .graphemeClusters
    default: throw OptionError("unknown rule '\(rule)' (weibo, twitter, utf16, scalars or graphemes)")
    }
    limit = rule == "twitter" ? 280 : 140
    if let text = values["--limit"] {
      guard let value = Int(text), (1...1_000_000).contains(value) else {
        throw OptionError("--limit must be an integer in 1...1000000, not '\(text)'")
      }
      limit = value
    }
    recentsPath = values["--recents"] ?? Self.defaultRecentsPath(environment: environment)
  }

  /// `$XDG_STATE_HOME/emotext/recents.json`, else `~/.local/state/emotext/recents.json`, as `emotext compose`.
  static func defaultRecentsPath(environment: [String: String]) -> String {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/emotext/recents.json" }
    return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state/emotext/recents.json"
  }
}

/// A bad command line, said to the user.
struct OptionError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
