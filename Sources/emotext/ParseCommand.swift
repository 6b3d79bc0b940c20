import Emotext

enum ParseCommand: Command {
  static let name = "parse"
  static let summary = "tokenize post text and print its runs, one line per run (or --json)"
  static let usage = """
    usage: emotext parse [--catalog PATH] [--json] [--entities] [--jsonl] [--jobs N] [TEXT]

    Tokenizes TEXT, or each line of stdin as one post, and prints one line per
    run: text "…" (JSON-escaped) or emoticon "[哈哈]" (with code "…" when the spelling is an alias).
    Posts read from stdin are separated by an empty line.

    options:
      --json          print each post as the document JSON, one per line
      --entities      mark mentions, topics and links by Weibo's rules (links: http(s):// only):
                      "entity": "mention" | "topic" | "link" in the JSON, entity … in the listing
      --catalog PATH  a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded one)
    \(LineInput.optionsHelp)
                      (with --jsonl each output line is {"text": post, "version": 1, "runs": […]})

    example:
      emotext parse '今天好开心[哈哈][愛你] //@某人:[抓狂[兔子]]'
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let json = arguments.flag("--json")
    let entities = arguments.flag("--entities")
    let input = try LineInput.parse(&arguments)
    let tokenizer = BracketTokenizer(catalog: catalog)
    let parse: @Sendable (String) -> RichText = { text in
      entities ? tokenizer.tokenize(text).recognizingEntities() : tokenizer.tokenize(text)
    }
    if input.paths != ["-"] {
      guard input.paths.count == 1 else { throw UsageError("parse takes one TEXT argument") }
      let document = parse(input.paths[0])
      print(json ? document.documentJSON.serialized : document.runListing.joined(separator: "\n"))
      return 0
    }
    var first = true
    try input.forEachLine { line in
      input.text(of: line).map { text in (text, parse(text)) }
    } consume: { pair, _, _ in
      let (text, document) = pair
      if input.jsonl {
        guard case .object(let members) = document.documentJSON else { return }
        StandardOutput.write(JSONValue.object([("text", .string(text))] + members).serialized)
      } else if json {
        StandardOutput.write(document.documentJSON.serialized)
      } else {
        if !first { StandardOutput.write("") }
        first = false
        for line in document.runListing { StandardOutput.write(line) }
      }
    }
    StandardOutput.flush()
    return 0
  }
}
