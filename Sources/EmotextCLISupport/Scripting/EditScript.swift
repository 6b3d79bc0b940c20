import Emotext
import Foundation

/// Drives an ``Editor`` from JSON Lines, one command per line: the protocol of `emotext edit`.
///
/// Commands: `{"insert": "text"}`, `{"emoticon": "[哈哈]"}`, `{"backspace": N}`, `{"delete": N}`,
/// `{"select": [utf16Location, utf16Length]}`, `{"move": "left"|"right"|"start"|"end"}`, `{"undo": N}`,
/// `{"redo": N}`, `{"mode": "platform"|"graphemeCluster"}`; for input methods `{"mark": "ni hao"}` with an
/// optional `"selected": [location, length]` inside the marked text (default: the caret at its end) and
/// `{"unmark": true}`; Android's `{"deleteSurrounding": [before, after]}` (UTF-16 units) and
/// `{"deleteSurroundingCodePoints": [before, after]}`; `{"complete": "[哈哈]"}` (or a name for a mention
/// or topic); and `limit`, `entityDeletion`, `copy`, `cut` and `paste` (see `EditScript+TextView.swift`). Each
/// line answers with the state after it:
/// `{"text": …, "selection": [location, length], "utf16Length": n, "graphemes": n, "runs": […],
/// "change": [location, replacedLength, insertedLength] or null}` (text changes only), plus
/// `"restyle": [location, length]` when entities were recoloured there (attributes changed, text not),
/// `"marked": [location, length]` while
/// text is marked and `"completion": {"kind": …, "range": [location, length], "query": …}` when the caret is
/// after a partial emoticon, mention or topic; or `{"error": "…", "line": n}` with the document unchanged.
/// Runs are written as the document JSON writes them (``RichText/documentJSON``), entities included: the
/// editor recognizes `@mentions`, `#topics#` and links as they are typed.
///
/// ```swift
/// var script = EditScript(catalog: .default)
/// script.apply(#"{"insert": "好[哈哈]"}"#)   // {"text":"好[哈哈]","selection":[2,0],…,"change":[0,0,2]}
/// ```
package struct EditScript: Sendable {
  /// The most bytes a script file given to `emotext edit` may hold (16 MiB); it must be a regular file too.
  /// Standard input, through which a host drives the editor, is a stream of any length.
  package static let maximumFileByteCount = 16 << 20

  /// The editor the commands act on; the C ABI's typed editor calls act on it too, between commands.
  package var editor: Editor
  /// The number of lines applied so far, failed ones included.
  package private(set) var lineNumber = 0
  /// Whether any line failed.
  package private(set) var hasFailed = false

  /// A script on an empty document, recognizing `catalog`'s tokens and entities as they are typed.
  package init(catalog: EmoticonCatalog = .default) {
    editor = Editor(catalog: catalog, recognizesEntities: true)
  }

  /// Applies one line and returns the JSON line that answers it; a blank line (only JSON whitespace) is
  /// skipped, as JSON Lines tools do: it is counted (for the line numbers of later errors) and gets no answer.
  package mutating func answer(_ line: String) -> String? {
    if line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) {
      lineNumber += 1
      return nil
    }
    return apply(line)
  }

  /// Applies one line and returns the JSON line that answers it.
  package mutating func apply(_ line: String) -> String {
    do {
      return try state(afterApplying: line)
    } catch {
      return JSONValue.object([("error", .string(error.message)), ("line", .integer(lineNumber))]).serialized
    }
  }

  /// Applies one line and returns the state line after it; a line that fails leaves the document unchanged and
  /// throws the message the `"error"` answer carries. The C ABI's editor calls this.
  package mutating func state(afterApplying line: String) throws(Failure) -> String {
    lineNumber += 1
    do {
      var next = editor
      let (change, restyle, clipboard) = try Self.apply(line, to: &next)
      editor = next
      return Self.state(of: editor, change: change, restyle: restyle, clipboard: clipboard)
    } catch {
      hasFailed = true
      throw error
    }
  }

  /// Why a command line was not applied.
  package struct Failure: Error {
    /// What was wrong, as the `"error"` answer says it.
    package let message: String
  }

  /// Applies one line to `editor` and returns what it changed in the text (one covering change), and what a
  /// `copy` or `cut` put on the clipboard.
  private static func apply(
    _ line: String, to editor: inout Editor
  ) throws(Failure) -> (change: TextChange?, restyle: Range<Int>?, clipboard: Clipboard?) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) else {
      throw Failure(message: "not valid JSON: \(line.prefix(80))")
    }
    guard var command = object as? [String: Any] else {
      throw Failure(message: "expected an object with exactly one command, such as {\"insert\": \"text\"}")
    }
    // Note: `selected` is the one option, and only `mark` takes it.
    let selected = command["mark"] != nil ? command.removeValue(forKey: "selected") : nil
    guard command.count == 1, let (name, value) = command.first else {
      throw Failure(message: "expected an object with exactly one command, such as {\"insert\": \"text\"}")
    }
    var change: TextChange?
    var restyle: Range<Int>?
    var clipboard: Clipboard?
    func note(_ editor: Editor) {
      if let last = editor.lastChange {
        change = change.map { $0.followed(by: last) } ?? last
        restyle = restyle.map { last.mapping($0) }
      }
      if let restyled = editor.lastRestyle {
        restyle =
          restyle.map { min($0.lowerBound, restyled.lowerBound)..<max($0.upperBound, restyled.upperBound) }
          ?? restyled
      }
    }
    switch name {
    case "insert":
      guard let text = value as? String else { throw Failure(message: "\"insert\" takes a string") }
      editor.insert(text)
      note(editor)
    case "emoticon":
      guard let code = value as? String else { throw Failure(message: "\"emoticon\" takes a code such as \"[哈哈]\"") }
      guard let emoticon = editor.tokenizer.catalog.emoticon(forCode: code) else {
        throw Failure(message: "unknown emoticon \(code): not in the catalog")
      }
      editor.insert(emoticon: emoticon, token: code)
      note(editor)
    case "backspace", "delete", "undo", "redo":
      let count = try repeatCount(name, value)
      for _ in 0..<count {
        switch name {
        case "backspace": editor.deleteBackward()
        case "delete": editor.deleteForward()
        case "undo": editor.undo()
        default: editor.redo()
        }
        note(editor)
      }
    case "select":
      guard let pair = value as? [Any], pair.count == 2, let location = wholeNumber(pair[0]),
        let length = wholeNumber(pair[1])
      else { throw Failure(message: "\"select\" takes [utf16Location, utf16Length]") }
      let count = editor.document.utf16Count
      guard location >= 0, length >= 0, location + length <= count else {
        throw Failure(
          message: "selection [\(location), \(length)] is out of range: the text is \(count) UTF-16 units long")
      }
      editor.select(location..<(location + length))
      note(editor)
    case "move":
      guard let word = value as? String, let movement = Editor.Movement(rawValue: word) else {
        throw Failure(message: "\"move\" takes \"left\", \"right\", \"start\" or \"end\"")
      }
      editor.move(movement)
      note(editor)
    case "mode":
      guard let word = value as? String, let mode = BackspaceMode(rawValue: word) else {
        throw Failure(message: "\"mode\" takes \"platform\" or \"graphemeCluster\"")
      }
      editor.backspaceMode = mode
    case "mark":
      guard let text = value as? String else { throw Failure(message: "\"mark\" takes a string") }
      let count = text.utf16.count
      var range = count..<count
      if let selected {
        guard let pair = selected as? [Any], pair.count == 2, let location = wholeNumber(pair[0]),
          let length = wholeNumber(pair[1]), location >= 0, length >= 0, location + length <= count
        else {
          throw Failure(
            message: "\"selected\" takes [utf16Location, utf16Length] inside the marked text (\(count) UTF-16 units)")
        }
        range = location..<(location + length)
      }
      editor.setMarkedText(text, selectedRange: range)
      note(editor)
    case "unmark":
      // Note: JSONSerialization bridges 1 to true as well; only the boolean is accepted.
      guard let flag = value as? NSNumber, String(cString: flag.objCType) == "c", flag.boolValue else {
        throw Failure(message: "\"unmark\" takes true")
      }
      editor.unmarkText()
      note(editor)
    case "deleteSurrounding", "deleteSurroundingCodePoints":
      guard let pair = value as? [Any], pair.count == 2, let before = wholeNumber(pair[0]),
        let after = wholeNumber(pair[1]), before >= 0, after >= 0
      else { throw Failure(message: "\"\(name)\" takes [before, after], two counts of 0 or more") }
      if name == "deleteSurrounding" {
        editor.deleteSurroundingText(before: before, after: after)
      } else {
        editor.deleteSurroundingText(inCodePoints: before, after: after)
      }
      note(editor)
    case "complete":
      guard let text = value as? String else { throw Failure(message: "\"complete\" takes a string") }
      guard let completion = editor.completion else {
        throw Failure(message: "nothing to complete: the caret is not after a partial [emoticon, @mention or #topic")
      }
      if completion.kind == .emoticon && editor.tokenizer.catalog.emoticon(forCode: text) == nil {
        throw Failure(message: "unknown emoticon \(text): not in the catalog")
      }
      guard editor.complete(with: text) else {
        throw Failure(message: "nothing to complete once the marked text is committed")
      }
      note(editor)
    case "limit", "entityDeletion", "copy", "cut", "paste":
      clipboard = try applyTextViewCommand(name, value, to: &editor)
      if name == "cut" || name == "paste" { note(editor) }
    default:
      throw Failure(
        message: "unknown command \"\(name)\"; expected insert, emoticon, backspace, delete, select, move, undo, "
          + "redo, mode, mark, unmark, deleteSurrounding, deleteSurroundingCodePoints, complete, limit, "
          + "entityDeletion, copy, cut or paste")
    }
    return (change, restyle, clipboard)
  }

  private static func repeatCount(_ name: String, _ value: Any) throws(Failure) -> Int {
    guard let count = wholeNumber(value), count >= 0, count <= 1_000_000 else {
      throw Failure(message: "\"\(name)\" takes a count from 0 to 1000000")
    }
    return count
  }

  static func wholeNumber(_ value: Any) -> Int? {
    // Note: JSONSerialization gives NSNumber, which also bridges booleans; those are refused.
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
    let double = number.doubleValue
    guard double.rounded() == double, abs(double) < 1e15 else { return nil }
    return Int(double)
  }

  private static func state(
    of editor: Editor, change: TextChange?, restyle: Range<Int>?, clipboard: Clipboard?
  ) -> String {
    let document = editor.document
    func pair(_ range: Range<Int>) -> JSONValue { .array([.integer(range.lowerBound), .integer(range.count)]) }
    var output: [UInt8] = []
    func append(_ key: String, _ value: JSONValue) {
      output.append(UInt8(ascii: ","))
      JSONValue.appendString(key, to: &output)
      output.append(UInt8(ascii: ":"))
      value.appendUTF8(to: &output)
    }
    output.append(contentsOf: #"{"text":"#.utf8)
    JSONValue.appendString(document.postText, to: &output)
    append("selection", pair(editor.selection))
    append("utf16Length", .integer(document.utf16Count))
    append("graphemes", .integer(document.graphemeCount))
    // Note: the runs are written by the document JSON's writer, from the document's leaves.
    output.append(contentsOf: #","runs":"#.utf8)
    document.appendDocumentJSONRuns(to: &output)
    append(
      "change",
      change.map {
        .array([
          .integer($0.replacedRange.lowerBound), .integer($0.replacedRange.count), .integer($0.insertedUTF16Count),
        ])
      } ?? .null)
    if let restyle { append("restyle", pair(restyle)) }
    if let marked = editor.markedRange { append("marked", pair(marked)) }
    if let completion = editor.completion {
      append(
        "completion",
        .object([
          ("kind", .string(completion.kind.rawValue)), ("range", pair(completion.utf16Range)),
          ("query", .string(completion.query)),
        ]))
    }
    appendTextViewState(of: editor, clipboard: clipboard, to: &output)
    output.append(UInt8(ascii: "}"))
    return String(decoding: output, as: UTF8.self)
  }
}
