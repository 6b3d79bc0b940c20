@testable import Emotext

// A document as a plain array of runs: the oracle the differential test and the `storage` fuzz target compare
// the tree-backed RichText against. Not used by the library. Its cluster boundaries and Backspace come from
// ``UnicodeReference`` (the Unicode data files), not from the library's rules.

struct ArrayRichText: Hashable, Sendable {
  /// The runs, canonical.
  ///
  /// Setting them recomputes every run's UTF-16 length; edits inside the module go through
  /// `replaceRuns(_:with:)`, which updates only what changed.
  var runs: [Run] {
    get { runStorage }
    set {
      runStorage = newValue
      runUTF16Ends = Self.utf16Ends(of: newValue)
    }
  }

  /// The runs (see ``runs``).
  // Note: internal so `replaceRuns(_:with:)` can keep the two arrays in step; nothing else writes them.
  var runStorage: [Run]
  /// Where each run ends, in UTF-16 units from the start of the document, so a UTF-16 offset finds its
  /// run by binary search instead of a walk over every run.
  var runUTF16Ends: [Int]

  /// An empty document.
  init() {
    runStorage = []
    runUTF16Ends = []
  }

  /// A document of one text run (not tokenized: `[哈哈]` stays text; see ``BracketTokenizer``).
  init(_ text: String, attributes: TextAttributes = .plain) {
    self.init()
    if !text.isEmpty { appendCoalescing(.text(text, attributes)) }
  }

  /// A document of one emoticon attachment.
  init(attachment: EmoticonAttachment) {
    self.init()
    appendCoalescing(.emoticon(attachment))
  }

  /// A document of `runs`, made canonical (empty runs dropped, equal neighbours joined).
  init(runs: some Sequence<Run>) {
    self.init()
    for run in runs { appendCoalescing(run) }
  }

  /// Whether the document has no runs.
  var isEmpty: Bool { runs.isEmpty }

  /// The length in UTF-16 code units, each attachment counting 1.
  /// - Complexity: O(1).
  var utf16Count: Int { runUTF16Ends.last ?? 0 }

  /// The text sent to the server: each text run as it is, each attachment as its token.
  var postText: String {
    var result = ""
    // Note: one allocation of the final size instead of a doubling one (measured: 64 MB documents
    // serialized at a third of the speed of 1 MB ones without it).
    result.reserveCapacity(runStorage.reduce(0) { $0 + $1.postText.utf8.count })
    for run in runStorage { result += run.postText }
    return result
  }

  /// Appends `other`, joining the seam if needed.
  mutating func append(_ other: ArrayRichText) {
    for run in other.runs { appendCoalescing(run) }
  }

  private mutating func appendCoalescing(_ run: Run) {
    if case .text(let text, let attributes) = run {
      if text.isEmpty { return }
      if case .text(var previous, attributes)? = runStorage.last {
        // Note: drops the array's reference so the append is in place.
        runStorage[runStorage.count - 1] = .text("", attributes)
        previous += text
        runStorage[runStorage.count - 1] = .text(previous, attributes)
        runUTF16Ends[runUTF16Ends.count - 1] += text.utf16.count
        return
      }
    }
    runStorage.append(run)
    runUTF16Ends.append(utf16Count + run.referenceUTF16Count)
  }
}

extension ArrayRichText: ExpressibleByStringLiteral {
  /// Plain text, not tokenized.
  init(stringLiteral value: String) { self.init(value) }
}
extension ArrayRichText {
  /// Replaces the content in `utf16Range` with `replacement`, keeping the document canonical.
  ///
  /// This is the one primitive every edit goes through. It does not tokenize or snap: see ``Editor``.
  /// - Returns: What changed: `utf16Range`, replaced by `replacement.utf16Count` units.
  /// - Precondition: the range lies in the document and does not split a surrogate pair.
  /// - Complexity: O(*n*) in the number of runs, plus the length of the two runs cut.
  @discardableResult
  mutating func replaceSubrange(_ utf16Range: Range<Int>, with replacement: ArrayRichText) -> TextChange {
    let lower = location(of: utf16Range.lowerBound)
    let upper = utf16Range.isEmpty ? lower : location(of: utf16Range.upperBound)
    let cutEnd = min(upper.run + 1, runs.count)  // runs lower.run..<cutEnd are cut
    // Note: one neighbour on each side is rebuilt too, so the seams coalesce.
    let first = max(lower.run - 1, 0)
    let last = min(cutEnd + 1, runs.count)
    var pieces = Array(runs[first..<lower.run])
    pieces.reserveCapacity(replacement.runs.count + 4)
    if lower.utf16Offset > 0 { pieces.append(runs[lower.run].arrayPrefix(utf16Count: lower.utf16Offset)) }
    pieces.append(contentsOf: replacement.runs)
    if upper.run < runs.count { pieces.append(runs[upper.run].arraySuffix(fromUTF16Offset: upper.utf16Offset)) }
    pieces.append(contentsOf: runs[cutEnd..<last])
    replaceRuns(first..<last, with: ArrayRichText(runs: pieces).runs)
    return TextChange(replacedRange: utf16Range, insertedUTF16Count: replacement.utf16Count)
  }

  /// Inserts `text` at `utf16Offset`.
  @discardableResult
  mutating func insert(_ text: ArrayRichText, at utf16Offset: Int) -> TextChange {
    replaceSubrange(utf16Offset..<utf16Offset, with: text)
  }

  /// Removes the content in `utf16Range`.
  @discardableResult
  mutating func removeSubrange(_ utf16Range: Range<Int>) -> TextChange {
    replaceSubrange(utf16Range, with: ArrayRichText())
  }

  /// The content in `utf16Range` as a document of its own.
  /// - Precondition: the range lies in the document and does not split a surrogate pair.
  func slice(_ utf16Range: Range<Int>) -> ArrayRichText {
    guard !utf16Range.isEmpty else { return ArrayRichText() }
    let lower = location(of: utf16Range.lowerBound)
    let upper = location(of: utf16Range.upperBound)
    if lower.run == upper.run {
      let run = runs[lower.run].arraySuffix(fromUTF16Offset: lower.utf16Offset)
      return ArrayRichText(runs: [run.arrayPrefix(utf16Count: utf16Range.count)])
    }
    var pieces = [runs[lower.run].arraySuffix(fromUTF16Offset: lower.utf16Offset)]
    pieces.append(contentsOf: runs[(lower.run + 1)..<upper.run])
    if upper.run < runs.count { pieces.append(runs[upper.run].arrayPrefix(utf16Count: upper.utf16Offset)) }
    return ArrayRichText(runs: pieces)
  }
}

extension Run {
  /// The first `utf16Count` units of a text run; an attachment is whole or nothing.
  func arrayPrefix(utf16Count: Int) -> Run {
    guard case .text(let text, let attributes) = self else { return utf16Count > 0 ? self : .text("", .plain) }
    return .text(String(text[..<text.arraySplittingIndex(utf16Offset: utf16Count)]), attributes)
  }

  /// A text run from `utf16Offset` on; an attachment is whole or nothing.
  func arraySuffix(fromUTF16Offset utf16Offset: Int) -> Run {
    guard case .text(let text, let attributes) = self else { return utf16Offset == 0 ? self : .text("", .plain) }
    return .text(String(text[text.arraySplittingIndex(utf16Offset: utf16Offset)...]), attributes)
  }
}

extension ArrayRichText {
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
      position += run.referenceUTF16Count
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
      position += run.referenceUTF16Count
      return position
    }
  }
}

extension ArrayRichText {
  /// A document of runs that are already canonical, with their ends (see `runUTF16Ends`).
  init(canonicalRuns: [Run], utf16Ends: [Int]) {
    precondition(canonicalRuns.count == utf16Ends.count, "every run needs its end")
    runStorage = canonicalRuns
    runUTF16Ends = utf16Ends
  }
}

extension ArrayRichText {
  /// Stops with a message when the document is not canonical. Tests call it after every step.
  package func checkInvariants() {
    precondition(runUTF16Ends == Self.utf16Ends(of: runStorage), "the cached run ends are out of step with the runs")
    for (index, run) in runs.enumerated() {
      switch run {
      case .text(let text, let attributes):
        precondition(!text.isEmpty, "run \(index) is an empty text run")
        if index > 0, case .text(_, let previous) = runs[index - 1] {
          precondition(previous != attributes, "runs \(index - 1) and \(index) are text with equal attributes")
        }
      case .emoticon(let attachment):
        precondition(!attachment.token.isEmpty, "run \(index) is an attachment with an empty token")
      }
    }
  }
}
/// Where a UTF-16 offset falls: in which run, and how far into it.
struct ArrayRunLocation: Equatable {
  /// The run index; `runs.count` for the end of the document.
  var run: Int
  /// The UTF-16 offset inside that run (0 for an attachment).
  var utf16Offset: Int
  /// The document offset where that run starts.
  var runStart: Int
}

extension ArrayRichText {
  /// The run holding the unit at `utf16Offset`; an offset on a seam belongs to the run after it.
  /// - Complexity: O(log *n*) in the number of runs.
  func location(of utf16Offset: Int) -> ArrayRunLocation {
    precondition(utf16Offset >= 0, "ArrayRichText offset \(utf16Offset) is negative")
    let end = utf16Count
    precondition(utf16Offset <= end, "ArrayRichText offset \(utf16Offset) is beyond the end (\(end))")
    if utf16Offset == end { return ArrayRunLocation(run: runStorage.count, utf16Offset: 0, runStart: end) }
    // The first run that ends after the offset.
    var low = 0
    var high = runUTF16Ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if runUTF16Ends[middle] > utf16Offset { high = middle } else { low = middle + 1 }
    }
    let runStart = low == 0 ? 0 : runUTF16Ends[low - 1]
    return ArrayRunLocation(run: low, utf16Offset: utf16Offset - runStart, runStart: runStart)
  }

  /// The run holding the unit at `utf16Offset`, and the UTF-16 range it spans.
  /// - Precondition: `utf16Offset < utf16Count`.
  /// - Complexity: O(log *n*) in the number of runs.
  func run(containing utf16Offset: Int) -> (run: Run, utf16Range: Range<Int>) {
    precondition(utf16Offset < utf16Count, "ArrayRichText offset \(utf16Offset) holds no run (length \(utf16Count))")
    let location = location(of: utf16Offset)
    let run = runs[location.run]
    return (run, location.runStart..<(location.runStart + run.referenceUTF16Count))
  }

  /// Whether `utf16Offset` is between two grapheme clusters (or at either end).
  ///
  /// Attachments and the seams between runs are always boundaries: a cluster never spans two runs.
  func isGraphemeBoundary(_ utf16Offset: Int) -> Bool {
    let location = location(of: utf16Offset)
    guard location.utf16Offset > 0, case .text(let text, _) = runs[location.run] else { return true }
    guard let utf8Offset = text.utf8Offset(ofUTF16Offset: location.utf16Offset) else { return false }
    return UnicodeReference.clusterBoundaries(in: text).contains(utf8Offset)
  }

  /// The next grapheme boundary after `utf16Offset` (an attachment is one cluster); the end stays put.
  func graphemeBoundary(after utf16Offset: Int) -> Int {
    let location = location(of: utf16Offset)
    guard location.run < runs.count else { return utf16Offset }
    guard case .text(let text, _) = runs[location.run] else { return utf16Offset + 1 }
    let utf8Offset = text.utf8Offset(ofUTF16Offset: location.utf16Offset, snapping: .backward)
    let next = UnicodeReference.clusterBoundaries(in: text).first { $0 > utf8Offset } ?? text.utf8.count
    return location.runStart + text.utf16Offset(ofUTF8Offset: next)
  }

  /// The previous grapheme boundary before `utf16Offset`; the start stays put.
  func graphemeBoundary(before utf16Offset: Int) -> Int {
    guard utf16Offset > 0 else { return 0 }
    let location = location(of: utf16Offset - 1)
    guard case .text(let text, _) = runs[location.run] else { return utf16Offset - 1 }
    let utf8Offset = text.utf8Offset(ofUTF16Offset: utf16Offset - location.runStart, snapping: .forward)
    let previous = UnicodeReference.clusterBoundaries(in: text).last { $0 < utf8Offset } ?? 0
    return location.runStart + text.utf16Offset(ofUTF8Offset: previous)
  }

  /// `utf16Offset` moved to a grapheme boundary: unchanged when it is one, else to the start
  /// (`.backward`) or the end (`.forward`) of the cluster it falls in. Offsets past the ends are clamped.
  func snapped(_ utf16Offset: Int, _ direction: SnapDirection) -> Int {
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
  func scalarCount(before utf16Offset: Int) -> Int {
    var count = 0
    forEachPiece(before: utf16Offset) { text in
      if let text { count += text.unicodeScalars.count } else { count += 1 }
    }
    return count
  }

  /// The number of grapheme clusters before `utf16Offset` (an attachment counts 1).
  ///
  /// - Precondition: `utf16Offset` is a grapheme boundary.
  func graphemeCount(before utf16Offset: Int) -> Int {
    precondition(isGraphemeBoundary(utf16Offset), "ArrayRichText offset \(utf16Offset) is inside a grapheme cluster")
    var count = 0
    forEachPiece(before: utf16Offset) { text in
      if let text { count += UnicodeReference.clusterBoundaries(in: text).count } else { count += 1 }
    }
    return count
  }

  /// The number of Unicode scalars, each attachment counting 1.
  var scalarCount: Int { scalarCount(before: utf16Count) }

  /// The number of extended grapheme clusters (UAX #29, from ``UnicodeReference``), each attachment counting 1.
  var graphemeCount: Int { graphemeCount(before: utf16Count) }

  /// The UTF-16 offset after the first `graphemeCount` clusters (clamped to the end).
  func utf16Offset(graphemeOffset graphemeCount: Int) -> Int {
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
        for boundary in UnicodeReference.clusterBoundaries(in: text) where result == nil {
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
  func deletionStart(before utf16Offset: Int, mode: BackspaceMode) -> Int {
    guard utf16Offset > 0 else { return 0 }
    let location = location(of: utf16Offset - 1)
    guard case .text(let text, _) = runs[location.run] else { return utf16Offset - 1 }
    let utf8Offset = text.utf8Offset(ofUTF16Offset: utf16Offset - location.runStart, snapping: .forward)
    let start = UnicodeReference.backspaceStart(before: utf8Offset, in: text, mode: mode)
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
        cut.samePosition(in: text.unicodeScalars) != nil, "ArrayRichText offset \(utf16Offset) splits a surrogate pair")
      body(String(text[..<cut]))
    }
  }
}

extension ArrayRichText {
  /// `text` cut into text runs and attachments at `matches` (UTF-8 ranges, in order, not overlapping).
  init(_ text: String, splittingAt matches: [TokenMatch], attributes: TextAttributes) {
    guard !matches.isEmpty else {
      self.init(text, attributes: attributes)
      return
    }
    var runs: [Run] = []
    runs.reserveCapacity(matches.count * 2 + 1)
    let utf8 = text.utf8
    var textStart = utf8.startIndex
    var textStartOffset = 0
    for match in matches {
      let tokenStart = utf8.index(textStart, offsetBy: match.utf8Range.lowerBound - textStartOffset)
      let tokenEnd = utf8.index(tokenStart, offsetBy: match.utf8Range.count)
      if textStart < tokenStart { runs.append(.text(String(text[textStart..<tokenStart]), attributes)) }
      runs.append(.emoticon(EmoticonAttachment(match.emoticon, token: String(text[tokenStart..<tokenEnd]))))
      textStart = tokenEnd
      textStartOffset = match.utf8Range.upperBound
    }
    if textStart < text.endIndex { runs.append(.text(String(text[textStart...]), attributes)) }
    self.init(runs: runs)
  }
}

extension String {
  fileprivate func arraySplittingIndex(utf16Offset: Int) -> String.Index {
    let index = utf16.index(utf16.startIndex, offsetBy: utf16Offset)
    precondition(index.samePosition(in: unicodeScalars) != nil, "RichText offset splits a surrogate pair")
    return index
  }
}
