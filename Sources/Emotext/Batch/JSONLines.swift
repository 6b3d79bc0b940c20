import Foundation

/// The `--jsonl` record format of the batch commands: one JSON object per line with a `"text"` string.
///
/// ```swift
/// try JSONLines.text(ofRecord: #"{"text": "好[哈哈]"}"#)   // "好[哈哈]"
/// JSONLines.record(text: "好", extra: [("length", .integer(1))])   // {"text":"好","length":1}
/// ```
public enum JSONLines {
  private struct Record: Decodable {
    var text: String
  }

  /// The `"text"` of a record.
  /// - Throws: ``JSONLineError`` when the line is not an object with a string `"text"`.
  public static func text(ofRecord line: String) throws(JSONLineError) -> String {
    do {
      return try JSONDecoder().decode(Record.self, from: Data(line.utf8)).text
    } catch {
      throw JSONLineError(message: "expected a JSON object with a string \"text\"")
    }
  }

  /// A record line: `{"text": text}` followed by `extra` members, in order.
  public static func record(text: String, extra: [(String, JSONValue)] = []) -> String {
    JSONValue.object([("text", .string(text))] + extra).serialized
  }
}

/// A `--jsonl` line that is not a record.
public struct JSONLineError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
