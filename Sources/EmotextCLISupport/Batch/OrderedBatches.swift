import Dispatch
import Emotext
import Synchronization

/// Streams the lines of a ``LineSource`` through worker threads in batches and hands each batch's result back
/// in input order, with at most a bounded number of batches in flight, so memory stays bounded on any input.
///
/// ```swift
/// var source = try LineSource(path: "posts.txt")
/// try OrderedBatches.map(&source, jobs: 2) { lines, firstLineNumber in
///   lines.map(\.utf8.count)
/// } consume: { lengths, _ in
///   print(lengths)   // batch after batch, in order
///   return true      // false stops reading
/// }
/// ```
///
/// With `jobs == 1` the transform runs on the calling thread. Otherwise `jobs` batches run at once on other
/// threads while the calling thread reads ahead (up to `2 × jobs` batches) and consumes results in order:
/// decoding, transforming and encoding scale with the cores; reading and writing stay on one thread.
package enum OrderedBatches {
  /// Reads `source` in batches of up to `batchLines` lines, applies `transform` to each (on up to `jobs`
  /// threads) and passes the results to `consume` in input order, until the input ends or `consume`
  /// returns false.
  ///
  /// - Parameters:
  ///   - transform: Gets a batch and the 1-based number of its first line.
  ///   - consume: Gets each result in order, with the number of bytes read up to the end of its batch
  ///     (for progress); returns whether to go on.
  /// - Throws: ``BatchError`` from the source, after every batch read before it was consumed; or what
  ///   `consume` throws (no batch is consumed after that).
  /// - Precondition: `jobs >= 1`, `batchLines >= 1`.
  package static func map<Output: Sendable>(
    _ source: inout LineSource, jobs: Int, batchLines: Int = 1024,
    transform: @escaping @Sendable (_ lines: [String], _ firstLineNumber: Int) -> Output,
    consume: (_ output: Output, _ utf8CountRead: Int) throws -> Bool
  ) throws {
    try run(
      &source, jobs: jobs, batchLines: batchLines,
      read: { (source, maxLines) throws(BatchError) in
        try source.nextBatch(maxLines: maxLines)
      }, transform: transform, consume: consume)
  }

  /// ``map(_:jobs:batchLines:transform:consume:)`` over lines as bytes, not validated: the threads that transform
  /// the batches validate them, so the reading thread only splits lines.
  package static func mapLineBatches<Output: Sendable>(
    _ source: inout LineSource, jobs: Int, batchLines: Int = 1024,
    transform: @escaping @Sendable (_ lines: LineBatch, _ firstLineNumber: Int) -> Output,
    consume: (_ output: Output, _ utf8CountRead: Int) throws -> Bool
  ) throws {
    try run(
      &source, jobs: jobs, batchLines: batchLines,
      read: { (source, maxLines) throws(BatchError) in
        try source.nextLineBatch(maxLines: maxLines)
      }, transform: transform, consume: consume)
  }

  private static func run<Batch: Sendable, Output: Sendable>(
    _ source: inout LineSource, jobs: Int, batchLines: Int,
    read: (inout LineSource, Int) throws(BatchError) -> Batch?,
    transform: @escaping @Sendable (Batch, Int) -> Output,
    consume: (Output, Int) throws -> Bool
  ) throws {
    precondition(jobs >= 1 && batchLines >= 1, "OrderedBatches needs jobs >= 1 and batchLines >= 1")
    if jobs == 1 {
      while true {
        let first = source.lineCount + 1
        guard let lines = try read(&source, batchLines) else { return }
        guard try consume(transform(lines, first), source.consumedUTF8Count) else { return }
      }
    }
    let workers = DispatchSemaphore(value: jobs)
    var inFlight: [(slot: Slot<Output>, utf8CountRead: Int)] = []
    var readError: BatchError?
    // Note: every started batch is waited for before returning, whatever happens, so no worker outlives the call.
    defer { for batch in inFlight { batch.slot.wait() } }
    var reading = true
    while reading || !inFlight.isEmpty {
      if reading && inFlight.count < 2 * jobs {
        let first = source.lineCount + 1
        let lines: Batch?
        do {
          lines = try read(&source, batchLines)
        } catch {
          readError = error
          lines = nil
        }
        if let lines {
          let slot = Slot<Output>()
          inFlight.append((slot, source.consumedUTF8Count))
          DispatchQueue.global().async {
            workers.wait()
            slot.fill(transform(lines, first))
            workers.signal()
          }
          continue
        }
        reading = false
      }
      let next = inFlight.removeFirst()
      if try !consume(next.slot.wait(), next.utf8CountRead) {
        reading = false
        readError = nil
        for batch in inFlight { batch.slot.wait() }
        inFlight = []
      }
    }
    if let readError { throw readError }
  }
}

/// One batch's result, filled by a worker and awaited by the consumer.
private final class Slot<Output: Sendable>: Sendable {
  private let value = Mutex<Output?>(nil)
  private let done = DispatchSemaphore(value: 0)

  func fill(_ output: Output) {
    value.withLock { $0 = output }
    done.signal()
  }

  /// Waits until the result is there and returns it (each slot is awaited once, then only for completion).
  @discardableResult func wait() -> Output {
    done.wait()
    done.signal()
    return value.withLock { $0! }
  }
}
