extension RichText {
  /// Calls `body` with each run in `utf16Range` (the whole document when it is nil) as one piece, in order,
  /// the first and last cut at the range's ends; `body` returns false to stop.
  ///
  /// A run that lies in one leaf (the common case) is read in place. A text run cut across leaves is assembled
  /// into one buffer, reused from run to run, so its bytes are contiguous for readers that need the whole run
  /// at once (ICU, the URL finder). The piece passed has `continuesRun` false and `endsRun` true unless the
  /// range cuts the run.
  /// - Complexity: O(log *n*) to find the first leaf, then O(1) per run plus the bytes of the runs that span
  ///   leaves; at most one allocation (for the first run that spans leaves).
  func forEachWholeRun(in utf16Range: Range<Int>? = nil, _ body: (borrowing RunPiece) throws -> Bool) rethrows {
    var assembled: [UInt8] = []
    /// The run being assembled: its first piece (with `utf8` empty), while its later pieces are read.
    var pending: RunPiece?
    var goOn = true
    func flush(endsRun: Bool) throws {
      guard var run = pending else { return }
      pending = nil
      run.endsRun = endsRun
      goOn = try assembled.withUnsafeBufferPointer { bytes in
        run.utf8 = bytes
        return try body(run)
      }
      assembled.removeAll(keepingCapacity: true)
    }
    try forEachPiece(in: utf16Range) { piece in
      if pending != nil {
        assembled.append(contentsOf: piece.utf8)
        pending!.utf16Count += piece.utf16Count
        if piece.endsRun { try flush(endsRun: true) }
        return goOn
      }
      guard piece.endsRun else {
        assembled.append(contentsOf: piece.utf8)
        pending = copy piece
        return true
      }
      return try body(piece)
    }
    // Note: the range's end cut a run that goes on in the next leaf.
    if goOn { try flush(endsRun: false) }
  }
}
