import Foundation

@testable import Emotext
@testable import EmotextCLISupport

/// The editscript target: bytes are JSON Lines for `emotext edit` (as `EditScript` gets them).
///
/// Every line answers with one JSON object: the state, whose `text` is the document's post text and whose
/// `selection` is the editor's; or `{"error": …, "line": n}` with a message, the right line number, and the
/// editor unchanged. A host mirror that applies only each state's `change` equals the document (attachments as
/// U+FFFC) around the change; `marked` is the editor's marked range, and the marked text holds no attachment or
/// entity; `completion` is the editor's. At the lines a ``CheckSchedule`` picks (about one in eight, seeded by the
/// input) and at the last line, also: the document is canonical, the mirror equals all of it, and with nothing
/// marked the document is what the batch pass makes of its post text (tokenized, entities recognized).
///
/// Lines with a number of four or more digits or with an exponent are left out (``isBounded(_:)``): a repeat
/// count goes up to 1,000,000, which makes one input take seconds; `EditScriptTests` checks the bounds.
enum EditScriptProperty {
  /// Whether `line` holds no number that could repeat a command more than 999 times.
  static func isBounded(_ line: ArraySlice<UInt8>) -> Bool {
    var digits = 0
    for byte in line {
      let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      if !isDigit && digits > 0 && (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")) { return false }
      digits = isDigit ? digits + 1 : 0
      if digits >= 4 { return false }
    }
    return true
  }

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    var script = EditScript(catalog: FuzzCatalogs.small)
    var mirror: [UInt16] = []
    var schedule = CheckSchedule(bytes, period: 8)
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).filter(isBounded)
      .prefix(64)
    for (index, lineBytes) in lines.enumerated() {
      let isLast = index == lines.count - 1
      var fullCheck = schedule.nextStep()
      if isLast {
        schedule.finish()
        fullCheck = true
      }
      let line = String(decoding: lineBytes, as: UTF8.self)
      let before = script.editor
      let answer = script.apply(line)
      if fullCheck { script.editor.document.checkInvariants() }
      guard let object = (try? JSONSerialization.jsonObject(with: Data(answer.utf8))) as? [String: Any] else {
        throw PropertyFailure(
          description: "line \(index + 1) \(Array(lineBytes)) answered with invalid JSON: \(answer)")
      }
      if let message = object["error"] as? String {
        try require(!message.isEmpty, "an empty error message for \(line)")
        try require(
          (object["line"] as? Int) == index + 1, "error names line \(object["line"] ?? "nil"), not \(index + 1)")
        try require(
          script.editor.document.postText.utf8.elementsEqual(before.document.postText.utf8)
            && script.editor.selection == before.selection,
          "a failed line \(Array(lineBytes)) changed the document")
      } else {
        try checkState(object, of: script.editor, mirror: &mirror, whole: fullCheck, line: Array(lineBytes))
      }
    }
  }

  /// A state line against the editor: its text and selection are the editor's, and the host's checks hold.
  static func checkState(
    _ answer: [String: Any], of editor: Editor, mirror: inout [UInt16], whole: Bool, line: [UInt8]
  ) throws(PropertyFailure) {
    // Note: byte for byte (`String ==` treats canonically equivalent text as equal), without copying either.
    try require(
      (answer["text"] as? String)?.utf8.elementsEqual(editor.document.postText.utf8) == true,
      "the answer's text is not the document's post text for \(line): \(answer)")
    let selection = editor.selection
    try require(
      (answer["selection"] as? [Int]) == [selection.lowerBound, selection.count],
      "the answer's selection is not the editor's for \(line): \(answer)")
    try checkHostView(of: editor, answer: answer, mirror: &mirror, whole: whole, line: line)
  }

  /// The checks a host relies on, for one state line; `whole`: the O(document) ones too.
  private static func checkHostView(
    of editor: Editor, answer: [String: Any], mirror: inout [UInt16], whole: Bool, line: [UInt8]
  ) throws(PropertyFailure) {
    let document = editor.document
    var window: Range<Int>?
    guard let change = answer["change"] else { throw PropertyFailure(description: "no change key for \(line)") }
    if let triple = change as? [Int] {
      try require(triple.count == 3, "change is not [location, replaced, inserted] for \(line): \(triple)")
      let replaced = triple[0]..<(triple[0] + triple[1])
      try require(
        triple[0] >= 0 && triple[1] >= 0 && replaced.upperBound <= mirror.count
          && triple[0] + triple[2] <= document.utf16Count,
        "change \(triple) lies outside the documents for \(line)")
      mirror.replaceSubrange(
        replaced, with: HostMirror.units(of: document.slice(triple[0]..<(triple[0] + triple[2]))))
      let count = document.utf16Count
      window =
        document.snapped(
          max(0, triple[0] - 4), .backward)..<document.snapped(
          min(count, triple[0] + triple[2] + 4), .forward)
    } else {
      try require(change is NSNull, "change is neither null nor a triple for \(line)")
    }
    try require(
      mirror.count == document.utf16Count,
      "a host applying each change has \(mirror.count) units, the document \(document.utf16Count), \(line)")
    if whole {
      try require(
        mirror == HostMirror.units(of: document), "a host applying each change does not see the document, \(line)")
    } else if let window {
      try require(
        Array(mirror[window]) == HostMirror.units(of: document.slice(window)),
        "a host applying each change does not see the document in \(window), \(line)")
    }
    let marked = answer["marked"] as? [Int]
    try require(
      marked == editor.markedRange.map { [$0.lowerBound, $0.count] }, "marked is not the editor's for \(line)")
    if let range = editor.markedRange {
      let content = document.slice(range)
      try require(
        content.runs.allSatisfy { if case .text(_, let a) = $0 { a.entity == nil } else { false } },
        "marked text holds an attachment or an entity for \(line)")
    } else if whole {
      let batch = FuzzCatalogs.smallTokenizer.tokenize(document.postText).recognizingEntities()
      try require(batch == document, "the document is not what the batch pass makes of its post text, \(line)")
    }
    let completion = answer["completion"] as? [String: Any]
    // Note: once: each read of `completion` scans the caret's line.
    let editorCompletion = editor.completion
    try require(
      (completion?["query"] as? String) == editorCompletion?.query
        && (completion?["range"] as? [Int])
          == editorCompletion.map { [$0.utf16Range.lowerBound, $0.utf16Range.count] },
      "completion is not the editor's for \(line)")
  }
}
