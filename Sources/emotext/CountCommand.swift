import Emotext

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
    let rule = try LengthRuleOption.parse(&arguments)
    let input = try LineInput.parse(&arguments)
    let tokenizer = BracketTokenizer(catalog: catalog)
    let ruleName = JSONValue.string(rule.name)
    try input.answerLines { line, output throws(LineProblem) in
      let text = try input.text(of: line)
      let document = tokenizer.tokenize(text)
      let counts = [
        document.length(by: rule.measure), document.length(by: .utf16), document.length(by: .unicodeScalars),
        document.length(by: .graphemeClusters),
      ]
      if input.jsonl {
        JSONLines.appendRecord(
          text: text,
          extra: [
            ("rule", ruleName), ("weighted", .integer(counts[0])), ("utf16", .integer(counts[1])),
            ("scalars", .integer(counts[2])), ("graphemes", .integer(counts[3])),
          ], to: &output)
        output.append(UInt8(ascii: "\n"))
      } else {
        output.appendLine(counts.map(String.init).joined(separator: "\t"))
      }
    }
    return 0
  }
}
