import Emotext
import EmotextCLISupport

enum TruncateCommand: Command {
  static let name = "truncate"
  static let summary = "cut each post to a length, never inside a grapheme cluster or an emoticon"
  static let usage = """
    usage: emotext truncate [--catalog PATH] --max N [--rule NAME] [--ellipsis TEXT] [--jsonl] [--jobs N]
                            [--keep-going] [FILE… | --text TEXT…]

    Tokenizes each line (one post per line) of the files (stdin when none or '-') and prints its longest
    prefix whose length by the rule is at most N. When anything is cut, the ellipsis (default none) is
    appended and counts toward N, so it can be at most N long (else it is a usage error). A post that fits
    is printed unchanged.

    rules (--rule NAME, the same for count, truncate and compose):
    \(LengthRuleOption.help)

    options:
      --catalog PATH  a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded one)
      --max N         the longest a post may be by the rule (required)
      --rule NAME     how length is measured (default weibo; see rules above)
      --ellipsis TEXT
                      appended when something is cut (default none)
    \(LineInput.optionsHelp)

    example:
      emotext truncate --max 5 --rule graphemes --ellipsis … --text '今天好开心[哈哈]👨‍👩‍👧 真的'
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    guard let limit = try arguments.integerOption("--max", in: 0...Int(Int32.max)) else {
      throw UsageError("--max N is required")
    }
    let rule = try LengthRuleOption.parse(&arguments)
    let ellipsis = try arguments.option("--ellipsis") ?? ""
    let input = try LineInput.parse(&arguments)
    let answer = try TruncationAnswer(
      tokenizer: BracketTokenizer(catalog: catalog), limit: limit, rule: rule, ellipsis: ellipsis)
    return try input.answerLines { line, output throws(LineProblem) in
      input.appendTextLine(answer.truncated(try input.text(of: line)), to: &output)
    }
  }
}
