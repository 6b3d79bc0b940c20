import Emotext

enum RoundtripCommand: Command {
  static let name = "roundtrip"
  static let summary = "check that every post (one per line) survives tokenize → serialize byte for byte"
  static let usage = """
    usage: emotext roundtrip [--catalog PATH] [--jsonl] [--jobs N] [FILE…]

    Tokenizes each line of the files (or stdin), serializes it back and compares
    the bytes. Prints, per file, the posts, the emoticon tokens, the unknown tokens ([…] that fits the
    grammar but is not in the catalog) and the mismatches; each mismatch is named on stderr.
    A CR before the LF is part of the post. Exit status 1 when any post does not come back unchanged.

    options:
      --catalog PATH  a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded one)
    \(LineInput.optionsHelp)

    example:
      emotext roundtrip --jobs 2 Corpus/posts.txt
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let input = try LineInput.parse(&arguments)
    let tokenizer = BracketTokenizer(catalog: catalog)
    var mismatches = 0
    for path in input.paths {
      let file = LineInput(paths: [path], jsonl: input.jsonl, jobs: input.jobs)
      var posts = 0
      var tokens = 0
      var unknown = 0
      var fileMismatches = 0
      try file.forEachLine { line in
        input.text(of: line).map { tokenizer.roundTrip($0) }
      } consume: { check, path, lineNumber in
        posts += 1
        tokens += check.tokenCount
        unknown += check.unknownTokenCount
        if let offset = check.mismatchUTF8Offset {
          fileMismatches += 1
          printError("\(path == "-" ? "<stdin>" : path) line \(lineNumber): mismatch at byte \(offset)")
        }
      }
      mismatches += fileMismatches
      let name = path == "-" ? "<stdin>" : path
      print("\(name): \(posts) posts, \(tokens) tokens, \(unknown) unknown tokens, \(fileMismatches) mismatches")
    }
    return mismatches == 0 ? 0 : 1
  }
}
