@testable import Emotext

/// The document and documentRoundTrip targets: the versioned JSON document format.
///
/// With the first byte even, the rest is JSON text: it decodes to a document that passes `checkInvariants()` or to
/// a ``DocumentDecodingError`` with a message. With it odd, the rest builds a document (text with JSON-hostile
/// characters, entities, host attributes, attachments), which passes `checkInvariants()`. documentRoundTrip (split
/// off so that `document` stays fast: it decodes with Foundation's `JSONDecoder` a second time) also encodes the
/// document and decodes the encoding: the same runs, byte for byte, and the encoding is a fixed point.
enum DocumentProperty {
  static let pieces: [String] = [
    "a", "\"", "\\", "\u{0}", "\u{1F}", "\n", "\r\n", "\u{2028}", "\u{7F}", "/", "哈", "😀", "\u{301}", "e", "[a]",
    "\u{FEFF}", "é", "{\"version\":1}", "𠀀",
  ]

  /// `roundTrip`: the documentRoundTrip target's checks too.
  static func check(_ bytes: [UInt8], roundTrip: Bool) throws(PropertyFailure) {
    let catalog = FuzzCatalogs.small
    var input = FuzzInput(bytes)
    if input.byte() & 1 == 0 {
      let json = String(decoding: bytes.dropFirst(), as: UTF8.self)
      let decoded: Result<RichText, DocumentDecodingError>
      do {
        decoded = .success(try RichText(documentJSON: json, catalog: catalog))
      } catch {
        decoded = .failure(error)
      }
      try checkDecoded(decoded, roundTrip: roundTrip, catalog: catalog, input: bytes)
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
      try check(RichText(runs: runs), roundTrip: roundTrip, catalog: catalog, origin: "built from \(bytes)")
    }
  }

  /// The checks of what decoding `input` (after its first byte) gave (an answer of its own for
  /// `PlantedDifferenceTests`): a document, checked as any, or an error with a message.
  static func checkDecoded(
    _ decoded: Result<RichText, DocumentDecodingError>, roundTrip: Bool, catalog: EmoticonCatalog, input: [UInt8]
  ) throws(PropertyFailure) {
    switch decoded {
    case .success(let document):
      try check(document, roundTrip: roundTrip, catalog: catalog, origin: "decoded from \(input)")
    case .failure(let error):
      try require(!error.description.isEmpty, "a decoding error without a message for \(input)")
    }
  }

  /// `origin`: where the document came from, for a failure's message (made only then: describing the input costs
  /// more than checking it).
  private static func check(
    _ document: RichText, roundTrip: Bool, catalog: EmoticonCatalog, origin: @autoclosure () -> String
  ) throws(PropertyFailure) {
    document.checkInvariants()
    guard roundTrip else { return }
    try checkEncoding(document.documentJSON, of: document, catalog: catalog, origin: origin())
  }

  /// The documentRoundTrip target's checks of `json`, the encoding of `document` (an encoding of its own for
  /// `PlantedDifferenceTests`): it decodes to the same runs, byte for byte, and encodes to itself again.
  static func checkEncoding(
    _ json: String, of document: RichText, catalog: EmoticonCatalog, origin: @autoclosure () -> String
  ) throws(PropertyFailure) {
    let decoded: RichText
    do {
      decoded = try RichText(documentJSON: json, catalog: catalog)
    } catch {
      throw PropertyFailure(description: "the encoding of a document \(origin()) does not decode: \(error)\n\(json)")
    }
    decoded.checkInvariants()
    try require(decoded == document, "decode(encode(doc)) != doc for a document \(origin())\n\(json)")
    try require(
      exactlyEqual(decoded, document), "decode(encode(doc)) changed bytes of a document \(origin())\n\(json)")
    try require(decoded.documentJSON == json, "encoding is not a fixed point for a document \(origin())")
  }

  /// Whether the runs have the same text and host attributes byte for byte (`String ==` treats canonically
  /// equivalent text as equal) and the same tokens.
  private static func exactlyEqual(_ first: RichText, _ second: RichText) -> Bool {
    let firstRuns = Array(first.runs)
    let secondRuns = Array(second.runs)
    guard firstRuns.count == secondRuns.count else { return false }
    for (run, other) in zip(firstRuns, secondRuns) {
      switch (run, other) {
      case (.text(let text, let attributes), .text(let otherText, let otherAttributes)):
        let hosts = attributes.hostAttributes
        let otherHosts = otherAttributes.hostAttributes
        guard text.utf8.elementsEqual(otherText.utf8), hosts.count == otherHosts.count else { return false }
        for (key, value) in hosts {
          // Note: a canonically equivalent key finds its entry; its bytes are compared too.
          guard let index = otherHosts.index(forKey: key), otherHosts[index].key.utf8.elementsEqual(key.utf8),
            otherHosts[index].value.utf8.elementsEqual(value.utf8)
          else { return false }
        }
      case (.emoticon(let attachment), .emoticon(let otherAttachment)):
        guard attachment.token.utf8.elementsEqual(otherAttachment.token.utf8) else { return false }
      default: return false
      }
    }
    return true
  }
}
