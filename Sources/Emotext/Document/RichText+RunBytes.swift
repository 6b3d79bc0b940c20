extension RichText {
  /// A run, or a piece of a text run cut across leaves, read in place without its attributes: what the
  /// counting walks (graphemes, lengths, widths) need.
  ///
  /// Valid only inside the closure that receives it: `utf8` points into the tree (or into a buffer of the walk).
  struct RunBytes {
    /// Whether this is an attachment (its token's bytes) rather than text.
    var isAttachment: Bool
    /// The bytes: text, or an attachment's token.
    var utf8: UnsafeBufferPointer<UInt8>
    /// The length in UTF-16 units (1 for an attachment).
    var utf16Count: Int
    /// Where it starts in the document, in UTF-16 units.
    var utf16Start: Int
    /// Whether it continues a text run that starts before it, in the leaf before.
    var continuesRun: Bool
  }

  /// Calls `body` with each run piece of the document's first `utf16End` units (all of them when it is nil), in
  /// order, the last cut at `utf16End`; `body` returns false to stop.
  ///
  /// A text run comes in one piece per leaf it spans (`continuesRun` says where it goes on). Unlike
  /// ``forEachPiece(in:_:)`` it copies no attributes, so a piece costs no reference counting.
  /// - Precondition: `utf16End` does not split a surrogate pair.
  /// - Complexity: O(1) per piece, plus the bytes scanned to cut the last; no allocation.
  func forEachRunPiece(upTo utf16End: Int? = nil, _ body: (borrowing RunBytes) -> Bool) {
    let end = utf16End ?? utf16Count
    guard end > 0 else { return }
    forEachLeafChunk(in: 0..<end) { chunk in
      chunk.descriptors.withUnsafeBufferPointer { descriptors in
        var utf8 = 0
        var utf16 = chunk.utf16Start
        for index in descriptors.indices {
          let utf8Count = Int(descriptors[index].utf8Count)
          let utf16Count = Int(descriptors[index].utf16Count)
          var isAttachment = false
          if case .emoticon = descriptors[index].content { isAttachment = true }
          var bytes = UnsafeBufferPointer(rebasing: chunk.utf8[utf8..<(utf8 + utf8Count)])
          var pieceUTF16Count = utf16Count
          let isLast = utf16 + utf16Count >= end
          if utf16 + utf16Count > end {
            pieceUTF16Count = end - utf16
            bytes = UnsafeBufferPointer(
              rebasing: chunk.utf8[utf8..<chunk.utf8.utf8Offset(ofUTF16Count: pieceUTF16Count, from: utf8)])
          }
          let piece = RunBytes(
            isAttachment: isAttachment, utf8: bytes, utf16Count: pieceUTF16Count, utf16Start: utf16,
            continuesRun: index == 0 && chunk.firstContinuesRun)
          guard body(piece), !isLast else { return false }
          utf8 &+= utf8Count
          utf16 &+= utf16Count
        }
        return true
      }
    }
  }

  /// Calls `body` with each run of the document whole, in order; `body` returns false to stop.
  ///
  /// A run that lies in one leaf (the common case) is read in place. A text run cut across leaves is assembled
  /// into one buffer, reused from run to run, for readers that need the whole run at once (the URL finder, the
  /// cluster-by-cluster walks); its `continuesRun` is false.
  /// - Complexity: O(1) per run plus the bytes of the runs that span leaves; at most one allocation (for the
  ///   first run that spans leaves).
  func forEachWholeRun(_ body: (borrowing RunBytes) -> Bool) {
    var assembled: [UInt8] = []
    /// The run being assembled from its pieces (its `utf8` not yet set).
    var pending: RunBytes?
    var goOn = true
    // Note: no nested function for the flush: one capturing these variables would box them, with a dynamic
    // exclusivity check on every run.
    forEachLeafChunk { chunk in
      chunk.descriptors.withUnsafeBufferPointer { descriptors in
        var utf8 = 0
        var utf16 = chunk.utf16Start
        for index in descriptors.indices {
          let utf8Count = Int(descriptors[index].utf8Count)
          let utf16Count = Int(descriptors[index].utf16Count)
          defer {
            utf8 &+= utf8Count
            utf16 &+= utf16Count
          }
          let bytes = UnsafeBufferPointer(rebasing: chunk.utf8[utf8..<(utf8 + utf8Count)])
          if index == 0 && chunk.firstContinuesRun {
            assembled.append(contentsOf: bytes)
            pending!.utf16Count += utf16Count
            continue
          }
          if pending != nil {
            goOn = Self.flush(&pending, &assembled, body)
            guard goOn else { return false }
          }
          var isAttachment = false
          if case .emoticon = descriptors[index].content { isAttachment = true }
          let run = RunBytes(
            isAttachment: isAttachment, utf8: bytes, utf16Count: utf16Count, utf16Start: utf16, continuesRun: false)
          if index == descriptors.count - 1 && chunk.lastContinuesRun {
            assembled.append(contentsOf: bytes)
            pending = run
            continue
          }
          guard body(run) else {
            goOn = false
            return false
          }
        }
        return true
      }
    }
    if goOn && pending != nil { _ = Self.flush(&pending, &assembled, body) }
  }

  /// Calls `body` with `pending` and the bytes `assembled` for it, then empties both; returns what `body` does.
  private static func flush(
    _ pending: inout RunBytes?, _ assembled: inout [UInt8], _ body: (borrowing RunBytes) -> Bool
  ) -> Bool {
    var run = pending!
    pending = nil
    let goOn = assembled.withUnsafeBufferPointer { bytes in
      run.utf8 = bytes
      return body(run)
    }
    assembled.removeAll(keepingCapacity: true)
    return goOn
  }
}
