import Emotext
import EmotextCLISupport

enum RoundtripCommand: Command {
  static let name = "roundtrip"
  static let summary = "check that every post (one per line) survives tokenize → serialize byte for byte"
  static let usage = """
    usage: emotext roundtrip [--catalog PATH] [--jsonl] [--jobs N] [--keep-going] [FILE… | --text TEXT…]

    Tokenizes each line (one post per line) of the files (stdin when none or '-'), serializes it back
    and compares the bytes. Prints, per file, the posts, the emoticon tokens, the unknown tokens ([…]
    that fits the grammar but is not in the catalog) and the mismatches; each mismatch is named on
    stderr as FILE:LINE:COLUMN. A CR before the LF is part of the post. A file that cannot be read (or
    holds invalid UTF-8) is reported and the next one is checked. Exit status 1 when any post does not
    come back unchanged or any file could not be checked. With --jsonl, each file's summary is one JSON
    object: {"file": …, "posts": n, "tokens": n, "unknownTokens": n, "mismatches": n}. A line that is not
    a {"text": …} record stops its file, or with --keep-going is named on stderr and skipped.

    options:
      --catalog PATH  a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded one)
    \(LineInput.optionsHelp)

    example:
      emotext roundtrip --jobs 2 Corpus/posts.txt
    """

  /// What one batch of lines came to.
  private struct Tally: Sendable {
    var posts = 0
    var tokens = 0
    var unknown = 0
    var mismatches = 0
    /// The mismatches and the lines that could not be checked, in line order (a problem without `--keep-going`
    /// ends the batch).
    var findings: [(line: Int, finding: Finding)] = []
  }

  /// What was found on one line.
  private enum Finding: Sendable {
    case mismatch(utf8Offset: Int)
    case problem(LineProblem)
  }

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let input = try LineInput.parse(&arguments)
    let tokenizer = BracketTokenizer(catalog: catalog)
    var failed = false
    for source in input.sources {
      var total = Tally()
      var name = "--text"
      do {
        var lines = try LineInput.open(source)
        name = lines.name
        try OrderedBatches.map(&lines, jobs: input.jobs) { (lines: [String], firstLineNumber: Int) -> Tally in
          var tally = Tally()
          for (index, line) in lines.enumerated() {
            let check: RoundTripCheck
            do throws(LineProblem) {
              check = tokenizer.roundTrip(try input.text(of: line))
            } catch {
              tally.findings.append((firstLineNumber + index, .problem(error)))
              if input.keepGoing { continue } else { break }
            }
            tally.posts += 1
            tally.tokens += check.tokenCount
            tally.unknown += check.unknownTokenCount
            if let offset = check.mismatchUTF8Offset {
              tally.mismatches += 1
              tally.findings.append((firstLineNumber + index, .mismatch(utf8Offset: offset)))
            }
          }
          return tally
        } consume: { (tally: Tally, _: Int) -> Bool in
          total.posts += tally.posts
          total.tokens += tally.tokens
          total.unknown += tally.unknown
          total.mismatches += tally.mismatches
          for (line, finding) in tally.findings {
            switch finding {
            case .mismatch(let utf8Offset):
              printError("\(BatchLocation(file: name, line: line, utf8Offset: utf8Offset)): mismatch")
            case .problem(let problem):
              let error = BatchError(
                BatchLocation(file: name, line: line, utf8Offset: problem.utf8Offset), problem.message)
              guard input.keepGoing else { throw error }
              printError("emotext roundtrip: \(error)")
              failed = true
            }
          }
          return true
        }
      } catch {
        printError("emotext roundtrip: \(error)")
        failed = true
        if total.posts == 0 { continue }
      }
      failed = failed || total.mismatches != 0
      let file = BatchLocation.displayName(of: name)
      if input.jsonl {
        StandardOutput.write(
          JSONValue.object([
            ("file", .string(file)), ("posts", .integer(total.posts)), ("tokens", .integer(total.tokens)),
            ("unknownTokens", .integer(total.unknown)), ("mismatches", .integer(total.mismatches)),
          ]).serialized)
      } else {
        StandardOutput.write(
          "\(file): \(counted(total.posts, "post")), \(counted(total.tokens, "token")), "
            + "\(counted(total.unknown, "unknown token")), \(total.mismatches == 1 ? "1 mismatch" : "\(total.mismatches) mismatches")"
        )
      }
    }
    return failed ? 1 : 0
  }
}
