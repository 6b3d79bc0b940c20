@testable import Emotext

/// The document target: the versioned JSON document format.
///
/// With the first byte even, the rest is JSON text: it decodes to a canonical document (then encoding it
/// and decoding again gives the same runs, byte for byte, and the encoding is a fixed point) or to a
/// ``DocumentDecodingError`` with a message. With it odd, the rest builds a document (text with JSON-hostile
/// characters, entities, host attributes, attachments) that must survive encode → decode exactly.
enum DocumentProperty {
  static let pieces: [String] = [
    "a", "\"", "\\", "\u{0}", "\u{1F}", "\n", "\r\n", "\u{2028}", "\u{7F}", "/", "哈", "😀", "\u{301}", "e", "[a]",
    "\u{FEFF}", "é", "{\"version\":1}", "𠀀",
  ]

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let catalog = FuzzCatalogs.small
    var input = FuzzInput(bytes)
    if input.byte() & 1 == 0 {
      let json = String(decoding: bytes.dropFirst(), as: UTF8.self)
      let document: RichText
      do {
        document = try RichText(documentJSON: json, catalog: catalog)
      } catch {
        return try require(!error.description.isEmpty, "a decoding error without a message for \(bytes)")
      }
      try checkRoundTrip(document, catalog: catalog, origin: "decoded from \(bytes)")
    } else {
      let emoticons = catalog.packs.flatMap(\.emoticons).filter(\.isImage)
      let entities: [TextAttributes.Entity?] = [nil, .mention, .topic, .link]
      var runs: [Run] = []
      while input.hasMore {
        if input.byte() % 4 == 0 {
          runs.append(.emoticon(EmoticonAttachment(emoticons[input.number(below: emoticons.count)])))
        } else {
          var text = ""
          for _ in 0...input.number(below: 4) { text += pieces[input.number(below: pieces.count)] }
          var hostAttributes: [String: String] = [:]
          if input.byte() & 3 == 0 { hostAttributes[pieces[input.number(below: pieces.count)]] = text }
          runs.append(
            .text(text, TextAttributes(entity: entities[input.number(below: 4)], hostAttributes: hostAttributes)))
        }
      }
      try checkRoundTrip(RichText(runs: runs), catalog: catalog, origin: "built from \(bytes)")
    }
  }

  private static func checkRoundTrip(_ document: RichText, catalog: EmoticonCatalog, origin: String)
    throws(PropertyFailure)
  {
    document.checkInvariants()
    let json = document.documentJSON
    let decoded: RichText
    do {
      decoded = try RichText(documentJSON: json, catalog: catalog)
    } catch {
      throw PropertyFailure(description: "the encoding of a document \(origin) does not decode: \(error)\n\(json)")
    }
    decoded.checkInvariants()
    try require(decoded == document, "decode(encode(doc)) != doc for a document \(origin)\n\(json)")
    try require(
      exactRuns(decoded) == exactRuns(document), "decode(encode(doc)) changed bytes of a document \(origin)\n\(json)")
    try require(decoded.documentJSON == json, "encoding is not a fixed point for a document \(origin)")
  }

  /// The runs with their text as bytes, since `String ==` treats canonically equivalent text as equal.
  private static func exactRuns(_ document: RichText) -> [[UInt8]] {
    document.runs.map { run in
      switch run {
      case .text(let text, let attributes):
        Array(text.utf8) + [0xFF]
          + Array(
            attributes.hostAttributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
              .joined(separator: "\u{0}").utf8)
      case .emoticon(let attachment): [0xFE] + Array(attachment.token.utf8)
      }
    }
  }
}
