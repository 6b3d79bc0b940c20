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

  init(_ arguments: [String]) { remaining = arguments }

  /// Removes `--name` and says whether it was there.
  mutating func flag(_ name: String) -> Bool {
    guard let index = remaining.firstIndex(of: name) else { return false }
    remaining.remove(at: index)
    return true
  }

  /// Removes `--name VALUE` or `--name=VALUE` and returns the value.
  mutating func option(_ name: String) throws(UsageError) -> String? {
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
        throw UsageError("unknown option '\(argument)'")
      } else {
        result.append(argument)
      }
    }
    remaining = []
    return result
  }
}
