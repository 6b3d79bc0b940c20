import Emotext

extension RichText {
  /// One human-readable line per run, the output of `emotext parse`: `text "…"` (JSON-escaped, so CR,
  /// LF, NUL and the BOM are visible), with ` entity mention` when it has one, or `emoticon "[哈哈]"`, with
  /// ` code "[爱你]"` when the spelling is an alias.
  ///
  /// ```swift
  /// BracketTokenizer(catalog: .default).tokenize("好[愛你]").runListing
  /// // ["text \"好\"", "emoticon \"[愛你]\" code \"[爱你]\""]
  /// ```
  package var runListing: [String] {
    runs.map { run in
      switch run {
      case .text(let text, let attributes):
        var line = "text " + Self.quoted(text)
        if let entity = attributes.entity { line += " entity \(entity.rawValue)" }
        for (key, value) in attributes.hostAttributes.sorted(by: { $0.key < $1.key }) {
          line += " \(Self.quoted(key))=\(Self.quoted(value))"
        }
        return line
      case .emoticon(let attachment):
        var line = "emoticon " + Self.quoted(attachment.token)
        if attachment.token != attachment.emoticon.code { line += " code " + Self.quoted(attachment.emoticon.code) }
        return line
      }
    }
  }

  /// JSON string syntax, plus `\uFEFF` for the BOM so that it shows.
  private static func quoted(_ text: String) -> String {
    var quoted = JSONValue.string(text).serialized
    if quoted.unicodeScalars.contains("\u{FEFF}") {
      var visible = ""
      for scalar in quoted.unicodeScalars {
        if scalar == "\u{FEFF}" { visible += "\\ufeff" } else { visible.unicodeScalars.append(scalar) }
      }
      quoted = visible
    }
    return quoted
  }
}
