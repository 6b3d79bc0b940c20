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
    for run in document.runs {
      switch run {
      case .emoticon: expectedEmoticons += 1
      case .text(let text, let attributes):
        if attributes.entity != nil { expectedEntities += 1 }
        if let emojiImages {
          expectedEmoji +=
            EmojiClusters.segments(of: text).filter {
              $0.isEmoji && HTMLRenderer.isSafeURL(emojiImages.url(for: $0.text))
            }.count
        }
        var previousWasCR = false
        for scalar in text.unicodeScalars {
          if LineBreaks.isLineBreak(scalar) && !(scalar == "\n" && previousWasCR) {
            expectedBreaks += 1
          }
          previousWasCR = scalar == "\r"
        }
      }
    }
    var breaks = 0
    var emoticons = 0
    var entities = 0
    var emoji = 0
    var open: [String] = []
    let scalars = Array(html.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case "<":
        guard let end = scalars[index...].firstIndex(of: ">") else { throw fail("a '<' that starts no tag") }
        let tag = String(String.UnicodeScalarView(scalars[index...end]))
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
      case ">", "\"", "'": throw fail("a raw '\(scalar)' in text")
      case "&":
        // Note: compared by scalars: a combining mark after `;` would join it into one Character.
        let rest = scalars[index...]
        guard ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].contains(where: { rest.starts(with: $0.unicodeScalars) })
        else {
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

  /// The five references the renderer writes, and what each stands for.
  static let references: [([Unicode.Scalar], Unicode.Scalar)] = [
    ("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"),
  ].map { (Array($0.0.unicodeScalars), $0.1) }

  /// `value` with the five references replaced, in one pass over its scalars, as a browser reads them (a combining
  /// mark after the `;` does not hide a reference).
  static func unescape(_ value: String) -> String {
    let scalars = Array(value.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    outer: while index < scalars.count {
      if scalars[index] == "&" {
        for (reference, scalar) in references where scalars[index...].starts(with: reference) {
          result.append(scalar)
          index += reference.count
          continue outer
        }
      }
      result.append(scalars[index])
      index += 1
    }
    return String(result)
  }

  enum Tag {
    case lineBreak, image
    case emojiImage(src: String, alt: String)
    case open(String, className: String)
    case close(String)
  }

  /// One tag of the shapes the renderer writes, with quoted attribute values that hold no `"`, `<`, `>`.
  private static func parseTag(_ tag: String, fail: (String) -> PropertyFailure) throws(PropertyFailure) -> Tag {
    if tag == "<br>" { return .lineBreak }
    if tag == "</a>" { return .close("a") }
    if tag == "</span>" { return .close("span") }
    if tag == "<bdi>" { return .open("bdi", className: "") }
    if tag == "</bdi>" { return .close("bdi") }
    // Note: by scalars, since a skin tone or combining mark after `"` would join it into one Character.
    func string(_ scalars: Substring.UnicodeScalarView.SubSequence) -> String {
      String(String.UnicodeScalarView(scalars))
    }
    let inner = tag.unicodeScalars.dropFirst().dropLast()
    let nameScalars = inner.prefix { $0 != " " }
    let name = string(nameScalars)
    var attributes: [(String, String)] = []
    var rest = inner.dropFirst(nameScalars.count)
    while !rest.isEmpty {
      guard rest.first == " ", let equals = rest.firstIndex(of: "=") else { throw fail("malformed tag \(tag)") }
      let key = string(rest[rest.index(after: rest.startIndex)..<equals])
      let afterEquals = rest[rest.index(after: equals)...]
      guard afterEquals.first == "\"", let close = afterEquals.dropFirst().firstIndex(of: "\"") else {
        throw fail("unquoted attribute in \(tag)")
      }
      let value = string(afterEquals[afterEquals.index(after: afterEquals.startIndex)..<close])
      if value.contains("<") || value.contains(">") { throw fail("'<' or '>' in an attribute of \(tag)") }
      attributes.append((key, value))
      rest = afterEquals[afterEquals.index(after: close)...]
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
