import Emotext
import Foundation

enum EditCommand: Command {
  static let name = "edit"
  static let summary = "apply editing commands (JSON Lines on stdin) and print the state after each"
  static let usage = """
    usage: emotext edit [--catalog PATH] < commands.jsonl

    Reads one JSON command per line from stdin and prints one JSON object per command on stdout.
    --catalog PATH   a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded catalog)

    commands:
      {"insert": "text"}            type text over the selection
      {"emoticon": "[哈哈]"}         insert an emoticon by code or alias
      {"backspace": N}              press Backspace N times
      {"delete": N}                 press forward Delete N times
      {"select": [location, length]} select a UTF-16 range (snapped to whole clusters)
      {"move": "left"|"right"|"start"|"end"}
      {"undo": N}   {"redo": N}
      {"mode": "platform"|"graphemeCluster"}   what Backspace removes

    output per line:
      {"text": …, "selection": [location, length], "utf16Length": n, "graphemes": n, "runs": [...]}
      {"error": "…", "line": n}     the line was not applied; the document is unchanged

    Exit status: 0 when every line applied, 1 when any failed. Input that is not UTF-8, or a line
    over 16 MiB, stops with an error naming the line and byte offset (exit 1).

    example:
      printf '%s\\n' '{"insert": "好开心"}' '{"emoticon": "[哈哈]"}' '{"backspace": 1}' | emotext edit
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    _ = try arguments.positionals().first.map { throw UsageError("unexpected argument '\($0)'") }
    var script = EditScript(catalog: catalog)
    // Note: not readLine, which replaces invalid UTF-8 silently and has no line length limit.
    var input = LineSource.standardInput()
    do {
      while let lines = try input.nextBatch(maxLines: 1) {
        for line in lines {
          print(script.apply(line))
          // Note: a host driving the editor through a pipe reads each answer before it writes the next line.
          fflush(nil)
        }
      }
    } catch {
      throw CommandFailure(error.description)
    }
    return script.hasFailed ? 1 : 0
  }
}
