/// The document JSON written as UTF-8 bytes straight from the tree's leaves: the one writer of the format
/// (``RichText/documentJSON``, `Codable`, and the command-line tool's output all use it).
extension RichText {
  /// Appends the document JSON, `{"version":1,"runs":[…]}` (compact, keys in a fixed order, `/` and non-ASCII
  /// unescaped), to `output`.
  ///
  /// Each text run's bytes are escaped from the leaves into `output`; a text run cut across leaves is one
  /// JSON run.
  /// - Complexity: O(*n*) in the UTF-8 length; no allocation per run, except for sorting the host attributes of
  ///   a run that has them.
  package func appendDocumentJSON(to output: inout [UInt8]) {
    output.append(UInt8(ascii: "{"))
    appendDocumentJSONMembers(to: &output)
    output.append(UInt8(ascii: "}"))
  }

  /// Appends the members of the document JSON object, `"version":1,"runs":[…]`, without the braces, so a
  /// caller can write them into an object of its own (the command-line tool's `{"text": …, "version": 1, …}`).
  /// - Complexity: O(*n*) in the UTF-8 length.
  package func appendDocumentJSONMembers(to output: inout [UInt8]) {
    output.append(contentsOf: #""version":"#.utf8)
    JSONValue.appendInteger(Self.documentFormatVersion, to: &output)
    output.append(contentsOf: #","runs":"#.utf8)
    appendDocumentJSONRuns(to: &output)
  }

  /// Appends the runs array of the document JSON, `[{"text":…},{"emoticon":…}]`.
  /// - Complexity: O(*n*) in the UTF-8 length.
  package func appendDocumentJSONRuns(to output: inout [UInt8]) {
    output.reserveCapacity(output.count + root.summary.utf8 + root.summary.utf8 / 4 + 2)
    output.append(UInt8(ascii: "["))
    var isFirst = true
    forEachPiece { piece in
      if !piece.continuesRun {
        if !isFirst { output.append(UInt8(ascii: ",")) }
        isFirst = false
        switch piece.content {
        case .text: output.append(contentsOf: #"{"text":""#.utf8)
        case .emoticon: output.append(contentsOf: #"{"emoticon":""#.utf8)
        }
      }
      JSONValue.appendEscaped(piece.utf8, to: &output)
      if piece.endsRun {
        output.append(UInt8(ascii: "\""))
        if case .text(let attributes) = piece.content { Self.appendDocumentJSONAttributes(attributes, to: &output) }
        output.append(UInt8(ascii: "}"))
      }
      return true
    }
    output.append(UInt8(ascii: "]"))
  }

  /// Appends a text run's members after `"text"`: `,"entity":…` when it has one, `,"attributes":{…}` (keys
  /// sorted) when it has host attributes.
  private static func appendDocumentJSONAttributes(_ attributes: TextAttributes, to output: inout [UInt8]) {
    if let entity = attributes.entity {
      output.append(contentsOf: #","entity":"#.utf8)
      JSONValue.appendString(entity.rawValue, to: &output)
    }
    guard !attributes.hostAttributes.isEmpty else { return }
    output.append(contentsOf: #","attributes":{"#.utf8)
    for (index, (key, value)) in attributes.hostAttributes.sorted(by: { $0.key < $1.key }).enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      JSONValue.appendString(key, to: &output)
      output.append(UInt8(ascii: ":"))
      JSONValue.appendString(value, to: &output)
    }
    output.append(UInt8(ascii: "}"))
  }
}
