import Emotext
import EmotextCLISupport
import Foundation

/// The input side every line-oriented command shares: files as arguments (stdin when none or `-`), or
/// `--text TEXT` lines given on the command line; `--jsonl` records; `--jobs N` threads; and a progress bar
/// on stderr when it is a terminal and the input a file.
struct LineInput: Sendable {
  /// Where lines come from.
  enum Source: Sendable, Equatable {
    /// A file, `-` for stdin.
    case file(String)
    /// `--text` values, one line each.
    case text([String])

    /// How messages name it: the file (`<stdin>` for `-`) or `--text`.
    var name: String {
      switch self {
      case .file(let path): BatchLocation.displayName(of: path)
      case .text: "--text"
      }
    }
  }

  /// The inputs, in order.
  var sources: [Source]
  /// Whether each input line is a `{"text": …}` record and each output line one too.
  var jsonl: Bool
  /// How many threads answer lines.
  var jobs: Int
  /// Whether a line that cannot be answered is reported in its place (`--keep-going`) rather than ending the run.
  var keepGoing = false

  /// The help lines of the shared input options.
  static let optionsHelp = """
      --text TEXT     TEXT is one input line, as if read from a file (repeatable; instead of FILEs)
      --jobs N        answer lines on N threads (output order is kept; default 1)
      --keep-going    a line that cannot be answered (a bad record, invalid UTF-8) does not stop the run:
                      it is answered in its place, by {"error": …, "line": n, "column": n} with --jsonl,
                      else by an empty line (and FILE:LINE:COLUMN: message on stderr), and the exit status
                      is 1 at the end
                      (default: stop at the first)
      --jsonl         read and write one JSON object per line: {"text": …}
    """

  /// Reads `--text`, `--jsonl`, `--jobs` and `--keep-going` (only `--text` when `batchOptions` is false); the
  /// positionals are files (`-` is stdin).
  static func parse(_ arguments: inout Arguments, batchOptions: Bool = true) throws(UsageError) -> LineInput {
    var texts: [String] = []
    while let text = try arguments.option("--text") { texts.append(text) }
    let jsonl = batchOptions && arguments.flag("--jsonl")
    let jobs = batchOptions ? try arguments.integerOption("--jobs", in: 1...256) ?? 1 : 1
    let keepGoing = batchOptions && arguments.flag("--keep-going")
    let paths = try arguments.positionals()
    if !texts.isEmpty {
      guard paths.isEmpty else { throw UsageError("give FILEs or --text, not both") }
      return LineInput(sources: [.text(texts)], jsonl: jsonl, jobs: jobs, keepGoing: keepGoing)
    }
    return LineInput(
      sources: (paths.isEmpty ? ["-"] : paths).map(Source.file), jsonl: jsonl, jobs: jobs, keepGoing: keepGoing)
  }

  /// The post text of an input line: the line itself, or the record's `"text"` with `--jsonl`.
  func text(of line: String) throws(LineProblem) -> String {
    jsonl ? try JSONLines.text(ofRecord: line) : line
  }

  /// The post text of an input line given as bytes not yet validated: as ``text(of:)`` of the validated line, and
  /// a line of invalid UTF-8 is rejected as such (for ``answerUTF8Lines(_:)``).
  func text(ofUTF8 line: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> String {
    jsonl ? try JSONLines.text(ofRecordUTF8: line) : try LineProblem.text(ofUTF8: line)
  }

  /// The post text of an input line given as bytes not yet validated, when it is valid UTF-8 and (with `--jsonl`)
  /// the usual record with no escape: the bytes ``text(ofUTF8:)`` would make its string of; nil for any other line.
  func validPlainText(ofUTF8 line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    jsonl ? JSONLines.plainText(ofRecordUTF8: line) : UTF8Validation.isValid(line) ? line : nil
  }

  /// Opens a source as lines; with `maximumFileUTF8Count`, a file must be a regular file of at most that many bytes
  /// (``LineSource/init(path:maxLineUTF8Count:maximumFileUTF8Count:)``).
  static func open(_ source: Source, maximumFileUTF8Count: Int? = nil) throws(BatchError) -> LineSource {
    switch source {
    case .file(let path): try LineSource(path: path, maximumFileUTF8Count: maximumFileUTF8Count)
    case .text(let lines): LineSource(name: "--text", lines: lines)
    }
  }

  /// Answers every line of every source through `answer`, which appends that line's output (on up to
  /// `jobs` threads), and writes the output in input order. At the first line `answer` rejects, or the first
  /// unreadable input, everything before it is written and the error is thrown (`FILE:LINE:COLUMN: message`);
  /// with `--keep-going` a rejected line is answered in its place (``answerRejected(_:)``) and the rest goes on.
  ///
  /// - Returns: The exit status: 0, or 1 when `--keep-going` passed over a line.
  func answerLines(_ answer: @escaping @Sendable (String, inout [UInt8]) throws(LineProblem) -> Void) throws -> Int32 {
    try answerNumberedLines { line, _, _, output throws(LineProblem) in try answer(line, &output) }
  }

  /// ``answerLines(_:)`` where `answer` gets each line's bytes, not validated (``text(ofUTF8:)`` validates them), so
  /// that the reading thread only splits lines and the answering threads do the rest.
  func answerUTF8Lines(
    _ answer: @escaping @Sendable (UnsafeBufferPointer<UInt8>, inout [UInt8]) throws(LineProblem) -> Void
  ) throws -> Int32 {
    try answerEachSource { lines, _, write, rejected throws(BatchError) in
      try LineAnswers.runUTF8(
        &lines, jobs: jobs, answer: { line, _, output throws(LineProblem) in try answer(line, &output) },
        write: write, rejected: rejected)
    }
  }

  /// ``answerLines(_:)`` where `answer` also gets the index of the line's source in ``sources`` and its 1-based
  /// line number there.
  func answerNumberedLines(
    _ answer:
      @escaping @Sendable (_ line: String, _ sourceIndex: Int, _ lineNumber: Int, inout [UInt8]) throws(LineProblem)
      -> Void
  ) throws -> Int32 {
    try answerEachSource { lines, sourceIndex, write, rejected throws(BatchError) in
      try LineAnswers.run(
        &lines, jobs: jobs,
        answer: { line, lineNumber, output throws(LineProblem) in try answer(line, sourceIndex, lineNumber, &output) },
        write: write, rejected: rejected)
    }
  }

  /// Opens each source in turn and has `run` answer its lines (given the source's index, the writer of the output
  /// in order, and the handler of the lines `--keep-going` passes over, nil without it).
  private func answerEachSource(
    _ run: (
      _ lines: inout LineSource, _ sourceIndex: Int, _ write: ([UInt8], Int) -> Void,
      _ rejected: ((BatchError) -> Void)?
    ) throws(BatchError) -> Void
  ) throws -> Int32 {
    defer { StandardOutput.flush() }
    var rejectedCount = 0
    for (sourceIndex, source) in sources.enumerated() {
      do throws(BatchError) {
        var lines = try Self.open(source)
        let progress = Progress(source: source, total: lines.totalUTF8Count)
        defer { progress.end() }
        try run(
          &lines, sourceIndex,
          { bytes, utf8CountRead in
            StandardOutput.write(utf8: bytes)
            progress.draw(utf8CountRead)
          },
          keepGoing
            ? { error in
              rejectedCount += 1
              answerRejected(error)
            } : nil)
      } catch {
        StandardOutput.flush()
        throw CommandFailure(error.description)
      }
    }
    return rejectedCount == 0 ? 0 : 1
  }

  /// Answers a line `--keep-going` passes over, in its place in the output: a JSON object with `--jsonl`, else
  /// an empty line, with a located message on stderr (after the output before it).
  private func answerRejected(_ error: BatchError) {
    if jsonl {
      // Note: one output line per input line, so a consumer can pair them up; the location is in the members.
      var members: [(String, JSONValue)] = [("error", .string(error.message))]
      if let line = error.location.line { members.append(("line", .integer(line))) }
      if let utf8Offset = error.location.utf8Offset { members.append(("column", .integer(utf8Offset + 1))) }
      StandardOutput.write(JSONValue.object(members).serialized)
    } else {
      StandardOutput.flush()
      printError("\(StandardOutput.commandName): \(error)")
      // Note: an empty line in its place, so output line n still answers input line n.
      StandardOutput.write("")
    }
  }
}

extension LineInput {
  /// Appends an output line holding `text`: the text itself, or `{"text": text}` with `--jsonl`.
  func appendTextLine(_ text: String, to output: inout [UInt8]) {
    if jsonl {
      JSONLines.appendRecord(text: text, to: &output)
      output.append(UInt8(ascii: "\n"))
    } else {
      output.appendLine(text)
    }
  }
}

/// The progress bar on stderr: only for a file, when stderr is a terminal and the output cannot interleave with
/// it there (stdout is not a terminal, or is another one); always one row, cut to the terminal's width.
struct Progress {
  private let path: String?
  private let total: Int?

  init(source: LineInput.Source, total: Int?) {
    if Self.showsBar, case .file(let path) = source, path != "-", let total, total > 0 {
      self.path = path
      self.total = total
    } else {
      path = nil
      self.total = nil
    }
  }

  /// Whether a bar on stderr stays apart from the output: stderr is a terminal, and stdout is not the same one.
  static let showsBar: Bool = {
    guard isatty(STDERR_FILENO) == 1 else { return false }
    guard isatty(STDOUT_FILENO) == 1 else { return true }
    var output = stat()
    var errors = stat()
    guard fstat(STDOUT_FILENO, &output) == 0, fstat(STDERR_FILENO, &errors) == 0 else { return false }
    return output.st_rdev != errors.st_rdev
  }()

  /// Draws the bar for `done` bytes read.
  func draw(_ done: Int) {
    guard let path, let total else { return }
    StandardOutput.flush()
    // Note: one cell short of the width, so the row never wraps (a wrapped row would stay on screen);
    // the size is read each time, as the terminal may be resized.
    let columns = TerminalSize.current(of: STDERR_FILENO)?.columns ?? 80
    let width = min(30, max(4, (columns - 1) / 2 - 7))
    let filled = min(width, done * width / total)
    let percent = min(100, done * 100 / total)
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
    printErrorRaw("\r" + Self.cut("[\(bar)] \(percent)% \(path)", toCells: columns - 1) + "\u{1B}[K")
  }

  /// Clears the bar (its one row).
  func end() {
    if path != nil { printErrorRaw("\r\u{1B}[K") }
  }

  /// The longest prefix of `text` (whole grapheme clusters) at most `cells` terminal cells wide.
  static func cut(_ text: String, toCells cells: Int) -> String {
    var result = ""
    var used = 0
    for cluster in text {
      let width = TerminalCellWidth.of(String(cluster))
      guard used + width <= cells else { break }
      result.append(cluster)
      used += width
    }
    return result
  }
}
