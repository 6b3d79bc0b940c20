import Emotext
import EmotextCLISupport
import Foundation

enum EditCommand: Command {
  static let name = "edit"
  static let summary = "apply editing commands (JSON Lines on stdin) and print the state after each"
  static let usage = """
    usage: emotext edit [--catalog PATH] [FILE… | --text COMMAND…]

    Reads one JSON command per line from the files (stdin when none or '-') and prints one JSON object
    per command on stdout, as soon as it is applied. Blank lines are skipped (and still counted in the
    line numbers of errors).

    options:
      --catalog PATH   a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded catalog)
      --text COMMAND   COMMAND is one input line, as if read from a file (repeatable; instead of FILEs)

    commands:
      {"insert": "text"}            type text over the selection (commits marked text)
      {"emoticon": "[哈哈]"}         insert an emoticon by code or alias
      {"backspace": N}              press Backspace N times
      {"delete": N}                 press forward Delete N times
      {"select": [location, length]} select a UTF-16 range (snapped to whole clusters)
      {"move": "left"|"right"|"start"|"end"}
      {"undo": N}   {"redo": N}
      {"mode": "platform"|"graphemeCluster"}   what Backspace removes
      {"mark": "ni hao", "selected": [location, length]}
                                    set an input method's marked text ("selected" optional, inside it;
                                    default: the caret at its end)
      {"unmark": true}              commit the marked text
      {"deleteSurrounding": [before, after]}            Android's deleteSurroundingText (UTF-16 units)
      {"deleteSurroundingCodePoints": [before, after]}  the same in code points
      {"complete": "[哈哈]"}         replace the partial [emoticon, @mention or #topic before the caret
                                    (a code or alias; a name for a mention or topic)
      {"limit": {"rule": "weibo", "maximum": 140, "enforcement": "truncateAfterComposition"}}
                                    a length limit (rule: weibo, twitter, utf16, scalars or graphemes;
                                    enforcement optional: truncateAfterComposition, enforced or none);
                                    {"limit": null} removes it
      {"entityDeletion": "whole"|"characters"}  Backspace/Delete next to a @mention or #topic# removes it whole
      {"copy": true}   {"cut": true}              the selection onto the clipboard
      {"paste": {"text": "…"}}   {"paste": {"html": "…"}}   {"paste": {"json": {document JSON}}}

    output per line:
      {"text": …, "selection": [location, length], "utf16Length": n, "graphemes": n, "runs": [...],
       "change": [location, replacedLength, insertedLength] or null}
      plus "marked": [location, length] while text is marked, "completion": {"kind": …, "range": […],
      "query": …} after a partial emoticon, mention or topic, "limit": {"length": n, "maximum": m} while a
      limit is set, and "clipboard": {"text": …, "html": …, "json": {…}} after copy or cut
      {"error": "…", "line": n}     the line was not applied; the document is unchanged

    Exit status: 0 when every line applied, 1 when any failed. Input that is not UTF-8, or a line
    over 16 MiB, stops with an error naming it as FILE:LINE:COLUMN (exit 1). A FILE must be a regular
    file of at most \(EditScript.maximumFileByteCount >> 20) MiB (a FIFO, a device or a larger file is refused
    before it is read); stdin is read as a stream of any length.

    example:
      emotext edit --text '{"insert": "好开心"}' --text '{"emoticon": "[哈哈]"}' --text '{"backspace": 1}'
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let input = try LineInput.parse(&arguments, batchOptions: false)
    var script = EditScript(catalog: catalog)
    for source in input.sources {
      do throws(BatchError) {
        // Note: not readLine, which replaces invalid UTF-8 silently and has no line length limit.
        var lines = try LineInput.open(source, maximumFileUTF8Count: EditScript.maximumFileByteCount)
        while let batch = try lines.nextBatch(maxLines: 1) {
          for line in batch {
            guard let answer = script.answer(line) else { continue }
            StandardOutput.write(answer)
            // Note: a host driving the editor through a pipe reads each answer before it writes the next line.
            StandardOutput.flush()
          }
        }
      } catch {
        throw CommandFailure(error.description)
      }
    }
    return script.hasFailed ? 1 : 0
  }
}
