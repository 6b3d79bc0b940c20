/// Where a UTF-16 offset falls: in which run, and how far into it.
struct RunLocation: Equatable {
  /// The run index; `runs.count` for the end of the document.
  var run: Int
  /// The UTF-16 offset inside that run (0 for an attachment).
  var utf16Offset: Int
  /// The document offset where that run starts.
  var runStart: Int
}

/// Which way an offset that falls inside a grapheme cluster moves to reach a boundary.
public enum SnapDirection: Sendable {
  /// To the start of the cluster.
  case backward
  /// To the end of the cluster.
  case forward
}

extension RichText {
  /// The run holding the unit at `utf16Offset`; an offset on a seam belongs to the run after it.
  /// - Complexity: O(log *n*) in the number of runs.
  func location(of utf16Offset: Int) -> RunLocation {
    precondition(utf16Offset >= 0, "RichText offset \(utf16Offset) is negative")
    let end = utf16Count
    precondition(utf16Offset <= end, "RichText offset \(utf16Offset) is beyond the end (\(end))")
    if utf16Offset == end { return RunLocation(run: runStorage.count, utf16Offset: 0, runStart: end) }
    // The first run that ends after the offset.
    var low = 0
    var high = runUTF16Ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if runUTF16Ends[middle] > utf16Offset { high = middle } else { low = middle + 1 }
    }
    let runStart = low == 0 ? 0 : runUTF16Ends[low - 1]
    return RunLocation(run: low, utf16Offset: utf16Offset - runStart, runStart: runStart)
  }

  /// The run holding the unit at `utf16Offset`, and the UTF-16 range it spans.
  /// - Precondition: `utf16Offset < utf16Count`.
  /// - Complexity: O(log *n*) in the number of runs.
  func run(containing utf16Offset: Int) -> (run: Run, utf16Range: Range<Int>) {
    precondition(utf16Offset < utf16Count, "RichText offset \(utf16Offset) holds no run (length \(utf16Count))")
    let location = location(of: utf16Offset)
    let run = runs[location.run]
    return (run, location.runStart..<(location.runStart + run.utf16Count))
  }

  /// Whether `utf16Offset` is between two grapheme clusters (or at either end).
  ///
  /// Attachments and the seams between runs are always boundaries: a cluster never spans two runs.
  public func isGraphemeBoundary(_ utf16Offset: Int) -> Bool {
    let location = location(of: utf16Offset)
    guard location.utf16Offset > 0, case .text(let text, _) = runs[location.run] else { return true }
    guard let utf8Offset = text.utf8Offset(ofUTF16Offset: location.utf16Offset) else { return false }
    return GraphemeBreaks.isBoundary(utf8Offset, in: text)
  }

  /// The next grapheme boundary after `utf16Offset` (an attachment is one cluster); the end stays put.
  public func graphemeBoundary(after utf16Offset: Int) -> Int {
    let location = location(of: utf16Offset)
    guard location.run < runs.count else { return utf16Offset }
    guard case .text(let text, _) = runs[location.run] else { return utf16Offset + 1 }
    let utf8Offset = text.utf8Offset(ofUTF16Offset: location.utf16Offset, snapping: .backward)
    let next = GraphemeBreaks.boundary(after: utf8Offset, in: text)
    return location.runStart + text.utf16Offset(ofUTF8Offset: next)
  }

  /// The previous grapheme boundary before `utf16Offset`; the start stays put.
  public func graphemeBoundary(before utf16Offset: Int) -> Int {
    guard utf16Offset > 0 else { return 0 }
    let location = location(of: utf16Offset - 1)
    guard case .text(let text, _) = runs[location.run] else { return utf16Offset - 1 }
    let utf8Offset = text.utf8Offset(ofUTF16Offset: utf16Offset - location.runStart, snapping: .forward)
    let previous = GraphemeBreaks.boundary(before: utf8Offset, in: text)
    return location.runStart + text.utf16Offset(ofUTF8Offset: previous)
  }

  /// `utf16Offset` moved to a grapheme boundary: unchanged when it is one, else to the start
  /// (`.backward`) or the end (`.forward`) of the cluster it falls in. Offsets past the ends are clamped.
  public func snapped(_ utf16Offset: Int, _ direction: SnapDirection) -> Int {
    let clamped = min(max(utf16Offset, 0), utf16Count)
    if isGraphemeBoundary(clamped) { return clamped }
    switch direction {
    case .backward: return graphemeBoundary(before: clamped)
    case .forward: return graphemeBoundary(after: clamped)
    }
  }

  /// The number of Unicode scalars before `utf16Offset` (an attachment counts 1).
  ///
  /// - Precondition: `utf16Offset` does not split a surrogate pair.
  public func scalarCount(before utf16Offset: Int) -> Int {
    var count = 0
    forEachPiece(before: utf16Offset) { text in
      if let text { count += text.scalarCountFromUTF8 } else { count += 1 }
    }
    return count
  }

  /// The number of grapheme clusters before `utf16Offset` (an attachment counts 1).
  ///
  /// - Precondition: `utf16Offset` is a grapheme boundary.
  public func graphemeCount(before utf16Offset: Int) -> Int {
    precondition(isGraphemeBoundary(utf16Offset), "RichText offset \(utf16Offset) is inside a grapheme cluster")
    var count = 0
    forEachPiece(before: utf16Offset) { text in
      if let text { count += GraphemeBreaks.count(in: text) } else { count += 1 }
    }
    return count
  }

  /// The number of Unicode scalars, each attachment counting 1.
  public var scalarCount: Int { scalarCount(before: utf16Count) }

  /// The number of extended grapheme clusters (UAX #29, through ICU), each attachment counting 1.
  public var graphemeCount: Int {
    // Note: the whole document needs no offset conversion: one pass over the runs.
    runs.reduce(0) { count, run in
      switch run {
      case .emoticon: count + 1
      case .text(let text, _): count + GraphemeBreaks.count(in: text)
      }
    }
  }

  /// The UTF-16 offset after the first `graphemeCount` clusters (clamped to the end).
  public func utf16Offset(graphemeOffset graphemeCount: Int) -> Int {
    var remaining = graphemeCount
    var runStart = 0
    for run in runs {
      guard remaining > 0 else { break }
      switch run {
      case .emoticon:
        remaining -= 1
        runStart += 1
      case .text(let text, _):
        var result: Int?
        var seen = 0
        GraphemeBreaks.forEachBoundary(in: text) { boundary in
          guard result == nil else { return }
          seen += 1
          if seen == remaining { result = boundary }
        }
        if let result { return runStart + text.utf16Offset(ofUTF8Offset: result) }
        remaining -= seen
        runStart += text.utf16.count
      }
    }
    return runStart
  }

  /// Where the text that one Backspace removes before `utf16Offset` starts: an attachment goes whole,
  /// text per `mode`.
  public func deletionStart(before utf16Offset: Int, mode: BackspaceMode) -> Int {
    guard utf16Offset > 0 else { return 0 }
    let location = location(of: utf16Offset - 1)
    guard case .text(let text, _) = runs[location.run] else { return utf16Offset - 1 }
    let utf8Offset = text.utf8Offset(ofUTF16Offset: utf16Offset - location.runStart, snapping: .forward)
    let start = Backspace.deletionStart(before: utf8Offset, in: text, mode: mode)
    return location.runStart + text.utf16Offset(ofUTF8Offset: start)
  }

  /// Calls `body` with the text before `utf16Offset` run by run (nil for an attachment).
  private func forEachPiece(before utf16Offset: Int, _ body: (String?) -> Void) {
    let end = location(of: utf16Offset)
    for index in 0..<end.run {
      if case .text(let text, _) = runs[index] { body(text) } else { body(nil) }
    }
    if end.utf16Offset > 0, case .text(let text, _) = runs[end.run] {
      let cut = text.utf16.index(text.utf16.startIndex, offsetBy: end.utf16Offset)
      precondition(
        cut.samePosition(in: text.unicodeScalars) != nil, "RichText offset \(utf16Offset) splits a surrogate pair")
      body(String(text[..<cut]))
    }
  }
}

extension String {
  /// The number of Unicode scalars, counted over the UTF-8 bytes: every byte that is not a continuation
  /// byte (10xxxxxx) starts one (a third of the time of `unicodeScalars.count`).
  var scalarCountFromUTF8: Int {
    utf8.withContiguousStorageIfAvailable { bytes in
      var count = 0
      for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
      return count
    } ?? unicodeScalars.count
  }

  /// The UTF-8 offset of a UTF-16 offset, or nil when it splits a surrogate pair.
  func utf8Offset(ofUTF16Offset utf16Offset: Int) -> Int? {
    let index = utf16.index(utf16.startIndex, offsetBy: utf16Offset)
    guard index.samePosition(in: unicodeScalars) != nil else { return nil }
    return utf8.distance(from: utf8.startIndex, to: index)
  }

  /// The UTF-8 offset of a UTF-16 offset, moved off the middle of a surrogate pair in `direction`.
  func utf8Offset(ofUTF16Offset utf16Offset: Int, snapping direction: SnapDirection) -> Int {
    if let offset = utf8Offset(ofUTF16Offset: utf16Offset) { return offset }
    return utf8Offset(ofUTF16Offset: direction == .backward ? utf16Offset - 1 : utf16Offset + 1)!
  }

  /// The UTF-16 offset of a UTF-8 offset on a scalar boundary.
  func utf16Offset(ofUTF8Offset utf8Offset: Int) -> Int {
    let index = utf8.index(utf8.startIndex, offsetBy: utf8Offset)
    return utf16.distance(from: utf16.startIndex, to: index)
  }

  /// The text between two UTF-8 offsets on scalar boundaries.
  func utf8Slice(_ utf8Range: Range<Int>) -> Substring {
    let start = utf8.index(utf8.startIndex, offsetBy: utf8Range.lowerBound)
    return self[start..<utf8.index(start, offsetBy: utf8Range.count)]
  }
}
