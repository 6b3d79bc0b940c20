/// A JSON value that keeps its object keys in the order given, for output people and tests read.
package indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case integer(Int)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// Compact JSON text, keys in order, `/` and non-ASCII unescaped.
  package var serialized: String {
    var output: [UInt8] = []
    appendUTF8(to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized == rhs.serialized }
  package func hash(into hasher: inout Hasher) { hasher.combine(serialized) }
}
