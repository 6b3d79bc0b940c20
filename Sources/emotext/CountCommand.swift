import Emotext
import EmotextCLISupport

enum CountCommand: Command {
  static let name = "count"
  static let summary = "print the length by a rule, UTF-16 units, scalars and grapheme clusters of each post"
  static let usage = """
    usage: emotext count [--catalog PATH] [--rule NAME] [--jsonl] [--jobs N] [FILE… | --text TEXT…]

    Tokenizes each line (one post per line) of the files (stdin when none or '-') and prints four
    tab-separated numbers: the length by the rule, then UTF-16 units, Unicode scalars and grapheme
    clusters (an emoticon counts 1).

    rules (--rule NAME, the same for count, truncate and compose):
    \(LengthRuleOption.help)

    options:
      --catalog PATH  a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded one)
    \(LineInput.optionsHelp)
                      (with --jsonl: {"text": …, "rule": …, "weighted": n, "utf16": n, "scalars": n, "graphemes": n})

    example:
      emotext count --rule twitter --text '今天好开心[哈哈]👍🏽 https://example.com'
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let answer = try CountAnswer(
      tokenizer: BracketTokenizer(catalog: catalog), ruleName: try arguments.option("--rule"))
    let input = try LineInput.parse(&arguments)
    try input.answerLines { line, output throws(LineProblem) in
      let text = try input.text(of: line)
      if input.jsonl {
        answer.appendRecord(of: text, to: &output)
        output.append(UInt8(ascii: "\n"))
      } else {
        let counts = answer.counts(of: text)
        output.appendLine("\(counts.weighted)\t\(counts.utf16)\t\(counts.scalars)\t\(counts.graphemes)")
      }
    }
    return 0
  }
}
