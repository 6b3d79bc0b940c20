import EmotextCLISupport
import Foundation

/// Every subcommand, in the order `emotext --help` lists them.
let commands: [any Command.Type] = [
  DemoCommand.self,
  EditCommand.self,
  RenderCommand.self,
  ComposeCommand.self,
  CatalogCommand.self,
  ParseCommand.self,
  SerializeCommand.self,
  RoundtripCommand.self,
  CountCommand.self,
  TruncateCommand.self,
  EncodeEmojiCommand.self,
  DecodeEmojiCommand.self,
]

@MainActor func mainUsage() -> String {
  let width = commands.map { $0.name.count }.max() ?? 0
  let lines = commands.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
  return """
    usage: emotext <command> [options]

    Mixes emoticons into text: tokenizes, edits, counts, serializes and renders Weibo-style post text.
    Without --catalog, every command uses the embedded default catalog.

    commands:
    \(lines.joined(separator: "\n"))

    Every line-oriented command reads the FILEs given (stdin when none, or '-'), one post per line, or
    the lines given with --text TEXT; messages about input say where as FILE:LINE:COLUMN.

    Run 'emotext <command> --help' (or 'emotext help <command>') for a command's options;
    'emotext --version' prints the version.
    """
}

@MainActor func runMain() -> Int32 {
  var words = Array(CommandLine.arguments.dropFirst())
  guard let name = words.first else {
    printError(mainUsage())
    return 2
  }
  if name == "--version" {
    StandardOutput.write("emotext \(emotextVersion)")
    StandardOutput.flush()
    return 0
  }
  if name == "--help" || name == "-h" || name == "help" {
    // Note: `emotext help CMD` is `emotext CMD --help`.
    if name == "help", words.count > 1 {
      guard let command = commands.first(where: { $0.name == words[1] }) else { return unknownCommand(words[1]) }
      StandardOutput.commandName = "emotext \(command.name)"
      StandardOutput.write(command.usage)
    } else {
      StandardOutput.write(mainUsage())
    }
    StandardOutput.flush()
    return 0
  }
  guard let command = commands.first(where: { $0.name == name }) else { return unknownCommand(name) }
  words.removeFirst()
  StandardOutput.commandName = "emotext \(name)"
  if words.contains("--help") || words.contains("-h") {
    StandardOutput.write(command.usage)
    StandardOutput.flush()
    return 0
  }
  var arguments = Arguments(words)
  // Note: the output is flushed (a write error reported, exit 1) before the status is returned or an error printed.
  do {
    let status = try command.run(&arguments)
    StandardOutput.flush()
    return status
  } catch let error as UsageError {
    StandardOutput.flush()
    printError("emotext \(name): \(error.message)\nrun 'emotext \(name) --help' for usage")
    return 2
  } catch let error as CommandFailure {
    StandardOutput.flush()
    printError("emotext \(name): \(error.message)")
    return error.status
  } catch {
    StandardOutput.flush()
    printError("emotext \(name): \(error)")
    return 1
  }
}

/// Says that `name` is no command (suggesting the nearest one) and returns exit status 2.
@MainActor func unknownCommand(_ name: String) -> Int32 {
  let suggestion = nearest(to: name, among: commands.map { $0.name }).map { "; did you mean '\($0)'?" } ?? ""
  printError("emotext: unknown command '\(name)'\(suggestion)\nrun 'emotext --help' for usage")
  return 2
}

exit(runMain())
