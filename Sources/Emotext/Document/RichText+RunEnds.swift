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
      for index in (runRange.lowerBound + newEnds.count)..<runUTF16Ends.count { runUTF16Ends[index] += shift }
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
