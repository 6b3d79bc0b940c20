import Foundation

/// Drives an ``Editor`` from JSON Lines, one command per line: the protocol of `emotext edit`.
///
/// Commands: `{"insert": "text"}`, `{"emoticon": "[哈哈]"}`, `{"backspace": N}`, `{"delete": N}`,
/// `{"select": [utf16Location, utf16Length]}`, `{"move": "left"|"right"|"start"|"end"}`, `{"undo": N}`,
/// `{"redo": N}`, `{"mode": "platform"|"graphemeCluster"}`. Each line answers with the state after it:
/// `{"text": …, "selection": [location, length], "utf16Length": n, "graphemes": n, "runs": […]}`, or
/// `{"error": "…", "line": n}` with the document unchanged.
///
/// ```swift
/// var script = EditScript(catalog: .default)
/// script.apply(#"{"insert": "好[哈哈]"}"#)   // {"text":"好[哈哈]","selection":[2,0],…}
/// ```
public struct EditScript: Sendable {
  /// The editor the commands act on.
  public private(set) var editor: Editor
  /// The number of lines applied so far, failed ones included.
  public private(set) var lineNumber = 0
  /// Whether any line failed.
  public private(set) var hasFailed = false

  public init(catalog: EmoticonCatalog = .default) {
    editor = Editor(catalog: catalog)
  }

  /// Applies one line and returns the JSON line that answers it.
  public mutating func apply(_ line: String) -> String {
    lineNumber += 1
    do {
      var next = editor
      try Self.apply(line, to: &next)
      editor = next
      return Self.state(of: editor)
    } catch {
      hasFailed = true
      return JSONValue.object([("error", .string(error.message)), ("line", .integer(lineNumber))]).serialized
    }
  }

  struct Failure: Error {
    let message: String
  }

  private static func apply(_ line: String, to editor: inout Editor) throws(Failure) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) else {
      throw Failure(message: "not valid JSON: \(line.prefix(80))")
    }
    guard let command = object as? [String: Any], command.count == 1, let (name, value) = command.first else {
      throw Failure(message: "expected an object with exactly one command, such as {\"insert\": \"text\"}")
    }
    switch name {
    case "insert":
      guard let text = value as? String else { throw Failure(message: "\"insert\" takes a string") }
      editor.insert(text)
    case "emoticon":
      guard let code = value as? String else { throw Failure(message: "\"emoticon\" takes a code such as \"[哈哈]\"") }
      guard let emoticon = editor.tokenizer.catalog.emoticon(forCode: code) else {
        throw Failure(message: "unknown emoticon \(code): not in the catalog")
      }
      editor.insert(emoticon: emoticon, token: code)
    case "backspace", "delete", "undo", "redo":
      let count = try repeatCount(name, value)
      for _ in 0..<count {
        switch name {
        case "backspace": editor.deleteBackward()
        case "delete": editor.deleteForward()
        case "undo": editor.undo()
        default: editor.redo()
        }
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
    case "move":
      guard let word = value as? String, let movement = Editor.Movement(rawValue: word) else {
        throw Failure(message: "\"move\" takes \"left\", \"right\", \"start\" or \"end\"")
      }
      editor.move(movement)
    case "mode":
      guard let word = value as? String, let mode = BackspaceMode(rawValue: word) else {
        throw Failure(message: "\"mode\" takes \"platform\" or \"graphemeCluster\"")
      }
      editor.backspaceMode = mode
    default:
      throw Failure(
        message:
          "unknown command \"\(name)\"; expected insert, emoticon, backspace, delete, select, move, undo, redo or mode")
    }
  }

  private static func repeatCount(_ name: String, _ value: Any) throws(Failure) -> Int {
    guard let count = wholeNumber(value), count >= 0, count <= 1_000_000 else {
      throw Failure(message: "\"\(name)\" takes a count from 0 to 1000000")
    }
    return count
  }

  private static func wholeNumber(_ value: Any) -> Int? {
    // Note: JSONSerialization gives NSNumber, which also bridges booleans; those are refused.
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
    let double = number.doubleValue
    guard double.rounded() == double, abs(double) < 1e15 else { return nil }
    return Int(double)
  }

  private static func state(of editor: Editor) -> String {
    let document = editor.document
    let runs = document.runs.map { run -> JSONValue in
      switch run {
      case .text(let text, _): .object([("text", .string(text))])
      case .emoticon(let attachment): .object([("emoticon", .string(attachment.token))])
      }
    }
    return JSONValue.object([
      ("text", .string(document.postText)),
      ("selection", .array([.integer(editor.selection.lowerBound), .integer(editor.selection.count)])),
      ("utf16Length", .integer(document.utf16Count)),
      ("graphemes", .integer(document.graphemeCount)),
      ("runs", .array(runs)),
    ]).serialized
  }
}
