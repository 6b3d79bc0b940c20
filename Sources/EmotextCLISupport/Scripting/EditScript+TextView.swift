import Emotext
import Foundation

/// The edit protocol's commands for what a text view needs beyond typing: a length limit, whole-entity
/// deletion and the clipboard.
///
/// - `{"limit": {"rule": "weibo", "maximum": 140, "enforcement": "truncateAfterComposition"}}` sets a
///   ``LengthLimit`` (rules as `--rule` names them; enforcement optional), `{"limit": null}` removes it; while one
///   is set every state line has `"limit": {"length": n, "maximum": m}`.
/// - `{"entityDeletion": "whole" | "characters"}` sets ``Editor/entityDeletion``.
/// - `{"copy": true}` and `{"cut": true}` answer with `"clipboard": {"text": …, "html": …, "json": {…}}`.
/// - `{"paste": {"text": …}}`, `{"paste": {"html": …}}` and `{"paste": {"json": {…}}}` paste one flavour.
extension EditScript {
  /// Applies one of this extension's commands and returns what it put on the clipboard.
  static func applyTextViewCommand(_ name: String, _ value: Any, to editor: inout Editor) throws(Failure) -> Clipboard?
  {
    switch name {
    case "limit":
      editor.lengthLimit = try lengthLimit(value)
    case "entityDeletion":
      guard let word = value as? String, let deletion = EntityDeletion(rawValue: word) else {
        throw Failure(message: "\"entityDeletion\" takes \"whole\" or \"characters\"")
      }
      editor.entityDeletion = deletion
    case "copy", "cut":
      guard isTrue(value) else { throw Failure(message: "\"\(name)\" takes true") }
      return name == "copy" ? editor.copy() : editor.cut()
    default:
      let flavor = try flavor(value)
      do throws(DocumentDecodingError) {
        try editor.paste(flavor)
      } catch {
        throw Failure(message: "\"paste\": the document JSON does not decode: \(error.description)")
      }
    }
    return nil
  }

  private static func lengthLimit(_ value: Any) throws(Failure) -> LengthLimit? {
    if value is NSNull { return nil }
    let usage =
      "\"limit\" takes null or {\"rule\": NAME, \"maximum\": N, \"enforcement\": E} (rule: "
      + "\(LengthRuleNames.list); enforcement optional: "
      + LengthLimit.Enforcement.allCases.map(\.rawValue).joined(separator: ", ") + ")"
    guard let object = value as? [String: Any], Set(object.keys).isSubset(of: ["rule", "maximum", "enforcement"])
    else { throw Failure(message: usage) }
    guard let name = object["rule"] as? String else { throw Failure(message: usage) }
    guard let measure = LengthRuleNames.measure(named: name) else {
      throw Failure(message: "\"rule\" takes \(LengthRuleNames.list), not \"\(name)\"")
    }
    guard let maximum = object["maximum"].flatMap(wholeNumber), maximum >= 0 else {
      throw Failure(message: "\"maximum\" takes a whole number of 0 or more")
    }
    var enforcement = LengthLimit.Enforcement.truncateAfterComposition
    if let word = object["enforcement"] {
      guard let word = word as? String, let chosen = LengthLimit.Enforcement(rawValue: word) else {
        throw Failure(message: usage)
      }
      enforcement = chosen
    }
    return LengthLimit(measure: measure, maximum: maximum, enforcement: enforcement)
  }

  private static func flavor(_ value: Any) throws(Failure) -> Clipboard.Flavor {
    let usage = "\"paste\" takes {\"text\": \"…\"}, {\"html\": \"…\"} or {\"json\": {document JSON}}"
    guard let object = value as? [String: Any], object.count == 1, let (kind, content) = object.first else {
      throw Failure(message: usage)
    }
    switch kind {
    case "text", "html":
      guard let string = content as? String else { throw Failure(message: usage) }
      return kind == "text" ? .text(string) : .html(string)
    case "json":
      guard JSONSerialization.isValidJSONObject(content),
        let data = try? JSONSerialization.data(withJSONObject: content)
      else { throw Failure(message: usage) }
      return .documentJSON(String(decoding: data, as: UTF8.self))
    default:
      throw Failure(message: usage)
    }
  }

  private static func isTrue(_ value: Any) -> Bool {
    // Note: JSONSerialization bridges 1 to true as well; only the boolean is accepted.
    guard let flag = value as? NSNumber, String(cString: flag.objCType) == "c" else { return false }
    return flag.boolValue
  }

  /// Appends the state line's `"limit"` (while a limit is set) and `"clipboard"` (after a copy or cut) members.
  static func appendTextViewState(of editor: Editor, clipboard: Clipboard?, to output: inout [UInt8]) {
    if let status = editor.lengthStatus {
      output.append(contentsOf: #","limit":"#.utf8)
      JSONValue.object([("length", .integer(status.length)), ("maximum", .integer(status.maximum))])
        .appendUTF8(to: &output)
    }
    if let clipboard {
      output.append(contentsOf: #","clipboard":{"text":"#.utf8)
      JSONValue.appendString(clipboard.text, to: &output)
      output.append(contentsOf: #","html":"#.utf8)
      JSONValue.appendString(clipboard.html, to: &output)
      output.append(contentsOf: #","json":"#.utf8)
      output.append(contentsOf: clipboard.documentJSON.utf8)
      output.append(UInt8(ascii: "}"))
    }
  }
}
