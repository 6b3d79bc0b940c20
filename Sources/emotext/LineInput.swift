import Emotext
import Foundation

/// The input side shared by the line-oriented commands: files or stdin, `--jsonl`, `--jobs N`, and a
/// progress bar on stderr when it is a terminal and the input is a file.
struct LineInput {
  /// Files to read, in order; `-` is stdin.
  var paths: [String]
  /// Whether each input line is a `{"text": …}` record and each output line one too.
  var jsonl: Bool
  /// How many threads map a batch of lines.
  var jobs: Int

  static let optionsHelp = """
      --jsonl         read and write one JSON object per line: {"text": …}
      --jobs N        spread the lines over N threads (output order is kept; default 1)
    """

  /// Reads `--jsonl` and `--jobs`; the positionals are files.
  static func parse(_ arguments: inout Arguments) throws(UsageError) -> LineInput {
    let jsonl = arguments.flag("--jsonl")
    let jobs = try arguments.integerOption("--jobs", in: 1...256) ?? 1
    let paths = try arguments.positionals()
    return LineInput(paths: paths.isEmpty ? ["-"] : paths, jsonl: jsonl, jobs: jobs)
  }

  /// The post text of an input line: the line itself, or the record's `"text"` with `--jsonl`.
  func text(of line: String) -> Result<String, LineProblem> {
    guard jsonl else { return .success(line) }
    do {
      return .success(try JSONLines.text(ofRecord: line))
    } catch {
      return .failure(LineProblem(error.description))
    }
  }

  /// Maps every line through `transform` (in parallel batches with `--jobs`) and hands the results to
  /// `consume` in input order, with the file name and 1-based line number. Stops at the first problem.
  func forEachLine<Output: Sendable>(
    _ transform: @escaping @Sendable (String) -> Result<Output, LineProblem>,
    consume: (Output, _ path: String, _ lineNumber: Int) throws -> Void
  ) throws {
    let showsProgress = isatty(STDERR_FILENO) == 1
    for path in paths {
      var source: LineSource
      do {
        source = try LineSource(path: path)
      } catch {
        throw CommandFailure(error.description)
      }
      let progress = showsProgress && path != "-" ? source.totalUTF8Count : nil
      var lineNumber = 0
      while true {
        let batch: [String]?
        do {
          batch = try source.nextBatch(maxLines: 1024 * jobs)
        } catch {
          throw CommandFailure(error.description)
        }
        guard let batch else { break }
        let results = ParallelMap.map(batch, jobs: jobs, transform)
        for result in results {
          lineNumber += 1
          switch result {
          case .success(let output): try consume(output, path, lineNumber)
          case .failure(let problem):
            throw CommandFailure("\(path == "-" ? "<stdin>" : path) line \(lineNumber): \(problem.message)")
          }
        }
        StandardOutput.flush()
        if let total = progress, total > 0 { Self.drawProgress(source.consumedUTF8Count, of: total, path: path) }
      }
      if progress != nil { printErrorRaw("\r\u{1B}[K") }
    }
  }

  private static func drawProgress(_ done: Int, of total: Int, path: String) {
    let width = 30
    let filled = min(width, done * width / total)
    let percent = min(100, done * 100 / total)
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
    printErrorRaw("\r[\(bar)] \(percent)% \(path)")
  }
}

/// Why one input line could not be processed.
struct LineProblem: Error {
  let message: String
  init(_ message: String) { self.message = message }

  /// The result of `body`, with any error it throws as a problem described by its message.
  static func catching<Output>(_ body: () throws -> Output) -> Result<Output, LineProblem> {
    do {
      return .success(try body())
    } catch {
      return .failure(LineProblem("\(error)"))
    }
  }
}

/// Buffered stdout for line output.
enum StandardOutput {
  nonisolated(unsafe) private static var buffer: [UInt8] = []

  static func write(_ line: String) {
    buffer.append(contentsOf: line.utf8)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count > 1 << 16 { flush() }
  }

  static func flush() {
    guard !buffer.isEmpty else { return }
    FileHandle.standardOutput.write(Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }
}

func printErrorRaw(_ text: String) {
  FileHandle.standardError.write(Data(text.utf8))
}

/// Reads `--rule NAME` for counting and truncation.
func lengthMeasure(_ arguments: inout Arguments, allowingPlainMeasures: Bool) throws(UsageError) -> (
  String, LengthMeasure
) {
  let name = try arguments.option("--rule") ?? "weibo"
  switch name {
  case "weibo": return (name, .weighted(.weibo))
  case "twitter": return (name, .weighted(.twitter))
  case "utf16" where allowingPlainMeasures: return (name, .utf16)
  case "scalars" where allowingPlainMeasures: return (name, .unicodeScalars)
  case "graphemes" where allowingPlainMeasures: return (name, .graphemeClusters)
  default:
    throw UsageError(
      "--rule takes weibo or twitter\(allowingPlainMeasures ? ", utf16, scalars or graphemes" : ""), not '\(name)'")
  }
}
