@testable import Emotext

/// The storage targets: bytes are a starting text and a script of edits, run on the tree-backed ``RichText``
/// (through ``Editor`` and directly) and on the array-of-runs oracle (`ArrayEditor`, `ArrayRichText`).
///
/// After every step the pair it changed (the editors, or the documents edited directly) agrees in selection, caret
/// and undo state (editors), UTF-16 count and the content around the step's change; the other pair is unchanged.
/// At the end, and in the storageFull target (and the tests) also at the steps a ``CheckSchedule`` picks (about one
/// in 16, seeded by the input), everything is compared: the runs, the post text, every count (UTF-16, scalars,
/// clusters), the position queries at both ends and four offsets the schedule picks, `==` and `hash`; both
/// documents pass `checkInvariants()`; slices and tokenizing the post text agree too. A host mirror that applies
/// only the editor's ``Editor/lastChange`` equals its document around each change, and whole at the picked steps
/// and the end. The storage target runs the editors' steps of a script, storageDocuments the direct edits'
/// (``Pairs``), storageFull both.
enum StorageProperty {
  /// Pieces of text: token halves, attributes-worthy words, clusters that span pieces, long runs.
  static let alphabet: [String] =
    EditProperty.alphabet + [
      "@m", "#t#", String(repeating: "x", count: 70), "e\u{301}\u{302}",
      "👨\u{200D}👩\u{200D}👧", "🇨🇳🇯🇵", "\r\n\r\n",
    ]

  /// Attributes a direct edit uses, so coalescing and seams between attributes are exercised.
  static let attributes: [TextAttributes] = [
    .plain, TextAttributes(entity: .mention), TextAttributes(entity: .link), TextAttributes(hostAttributes: ["k": "v"]),
  ]

  /// Which pairs a run of the script edits and checks: the two pairs never share a step or a value, so a script
  /// run on one of them does to it exactly what the whole script does.
  enum Pairs {
    /// The editors (steps 0–12), with the host mirror of the editor's `lastChange`: the storage target.
    case editors
    /// The documents edited directly (steps 13–19): the storageDocuments target, split off storage.
    case documents
    /// Both, as storageFull and the tests run the script.
    case both
  }

  /// Runs the script of `bytes`; `fullCheckPeriod`: compare everything at about one step in that many (nil: only
  /// at the start and the end, as the storage target does, so that it stays fast; storageFull picks one in 16);
  /// `pairs`: which pairs run their steps (the other pair's steps are read from the input and skipped, so an
  /// input means the same script to every target).
  /// A difference planted in the oracles, for `PlantedDifferenceTests`: called before each step of the script
  /// (run or skipped) with the number of steps before it, it changes the oracles (the editor's and the document's)
  /// as a defect in the library would change the other side, or changes them back.
  struct Planting {
    var beforeStep: (_ steps: Int, _ editor: inout ArrayEditor, _ document: inout ArrayRichText) -> Void
  }

  /// `planting`: a difference planted in the oracles (nil, but in `PlantedDifferenceTests`).
  static func check(
    _ bytes: [UInt8], fullCheckPeriod: Int? = 16, pairs: Pairs = .both, planting: Planting? = nil
  ) throws(PropertyFailure) {
    let editors = pairs != .documents
    let documents = pairs != .editors
    let catalog = FuzzCatalogs.small
    let emoticons = catalog.packs.flatMap(\.emoticons)
    let tokenizer = FuzzCatalogs.smallTokenizer
    var input = FuzzInput(bytes)
    var start = ""
    for _ in 0..<input.number(below: 12) { start += alphabet[input.number(below: alphabet.count)] }

    var editor = Editor(document: tokenizer.tokenize(start), catalog: catalog)
    var oracleEditor = ArrayEditor(document: oracleTokenize(start, tokenizer), catalog: catalog)
    var document = tokenizer.tokenize(start)
    var oracle = oracleTokenize(start, tokenizer)
    var history: [String] = ["start \(byteList(start))"]
    var schedule = CheckSchedule(bytes, period: fullCheckPeriod)
    var mirror = editors ? HostMirror.units(of: editor.document) : []
    if editors { try compare(editor, oracleEditor, &schedule, history) }
    if documents { try compare(document, oracle, tokenizer, &schedule, history) }

    func text() -> String {
      alphabet[input.number(below: alphabet.count)]
        + (input.byte() & 1 == 0 ? "" : alphabet[input.number(below: alphabet.count)])
    }
    /// A range of the oracle on cluster boundaries (as the editor's callers and `replaceSubrange` need).
    func range(in oracle: ArrayRichText) -> Range<Int> {
      let count = oracle.utf16Count
      let lower = oracle.snapped(input.number(below: count + 1), .backward)
      let upper = oracle.snapped(lower + input.number(below: count + 1 - lower), .forward)
      return lower..<max(lower, upper)
    }

    // Note: at most 200 steps, each checking about a dozen offsets, so an input runs in well under the
    // fuzzer's timeout with the internal checks and the sanitizer on.
    var steps = 0
    while input.hasMore && steps < 200 {
      planting?.beforeStep(steps, &oracleEditor, &oracle)
      steps += 1
      let fullCheck = schedule.nextStep()
      let step: String
      // Where the step changed the document (in its new coordinates), for the local comparison: nil when it
      // did not change it.
      var changed: Range<Int>?
      let command = input.number(below: 20)
      // Note: a step of the pair that does not run reads its arguments (the same bytes whatever the state) and
      // does nothing else.
      let runs = command <= 12 ? editors : documents
      switch command {
      case 0...2:
        let typed = text()
        guard runs else { continue }
        step = "editor insert \(byteList(typed))"
        editor.insert(typed)
        oracleEditor.insert(typed)
      case 3:
        let emoticon = emoticons[input.number(below: emoticons.count)]
        let spellings = [emoticon.code] + emoticon.aliases
        let token = spellings[input.number(below: spellings.count)]
        guard runs else { continue }
        step = "editor emoticon \(token)"
        editor.insert(emoticon: emoticon, token: token)
        oracleEditor.insert(emoticon: emoticon, token: token)
      case 4:
        let pasted = text() + text()
        guard runs else { continue }
        step = "editor paste tokenized \(byteList(pasted))"
        editor.insert(tokenizer.tokenize(pasted))
        oracleEditor.insert(oracleTokenize(pasted, tokenizer))
      case 5:
        let range = range(in: oracleEditor.document)
        let replacement = text()
        guard runs else { continue }
        step = "editor replace \(range) with \(byteList(replacement))"
        editor.replace(range, with: RichText(replacement))
        oracleEditor.replace(range, with: ArrayRichText(replacement))
      case 6, 7:
        let mode: BackspaceMode = input.byte() & 1 == 0 ? .platform : .graphemeCluster
        guard runs else { continue }
        // Note: the raw values (interpolating an enum reflects on it, on every step).
        step = "editor backspace \(mode.rawValue)"
        editor.backspaceMode = mode
        oracleEditor.backspaceMode = mode
        editor.deleteBackward()
        oracleEditor.deleteBackward()
      case 8:
        guard runs else { continue }
        step = "editor delete forward"
        editor.deleteForward()
        oracleEditor.deleteForward()
      case 9:
        let count = oracleEditor.document.utf16Count
        let lower = input.number(below: count + 2)
        let upper = lower + input.number(below: count + 2 - lower)
        guard runs else { continue }
        step = "editor select \(lower)..<\(upper)"
        editor.select(lower..<upper)
        oracleEditor.select(lower..<upper)
      case 10:
        let movement = Editor.Movement.allCases[input.number(below: 4)]
        let extending = input.byte() & 1 == 1
        guard runs else { continue }
        step = "editor move \(movement.rawValue) \(extending)"
        editor.move(movement, extending: extending)
        oracleEditor.move(movement, extending: extending)
      case 11:
        guard runs else { continue }
        step = "editor undo"
        editor.undo()
        oracleEditor.undo()
      case 12:
        guard runs else { continue }
        step = "editor redo"
        editor.redo()
        oracleEditor.redo()
      case 13, 14:
        let range = range(in: oracle)
        let replacement = text()
        let attributesIndex = input.number(below: attributes.count)
        let attributes = attributes[attributesIndex]
        guard runs else { continue }
        step = "replaceSubrange \(range) with \(byteList(replacement)) attributes[\(attributesIndex)]"
        let change = document.replaceSubrange(range, with: RichText(replacement, attributes: attributes))
        let oracleChange = oracle.replaceSubrange(range, with: ArrayRichText(replacement, attributes: attributes))
        try require(change == oracleChange, "replaceSubrange reported \(change), the oracle \(oracleChange)")
        changed = change.insertedRange
      case 15:
        let range = range(in: oracle)
        let pasted = text() + text()
        guard runs else { continue }
        step = "replaceSubrange \(range) with tokenized \(byteList(pasted))"
        changed = document.replaceSubrange(range, with: tokenizer.tokenize(pasted)).insertedRange
        oracle.replaceSubrange(range, with: oracleTokenize(pasted, tokenizer))
      case 16:
        let range = range(in: oracle)
        guard runs else { continue }
        step = "removeSubrange \(range)"
        changed = document.removeSubrange(range).insertedRange
        oracle.removeSubrange(range)
      case 17:
        let appended = text()
        let attributesIndex = input.number(below: attributes.count)
        let attributes = attributes[attributesIndex]
        guard runs else { continue }
        step = "append \(byteList(appended)) attributes[\(attributesIndex)]"
        let count = document.utf16Count
        document.append(tokenizer.tokenize(appended, attributes: attributes))
        changed = count..<document.utf16Count
        oracle.append(oracleTokenize(appended, tokenizer, attributes: attributes))
      case 18:
        let range = range(in: oracle)
        guard runs else { continue }
        step = "slice \(range) of itself"
        document = document.slice(range)
        oracle = oracle.slice(range)
        changed = 0..<oracle.utf16Count
      default:
        guard runs else { continue }
        step = "round trip through post text"
        document = tokenizer.tokenize(document.postText)
        oracle = oracleTokenize(oracle.postText, tokenizer)
        changed = 0..<oracle.utf16Count
      }
      history.append(step)
      if fullCheck {
        if editors { try compare(editor, oracleEditor, &schedule, history) }
        if documents { try compare(document, oracle, tokenizer, &schedule, history) }
        // Note: the steps 0–12 are the editor's; the others leave its lastChange from the step before.
        if command <= 12 {
          try EditProperty.applyLastChange(editor.lastChange, of: editor.document, to: &mirror, whole: true, history)
        }
      } else if command <= 12 {
        // Note: each step changes either the editors (0–12) or the documents; the pair it left alone is as the
        // last comparison saw it.
        try compareLocally(editor, oracleEditor, lastChange: editor.lastChange, mirror: &mirror, history)
      } else {
        try compareLocally(document, oracle, around: changed, history)
      }
    }
    schedule.finish()
    history.append("(end)")
    if editors { try compare(editor, oracleEditor, &schedule, history) }
    if documents { try compare(document, oracle, tokenizer, &schedule, history) }
    guard editors else { return }
    try require(
      mirror == HostMirror.units(of: editor.document),
      "a host applying the editor's lastChange does not see its document\n\(history.joined(separator: "\n"))")
  }

  /// `Array(text.utf8)`'s description (`[104, 105]`) for a history line, written without Swift's generic printing,
  /// which cost more than some steps (a line is made for every step, and read only when a check fails).
  static func byteList(_ text: String) -> String {
    var result = "["
    for (index, byte) in text.utf8.enumerated() {
      if index > 0 { result += ", " }
      result += String(byte)
    }
    return result + "]"
  }

  /// What every step checks of the editors: selection, caret, undo state, length, the content around the
  /// editor's last change (the rest was equal before, and the full checks at the picked steps see all of it), and
  /// the host mirror: `lastChange` (the editor's) applied to it as a host would, copying the inserted units from
  /// the editor's document, it has the document's length and, in the same window, its units. One slice of the
  /// document's window serves the comparisons and the copy (`EditProperty.applyLastChange` checks the mirror
  /// alike, with two slices and the window found by the document).
  static func compareLocally(
    _ editor: Editor, _ oracle: ArrayEditor, lastChange: TextChange?, mirror: inout [UInt16], _ history: [String]
  ) throws(PropertyFailure) {
    func failure(_ what: String) -> String { "editor: \(what)\n  after:\n    \(history.joined(separator: "\n    "))" }
    try require(editor.selection == oracle.selection, failure("selection \(editor.selection) vs \(oracle.selection)"))
    try require(editor.caret == oracle.caret, failure("caret \(editor.caret) vs \(oracle.caret)"))
    try require(editor.canUndo == oracle.canUndo && editor.canRedo == oracle.canRedo, failure("undo state differs"))
    let document = editor.document
    let count = oracle.document.utf16Count
    try require(document.utf16Count == count, failure("utf16Count \(document.utf16Count) vs \(count)"))
    guard let change = lastChange else {
      try require(mirror.count == count, failure("a host applying lastChange has \(mirror.count) units, not \(count)"))
      return
    }
    try require(
      change.replacedRange.upperBound <= mirror.count && change.insertedRange.upperBound <= count,
      failure("lastChange \(change) lies past the mirror's end (\(mirror.count)) or the document's (\(count))"))
    let window = window(around: change.insertedRange, in: oracle.document)
    let runs = Array(document.slice(window).runs)
    try require(
      runs == oracle.document.slice(window).runs, failure("the content around the change, \(window), differs"))
    // Note: the host copies the inserted units from the editor's document: here from the window's slice, which
    // holds them (the window contains the inserted range), instead of a second slice.
    let windowUnits = HostMirror.units(of: runs)
    let inserted = change.insertedRange
    mirror.replaceSubrange(
      change.replacedRange,
      with: windowUnits[(inserted.lowerBound - window.lowerBound)..<(inserted.upperBound - window.lowerBound)])
    try require(mirror.count == count, failure("a host applying lastChange has \(mirror.count) units, not \(count)"))
    try require(
      mirror[window].elementsEqual(windowUnits),
      failure("a host applying lastChange does not see the document in \(window)"))
  }

  /// The changed range `inserted` and a few units either side, on cluster boundaries of the oracle, so a seam that
  /// coalesced or a token that formed next to the change is inside it.
  private static func window(around inserted: Range<Int>, in oracle: ArrayRichText) -> Range<Int> {
    let count = oracle.utf16Count
    let lower = oracle.snapped(max(0, min(inserted.lowerBound, count) - 4), .backward)
    let upper = oracle.snapped(min(count, max(inserted.upperBound, lower) + 4), .forward)
    return lower..<max(lower, upper)
  }

  /// What every step checks of the documents: the length, and the runs around `changed`, the range the step
  /// changed (nil: it changed nothing).
  static func compareLocally(
    _ document: RichText, _ oracle: ArrayRichText, around changed: Range<Int>?, _ history: [String]
  ) throws(PropertyFailure) {
    func failure(_ what: String) -> String { "document: \(what)\n  after:\n    \(history.joined(separator: "\n    "))" }
    let count = oracle.utf16Count
    try require(document.utf16Count == count, failure("utf16Count \(document.utf16Count) vs \(count)"))
    guard let inserted = changed else { return }
    let window = window(around: inserted, in: oracle)
    try require(
      Array(document.slice(window).runs) == oracle.slice(window).runs,
      failure("the content around the change, \(window), differs"))
  }

  /// The oracle's tokenizing: the reference's matches (not the tokenizer's) cut into an array of runs.
  static func oracleTokenize(
    _ text: String, _ tokenizer: BracketTokenizer, attributes: TextAttributes = .plain
  ) -> ArrayRichText {
    ArrayRichText(
      text, splittingAt: ArrayRichText.referenceMatches(in: text, tokenizer: tokenizer), attributes: attributes)
  }

  static func compare(
    _ editor: Editor, _ oracle: ArrayEditor, _ schedule: inout CheckSchedule, _ history: [String]
  ) throws(PropertyFailure) {
    func failure(_ what: String) -> String { "editor: \(what)\n  after:\n    \(history.joined(separator: "\n    "))" }
    try compareDocuments(editor.document, oracle.document, &schedule, failure)
    try require(editor.selection == oracle.selection, failure("selection \(editor.selection) vs \(oracle.selection)"))
    try require(editor.caret == oracle.caret, failure("caret \(editor.caret) vs \(oracle.caret)"))
    try require(editor.canUndo == oracle.canUndo && editor.canRedo == oracle.canRedo, failure("undo state differs"))
    editor.checkInvariants()
  }

  static func compare(
    _ document: RichText, _ oracle: ArrayRichText, _ tokenizer: BracketTokenizer, _ schedule: inout CheckSchedule,
    _ history: [String]
  ) throws(PropertyFailure) {
    func failure(_ what: String) -> String { "document: \(what)\n  after:\n    \(history.joined(separator: "\n    "))" }
    try compareDocuments(document, oracle, &schedule, failure)
    let post = document.postText
    try require(
      Array(tokenizer.tokenize(post).runs) == oracleTokenize(post, tokenizer).runs, failure("tokenizing differs"))
  }

  /// Runs, text, counts, position queries (at both ends and four offsets `schedule` picks: each query walks the
  /// document), `==` and `hash` agree.
  private static func compareDocuments(
    _ document: RichText, _ oracle: ArrayRichText, _ schedule: inout CheckSchedule, _ failure: (String) -> String
  ) throws(PropertyFailure) {
    oracle.checkInvariants()
    let runs = Array(document.runs)
    try require(runs == oracle.runs, failure("runs \(runs) vs \(oracle.runs)"))
    document.checkInvariants()
    try require(document.runs.count == oracle.runs.count, failure("runs.count differs"))
    try require(Array(document.runs.reversed()) == oracle.runs.reversed(), failure("runs backwards differ"))
    try require(document.postText == oracle.postText, failure("post text differs"))
    try require(document.isEmpty == oracle.isEmpty, failure("isEmpty differs"))
    let count = oracle.utf16Count
    try require(document.utf16Count == count, failure("utf16Count \(document.utf16Count) vs \(count)"))
    try require(document.scalarCount == oracle.scalarCount, failure("scalarCount differs"))
    try require(document.graphemeCount == oracle.graphemeCount, failure("graphemeCount differs"))
    let rebuilt = RichText(runs: oracle.runs)
    try require(document == rebuilt && document.hashValue == rebuilt.hashValue, failure("== or hash differs"))
    // Note: Backspace and the boundary before an offset need one that does not split a surrogate pair: the end, the
    // start of a run, or an offset in a text run that is not right after a high surrogate (the oracle's run
    // asked about the one offset, not a set of every scalar boundary of the document).
    func isScalarBoundary(_ offset: Int) -> Bool {
      guard offset < count else { return true }
      let (run, utf16Range) = oracle.run(containing: offset)
      guard case .text(let text, _) = run, offset > utf16Range.lowerBound else { return true }
      let utf16 = text.utf16
      return !UTF16.isLeadSurrogate(utf16[utf16.index(utf16.startIndex, offsetBy: offset - utf16Range.lowerBound - 1)])
    }
    var offsets = [0, count]
    for _ in 0..<4 { offsets.append(schedule.number(below: count + 1)) }
    for offset in offsets {
      let boundary = oracle.isGraphemeBoundary(offset)
      try require(document.isGraphemeBoundary(offset) == boundary, failure("isGraphemeBoundary(\(offset)) differs"))
      try require(
        document.graphemeBoundary(after: offset) == oracle.graphemeBoundary(after: offset),
        failure("graphemeBoundary(after: \(offset)) differs"))
      let onScalar = isScalarBoundary(offset)
      try require(
        !onScalar || document.graphemeBoundary(before: offset) == oracle.graphemeBoundary(before: offset),
        failure("graphemeBoundary(before: \(offset)) differs"))
      for direction in [SnapDirection.backward, .forward] {
        try require(
          document.snapped(offset, direction) == oracle.snapped(offset, direction),
          failure("snapped(\(offset), \(direction)) differs"))
      }
      for mode in [BackspaceMode.platform, .graphemeCluster] where onScalar {
        try require(
          document.deletionStart(before: offset, mode: mode) == oracle.deletionStart(before: offset, mode: mode),
          failure("deletionStart(before: \(offset), \(mode)) differs"))
      }
      try require(
        !onScalar || document.scalarCount(before: offset) == oracle.scalarCount(before: offset),
        failure("scalarCount(before: \(offset)) differs"))
      if boundary {
        try require(
          document.graphemeCount(before: offset) == oracle.graphemeCount(before: offset),
          failure("graphemeCount(before: \(offset)) differs"))
      }
      if offset < count {
        let (run, utf16Range) = document.run(containing: offset)
        let (oracleRun, oracleRange) = oracle.run(containing: offset)
        try require(run == oracleRun && utf16Range == oracleRange, failure("run(containing: \(offset)) differs"))
      }
      let lower = oracle.snapped(offset, .backward)
      let upper = oracle.snapped(min(count, lower + 7), .forward)
      try require(
        Array(document.slice(lower..<upper).runs) == oracle.slice(lower..<upper).runs,
        failure("slice(\(lower)..<\(upper)) differs"))
    }
    let graphemeCount = oracle.graphemeCount
    for graphemes in [0, graphemeCount, graphemeCount + 1, schedule.number(below: graphemeCount + 1)] {
      try require(
        document.utf16Offset(graphemeOffset: graphemes) == oracle.utf16Offset(graphemeOffset: graphemes),
        failure("utf16Offset(graphemeOffset: \(graphemes)) differs"))
    }
  }
}
