import EmotextUnicode

extension RichText {
  /// Whether `utf16Offset` is between two grapheme clusters (or at either end).
  ///
  /// Attachments and the seams between runs are always boundaries: a cluster never spans two runs.
  /// - Complexity: O(log *n*) plus the length of the run around the offset.
  public func isGraphemeBoundary(_ utf16Offset: Int) -> Bool {
    isGraphemeBoundary(utf16Offset, answeringInPiece: true)
  }

  /// ``isGraphemeBoundary(_:)``; without `answeringInPiece`, a run that goes on in another leaf is always read
  /// through its window (the general path that `KeystrokeFastPathTests` compares the piece answers with).
  func isGraphemeBoundary(_ utf16Offset: Int, answeringInPiece: Bool) -> Bool {
    precondition(utf16Offset >= 0 && utf16Offset <= utf16Count, "RichText offset \(utf16Offset) is out of bounds")
    guard utf16Offset > 0 && utf16Offset < utf16Count else { return true }
    let answer = withTextRun(
      containing: utf16Offset, readingInPlace: answeringInPiece,
      inPiece: { utf8, utf16Start -> Bool? in
        // Note: a piece of a longer run: only an offset with a scalar of the piece on either side is decided here (the
        // piece holds the unit at the offset, so one follows).
        guard utf16Start < utf16Offset, let utf8Offset = utf8.utf8Offset(ofUTF16Offset: utf16Offset - utf16Start)
        else { return nil }
        return GraphemeBreaks.Local.isBoundary(utf8Offset, inUTF8: utf8)
      },
      whole: { utf8, utf16Start -> Bool in
        guard utf16Start < utf16Offset else { return true }
        guard let utf8Offset = utf8.utf8Offset(ofUTF16Offset: utf16Offset - utf16Start) else { return false }
        return GraphemeBreaks.Local.isBoundary(utf8Offset, inUTF8: utf8)
          ?? GraphemeBreaks.isBoundary(utf8Offset, inUTF8: utf8)
      })
    return answer ?? true
  }

  /// The next grapheme boundary after `utf16Offset` (an attachment is one cluster); the end stays put.
  /// - Complexity: O(log *n*) plus the length of the run around the offset.
  public func graphemeBoundary(after utf16Offset: Int) -> Int {
    guard utf16Offset < utf16Count else { return utf16Offset }
    let answer = withTextRun(containing: utf16Offset) { utf8, utf16Start in
      let utf8Offset = utf8.utf8Offset(ofUTF16Offset: utf16Offset - utf16Start, snapping: .backward)
      let next =
        GraphemeBreaks.Local.boundary(after: utf8Offset, inUTF8: utf8)
        ?? GraphemeBreaks.boundary(after: utf8Offset, inUTF8: utf8)
      return utf16Start + utf8.utf16Count(ofUTF8Prefix: next)
    }
    return answer ?? utf16Offset + 1
  }

  /// The previous grapheme boundary before `utf16Offset`; the start stays put.
  /// - Complexity: O(log *n*) plus the length of the run around the offset.
  public func graphemeBoundary(before utf16Offset: Int) -> Int {
    guard utf16Offset > 0 else { return 0 }
    let answer = withTextRun(containing: utf16Offset - 1) { utf8, utf16Start in
      let utf8Offset = utf8.utf8Offset(ofUTF16Offset: utf16Offset - utf16Start, snapping: .forward)
      let previous =
        GraphemeBreaks.Local.boundary(before: utf8Offset, inUTF8: utf8)
        ?? GraphemeBreaks.boundary(before: utf8Offset, inUTF8: utf8)
      return utf16Start + utf8.utf16Count(ofUTF8Prefix: previous)
    }
    return answer ?? utf16Offset - 1
  }

  /// `utf16Offset` moved to a grapheme boundary: unchanged when it is one, else to the start
  /// (`.backward`) or the end (`.forward`) of the cluster it falls in. Offsets past the ends are clamped.
  /// - Complexity: O(log *n*) plus the length of the run around the offset.
  public func snapped(_ utf16Offset: Int, _ direction: SnapDirection) -> Int {
    let clamped = min(max(utf16Offset, 0), utf16Count)
    if isGraphemeBoundary(clamped) { return clamped }
    switch direction {
    case .backward: return graphemeBoundary(before: clamped)
    case .forward: return graphemeBoundary(after: clamped)
    }
  }

  /// Where the text that one Backspace removes before `utf16Offset` starts: an attachment goes whole,
  /// text per `mode`.
  /// - Complexity: O(log *n*) plus the length of the run before the offset.
  public func deletionStart(before utf16Offset: Int, mode: BackspaceMode) -> Int {
    deletion(before: utf16Offset, mode: mode).start
  }

  /// ``deletionStart(before:mode:)``, and whether what goes is an attachment (else it is text of one run).
  /// Without `answeringInPiece`, a run that goes on in another leaf is always read through its window.
  func deletion(
    before utf16Offset: Int, mode: BackspaceMode, answeringInPiece: Bool = true
  ) -> (start: Int, isAttachment: Bool) {
    guard utf16Offset > 0 else { return (0, false) }
    let answer = withTextRun(
      containing: utf16Offset - 1, readingInPlace: answeringInPiece,
      inPiece: { utf8, utf16Start -> Int? in
        // Note: a piece of a longer run: decided here only when the scalars the answer depends on are in the piece
        // (the one before the offset, and in `.graphemeCluster` mode the one before that).
        let utf8Offset = utf8.utf8Offset(ofUTF16Offset: utf16Offset - utf16Start, snapping: .forward)
        guard let deletion = Backspace.Local.deletionStart(before: utf8Offset, inUTF8: utf8, mode: mode),
          deletion > 0 || mode == .platform
        else { return nil }
        return utf16Start + utf8.utf16Count(ofUTF8Prefix: deletion)
      },
      whole: { utf8, utf16Start in
        let utf8Offset = utf8.utf8Offset(ofUTF16Offset: utf16Offset - utf16Start, snapping: .forward)
        let deletion = Backspace.deletionStart(before: utf8Offset, inUTF8: utf8, mode: mode)
        return utf16Start + utf8.utf16Count(ofUTF8Prefix: deletion)
      })
    return answer.map { ($0, false) } ?? (utf16Offset - 1, true)
  }

  /// The number of extended grapheme clusters (UAX #29, as ICU finds them), each attachment counting 1.
  /// - Complexity: O(*n*) in the UTF-8 length, read in place leaf by leaf (see `GraphemeBreaks.Cursor`).
  public var graphemeCount: Int { clusterCount(upTo: nil) }

  /// The number of grapheme clusters before `utf16Offset` (an attachment counts 1).
  ///
  /// - Precondition: `utf16Offset` is a grapheme boundary.
  /// - Complexity: O(*n*) in the UTF-8 length before the offset, read in place.
  public func graphemeCount(before utf16Offset: Int) -> Int {
    precondition(isGraphemeBoundary(utf16Offset), "RichText offset \(utf16Offset) is inside a grapheme cluster")
    return clusterCount(upTo: utf16Offset)
  }

  /// The UTF-16 offset after the first `graphemeCount` clusters (clamped to the end).
  /// - Complexity: O(*n*) in the UTF-8 length up to that offset, read in place.
  public func utf16Offset(graphemeOffset graphemeCount: Int) -> Int {
    guard graphemeCount > 0 else { return 0 }
    // Note: the offset after n clusters is where cluster n + 1 starts, or the end.
    var number = graphemeCount + 1
    var result = utf16Count
    var cursor = GraphemeBreaks.Cursor()
    GraphemeBreaks.withTables { tables in
      forEachPiece { piece in
        if piece.isAttachment {
          number -= 1
          guard number > 0 else {
            result = piece.utf16Start
            return false
          }
          return true
        }
        if !piece.continuesRun { cursor = GraphemeBreaks.Cursor() }
        guard let utf8Offset = cursor.utf8OffsetOfClusterStart(&number, inUTF8: piece.utf8, using: tables) else {
          return true
        }
        result = piece.utf16Start + piece.utf8.utf16Count(ofUTF8Prefix: utf8Offset)
        return false
      }
    }
    return result
  }

  /// The number of clusters in the first `utf16End` units (the whole document when it is nil), which end on a
  /// boundary.
  private func clusterCount(upTo utf16End: Int?) -> Int {
    var count = 0
    var cursor = GraphemeBreaks.Cursor()
    GraphemeBreaks.withTables { tables in
      forEachPiece(in: 0..<(utf16End ?? utf16Count)) { piece in
        if piece.isAttachment {
          count &+= 1
          return true
        }
        // Note: a run cut across leaves comes in pieces; the cursor carries the segmentation from one to the next.
        if !piece.continuesRun { cursor = GraphemeBreaks.Cursor() }
        count &+= cursor.countClusterStarts(inUTF8: piece.utf8, using: tables)
        return true
      }
    }
    return count
  }

  /// Calls `body` with the bytes of the text run holding the unit at `utf16Offset`, or of a stretch of it around
  /// the unit that segments as the whole run does there, and the UTF-16 offset where they start; nil for an
  /// attachment (see `withTextWindow(containing:_:)`: a long run is not read whole).
  ///
  /// When the run goes on in a leaf before or after, `inPiece` is asked first with the bytes of the run's piece in
  /// the leaf holding the unit (and where they start): its answer, when it has one, is taken without gathering the
  /// window (a question the scalars next to the offset decide). Then the neighbouring leaves are looked at: when the
  /// run does not go on in them after all, the piece is the run. Without `readingInPlace`, neither is done: a run
  /// that reaches a leaf's edge is read through its window (the general path the tests compare with).
  func withTextRun<Result>(
    containing utf16Offset: Int, readingInPlace: Bool = true,
    inPiece: (UnsafeBufferPointer<UInt8>, Int) -> Result? = { _, _ in nil },
    whole body: (UnsafeBufferPointer<UInt8>, Int) -> Result
  ) -> Result? {
    // Note: the common case first: a run that lies inside the leaf the lookup finds (every run of a post) is read
    // in place, at most a leaf long; gathering a window for it cost a fifth of composing (`snapped`).
    let position = root.leaf(at: utf16Offset, preferringEnd: false)
    let descriptors = position.leaf.descriptors
    let start = descriptors.start(ofDescriptorHolding: utf16Offset - position.utf16Start)
    let descriptor = descriptors[start.index]
    guard descriptor.isText else { return nil }
    let utf16Start = position.utf16Start + start.utf16
    var startsRun = start.index > 0 || position.ordinal == 0
    var endsRun = start.index < descriptors.count - 1 || utf16Start + Int(descriptor.utf16Count) == utf16Count
    var text = position.leaf.text
    let pieceUTF8 = start.utf8..<(start.utf8 + Int(descriptor.utf8Count))
    if !(startsRun && endsRun) {
      guard readingInPlace else { return withTextWindow(containing: utf16Offset, body) }
      // Note: `inPiece` is not optional: an optional closure escapes, and its context would be allocated per call.
      if let answer = text.withUTF8({ bytes in inPiece(UnsafeBufferPointer(rebasing: bytes[pieceUTF8]), utf16Start) }) {
        return answer
      }
      // Note: at a leaf's edge the run goes on only when the neighbouring leaf's edge is text of the same content; in
      // composed text the edge is mostly an attachment, and the piece is then the whole run (a window cost ~15 k
      // instructions, a leaf lookup a few hundred).
      if !startsRun {
        startsRun = !root.leaf(ordinal: position.ordinal - 1).leaf.descriptors.last!.isText(descriptor.contentIndex)
      }
      if startsRun && !endsRun {
        endsRun = !root.leaf(ordinal: position.ordinal + 1).leaf.descriptors[0].isText(descriptor.contentIndex)
      }
      guard startsRun && endsRun else { return withTextWindow(containing: utf16Offset, body) }
    }
    return text.withUTF8 { bytes in body(UnsafeBufferPointer(rebasing: bytes[pieceUTF8]), utf16Start) }
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The UTF-8 offset of a UTF-16 offset, moved off the middle of a surrogate pair in `direction`.
  func utf8Offset(ofUTF16Offset utf16Offset: Int, snapping direction: SnapDirection) -> Int {
    if let utf8Offset = utf8Offset(ofUTF16Offset: utf16Offset) { return utf8Offset }
    return utf8Offset(ofUTF16Offset: direction == .backward ? utf16Offset - 1 : utf16Offset + 1)!
  }
}
