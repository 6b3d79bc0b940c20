import Emotext
import EmotextCLISupport

/// Reads `--prefix`, `--separator` and `--suffix` into an escaping format.
private func escaping(_ arguments: inout Arguments) throws(UsageError) -> EmojiEscapeAnswer {
  try EmojiEscapeAnswer(
    prefix: try arguments.option("--prefix"), separator: try arguments.option("--separator"),
    suffix: try arguments.option("--suffix"))
}

private let formatHelp = """
    --prefix TEXT     what starts an escape (default "[emoji:")
    --separator TEXT  between the scalars of one cluster (default "-")
    --suffix TEXT     what ends an escape (default "]")
  """

enum EncodeEmojiCommand: Command {
  static let name = "encode-emoji"
  static let summary = "write each grapheme cluster above the BMP as an escape like [emoji:1f600]"
  static let usage = """
    usage: emotext encode-emoji [--prefix TEXT] [--separator TEXT] [--suffix TEXT] [--jsonl] [--jobs N]
                                [--keep-going] [FILE… | --text TEXT…]

    For storage that only takes the BMP (MySQL utf8), one post per line of the files (stdin when none
    or '-'): each grapheme cluster holding a scalar above U+FFFF becomes one escape of all its scalars in
    hex, so ZWJ sequences and flags stay whole. Text that already contains the prefix gets the prefix's
    first character escaped ("[" → "[emoji:5b]"), so decode-emoji gives back exactly the input.

    escape format:
    \(formatHelp)

    options:
    \(LineInput.optionsHelp)

    example:
      emotext encode-emoji --text '一家👨‍👩‍👧 🇨🇳'      # 一家[emoji:1f468-200d-1f469-200d-1f467] [emoji:1f1e8-1f1f3]
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let format = try escaping(&arguments)
    let input = try LineInput.parse(&arguments)
    return try input.answerLines { line, output throws(LineProblem) in
      input.appendTextLine(format.encoded(try input.text(of: line)), to: &output)
    }
  }
}

enum DecodeEmojiCommand: Command {
  static let name = "decode-emoji"
  static let summary = "turn escapes written by encode-emoji back into the original text"
  static let usage = """
    usage: emotext decode-emoji [--prefix TEXT] [--separator TEXT] [--suffix TEXT] [--jsonl] [--jobs N]
                                [--keep-going] [FILE… | --text TEXT…]

    Replaces every escape (prefix, hex scalars joined by the separator, suffix) with its scalars, one post
    per line of the files (stdin when none or '-'). A prefix that does not start a well-formed escape is
    an error naming the file, line and byte column (FILE:LINE:COLUMN).

    escape format:
    \(formatHelp)

    options:
    \(LineInput.optionsHelp)

    example:
      emotext decode-emoji --text '一家[emoji:1f468-200d-1f469-200d-1f467]'
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let format = try escaping(&arguments)
    let input = try LineInput.parse(&arguments)
    return try input.answerLines { line, output throws(LineProblem) in
      let decoded = try format.decoded(try input.text(of: line), inRecord: input.jsonl)
      input.appendTextLine(decoded, to: &output)
    }
  }
}
