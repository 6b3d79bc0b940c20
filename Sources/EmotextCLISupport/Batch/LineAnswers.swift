import Emotext

/// Answers every line of a batch input with output bytes, in order and on several threads, stopping at the
/// first line that cannot be answered: every line before it is answered (and written) first.
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
  /// What one batch came to: the bytes of the lines answered, and the first line that failed, if any.
  private struct BatchAnswer: Sendable {
    var utf8: [UInt8]
    var failure: (lineNumber: Int, problem: LineProblem)?
  }

  /// Calls `answer` for each line of `source` and its 1-based number (on up to `jobs` threads), which appends that line's output
  /// to a buffer, and hands the buffers to `write` in input order (with the bytes read so far, for progress).
  ///
  /// - Throws: ``BatchError`` for the first line `answer` rejects (`FILE:LINE[:COLUMN]: message`) or the
  ///   first read error, after `write` has received the output of every line before it.
  package static func run(
    _ source: inout LineSource, jobs: Int, batchLines: Int = 1024,
    answer:
      @escaping @Sendable (_ line: String, _ lineNumber: Int, _ output: inout [UInt8]) throws(LineProblem) -> Void,
    write: (_ utf8: [UInt8], _ utf8CountRead: Int) -> Void
  ) throws(BatchError) {
    let file = source.name
    var failure: BatchError?
    do {
      try OrderedBatches.map(&source, jobs: jobs, batchLines: batchLines) {
        (lines: [String], firstLineNumber: Int) -> BatchAnswer in
        var batch = BatchAnswer(utf8: [], failure: nil)
        batch.utf8.reserveCapacity(lines.count * 128)
        for (index, line) in lines.enumerated() {
          do throws(LineProblem) {
            try answer(line, firstLineNumber + index, &batch.utf8)
          } catch {
            batch.failure = (firstLineNumber + index, error)
            break
          }
        }
        return batch
      } consume: { (batch: BatchAnswer, utf8CountRead: Int) -> Bool in
        write(batch.utf8, utf8CountRead)
        guard let (lineNumber, problem) = batch.failure else { return true }
        failure = BatchError(
          BatchLocation(file: file, line: lineNumber, utf8Offset: problem.utf8Offset), problem.message)
        return false
      }
    } catch let error as BatchError {
      throw error
    } catch {
      preconditionFailure("OrderedBatches.map threw \(error), but consume throws nothing")
    }
    if let failure { throw failure }
  }
}
