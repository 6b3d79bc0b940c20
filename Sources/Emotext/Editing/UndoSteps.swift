extension Editor {
  /// The steps undo can take back, oldest first, of which the editor keeps the last ``Editor/undoLimit``.
  ///
  /// Dropping the oldest step costs O(1) amortized: the dropped steps are emptied at once and removed from the
  /// array when they are as many as the kept ones. (An array that shifted every kept step past the limit on each
  /// edit cost about 640 instructions an edit once the limit was reached.)
  struct UndoSteps: Sendable {
    /// The steps; the first `dropped` of them are no longer kept.
    private var steps: [UndoStep] = []
    private var dropped = 0

    /// Whether there is no step kept.
    var isEmpty: Bool { steps.count == dropped }

    /// Appends `step` (and keeps every step).
    mutating func append(_ step: consuming UndoStep) { steps.append(step) }

    /// Appends `step`, then drops the oldest steps beyond the last `limit`.
    mutating func append(_ step: consuming UndoStep, keepingLast limit: Int) {
      steps.append(step)
      let excess = steps.count - dropped - max(limit, 0)
      guard excess > 0 else { return }
      // Note: what a dropped step replaced is let go now, not when the array is compacted.
      for index in dropped..<(dropped + excess) { steps[index].changes = RecordedChanges() }
      dropped += excess
      if dropped >= steps.count - dropped {
        steps.removeFirst(dropped)
        dropped = 0
      }
    }

    /// Removes and returns the newest step, or nil when none is kept.
    mutating func popLast() -> UndoStep? { isEmpty ? nil : steps.popLast() }

    /// Adds `change` to the newest step, if any is kept.
    mutating func recordInNewest(_ change: consuming RecordedChange) {
      guard !isEmpty else { return }
      steps[steps.count - 1].changes.append(change)
    }
  }

  /// The changes of one undo step, in order. The first is kept inline: most steps are one change (a keystroke, an
  /// emoticon), and an array would cost an allocation and a release every such edit.
  struct RecordedChanges: RandomAccessCollection, Sendable {
    private var first: RecordedChange?
    private var rest: [RecordedChange] = []

    var startIndex: Int { 0 }
    var endIndex: Int { first == nil ? 0 : 1 + rest.count }

    subscript(position: Int) -> RecordedChange { position == 0 ? first! : rest[position - 1] }

    mutating func append(_ change: consuming RecordedChange) {
      if first == nil { first = change } else { rest.append(change) }
    }
  }
}
