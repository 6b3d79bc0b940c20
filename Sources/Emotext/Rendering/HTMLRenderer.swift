import EmotextUnicode

/// Renders a document as HTML, escaping every text and attribute value it writes.
///
/// Emoticons become `<img class="emoticon" src="…" alt="[哈哈]" title="哈哈">` when `imageBaseURL` is set
/// or the image file is in its pack's folder, and the path is relative or http(s); else
/// `<span class="emoticon" title="哈哈">` holding the emoji fallback (no image) or the token (an unsafe path
/// dropped), which ``page(_:title:)`` styles as an emoticon. Entities become links built from URL
/// templates; line breaks become `<br>`; with ``emojiImages``, emoji become images too.
///
/// ```swift
/// let post = BracketTokenizer(catalog: .default).tokenize("@小明 好开心[哈哈]").recognizingEntities()
/// let html = HTMLRenderer.format(post)
/// // <a class="mention" href="https://weibo.com/n/%E5%B0%8F%E6%98%8E">@小明</a> 好开心<span class="emoticon" title="哈哈">😆</span>
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
  public func render(_ text: RichText) -> String {
    var html = ""
    for run in text.runs {
      switch run {
      case .text(let string, let attributes): appendText(string, entity: attributes.entity, to: &html)
      case .emoticon(let attachment): appendEmoticon(attachment, to: &html)
      }
    }
    return html
  }

  /// A complete standalone page: `<!DOCTYPE html>`, UTF-8, minimal CSS (emoticon images as tall as a
  /// line of text), and the post in `<article class="post">`.
  public func page(_ text: RichText, title: String = "Emotext") -> String {
    """
    <!DOCTYPE html>
    <html lang="zh">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(Self.escaped(title))</title>
    <style>
    \(Self.pageStyle)
    </style>
    </head>
    <body>
    <article class="post">\(render(text))</article>
    </body>
    </html>

    """
  }

  /// The CSS of ``page(_:title:)``.
  public static let pageStyle = """
    body { margin: 2em auto; max-width: 36em; padding: 0 1em; color: #222; background: #fff;
      font: 18px/1.5 system-ui, "Noto Sans CJK SC", "Noto Sans", sans-serif, "Noto Color Emoji"; }
    .post { white-space: normal; overflow-wrap: anywhere; }
    img.emoticon, img.emoji { height: 1.25em; width: auto; vertical-align: -0.25em; }
    img.emoji { height: 1.1em; margin: 0 0.05em; }
    span.emoticon { font-family: "Noto Color Emoji", sans-serif; background: #fff3e0; border-radius: 0.3em;
      padding: 0 0.1em; cursor: help; }
    a { color: #eb7350; text-decoration: none; }
    a:hover { text-decoration: underline; }
    """

  // MARK: Pieces

  private func appendText(_ string: String, entity: TextAttributes.Entity?, to html: inout String) {
    guard let entity else { return appendTextContent(string, to: &html) }
    let className = entity.rawValue
    if options.contains(.linkEntities), let href = link(for: string, entity: entity) {
      html += "<a class=\"\(className)\" href=\"\(Self.escaped(href))\">"
      appendTextContent(string, to: &html)
      html += "</a>"
    } else {
      html += "<span class=\"\(className)\">"
      appendTextContent(string, to: &html)
      html += "</span>"
    }
  }

  private func link(for string: String, entity: TextAttributes.Entity) -> String? {
    let url: String
    switch entity {
    case .mention:
      let name = string.hasPrefix("@") ? String(string.dropFirst()) : string
      url = mentionURLTemplate.replacing("{name}", with: Self.percentEncoded(name))
    case .topic:
      var topic = Substring(string)
      if topic.hasPrefix("#") { topic = topic.dropFirst() }
      if topic.hasSuffix("#") { topic = topic.dropLast() }
      url = topicURLTemplate.replacing("{topic}", with: Self.percentEncoded(String(topic)))
    case .link:
      // Note: a bare domain (`foo.com`, linked by Twitter's rule) links to http://, as twitter-text's autolinker
      // does; as it is, it would be a relative URL.
      let isBareDomain =
        !URLFinder.startsWithScheme(string) && URLFinder.twitter.urlRanges(in: string) == [0..<string.utf8.count]
      url = isBareDomain ? "http://" + string : string
    }
    return Self.isSafeURL(url) ? url : nil
  }

  private func appendEmoticon(_ attachment: EmoticonAttachment, to html: inout String) {
    if !options.contains(.omitImages),
      let path = catalog.imagePath(
        for: attachment.emoticon, baseURL: imageBaseURL,
        animated: options.contains(.animatedImages))
    {
      if Self.isSafeURL(path) {
        html += "<img class=\"emoticon\" src=\"\(Self.escaped(path))\" alt=\"\(Self.escaped(attachment.altText))\""
        html += " title=\"\(Self.escaped(attachment.title))\">"
      } else {
        // Note: an unsafe image URL is dropped and the post shows what was written.
        html += "<span class=\"emoticon\" title=\"\(Self.escaped(attachment.title))\">"
        html += Self.escaped(attachment.altText) + "</span>"
      }
      return
    }
    // Note: the fallback stays text (not an emoji image) and carries the emoticon's class and name, so the
    // page styles it as an emoticon and a reader can tell it from an emoji typed in the text.
    html += "<span class=\"emoticon\" title=\"\(Self.escaped(attachment.title))\">"
    html += Self.escaped(attachment.fallbackText) + "</span>"
  }

  /// Text content: escaped, line breaks as `<br>`, and each emoji cluster as an image with `emojiImages`.
  private func appendTextContent(_ string: String, to html: inout String) {
    guard let emojiImages else { return Self.appendEscapedLines(string, to: &html) }
    for (segment, isEmoji) in EmojiClusters.segments(of: string) {
      let src = emojiImages.url(for: segment)
      guard isEmoji, Self.isSafeURL(src) else {
        Self.appendEscapedLines(String(segment), to: &html)
        continue
      }
      html += "<img class=\"emoji\" src=\"\(Self.escaped(src))\" alt=\"\(Self.escaped(String(segment)))\""
      html += " draggable=\"false\">"
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

  /// Escapes `text` and writes each line break (``LineBreaks``; CR LF is one) as `<br>`.
  private static func appendEscapedLines(_ text: String, to html: inout String) {
    var line = ""
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      let isBreak = LineBreaks.isLineBreak(scalar)
      if isBreak {
        if !(scalar == "\n" && previousWasCR) {
          html += escaped(line) + "<br>\n"
          line = ""
        }
      } else {
        line.unicodeScalars.append(scalar)
      }
      previousWasCR = scalar == "\r"
    }
    html += escaped(line)
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
    var result = ""
    for byte in text.utf8 {
      let scalar = Unicode.Scalar(byte)
      if scalar.isASCII,
        ScalarCategories.isAlphabetic(scalar) || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar)
      {
        result.unicodeScalars.append(scalar)
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return result
  }
}
