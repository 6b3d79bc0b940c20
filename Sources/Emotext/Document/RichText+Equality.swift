extension RichText: Hashable {
  /// Whether the two documents have the same runs: text compared as `String` (by canonical equivalence:
  /// `é` equals `e` + U+0301), attachments by emoticon and spelling.
  /// - Complexity: O(*n*); without building a `String` for documents whose bytes and runs are identical.
  public static func == (lhs: RichText, rhs: RichText) -> Bool {
    if case .leaf(let left) = lhs.root, case .leaf(let right) = rhs.root,
      left.summary.descriptors == right.summary.descriptors && left.summary.utf8 == right.summary.utf8
        && left.text.utf8.elementsEqual(right.text.utf8)
        && left.descriptors.elementsEqual(
          right.descriptors,
          by: {
            RunDescriptor.sameRun($0, in: lhs.contents, $1, in: rhs.contents)
          })
    {
      return true
    }
    return lhs.runs.elementsEqual(rhs.runs)
  }

  /// Hashes the runs, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    var count = 0
    for run in runs {
      hasher.combine(run)
      count += 1
    }
    hasher.combine(count)
  }
}

extension RunDescriptor {
  /// Whether two descriptors over equal bytes, of documents whose tables are `lhsTable` and `rhsTable`,
  /// describe the same run: their content compared, not their indices.
  static func sameRun(
    _ lhs: RunDescriptor, in lhsTable: RunContentTable, _ rhs: RunDescriptor, in rhsTable: RunContentTable
  ) -> Bool {
    guard lhs.utf8Count == rhs.utf8Count && lhs.isText == rhs.isText else { return false }
    if lhs.contentIndex == rhs.contentIndex && lhsTable.isIdentical(to: rhsTable) { return true }
    return lhsTable[lhs.contentIndex] == rhsTable[rhs.contentIndex]
  }
}
