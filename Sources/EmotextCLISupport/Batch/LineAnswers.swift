import Emotext

/// Answers every line of a batch input with output bytes, in order and on several threads, stopping at the
/// first line that cannot be answered (every line before it is answered and written first), or, when told to
/// keep going, handing each such line to a callback in its place in the order and going on.
///
/// ```swift
/// var source = try LineSource(path: "-")
/// try LineAnswers.run(&source, jobs: 2) { line, lineNumber, output throws(LineProblem) in
///   output.append(contentsOf: String(line.count).utf8)
///   output.append(UInt8(ascii: "\n"))
/// } write: { bytes, _ in
///   // write to stdout
/// }
/// ```
package enum LineAnswers {
  /// What one batch came to: pieces in line order, each the bytes of lines answered and then, unless it is the
  /// last piece, the line that failed after them.
  private struct BatchAnswer: Sendable {
    var pieces: [(utf8: [UInt8], failure: (lineNumber: Int, problem: LineProblem)?)]
  }

  /// Calls `answer` for each line of `source` and its 1-based number (on up to `jobs` threads), which appends that line's output
  /// to a buffer, and hands the buffers to `write` in input order (with the bytes read so far, for progress).
  ///
  /// With `rejected`, a line `answer` rejects is handed to it (`FILE:LINE[:COLUMN]: message`) after `write` has
  /// received the output of every line before it, and the lines after it are answered as usual.
  ///
  /// - Throws: ``BatchError`` for the first line `answer` rejects, when there is no `rejected`, or the
  ///   first read error, after `write` has received the output of every line before it.
  package static func run(
    _ source: inout LineSource, jobs: Int, batchLines: Int = 1024,
    answer:
      @escaping @Sendable (_ line: String, _ lineNumber: Int, _ output: inout [UInt8]) throws(LineProblem) -> Void,
    write: (_ utf8: [UInt8], _ utf8CountRead: Int) -> Void,
    rejected: ((BatchError) -> Void)? = nil
  ) throws(BatchError) {
    try runUTF8(
      &source, jobs: jobs, batchLines: batchLines,
      answer: { (utf8, lineNumber, output) throws(LineProblem) in
        try answer(try LineProblem.text(ofUTF8: utf8), lineNumber, &output)
      }, write: write, rejected: rejected)
  }

  /// ``run(_:jobs:batchLines:answer:write:rejected:)`` where `answer` gets each line's bytes, not validated: it
  /// validates them (on the answering thread), rejecting a line of invalid UTF-8 with the problem
  /// ``LineProblem/text(ofUTF8:)`` throws, so that the message is the same whichever way a line is read.
  package static func runUTF8(
    _ source: inout LineSource, jobs: Int, batchLines: Int = 1024,
    answer:
      @escaping @Sendable (_ utf8: UnsafeBufferPointer<UInt8>, _ lineNumber: Int, _ output: inout [UInt8])
      throws(LineProblem) -> Void,
    write: (_ utf8: [UInt8], _ utf8CountRead: Int) -> Void,
    rejected: ((BatchError) -> Void)? = nil
  ) throws(BatchError) {
    let keepsGoing = rejected != nil
    let file = source.name
    var failure: BatchError?
    do {
      try OrderedBatches.mapLineBatches(&source, jobs: jobs, batchLines: batchLines) {
        (lines: LineBatch, firstLineNumber: Int) -> BatchAnswer in
        var batch = BatchAnswer(pieces: [])
        var utf8: [UInt8] = []
        utf8.reserveCapacity(lines.count * 128)
        for index in 0..<lines.count {
          do throws(LineProblem) {
            try lines.withLine(index) { (line) throws(LineProblem) in
              try answer(line, firstLineNumber + index, &utf8)
            }
          } catch {
            batch.pieces.append((utf8, (firstLineNumber + index, error)))
            utf8 = []
            if !keepsGoing { return batch }
          }
        }
        batch.pieces.append((utf8, nil))
        return batch
      } consume: { (batch: BatchAnswer, utf8CountRead: Int) -> Bool in
        for piece in batch.pieces {
          write(piece.utf8, utf8CountRead)
          guard let (lineNumber, problem) = piece.failure else { continue }
          let error = BatchError(
            BatchLocation(file: file, line: lineNumber, utf8Offset: problem.utf8Offset), problem.message)
          guard let rejected else {
            failure = error
            return false
          }
          rejected(error)
        }
        return true
      }
    } catch let error as BatchError {
      throw error
    } catch {
      preconditionFailure("OrderedBatches.mapLineBatches threw \(error), but consume throws nothing")
    }
    if let failure { throw failure }
  }
}
