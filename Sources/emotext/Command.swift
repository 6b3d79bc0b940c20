import EmotextCLISupport
import Foundation

/// One `emotext` subcommand: parses its own arguments and calls the library.
protocol Command {
  /// The word after `emotext`.
  static var name: String { get }
  /// One line for `emotext --help`.
  static var summary: String { get }
  /// The full `--help` text.
  static var usage: String { get }
  /// Runs the command and returns the exit status.
  static func run(_ arguments: inout Arguments) throws -> Int32
}

/// The arguments after the subcommand, consumed as they are recognized.
struct Arguments {
  private var remaining: [String]
  /// The options the command has asked for so far, for suggesting one in place of an unknown option.
  private var known: [String] = []

  init(_ arguments: [String]) { remaining = arguments }

  /// Removes `--name` and says whether it was there.
  mutating func flag(_ name: String) -> Bool {
    known.append(name)
    guard let index = remaining.firstIndex(of: name) else { return false }
    remaining.remove(at: index)
    return true
  }

  /// Removes `--name VALUE` or `--name=VALUE` and returns the value.
  mutating func option(_ name: String) throws(UsageError) -> String? {
    known.append(name)
    if let index = remaining.firstIndex(where: { $0.hasPrefix(name + "=") }) {
      let value = String(remaining[index].dropFirst(name.count + 1))
      remaining.remove(at: index)
      return value
    }
    guard let index = remaining.firstIndex(of: name) else { return nil }
    guard index + 1 < remaining.count else { throw UsageError("\(name) needs a value") }
    let value = remaining[index + 1]
    remaining.removeSubrange(index...(index + 1))
    return value
  }

  /// Removes `--name N` and returns N, which must be a whole number in `range`.
  mutating func integerOption(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = try option(name) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw UsageError("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return value
  }

  /// The remaining arguments, which must all be positional (`--` ends the options).
  mutating func positionals() throws(UsageError) -> [String] {
    var result: [String] = []
    var optionsEnded = false
    for argument in remaining {
      if !optionsEnded && argument == "--" {
        optionsEnded = true
      } else if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
        let name = String(argument.prefix { $0 != "=" })
        if known.contains(name) { throw UsageError("\(name) is given more than once") }
        let suggestion = nearest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError("unknown option '\(argument)'\(suggestion)")
      } else {
        result.append(argument)
      }
    }
    remaining = []
    return result
  }
}

/// The candidate nearest to `word` by edit distance (insertions, deletions, substitutions), when it is close:
/// at most 2 edits and fewer than half the word's length; nil otherwise.
func nearest(to word: String, among candidates: [String]) -> String? {
  let scored = candidates.map { ($0, editDistance(Array(word), Array($0))) }
  guard let (best, distance) = scored.min(by: { $0.1 < $1.1 }), distance <= 2, distance * 2 < word.count else {
    return nil
  }
  return best
}

/// The Levenshtein distance between two character arrays.
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  var previous = Array(0...b.count)
  for (i, x) in a.enumerated() {
    var current = [i + 1] + Array(repeating: 0, count: b.count)
    for (j, y) in b.enumerated() {
      current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
    }
    previous = current
  }
  return previous[b.count]
}
