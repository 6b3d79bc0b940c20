import EmotextUnicode

/// Renders a document as HTML, escaping every text and attribute value it writes.
///
/// Emoticons become `<img class="emoticon" src="…" alt="[哈哈]" title="哈哈">` when `imageBaseURL` is set
/// or the image file is in its pack's folder, and the path is relative or http(s); else
/// `<span class="emoticon" title="哈哈">` holding the emoji fallback (no image) or the token (an unsafe path
/// dropped), which ``page(_:title:)`` styles as an emoticon. Entities become links built from URL
/// templates, each isolated in `<bdi>` for bidirectional text; line breaks become `<br>`; with ``emojiImages``,
/// emoji become images too; with ``spokenLanguage``, emoticons and emoji images get `aria-label`.
///
/// ```swift
/// let post = BracketTokenizer(catalog: .default).tokenize("@小明 好开心[哈哈]").recognizingEntities()
/// let html = HTMLRenderer.format(post)
/// // <bdi><a class="mention" href="https://weibo.com/n/%E5%B0%8F%E6%98%8E">@小明</a></bdi> 好开心<span class="emoticon" title="哈哈">😆</span>
/// // (the embedded catalog ships no images; with `imageBaseURL` set, the emoticon is an <img>)
///
/// var renderer = HTMLRenderer(catalog: .default, options: [.linkEntities])
/// renderer.imageBaseURL = "https://img.example/face"
/// let page = renderer.page(post, title: "Post")
/// ```
public struct HTMLRenderer: Sendable {
  /// What the renderer writes.
  public struct Options: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Entities as `<a href>` links; without it, as `<span class="mention|topic|link">`.
    public static let linkEntities = Options(rawValue: 1 << 0)
    /// No `<img>`: every emoticon is a span with its emoji fallback (or its token).
    public static let omitImages = Options(rawValue: 1 << 1)
    /// The GIF instead of the PNG when an emoticon has one.
    public static let animatedImages = Options(rawValue: 1 << 2)
    /// Every emoticon as an `<img>`, one without an image file with no `src`: a browser then shows, and copies,
    /// its `alt` token (the clipboard's HTML, ``Editor/copy()``).
    public static let imageForEveryEmoticon = Options(rawValue: 1 << 3)

    /// `[.linkEntities]`.
    public static let `default`: Options = [.linkEntities]
  }

  /// The catalog whose packs' directories image paths are resolved against.
  public var catalog: EmoticonCatalog
  /// What the renderer writes.
  public var options: Options
  /// A host URL emoticon image files are served under; overrides the packs' directories.
  public var imageBaseURL: String?
  /// Where emoji images are: when set, every emoji grapheme cluster in text becomes
  /// `<img class="emoji" src="…" alt="👍🏽" draggable="false">` (twemoji's way); text that is not emoji
  /// (digits, `#`, `©` without U+FE0F) stays text. Unused when its URLs are not relative or http(s).
  public var emojiImages: EmojiImages?
  /// The language of the accessible names: when set, each emoticon (image or span) and each emoji image gets
  /// `aria-label` with its spoken name in it (``Emoticon/spokenName(in:)``, ``EmojiNames``), which a screen
  /// reader reads instead of the `alt` text; `alt` keeps the token (`[哈哈]`), so copying the text still gives
  /// the post. It is the `lang` of ``page(_:title:)`` too. Nil (the default): no `aria-label`, a page in `zh`; an
  /// emoticon's `title` is its name all the same.
  public var spokenLanguage: SpokenLanguage?
  /// The link for `@name`; `{name}` is replaced by the percent-encoded name without `@`.
  public var mentionURLTemplate = "https://weibo.com/n/{name}"
  /// The link for `#topic#`; `{topic}` is replaced by the percent-encoded topic without `#`s.
  public var topicURLTemplate = "https://s.weibo.com/weibo?q=%23{topic}%23"

  /// A renderer resolving images against `catalog` (or `imageBaseURL`), showing emoji as images from
  /// `emojiImages` when given, with the default Weibo link templates.
  public init(
    catalog: EmoticonCatalog = .default, options: Options = .default, imageBaseURL: String? = nil,
    emojiImages: EmojiImages? = nil
  ) {
    self.catalog = catalog
    self.options = options
    self.imageBaseURL = imageBaseURL
    self.emojiImages = emojiImages
  }

  /// `text` as an HTML fragment with the given catalog and options.
  public static func format(_ text: RichText, catalog: EmoticonCatalog = .default, options: Options = .default)
    -> String
  {
    HTMLRenderer(catalog: catalog, options: options).render(text)
  }

  /// `text` as an HTML fragment (no enclosing element).
  /// - Complexity: O(*n*) in the UTF-8 length, read from the document's leaves in place.
  public func render(_ text: RichText) -> String {
    var html: [UInt8] = []
    render(text, to: &html)
    return String(decoding: html, as: UTF8.self)
  }

  /// Appends `text` as an HTML fragment to `html`, as UTF-8.
  ///
  /// Text is escaped from the leaves' bytes into `html`, piece by piece; a run cut across leaves is one run (one
  /// `<span>` for an entity). Only an entity run written as a link (its URL is made from its text) and, with
  /// ``emojiImages``, a text run (cut into emoji clusters) are gathered into one `String` first.
  /// - Complexity: O(*n*) in the UTF-8 length.
  package func render(_ text: RichText, to html: inout [UInt8]) {
    html.reserveCapacity(html.count + text.root.summary.utf8 + text.root.summary.utf8 / 8)
    var gathered: [UInt8] = []  // the run gathered so far, when it is written as a whole
    var templates: LinkTemplates?  // cut when the first mention or topic is linked
    var previousWasCR = false
    text.forEachPiece { piece in
      switch piece.content {
      case .emoticon(let emoticon):
        appendEmoticon(emoticon, token: piece.utf8, to: &html)
      case .text(let attributes):
        if emojiImages != nil || (attributes.entity != nil && options.contains(.linkEntities)) {
          // Note: a run in one piece is read in place; one cut across leaves is gathered first.
          if !piece.continuesRun && piece.endsRun {
            appendText(piece.utf8, entity: attributes.entity, templates: &templates, to: &html)
            return true
          }
          if !piece.continuesRun { gathered.removeAll(keepingCapacity: true) }
          gathered.append(contentsOf: piece.utf8)
          if piece.endsRun {
            gathered.withUnsafeBufferPointer {
              appendText($0, entity: attributes.entity, templates: &templates, to: &html)
            }
          }
          return true
        }
        if !piece.continuesRun {
          previousWasCR = false
          if let entity = attributes.entity {
            Self.append(#"<bdi><span class="\#(entity.rawValue)">"#, to: &html)
          }
        }
        Self.appendEscapedLines(piece.utf8, previousWasCR: &previousWasCR, to: &html)
        if piece.endsRun && attributes.entity != nil { Self.append("</span></bdi>", to: &html) }
      }
      return true
    }
  }

  /// A complete standalone page: `<!DOCTYPE html>`, UTF-8, its `lang` that of ``spokenLanguage`` (`zh` when
  /// none, `zh-Hant`, `en`, `ja`), minimal CSS (emoticon images as tall as a line of text), and the post in `<article class="post" dir="auto">` (its direction from its first strong
  /// character, so an Arabic or Hebrew post reads right to left). A host placing ``render(_:)``'s fragment in
  /// its own element gives that element `dir="auto"` too.
  public func page(_ text: RichText, title: String = "Emotext") -> String {
    page(posts: [text], title: title)
  }

  /// A complete standalone page of several posts, as ``page(_:title:)`` makes for one: each post in its own
  /// `<article class="post" dir="auto">`, in order, on a line of its own.
  ///
  /// ```swift
  /// HTMLRenderer().page(posts: [RichText("a"), RichText("b")], title: "Posts")
  /// // … <article class="post" dir="auto">a</article>\n<article class="post" dir="auto">b</article> …
  /// ```
  public func page(posts: [RichText], title: String = "Emotext") -> String {
    let articles = posts.map { #"<article class="post" dir="auto">"# + render($0) + "</article>\n" }.joined()
    return """
      <!DOCTYPE html>
      <html lang="\(Self.languageTag(of: spokenLanguage ?? .chineseSimplified))">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escaped(title))</title>
      <style>
      \(Self.pageStyle)
      </style>
      </head>
      <body>
      \(articles)</body>
      </html>

      """
  }

  /// The BCP 47 tag of `language`, as HTML's `lang` takes it: its CLDR identifier with a hyphen (`zh-Hant`).
  private static func languageTag(of language: SpokenLanguage) -> String {
    String(language.rawValue.map { $0 == "_" ? "-" : $0 })
  }

  /// The CSS of ``page(_:title:)``.
  public static let pageStyle = """
    body { margin: 2em auto; max-width: 36em; padding: 0 1em; color: #222; background: #fff;
      font: 18px/1.5 system-ui, "Noto Sans CJK SC", "Noto Sans", sans-serif, "Noto Color Emoji"; }
    .post { white-space: normal; overflow-wrap: anywhere; }
    .post + .post { border-top: 1px solid #ddd; margin-top: 1em; padding-top: 1em; }
    img.emoticon, img.emoji { height: 1.25em; width: auto; vertical-align: -0.25em; }
    img.emoji { height: 1.1em; margin: 0 0.05em; }
    span.emoticon { font-family: "Noto Color Emoji", sans-serif; background: #fff3e0; border-radius: 0.3em;
      padding: 0 0.1em; cursor: help; }
    a { color: #eb7350; text-decoration: none; }
    a:hover { text-decoration: underline; }
    """

  // MARK: Pieces

  /// Appends the text run `utf8` (valid UTF-8, the whole run), with its entity's element around it.
  private func appendText(
    _ utf8: UnsafeBufferPointer<UInt8>, entity: TextAttributes.Entity?, templates: inout LinkTemplates?,
    to html: inout [UInt8]
  ) {
    guard let entity else { return appendTextContent(utf8, to: &html) }
    let className = entity.rawValue
    // Note: each entity is isolated (<bdi>), so a Latin name or a URL does not reorder the Arabic or Hebrew
    // around it, nor it them.
    if options.contains(.linkEntities),
      let href = link(for: String(decoding: utf8, as: UTF8.self), entity: entity, templates: &templates)
    {
      Self.append("<bdi><a class=\"\(className)\" href=\"", to: &html)
      Self.appendEscaped(href, to: &html)
      Self.append("\">", to: &html)
      appendTextContent(utf8, to: &html)
      Self.append("</a></bdi>", to: &html)
    } else {
      Self.append("<bdi><span class=\"\(className)\">", to: &html)
      appendTextContent(utf8, to: &html)
      Self.append("</span></bdi>", to: &html)
    }
  }

  /// The link templates cut at their placeholders once per rendering (when a mention or topic is linked), so a link
  /// is their parts joined by the percent-encoded name or topic.
  private struct LinkTemplates {
    var mention: [Substring]
    var topic: [Substring]

    init(_ renderer: HTMLRenderer) {
      mention = Self.parts(of: renderer.mentionURLTemplate, around: "{name}")
      topic = Self.parts(of: renderer.topicURLTemplate, around: "{topic}")
    }

    /// `template` cut at each `placeholder` (compared by UTF-8 bytes: both are ASCII-delimited, and the
    /// standard library's `split(separator:)` on a string costs more than rendering a short post).
    static func parts(of template: String, around placeholder: String) -> [Substring] {
      let bytes = template.utf8
      // Note: cut by scalars: a combining mark after a placeholder stays in the part after it.
      return UTF8Search.parts(of: template, around: placeholder).map { part in
        let lower = bytes.index(bytes.startIndex, offsetBy: part.lowerBound)
        let upper = bytes.index(lower, offsetBy: part.count)
        return Substring(template.unicodeScalars[lower..<upper])
      }
    }
  }

  /// The link templates, cut on first use and kept in `templates` for the rest of the rendering.
  private func linkTemplates(_ templates: inout LinkTemplates?) -> LinkTemplates {
    if let templates { return templates }
    let made = LinkTemplates(self)
    templates = made
    return made
  }

  private func link(for string: String, entity: TextAttributes.Entity, templates: inout LinkTemplates?) -> String? {
    let url: String
    switch entity {
    case .mention:
      let name = string.hasPrefix("@") ? String(string.dropFirst()) : string
      url = linkTemplates(&templates).mention.joined(separator: Self.percentEncoded(name))
    case .topic:
      var topic = Substring(string)
      if topic.hasPrefix("#") { topic = topic.dropFirst() }
      if topic.hasSuffix("#") { topic = topic.dropLast() }
      url = linkTemplates(&templates).topic.joined(separator: Self.percentEncoded(String(topic)))
    case .link:
      // Note: a bare domain (`foo.com`, linked by Twitter's rule) links to http://, as twitter-text's autolinker
      // does; as it is, it would be a relative URL.
      let isBareDomain =
        !URLFinder.startsWithScheme(string) && URLFinder.twitter.urlRanges(in: string) == [0..<string.utf8.count]
      url = isBareDomain ? "http://" + string : string
    }
    return Self.isSafeURL(url) ? url : nil
  }

  /// Appends an attachment of `emoticon` written as `token`, read in place.
  private func appendEmoticon(_ emoticon: Emoticon, token: UnsafeBufferPointer<UInt8>, to html: inout [UInt8]) {
    let title = EmoticonAttachment.title(of: emoticon)
    if !options.contains(.omitImages),
      let path = catalog.imagePath(for: emoticon, baseURL: imageBaseURL, animated: options.contains(.animatedImages))
    {
      if Self.isSafeURL(path) {
        Self.append("<img class=\"emoticon\" src=\"", to: &html)
        Self.appendEscaped(path, to: &html)
        Self.append("\" alt=\"", to: &html)
        Self.appendEscaped(token, to: &html)
        Self.append("\" title=\"", to: &html)
        Self.appendEscaped(title, to: &html)
        appendAccessibleName(of: emoticon, isSpan: false, to: &html)
        Self.append("\">", to: &html)
      } else {
        // Note: an unsafe image URL is dropped and the post shows what was written.
        Self.append("<span class=\"emoticon\" title=\"", to: &html)
        Self.appendEscaped(title, to: &html)
        appendAccessibleName(of: emoticon, to: &html)
        Self.append("\">", to: &html)
        Self.appendEscaped(token, to: &html)
        Self.append("</span>", to: &html)
      }
      return
    }
    if options.contains(.imageForEveryEmoticon) {
      Self.append("<img class=\"emoticon\" alt=\"", to: &html)
      Self.appendEscaped(token, to: &html)
      Self.append("\" title=\"", to: &html)
      Self.appendEscaped(title, to: &html)
      appendAccessibleName(of: emoticon, isSpan: false, to: &html)
      return Self.append("\">", to: &html)
    }
    // Note: the fallback stays text (not an emoji image) and carries the emoticon's class and name, so the
    // page styles it as an emoticon and a reader can tell it from an emoji typed in the text.
    Self.append("<span class=\"emoticon\" title=\"", to: &html)
    Self.appendEscaped(title, to: &html)
    appendAccessibleName(of: emoticon, to: &html)
    Self.append("\">", to: &html)
    if let fallback = EmoticonAttachment.fallbackText(of: emoticon) {
      Self.appendEscaped(fallback, to: &html)
    } else {
      Self.appendEscaped(token, to: &html)
    }
    Self.append("</span>", to: &html)
  }

  /// Appends ` aria-label="…` (the attribute's value still open) with `emoticon`'s spoken name, when
  /// ``spokenLanguage`` is set; called inside an open attribute value, as the `title` one is.
  /// A span gets `role="img"` as well, since a name on a plain span is not read.
  private func appendAccessibleName(of emoticon: Emoticon, isSpan: Bool = true, to html: inout [UInt8]) {
    guard let spokenLanguage else { return }
    Self.append(isSpan ? "\" role=\"img\" aria-label=\"" : "\" aria-label=\"", to: &html)
    Self.appendEscaped(emoticon.spokenName(in: spokenLanguage), to: &html)
  }

  /// Text content (valid UTF-8 read in place): escaped, line breaks as `<br>`, and each emoji cluster as an image
  /// with `emojiImages`.
  private func appendTextContent(_ utf8: UnsafeBufferPointer<UInt8>, to html: inout [UInt8]) {
    guard let emojiImages else {
      var previousWasCR = false
      return Self.appendEscapedLines(utf8, previousWasCR: &previousWasCR, to: &html)
    }
    EmojiClusters.forEachSegment(inUTF8: utf8) { utf8Range, isEmoji in
      let bytes = UnsafeBufferPointer(rebasing: utf8[utf8Range])
      // Note: a `String` and a URL only for an emoji: text between emoji can be long, and its URL would be unused.
      guard isEmoji, case let segment = String(decoding: bytes, as: UTF8.self),
        case let src = emojiImages.url(for: segment), Self.isSafeURL(src)
      else {
        var previousWasCR = false
        return Self.appendEscapedLines(bytes, previousWasCR: &previousWasCR, to: &html)
      }
      Self.append("<img class=\"emoji\" src=\"", to: &html)
      Self.appendEscaped(src, to: &html)
      Self.append("\" alt=\"", to: &html)
      Self.appendEscaped(bytes, to: &html)
      if let spokenLanguage, let name = EmojiNames.name(of: segment, in: spokenLanguage) {
        Self.append("\" aria-label=\"", to: &html)
        Self.appendEscaped(name, to: &html)
      }
      Self.append("\" draggable=\"false\">", to: &html)
    }
  }

  // MARK: Escaping

  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, safe in text and in
  /// quoted attribute values.
  public static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\0": result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The character reference (or replacement) of each ASCII byte ``escaped(_:)`` replaces, else nil.
  private static func escape(ofASCII byte: UInt8) -> StaticString? {
    switch byte {
    case UInt8(ascii: "&"): "&amp;"
    case UInt8(ascii: "<"): "&lt;"
    case UInt8(ascii: ">"): "&gt;"
    case UInt8(ascii: "\""): "&quot;"
    case UInt8(ascii: "'"): "&#39;"
    case 0: "\u{FFFD}"
    default: nil
    }
  }

  /// Appends the valid UTF-8 `bytes` escaped as ``escaped(_:)`` does, each line break (``LineBreaks``; CR LF is
  /// one) written as `<br>` and a newline. `previousWasCR` carries a CR at the end of one piece of a run to the
  /// next, so a CR LF cut between leaves is still one break.
  /// - Complexity: O(*n*) in the length of `bytes`.
  private static func appendEscapedLines(
    _ bytes: UnsafeBufferPointer<UInt8>, previousWasCR: inout Bool, to html: inout [UInt8]
  ) {
    var runStart = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      // Note: only ASCII bytes need escapes, and every line break starts with a byte below 0x20 or a lead byte.
      guard byte < 0x40 || byte >= 0xC0 else {
        previousWasCR = false
        index += 1
        continue
      }
      let breakUTF8Count = LineBreaks.lineBreakUTF8Count(in: bytes, at: index)
      if breakUTF8Count > 0 {
        html.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        if !(byte == UInt8(ascii: "\n") && previousWasCR) { append("<br>\n", to: &html) }
        previousWasCR = byte == UInt8(ascii: "\r")
        index += breakUTF8Count
        runStart = index
        continue
      }
      previousWasCR = false
      if byte < 0x80, let escape = escape(ofASCII: byte) {
        html.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        html.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
        runStart = index + 1
      }
      index += 1
    }
    html.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
  }

  /// Appends `bytes` escaped as ``escaped(_:)`` does (line breaks kept as they are: attribute values).
  private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to html: inout [UInt8]) {
    var runStart = 0
    for index in bytes.indices {
      guard bytes[index] < 0x80, let escape = escape(ofASCII: bytes[index]) else { continue }
      html.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      html.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
      runStart = index + 1
    }
    html.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
  }

  /// Appends `text` escaped as ``escaped(_:)`` does.
  private static func appendEscaped(_ text: String, to html: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendEscaped($0, to: &html) }
  }

  /// Appends `text` as it is.
  private static func append(_ text: String, to html: inout [UInt8]) {
    html.append(contentsOf: text.utf8)
  }

  /// Whether `url` may go into `src` or `href`: http(s), or relative (no scheme, not `//host`), with no
  /// control characters or spaces a browser would strip to reveal a scheme.
  public static func isSafeURL(_ url: String) -> Bool {
    guard !url.isEmpty else { return false }
    guard !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0 == "\\" }) else {
      return false
    }
    let lowercased = url.lowercased()
    if lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://") { return true }
    if url.hasPrefix("//") { return false }
    // Note: a relative URL has no ':' before its first '/', '?' or '#' (otherwise the part before is a scheme).
    let beforePath = url.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    return !beforePath.contains(":")
  }

  /// `text` with everything but unreserved ASCII (RFC 3986) percent-encoded as UTF-8.
  static func percentEncoded(_ text: String) -> String {
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      // Note: the unreserved characters are ASCII letters (the only Alphabetic scalars in ASCII), digits and -._~.
      let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      if isLetter || isDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "~")
      {
        result.append(byte)
      } else {
        result.append(UInt8(ascii: "%"))
        result.append(upperHexDigits[Int(byte >> 4)])
        result.append(upperHexDigits[Int(byte & 0xF)])
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  private static let upperHexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
