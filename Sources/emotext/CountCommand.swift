import Emotext
import EmotextCLISupport

enum CountCommand: Command {
  static let name = "count"
  static let summary = "print the length by a rule, UTF-16 units, scalars and grapheme clusters of each post"
  static let usage = """
    usage: emotext count [--catalog PATH] [--rule NAME] [--header] [--jsonl] [--jobs N] [--keep-going]
                         [FILE… | --text TEXT…]

    Tokenizes each line (one post per line) of the files (stdin when none or '-') and prints four
    tab-separated numbers: the length by the rule, then UTF-16 units, Unicode scalars and grapheme
    clusters (an emoticon counts 1). --header first prints a row naming the columns, the rule's
    column by its name: weibo, utf16, scalars, graphemes.

    rules (--rule NAME, the same for count, truncate and compose):
    \(LengthRuleOption.help)

    options:
      --catalog PATH  a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded one)
      --rule NAME     the rule of the first number (default weibo; see rules above)
      --header        print a header row naming the columns first (not with --jsonl)
    \(LineInput.optionsHelp)
                      (with --jsonl: {"text": …, "rule": …, "weighted": n, "utf16": n, "scalars": n,
                      "graphemes": n})

    example:
      emotext count --rule twitter --text '今天好开心[哈哈]👍🏽 https://example.com'
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let rule = try LengthRuleOption.parse(&arguments)
    let header = arguments.flag("--header")
    let input = try LineInput.parse(&arguments)
    if header {
      guard !input.jsonl else { throw UsageError("--header goes without --jsonl (JSON names every number)") }
      StandardOutput.write([rule.name, "utf16", "scalars", "graphemes"].joined(separator: "\t"))
    }
    let answer = CountAnswer(tokenizer: BracketTokenizer(catalog: catalog), rule: rule)
    return try input.answerUTF8Lines { line, output throws(LineProblem) in
      func answerText(_ text: UnsafeBufferPointer<UInt8>) {
        if input.jsonl {
          answer.appendRecord(ofValidUTF8: text, to: &output)
          output.append(UInt8(ascii: "\n"))
        } else {
          let counts = answer.counts(ofValidUTF8: text)
          output.appendLine("\(counts.weighted)\t\(counts.utf16)\t\(counts.scalars)\t\(counts.graphemes)")
        }
      }
      // Note: the usual line (valid UTF-8; with --jsonl a record with no escape) is counted from its bytes, with no
      // string made; any other line is read, or rejected, as before.
      if let text = input.validPlainText(ofUTF8: line) { return answerText(text) }
      var text = try input.text(ofUTF8: line)
      text.withUTF8 { answerText($0) }
    }
  }
}
