import Foundation
import Testing

/// Every command's `--help` and usage error, walked through the built binary: the help exits 0; its usage lines
/// and its option list name the same options with the same metavariables, in aligned columns; every option it
/// names is accepted and every other option the CLI knows is refused; a usage error is one line and a hint.
@Suite("CLI help and usage errors")
struct CLIHelpTests {
  /// The commands `emotext --help` lists.
  static let commands: [String] = {
    // Note: no binary gives no command, and `listsEveryCommand`-style tests then fail on the empty list.
    guard CLIProcess.binary != nil, let help = try? CLIProcess.run(["--help"]).stdout else { return [] }
    let listing = help.components(separatedBy: "commands:\n").last?.components(separatedBy: "\n\n").first ?? ""
    return listing.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
  }()

  /// Arguments a command needs before it reaches its options' check (truncate's required --max, catalog's
  /// subcommand), and a last argument that makes it stop right after parsing (a file that does not exist, or an
  /// argument it does not take), so no command waits for input or opens a terminal.
  static func frame(_ command: String) -> (before: [String], after: [String]) {
    switch command {
    case "truncate": (["--max", "9"], ["/nonexistent/emotext-input"])
    case "catalog": (["list"], ["unexpected"])
    case "compose", "demo": ([], ["unexpected"])
    default: ([], ["/nonexistent/emotext-input"])
    }
  }

  /// An option as the help names it: `--name` and its metavariable, if it takes a value.
  struct Option: Hashable, CustomStringConvertible {
    var name: String
    var metavariable: String?
    var description: String { name + (metavariable.map { " " + $0 } ?? "") }
  }

  /// `--name` followed by ` METAVAR` or `=METAVAR` (capitals, digits, `_`) when the option takes a value.
  static func options(in text: Substring) -> [Option] {
    var found: [Option] = []
    var rest = text[...]
    while let start = rest.range(of: "--") {
      let name = rest[start.lowerBound...].prefix { $0 == "-" || $0.isLetter || $0.isNumber }
      rest = rest[name.endIndex...]
      guard name.count > 2, name.dropFirst(2).first?.isLowercase == true else { continue }
      var metavariable: String?
      if let separator = rest.first, separator == " " || separator == "=" {
        let word = rest.dropFirst().prefix { $0.isUppercase || $0.isNumber || $0 == "_" }
        if let first = word.first, first.isUppercase,
          word.count == rest.dropFirst().prefix(while: { $0.isLetter || $0 == "_" }).count
        {
          metavariable = String(word)
        }
      }
      found.append(Option(name: String(name), metavariable: metavariable))
    }
    return found
  }

  /// The parts of a help text: its usage lines (up to the first blank line) and its option lines (indented lines
  /// that start with `--`, with the column where their description starts, nil when it is on the next line).
  struct Help {
    var synopsis: Substring
    var optionLines: [(option: Option, line: String, descriptionColumn: Int?)]
    /// Blocks of consecutive non-blank lines, for checking alignment within each.
    var blocks: [[String]]

    init(_ text: String) {
      let paragraphs = text.components(separatedBy: "\n\n")
      synopsis = paragraphs[0][...]
      optionLines = []
      blocks = paragraphs.dropFirst().map { $0.split(separator: "\n").map(String.init) }
      for line in blocks.joined() {
        let trimmed = line.drop { $0 == " " }
        guard line.hasPrefix("  "), trimmed.hasPrefix("--"), let option = CLIHelpTests.options(in: trimmed).first
        else { continue }
        let indent = line.count - trimmed.count
        let afterOption = trimmed.dropFirst(option.description.count)
        let gap = afterOption.prefix { $0 == " " }.count
        optionLines.append(
          (option, line, afterOption.isEmpty ? nil : (gap >= 2 ? indent + option.description.count + gap : -1)))
      }
    }
  }

  static func help(_ command: String) throws -> (output: CLIProcess.Output, help: Help) {
    let output = try CLIProcess.run([command, "--help"])
    return (output, Help(output.stdout))
  }

  /// Every option literal in the CLI's sources (`"--name"`), found from this file's path; empty without them.
  static let optionsInSources: Set<String> = {
    let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../../Sources/emotext")
    let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
    var names: Set<String> = []
    for file in files where file.pathExtension == "swift" {
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      for piece in text.components(separatedBy: "\"--").dropFirst() {
        let name = piece.prefix { $0.isLowercase || $0.isNumber || $0 == "-" }
        if !name.isEmpty, piece.dropFirst(name.count).first == "\"" { names.insert("--" + name) }
      }
    }
    return names.subtracting(["--help", "--version"])
  }()

  @Test func theCommandListIsFound() {
    #expect(Self.commands.count >= 12, "\(Self.commands)")
    #expect(Self.commands.contains("count") && Self.commands.contains("compose"))
  }

  @Test(arguments: commands)
  func helpExitsZeroAndItsUsageAndOptionListAgree(command: String) throws {
    let (output, help) = try Self.help(command)
    #expect(output.status == 0)
    #expect(output.stderr.isEmpty)
    #expect(output.stdout.hasPrefix("usage: emotext \(command)"))
    let synopsis = Self.options(in: help.synopsis)
    let listed = help.optionLines.map(\.option)
    // Every option of the usage lines is in the option list and the other way round, with one metavariable.
    #expect(Set(synopsis.map(\.name)) == Set(listed.map(\.name)), "\(command): usage \(synopsis), listed \(listed)")
    for option in listed {
      let spellings = Set(synopsis.filter { $0.name == option.name && $0.metavariable != nil }.map(\.metavariable))
      #expect(spellings.count <= 1, "\(command): \(option.name) is written \(spellings) in the usage")
      if let spelling = spellings.first {
        #expect(spelling == option.metavariable, "\(command): usage \(option.name) \(spelling!), listed \(option)")
      }
    }
    #expect(Set(listed).count == listed.count, "\(command): an option listed twice: \(listed)")
  }

  @Test(arguments: commands)
  func helpColumnsAlign(command: String) throws {
    let (output, help) = try Self.help(command)
    for line in output.stdout.split(separator: "\n") {
      #expect(line.count <= 110, "\(command): a help line of \(line.count) characters: \(line)")
    }
    for (option, line, column) in help.optionLines where column == -1 {
      Issue.record("\(command): \(option) is followed by one space, not a column: \(line)")
    }
    // Within one block of lines, the descriptions of options start in one column, and continuation lines
    // (indented further, not an option) start there too.
    for block in help.blocks {
      let columns = help.optionLines.filter { block.contains($0.line) }.compactMap(\.descriptionColumn)
      guard let column = columns.first else { continue }
      #expect(Set(columns).count == 1, "\(command): option descriptions start in columns \(columns): \(block)")
      for line in block where !line.drop(while: { $0 == " " }).hasPrefix("--") {
        let indent = line.prefix { $0 == " " }.count
        if indent > 2 && indent != column && !line.drop(while: { $0 == " " }).hasPrefix("(") {
          Issue.record("\(command): a continuation line starts in column \(indent), not \(column): \(line)")
        }
      }
    }
  }

  @Test(arguments: commands)
  func everyOptionInTheHelpIsAccepted(command: String) throws {
    let (_, help) = try Self.help(command)
    let (before, after) = Self.frame(command)
    for option in Set(help.optionLines.map(\.option)) {
      let value: [String] =
        switch option.metavariable {
        case nil: []
        case "N", "R", "C": ["1"]
        case "NAME": ["weibo"]
        default: ["x"]
        }
      let output = try CLIProcess.run(
        [command] + (before.first == option.name ? [] : before) + [option.name] + value + after)
      #expect(!output.stderr.contains("unknown option"), "\(command) \(option): \(output.stderr)")
      #expect(output.status != 0 || command == "demo", "\(command) \(option) ran on: \(output.stdout.prefix(200))")
    }
  }

  @Test(arguments: commands)
  func everyOtherOptionIsRefused(command: String) throws {
    #expect(Self.optionsInSources.count > 20, "the CLI's sources are not beside the tests")
    let (_, help) = try Self.help(command)
    let accepted = Set(help.optionLines.map(\.option.name))
    let (before, after) = Self.frame(command)
    for name in Self.optionsInSources.subtracting(accepted).sorted() {
      let output = try CLIProcess.run([command] + before + [name, "1"] + after)
      #expect(output.status == 2, "\(command) \(name)")
      #expect(
        output.stderr.hasPrefix("emotext \(command): unknown option '\(name)'"), "\(command) \(name): \(output.stderr)")
    }
  }

  @Test func anOptionGivenTwiceIsSaidToBe() throws {
    let output = try CLIProcess.run(["truncate", "--max", "1", "--max", "2", "--text", "a"])
    #expect(output.status == 2)
    #expect(output.stderr.hasPrefix("emotext truncate: --max is given more than once\n"))
  }

  @Test(arguments: commands)
  func aUsageErrorIsOneLineAndAHint(command: String) throws {
    let (before, _) = Self.frame(command)
    let output = try CLIProcess.run([command] + before + ["--no-such-option"])
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    #expect(
      output.stderr == """
        emotext \(command): unknown option '--no-such-option'
        run 'emotext \(command) --help' for usage

        """)
  }
}
