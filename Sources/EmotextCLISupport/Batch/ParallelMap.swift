import Dispatch
import Emotext

/// Maps a batch of items across cores, keeping their order: the batch is cut into one contiguous chunk
/// per job, and each result lands at its item's index.
///
/// ```swift
/// let lengths = ParallelMap.map(["好", "[哈哈]"], jobs: 2) { $0.utf16.count }   // [1, 4]
/// ```
package enum ParallelMap {
  /// `transform` applied to every item, in the items' order, on up to `jobs` threads.
  /// - Precondition: `jobs >= 1`.
  package static func map<Input: Sendable, Output: Sendable>(
    _ items: [Input], jobs: Int, _ transform: @Sendable (Input) -> Output
  ) -> [Output] {
    precondition(jobs >= 1, "ParallelMap needs at least one job, not \(jobs)")
    guard jobs > 1, items.count > 1 else { return items.map(transform) }
    let chunks = min(jobs, items.count)
    let chunkSize = (items.count + chunks - 1) / chunks
    return [Output](unsafeUninitializedCapacity: items.count) { buffer, initializedCount in
      // Note: each chunk writes a disjoint slice of the buffer, so no lock is needed.
      nonisolated(unsafe) let base = buffer.baseAddress!
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        let range = (chunk * chunkSize)..<min((chunk + 1) * chunkSize, items.count)
        for index in range { (base + index).initialize(to: transform(items[index])) }
      }
      initializedCount = items.count
    }
  }
}
