extension RichText {
  /// Replaces the runs in `runRange` with `newRuns` and updates the run ends to match. The caller keeps
  /// the document canonical.
  ///
  /// - Complexity: O(*m*) in the length of the new runs, plus O(*n*) integer additions for the runs
  ///   after the range (no run after it is copied or measured again).
  mutating func replaceRuns(_ runRange: Range<Int>, with newRuns: some Collection<Run>) {
    let start = runRange.lowerBound == 0 ? 0 : runUTF16Ends[runRange.lowerBound - 1]
    let oldEnd = runRange.upperBound == 0 ? 0 : runUTF16Ends[runRange.upperBound - 1]
    var newEnds: [Int] = []
    newEnds.reserveCapacity(newRuns.count)
    var position = start
    for run in newRuns {
      position += run.utf16Count
      newEnds.append(position)
    }
    runStorage.replaceSubrange(runRange, with: newRuns)
    runUTF16Ends.replaceSubrange(runRange, with: newEnds)
    let shift = position - oldEnd
    if shift != 0 {
      let firstShifted = runRange.lowerBound + newEnds.count
      runUTF16Ends.withUnsafeMutableBufferPointer { ends in
        // Note: a plain loop over the buffer, which the compiler vectorizes (an indexed loop over the
        // array did not: it was a third of the time of composing 10 000 emoticons).
        for index in firstShifted..<ends.count { ends[index] &+= shift }
      }
    }
  }

  /// The UTF-16 offset where each of `runs` ends, from the start.
  static func utf16Ends(of runs: [Run]) -> [Int] {
    var position = 0
    return runs.map { run in
      position += run.utf16Count
      return position
    }
  }
}

extension RichText {
  /// A document of runs that are already canonical, with their ends (see `runUTF16Ends`).
  init(canonicalRuns: [Run], utf16Ends: [Int]) {
    precondition(canonicalRuns.count == utf16Ends.count, "every run needs its end")
    runStorage = canonicalRuns
    runUTF16Ends = utf16Ends
  }
}

extension String {
  /// The length in UTF-16 code units, counted from the UTF-8 bytes.
  // Note: `utf16.count` on a non-ASCII string of more than a few dozen bytes builds and keeps an index
  // (breadcrumbs) in the string's storage: an allocation per text run when a document is measured.
  var utf16CountFromUTF8: Int {
    utf8.withContiguousStorageIfAvailable { Self.utf16Count(ofUTF8: $0) } ?? utf16.count
  }

  /// The length in UTF-16 code units of valid UTF-8: one per scalar, two for a scalar of 4 bytes.
  /// Eight bytes at a time: a scalar starts at every byte that is not a continuation byte (10xxxxxx).
  static func utf16Count(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let high: UInt64 = 0x8080_8080_8080_8080
    var count = 0
    var index = 0
    while index + 8 <= bytes.count {
      // Note: no branch for all-ASCII words; in mixed text it is mispredicted more often than not.
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let continuations = word & ~(word << 1) & high  // 10xxxxxx
      let fourByteLeads = word & (word << 1) & (word << 2) & (word << 3) & high  // 1111xxxx
      count &+= 8 &- continuations.nonzeroBitCount &+ fourByteLeads.nonzeroBitCount
      index &+= 8
    }
    while index < bytes.count {
      let byte = bytes[index]
      count &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
      index &+= 1
    }
    return count
  }
}
