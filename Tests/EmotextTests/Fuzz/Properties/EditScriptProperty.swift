import Foundation

#if !EMOTEXT_FUZZ
  @testable import Emotext
#endif

/// The editscript target: bytes are JSON Lines for `emotext edit` (as `EditScript` gets them).
///
/// Every line answers with one JSON object: the state, whose `text` is the document's post text and whose
/// `selection` is the editor's; or `{"error": …, "line": n}` with a message, the right line number, and the
/// editor unchanged. The document stays canonical throughout.
enum EditScriptProperty {
  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    var script = EditScript(catalog: FuzzCatalogs.small)
    for (index, lineBytes) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(64)
      .enumerated()
    {
      let line = String(decoding: lineBytes, as: UTF8.self)
      let before = script.editor
      let answer = script.apply(line)
      script.editor.document.checkInvariants()
      guard let object = (try? JSONSerialization.jsonObject(with: Data(answer.utf8))) as? [String: Any] else {
        throw PropertyFailure(
          description: "line \(index + 1) \(Array(lineBytes)) answered with invalid JSON: \(answer)")
      }
      if let message = object["error"] as? String {
        try require(!message.isEmpty, "an empty error message for \(line)")
        try require(
          (object["line"] as? Int) == index + 1, "error names line \(object["line"] ?? "nil"), not \(index + 1)")
        try require(
          Array(script.editor.document.postText.utf8) == Array(before.document.postText.utf8)
            && script.editor.selection == before.selection,
          "a failed line \(Array(lineBytes)) changed the document")
      } else {
        try require(
          (object["text"] as? String).map { Array($0.utf8) } == Array(script.editor.document.postText.utf8),
          "the answer's text is not the document's post text for \(Array(lineBytes)): \(answer)")
        let selection = script.editor.selection
        try require(
          (object["selection"] as? [Int]) == [selection.lowerBound, selection.count],
          "the answer's selection is not the editor's for \(Array(lineBytes)): \(answer)")
      }
    }
  }
}
