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
    let tokenizer = BracketTokenizer(catalog: catalog)
    // Note: the members after "text" are the same keys on every line, so their bytes are made once.
    let members = ["rule", "weighted", "utf16", "scalars", "graphemes"].map { key in
      var bytes = Array(",".utf8)
      JSONLines.appendString(key, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      if key == "rule" { JSONLines.appendString(rule.name, to: &bytes) }
      return bytes
    }
    return try input.answerLines { line, output throws(LineProblem) in
      let text = try input.text(of: line)
      let document = tokenizer.tokenize(text)
      let counts = (
        document.length(by: rule.measure), document.length(by: .utf16), document.length(by: .unicodeScalars),
        document.length(by: .graphemeClusters)
      )
      if input.jsonl {
        output.append(contentsOf: #"{"text":"#.utf8)
        JSONLines.appendString(text, to: &output)
        output.append(contentsOf: members[0])
        output.append(contentsOf: members[1])
        JSONLines.appendInteger(counts.0, to: &output)
        output.append(contentsOf: members[2])
        JSONLines.appendInteger(counts.1, to: &output)
        output.append(contentsOf: members[3])
        JSONLines.appendInteger(counts.2, to: &output)
        output.append(contentsOf: members[4])
        JSONLines.appendInteger(counts.3, to: &output)
        output.append(contentsOf: "}\n".utf8)
      } else {
        output.appendLine("\(counts.0)\t\(counts.1)\t\(counts.2)\t\(counts.3)")
      }
    }
  }
}
