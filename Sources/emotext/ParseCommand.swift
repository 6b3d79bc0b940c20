import Emotext
import EmotextCLISupport

enum ParseCommand: Command {
  static let name = "parse"
  static let summary = "tokenize post text and print its runs, one line per run (or --json)"
  static let usage = """
    usage: emotext parse [--catalog PATH] [--json] [--entities [--links RULES]] [--jsonl] [--jobs N]
                         [--keep-going] [FILE… | --text TEXT…]

    Tokenizes each line (one post per line) of the files (stdin when none or '-') and prints one line
    per run: text "…" (JSON-escaped) or emoticon "[哈哈]" (with code "…" when the spelling is an alias).
    Posts are separated by an empty line.

    options:
      --json          print each post as the document JSON, one per line
      --entities      mark mentions, topics and links by Weibo's rules (links: see --links):
                      "entity": "mention" | "topic" | "link" in the JSON, entity … in the listing
    \(LinkRulesOption.help(column: 16))
      --catalog PATH  a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded one)
    \(LineInput.optionsHelp)
                      (with --jsonl each output line is {"text": post, "version": 1, "runs": […]})

    example:
      emotext parse --text '今天好开心[哈哈][愛你] //@某人:[抓狂[兔子]]'
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let json = arguments.flag("--json")
    let entities = arguments.flag("--entities")
    let links = try LinkRulesOption.parse(&arguments)
    if links.isGiven && !entities { throw UsageError("--links goes with --entities") }
    let input = try LineInput.parse(&arguments)
    let answer = DocumentAnswer(
      tokenizer: BracketTokenizer(catalog: catalog), entityURLs: entities ? links.finder : nil)
    return try input.answerNumberedLines { line, sourceIndex, lineNumber, output throws(LineProblem) in
      let text = try input.text(of: line)
      if input.jsonl {
        answer.appendRecord(of: text, to: &output)
        output.append(UInt8(ascii: "\n"))
      } else if json {
        answer.appendDocumentJSON(of: text, to: &output)
        output.append(UInt8(ascii: "\n"))
      } else {
        if sourceIndex > 0 || lineNumber > 1 { output.append(UInt8(ascii: "\n")) }
        for line in answer.document(of: text).runListing { output.appendLine(line) }
      }
    }
  }
}
