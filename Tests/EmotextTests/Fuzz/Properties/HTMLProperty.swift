@testable import Emotext

/// The html target: whatever the post text, emoticon codes, image paths or base URL, the HTML renderer's
/// output is made only of the tags it documents, each attribute value free of `"`, `<` and `>`, every URL
/// in `src`/`href` http(s) or relative, text between tags free of `<`, `>`, `"`, `'` and with `&` only in
/// the five references it writes; and there is exactly one emoticon tag per attachment, one `<br>` per
/// line break and one entity tag per entity run, so nothing in the input produced a tag of its own. With
/// emoji images on (hostile bases and templates included), each emoji cluster of the text is one
/// `<img class="emoji">` whose `alt` is that emoji and whose `src` ends with its file name.
enum HTMLProperty {
  static let catalog = EmoticonCatalog(packs: [
    EmoticonPack(
      id: "evil", displayName: "<b>\"evil\"</b>",
      emoticons: [
        Emoticon(
          code: "[a]", kind: .image(png: "javascript:alert(1)", gif: "x\" onerror=\"alert(1).gif"), packID: "evil"),
        Emoticon(code: "[<b>]", kind: .image(png: "b.png", gif: nil), fallback: "<script>", packID: "evil"),
        Emoticon(code: "[\"']", kind: .image(png: "q'\".png", gif: nil), fallback: "\"'", packID: "evil"),
        Emoticon(code: "[&amp;]", kind: .image(png: "", gif: nil), packID: "evil"),
        Emoticon(code: "[哈哈]", kind: .image(png: "d_haha.png", gif: nil), fallback: "😆", packID: "evil"),
      ], directory: "/tmp/a\"b<c>")
  ])
  /// Made once: making a tokenizer sorts its catalog's tokens.
  static let tokenizer = BracketTokenizer(catalog: catalog)
  static let baseURLs: [String?] = [
    nil, "https://img.example/e/", "javascript:", "\"><script>/", "//evil.example/", " http://x/",
  ]

  static let emojiImages: [EmojiImages?] = [
    nil, EmojiImages(baseURL: "https://e.example/tw"),
    EmojiImages(baseURL: "\"><x&", naming: EmojiImageNaming(template: "<{codepoints}'\">.png", separator: "\"")),
    EmojiImages(baseURL: "javascript:", naming: .noto),
  ]

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    var input = FuzzInput(bytes)
    let flags = input.byte()
    var options: HTMLRenderer.Options = []
    if flags & 1 != 0 { options.insert(.linkEntities) }
    if flags & 2 != 0 { options.insert(.omitImages) }
    if flags & 4 != 0 { options.insert(.animatedImages) }
    var renderer = HTMLRenderer(
      catalog: catalog, options: options, imageBaseURL: baseURLs[Int(flags >> 3) % baseURLs.count])
    if flags & 0x80 != 0 { renderer.mentionURLTemplate = "javascript:{name}" }
    renderer.emojiImages = emojiImages[Int(flags >> 3) / baseURLs.count % emojiImages.count]
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let document = tokenizer.tokenize(text).recognizingEntities()
    let html = renderer.render(document)
    try checkStructure(html, of: document, emojiImages: renderer.emojiImages, input: bytes)
  }

  static func checkStructure(_ html: String, of document: RichText, emojiImages: EmojiImages? = nil, input: [UInt8])
    throws(PropertyFailure)
  {
    func fail(_ what: String) -> PropertyFailure {
      PropertyFailure(description: "\(what)\ninput: \(input)\nhtml: \(html)")
    }
    var expectedBreaks = 0
    var expectedEmoticons = 0
    var expectedEntities = 0
    var expectedEmoji = 0
    // Note: the document read piece by piece in place (its runs as `String`s would be copies); a text run's bytes
    // are gathered only when it spans pieces, and a `String` is made only of an emoji cluster.
    var gathered: [UInt8] = []
    func countExpected(inRun text: UnsafeBufferPointer<UInt8>) {
      if let emojiImages {
        EmojiClusters.forEachSegment(inUTF8: text) { utf8Range, isEmoji in
          if isEmoji,
            HTMLRenderer.isSafeURL(
              emojiImages.url(for: String(decoding: UnsafeBufferPointer(rebasing: text[utf8Range]), as: UTF8.self)))
          {
            expectedEmoji += 1
          }
        }
      }
      var previousWasCR = false
      var bytes = text.makeIterator()
      var decoder = UTF8()
      while case .scalarValue(let scalar) = decoder.decode(&bytes) {
        if LineBreaks.isLineBreak(scalar) && !(scalar == "\n" && previousWasCR) {
          expectedBreaks += 1
        }
        previousWasCR = scalar == "\r"
      }
    }
    document.forEachPiece { piece in
      guard case .text(let attributes) = piece.content else {
        expectedEmoticons += 1
        return true
      }
      if !piece.continuesRun {
        if attributes.entity != nil { expectedEntities += 1 }
        gathered.removeAll(keepingCapacity: true)
      }
      if piece.continuesRun || !piece.endsRun { gathered.append(contentsOf: piece.utf8) }
      if piece.endsRun {
        if piece.continuesRun {
          gathered.withUnsafeBufferPointer { countExpected(inRun: $0) }
        } else {
          countExpected(inRun: piece.utf8)
        }
      }
      return true
    }
    var breaks = 0
    var emoticons = 0
    var entities = 0
    var emoji = 0
    var open: [String] = []
    // Note: scanned by UTF-8 bytes: every delimiter looked for is ASCII, and an ASCII byte in UTF-8 is always that
    // scalar (never part of another), so this finds what a scan by scalars finds, without decoding the page.
    let bytes = Array(html.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      // Note: one table look-up for the bytes that are none of the five (a comparison with each costs more).
      guard isDelimiter[Int(byte)] else {
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "<"):
        guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
          throw fail("a '<' that starts no tag")
        }
        let tag = bytes[index...end]
        index = end + 1
        switch try parseTag(tag, fail: fail) {
        case .lineBreak: breaks += 1
        case .image: emoticons += 1
        case .emojiImage(let src, let alt):
          emoji += 1
          let unescaped = unescape(alt)
          guard EmojiClusters.isEmoji(unescaped[...]), let emojiImages,
            unescape(src).hasSuffix(emojiImages.naming.fileName(for: unescaped))
          else { throw fail("an emoji image of \(alt) at \(src)") }
        case .open(let name, let className):
          open.append(name)
          if className == "emoticon" {
            emoticons += 1
          } else if name != "bdi" {
            // Note: every entity is isolated: its element is the only thing in a <bdi>.
            guard open.dropLast().last == "bdi" else { throw fail("an entity outside <bdi>") }
            entities += 1
          }
        case .close(let name):
          guard open.popLast() == name else { throw fail("</\(name)> closes nothing") }
        }
        continue
      case UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
        throw fail("a raw '\(Unicode.Scalar(byte))' in text")
      case UInt8(ascii: "&"):
        let rest = bytes[index...]
        guard references.contains(where: { rest.starts(with: $0.utf8) }) else {
          throw fail("a '&' that is not one of the renderer's references")
        }
      default: break
      }
      index += 1
    }
    if !open.isEmpty { throw fail("unclosed \(open)") }
    if breaks != expectedBreaks { throw fail("\(breaks) <br> for \(expectedBreaks) line breaks") }
    if emoticons != expectedEmoticons { throw fail("\(emoticons) emoticon tags for \(expectedEmoticons) attachments") }
    if entities != expectedEntities { throw fail("\(entities) entity tags for \(expectedEntities) entity runs") }
    if emoji != expectedEmoji { throw fail("\(emoji) emoji images for \(expectedEmoji) emoji clusters") }
  }

  /// The tags without attributes the renderer writes, as UTF-8 (made once: a tag is compared with each).
  static let lineBreakTag = Array("<br>".utf8)
  static let bdiTag = Array("<bdi>".utf8)
  static let closingTags: [(String, [UInt8])] = ["a", "span", "bdi"].map { ($0, Array("</\($0)>".utf8)) }

  /// Whether each byte is one of `<`, `>`, `"`, `'` and `&`, the bytes the structure check stops at.
  static let isDelimiter: [Bool] = (0...255).map { byte in "<>\"'&".utf8.contains(UInt8(byte)) }

  /// The five references the renderer writes, and what each stands for.
  static let references: [(utf8: [UInt8], byte: UInt8)] = [
    ("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"),
  ].map { (Array($0.0.utf8), UInt8(ascii: $0.1)) }

  /// `value` with the five references replaced, in one pass, as a browser reads them (a combining mark after the
  /// `;` does not hide a reference: compared by UTF-8 bytes).
  static func unescape(_ value: String) -> String {
    let bytes = Array(value.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    outer: while index < bytes.count {
      if bytes[index] == UInt8(ascii: "&") {
        for (reference, byte) in references where bytes[index...].starts(with: reference) {
          result.append(byte)
          index += reference.count
          continue outer
        }
      }
      result.append(bytes[index])
      index += 1
    }
    return String(decoding: result, as: UTF8.self)
  }

  enum Tag {
    case lineBreak, image
    case emojiImage(src: String, alt: String)
    case open(String, className: String)
    case close(String)
  }

  /// One tag of the shapes the renderer writes, with quoted attribute values that hold no `"`, `<`, `>`.
  private static func parseTag(_ bytes: ArraySlice<UInt8>, fail: (String) -> PropertyFailure) throws(PropertyFailure)
    -> Tag
  {
    if bytes.elementsEqual(lineBreakTag) { return .lineBreak }
    if bytes.elementsEqual(bdiTag) { return .open("bdi", className: "") }
    if let (name, _) = closingTags.first(where: { bytes.elementsEqual($0.1) }) { return .close(name) }
    // Note: by UTF-8 bytes, since a skin tone or combining mark after `"` would join it into one Character; the
    // delimiters are ASCII, so the bytes between them are whole scalars.
    var tag: String { String(decoding: bytes, as: UTF8.self) }
    func string(_ part: ArraySlice<UInt8>) -> String { String(decoding: part, as: UTF8.self) }
    let inner = bytes.dropFirst().dropLast()
    let nameBytes = inner.prefix { $0 != UInt8(ascii: " ") }
    let name = string(nameBytes)
    var attributes: [(String, String)] = []
    var rest = inner[nameBytes.endIndex...]
    while !rest.isEmpty {
      guard rest.first == UInt8(ascii: " "), let equals = rest.firstIndex(of: UInt8(ascii: "=")) else {
        throw fail("malformed tag \(tag)")
      }
      let key = string(rest[(rest.startIndex + 1)..<equals])
      let afterEquals = rest[(equals + 1)...]
      guard afterEquals.first == UInt8(ascii: "\""),
        let close = afterEquals.dropFirst().firstIndex(of: UInt8(ascii: "\""))
      else {
        throw fail("unquoted attribute in \(tag)")
      }
      let valueBytes = afterEquals[(afterEquals.startIndex + 1)..<close]
      if valueBytes.contains(UInt8(ascii: "<")) || valueBytes.contains(UInt8(ascii: ">")) {
        throw fail("'<' or '>' in an attribute of \(tag)")
      }
      attributes.append((key, string(valueBytes)))
      rest = afterEquals[(close + 1)...]
    }
    let keys = attributes.map(\.0)
    let className = attributes.first { $0.0 == "class" }?.1 ?? ""
    for (key, value) in attributes where key == "src" || key == "href" {
      let url = unescape(value)
      let lowercased = url.lowercased()
      let scheme = url.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      let safe =
        !url.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F || $0 == "\\" }
        && (lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://")
          || (!url.hasPrefix("//") && !scheme.contains(":")))
      if !safe { throw fail("unsafe URL \(url) in \(tag)") }
    }
    switch (name, keys) {
    case ("img", ["class", "src", "alt", "title"]) where className == "emoticon": return .image
    case ("img", ["class", "src", "alt", "draggable"]) where className == "emoji" && attributes[3].1 == "false":
      return .emojiImage(src: attributes[1].1, alt: attributes[2].1)
    case ("a", ["class", "href"]) where ["mention", "topic", "link"].contains(className):
      return .open("a", className: className)
    case ("span", ["class"]) where ["mention", "topic", "link"].contains(className):
      return .open("span", className: className)
    case ("span", ["class", "title"]) where className == "emoticon": return .open("span", className: className)
    default: throw fail("a tag the renderer does not write: \(tag)")
    }
  }
}
