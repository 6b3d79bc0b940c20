import Emotext

enum CountCommand: Command {
  static let name = "count"
  static let summary = "print the weighted length, UTF-16 units, scalars and grapheme clusters of each post"
  static let usage = """
    usage: emotext count [--catalog PATH] [--rule weibo|twitter] [--jsonl] [--jobs N] [FILE…]

    Tokenizes each line of the files (or stdin) and prints four tab-separated numbers: the weighted
    length by the rule, then UTF-16 units, Unicode scalars and grapheme clusters (an emoticon counts 1).

    rules:
      weibo     (default) U+0000–U+00FF count ½, other UTF-16 units 1, URLs 10, rounded up; limit 140
      twitter   twitter-text v3: 1 or 2 per code point, emoji 2, NFC first, URLs 23; limit 280

    options:
      --catalog PATH  a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded one)
    \(LineInput.optionsHelp)
                      (with --jsonl: {"text": …, "rule": …, "weighted": n, "utf16": n, "scalars": n, "graphemes": n})

    example:
      echo '今天好开心[哈哈]👍🏽 https://example.com' | emotext count --rule twitter
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let (ruleName, measure) = try lengthMeasure(&arguments, allowingPlainMeasures: false)
    let input = try LineInput.parse(&arguments)
    let tokenizer = BracketTokenizer(catalog: catalog)
    try input.forEachLine { line in
      input.text(of: line).map { text in
        let document = tokenizer.tokenize(text)
        let counts = [
          document.length(by: measure), document.length(by: .utf16), document.length(by: .unicodeScalars),
          document.length(by: .graphemeClusters),
        ]
        return (text, counts)
      }
    } consume: { result, _, _ in
      let (text, counts) = result
      if input.jsonl {
        StandardOutput.write(
          JSONLines.record(
            text: text,
            extra: [
              ("rule", .string(ruleName)), ("weighted", .integer(counts[0])), ("utf16", .integer(counts[1])),
              ("scalars", .integer(counts[2])), ("graphemes", .integer(counts[3])),
            ]))
      } else {
        StandardOutput.write(counts.map(String.init).joined(separator: "\t"))
      }
    }
    StandardOutput.flush()
    return 0
  }
}
