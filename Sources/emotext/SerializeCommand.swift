import Emotext
import EmotextCLISupport

enum SerializeCommand: Command {
  static let name = "serialize"
  static let summary = "turn document JSON (one per line) back into post text"
  static let usage = """
    usage: emotext serialize [--catalog PATH] [--nfc] [--jsonl] [--jobs N] [--keep-going]
                             [FILE… | --text TEXT…]

    Reads one document per line ({"version": 1, "runs": […]}, as `emotext parse --json` writes it) from
    the files (stdin when none or '-'), or given as --text TEXT, and prints its post text. Text is
    written exactly as stored unless --nfc is given. A post containing a line break spans several
    output lines; use --jsonl to keep one per line.

    options:
      --nfc           put the text in Unicode Normalization Form C (ICU)
      --catalog PATH  a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded one)
    \(LineInput.optionsHelp)
                      (with --jsonl the input lines are still documents; each output is {"text": post})

    example:
      emotext parse --json --text '好[哈哈]' | emotext serialize
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let answer = PostTextAnswer(catalog: catalog, nfc: arguments.flag("--nfc"))
    let input = try LineInput.parse(&arguments)
    return try input.answerLines { line, output throws(LineProblem) in
      input.appendTextLine(try answer.postText(ofDocumentJSON: line), to: &output)
    }
  }
}
