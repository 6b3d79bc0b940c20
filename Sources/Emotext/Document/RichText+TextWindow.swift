import EmotextUnicode

extension RichText {
  /// Calls `body` with the bytes of a stretch of the text run holding the unit at `utf16Offset` and the UTF-16
  /// offset where the stretch starts; nil for an attachment. The stretch holds the unit and starts and ends at
  /// edges of its run or at safe places: before a scalar that clusters always break before (Grapheme_Cluster_Break
  /// Other, not Extended_Pictographic, not Emoji, not a conjunct consonant) and that follows no Prepend or ZWJ. No
  /// segmentation rule (nor Android's Backspace) looks back past such a place, so what is found in the stretch
  /// around the unit is what is found in the whole run: the cluster boundaries around it, what one Backspace
  /// removes.
  ///
  /// Only a few dozen units around the offset are read (in place, leaf by leaf), so a keystroke in a megabyte of
  /// text without an attachment (one run) does not read the run.
  /// - Complexity: O(log *n*) plus the stretch, which is short unless the clusters around the offset are long.
  func withTextWindow<Result>(
    containing utf16Offset: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Result
  ) -> Result? {
    var reach = 32
    while true {
      let lower = scalarBoundary(atOrBefore: max(utf16Offset - reach, 0))
      let upperLimit = min(utf16Offset + 1 + reach, utf16Count)
      let upper = scalarBoundary(atOrBefore: upperLimit) == upperLimit ? upperLimit : upperLimit + 1
      var window = TextWindow(utf16Start: lower, startsRun: lower == 0, endsRun: upper == utf16Count)
      forEachPiece(in: lower..<upper) { window.read($0, around: utf16Offset) }
      if window.holdsAttachment { return nil }
      if let safe = window.safeRange(around: utf16Offset) {
        return window.utf8.withUnsafeBufferPointer { bytes in
          body(UnsafeBufferPointer(rebasing: bytes[safe.utf8]), safe.utf16Start)
        }
      }
      reach *= 4
    }
  }

  /// `utf16Offset`, or one unit before it when it falls between the halves of a surrogate pair.
  /// - Complexity: O(log *n*) plus the length of the run piece around the offset.
  func scalarBoundary(atOrBefore utf16Offset: Int) -> Int {
    guard utf16Offset > 0 && utf16Offset < utf16Count else { return utf16Offset }
    var splitsPair = false
    forEachLeafChunk(in: utf16Offset..<(utf16Offset + 1)) { chunk in
      let start = chunk.descriptors.start(ofDescriptorHolding: utf16Offset - chunk.utf16Start)
      // Note: an attachment is one unit, so the offset is its start; only text can split a pair.
      let utf8End = start.utf8 + Int(chunk.descriptors[start.index].utf8Count)
      let piece = UnsafeBufferPointer(rebasing: chunk.utf8[start.utf8..<utf8End])
      splitsPair = piece.utf8Offset(ofUTF16Offset: utf16Offset - chunk.utf16Start - start.utf16) == nil
      return false
    }
    return splitsPair ? utf16Offset - 1 : utf16Offset
  }
}

/// The bytes ``RichText/withTextWindow(containing:_:)`` gathers: the part of one text run within its reach.
private struct TextWindow {
  var utf8: [UInt8] = []
  /// Where `utf8` starts in the document.
  var utf16Start: Int
  /// Whether `utf8` starts where the run starts, and ends where it ends.
  var startsRun: Bool
  var endsRun: Bool
  var holdsAttachment = false

  init(utf16Start: Int, startsRun: Bool, endsRun: Bool) {
    self.utf16Start = utf16Start
    self.startsRun = startsRun
    self.endsRun = endsRun
  }

  /// Adds `piece` when it belongs to the run holding the unit at `utf16Offset`; returns false once past it.
  mutating func read(_ piece: borrowing RichText.RunPiece, around utf16Offset: Int) -> Bool {
    let pieceEnd = piece.utf16Start + piece.utf16Count
    let (isAttachment, continuesRun) = (piece.isAttachment, piece.continuesRun)
    let startsRun = isAttachment || !continuesRun
    if piece.utf16Start > utf16Offset && startsRun {
      endsRun = true
      return false
    }
    if isAttachment {
      if pieceEnd > utf16Offset {
        holdsAttachment = true
        return false
      }
      (utf8, utf16Start, self.startsRun) = ([], pieceEnd, true)
      return true
    }
    if startsRun { (utf8, utf16Start, self.startsRun) = ([], piece.utf16Start, true) }
    utf8.append(contentsOf: piece.utf8)
    return true
  }

  /// The last safe place at or before the unit at `utf16Offset` and the first after it (see
  /// ``RichText/withTextWindow(containing:_:)``), or nil when the window holds none on a side that is not its run's
  /// edge.
  func safeRange(around utf16Offset: Int) -> (utf8: Range<Int>, utf16Start: Int)? {
    var start: (utf8: Int, utf16: Int)? = startsRun ? (0, utf16Start) : nil
    var end: Int? = nil
    var index = 0
    var utf16 = utf16Start
    var previous: UInt16?  // the grapheme table entry of the scalar before
    GraphemeTable.shared.withLookup { table in
      while index < utf8.count {
        let (entry, length) = utf8.withUnsafeBufferPointer { table.entry(in: $0, at: index) }
        if let previous, Self.isSafe(entry, after: previous) {
          if utf16 <= utf16Offset { start = (index, utf16) } else if end == nil { end = index }
        }
        if end != nil { break }
        previous = entry
        index += length
        utf16 += length == 4 ? 2 : 1
      }
    }
    guard let start, let end = end ?? (endsRun ? utf8.count : nil) else { return nil }
    return (start.utf8..<end, start.utf16)
  }

  /// Whether clusters break before a scalar with grapheme table `entry` after one with `previous`, whatever lies
  /// before them, and no rule looks back past it.
  static func isSafe(_ entry: UInt16, after previous: UInt16) -> Bool {
    let excluded = GraphemeTable.extendedPictographic | GraphemeTable.emoji | GraphemeTable.linkingConsonant
    let previousKind = GraphemeTable.kind(previous)
    return GraphemeTable.kind(entry) == .other && entry & excluded == 0 && previousKind != .prepend
      && previousKind != .zwj
  }
}
