import Emotext

enum TruncateCommand: Command {
  static let name = "truncate"
  static let summary = "cut each post to a length, never inside a grapheme cluster or an emoticon"
  static let usage = """
    usage: emotext truncate [--catalog PATH] --max N [--rule weibo|twitter|utf16|scalars|graphemes] [--ellipsis TEXT]
                            [--jsonl] [--jobs N] [FILE…]

    Tokenizes each line of the files (or stdin) and prints its longest prefix whose length by the rule
    (default weibo; see `emotext count --help`) is at most N. When anything is cut, TEXT (default none)
    is appended and counts toward N. A post that fits is printed unchanged.

    options:
      --catalog PATH  a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded one)
    \(LineInput.optionsHelp)

    example:
      echo '今天好开心[哈哈]👨‍👩‍👧 真的' | emotext truncate --max 6 --rule graphemes --ellipsis …
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    guard let limit = try arguments.integerOption("--max", in: 0...Int(Int32.max)) else {
      throw UsageError("--max N is required")
    }
    let (_, measure) = try lengthMeasure(&arguments, allowingPlainMeasures: true)
    let ellipsis = try arguments.option("--ellipsis") ?? ""
    let input = try LineInput.parse(&arguments)
    let tokenizer = BracketTokenizer(catalog: catalog)
    try input.forEachLine { line in
      input.text(of: line).map {
        tokenizer.tokenize($0).truncated(toFit: limit, by: measure, ellipsis: ellipsis).postText
      }
    } consume: { text, _, _ in
      StandardOutput.write(input.jsonl ? JSONLines.record(text: text) : text)
    }
    StandardOutput.flush()
    return 0
  }
}
