/// The JSON catalog format, version 1 (see <doc:Catalogs#JSON-catalog-format>).
extension EmoticonCatalog {
  /// The catalog in the JSON catalog format: one pack header per line and one emoticon per line, keys
  /// in a fixed order, so exports diff well. Loading the text back gives an equal catalog.
  ///
  /// ```swift
  /// let text = EmoticonCatalog.default.jsonText
  /// // {"version":1,"packs":[
  /// // {"id":"com.sina.default","displayName":"默认","displayOnly":false,"emoticons":[
  /// // {"code":"[微笑]","png":"d_hehe.png","fallback":"🙂"},
  /// ```
  public var jsonText: String {
    var lines = [#"{"version":1,"packs":["#]
    for (packIndex, pack) in packs.enumerated() {
      var header: [(String, JSONValue)] = [
        ("id", .string(pack.id)), ("displayName", .string(pack.displayName)),
        ("displayOnly", .bool(pack.isDisplayOnly)),
      ]
      if let directory = pack.directory { header.append(("directory", .string(directory))) }
      let headerText = JSONValue.object(header).serialized
      lines.append(headerText.dropLast() + #","emoticons":["#)
      for (index, emoticon) in pack.emoticons.enumerated() {
        let separator = index + 1 < pack.emoticons.count ? "," : ""
        lines.append(Self.jsonValue(of: emoticon).serialized + separator)
      }
      lines.append(packIndex + 1 < packs.count ? "]}," : "]}")
    }
    lines.append("]}")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func jsonValue(of emoticon: Emoticon) -> JSONValue {
    var members: [(String, JSONValue)] = [("code", .string(emoticon.code))]
    if !emoticon.aliases.isEmpty { members.append(("aliases", .array(emoticon.aliases.map(JSONValue.string)))) }
    switch emoticon.kind {
    case .image(let png, let gif):
      members.append(("png", .string(png)))
      if let gif { members.append(("gif", .string(gif))) }
    case .emoji(let emoji):
      members.append(("emoji", .string(emoji)))
    }
    if let fallback = emoticon.fallback { members.append(("fallback", .string(fallback))) }
    return .object(members)
  }
}
