import Emotext

// The answer to one post of each batch command, written once and called by both the `emotext` commands and the
// C ABI (Sources/EmotextC), so that every binding writes the CLI's bytes by construction. Each type is made from
// the command's options (refusing bad ones with the CLI's message) and then answers any number of posts. They take
// a tokenizer rather than a catalog because building one indexes the catalog: the CLI builds one per run, the
// C ABI one per catalog handle.

/// `emotext count --jsonl`: the counts of a post by a rule, as the record
/// `{"text":…,"rule":…,"weighted":n,"utf16":n,"scalars":n,"graphemes":n}`.
package struct CountAnswer: Sendable {
  private let tokenizer: BracketTokenizer
  /// The rule's measure, prepared once for every post.
  private let measure: PreparedLengthMeasure
  /// The bytes after the text on every record, up to the weighted length: `,"rule":"weibo","weighted":`.
  private let ruleMember: [UInt8]

  /// Counts by `rule` (its name as `--rule` gives it, and its measure), emoticons found by `tokenizer`.
  package init(tokenizer: BracketTokenizer, rule: (name: String, measure: LengthMeasure)) {
    self.tokenizer = tokenizer
    measure = PreparedLengthMeasure(rule.measure)
    var ruleMember = Array(#","rule":"#.utf8)
    JSONValue.appendString(rule.name, to: &ruleMember)
    ruleMember.append(contentsOf: #","weighted":"#.utf8)
    self.ruleMember = ruleMember
  }

  /// The length by the rule, then UTF-16 units, Unicode scalars and grapheme clusters (an emoticon counts 1).
  /// (Read from the text without building its document: ``BracketTokenizer/lengths(ofValidUTF8:by:)``.)
  package func counts(of text: String) -> (weighted: Int, utf16: Int, scalars: Int, graphemes: Int) {
    var text = text
    return text.withUTF8 { counts(ofValidUTF8: $0) }
  }

  /// ``counts(of:)`` of the text whose bytes are `utf8` (valid UTF-8).
  package func counts(ofValidUTF8 utf8: UnsafeBufferPointer<UInt8>) -> (
    weighted: Int, utf16: Int, scalars: Int, graphemes: Int
  ) {
    let lengths = tokenizer.lengths(ofValidUTF8: utf8, by: measure)
    return (lengths.length, lengths.utf16Count, lengths.scalarCount, lengths.graphemeCount)
  }

  /// Appends the record of `text` (without a line feed) to `output`.
  package func appendRecord(of text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendRecord(ofValidUTF8: $0, to: &output) }
  }

  /// ``appendRecord(of:to:)`` of the text whose bytes are `utf8` (valid UTF-8), which need no string.
  package func appendRecord(ofValidUTF8 utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    let counts = counts(ofValidUTF8: utf8)
    output.append(contentsOf: #"{"text":"#.utf8)
    JSONLines.appendString(utf8: utf8, to: &output)
    // Note: the constant members as literals, and the rule's by a pointer: the threads of a batch job share this
    // answer, and appending its arrays retained each per record, which kept their cache lines moving between cores.
    ruleMember.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    JSONValue.appendInteger(counts.weighted, to: &output)
    output.append(contentsOf: #","utf16":"#.utf8)
    JSONValue.appendInteger(counts.utf16, to: &output)
    output.append(contentsOf: #","scalars":"#.utf8)
    JSONValue.appendInteger(counts.scalars, to: &output)
    output.append(contentsOf: #","graphemes":"#.utf8)
    JSONValue.appendInteger(counts.graphemes, to: &output)
    output.append(UInt8(ascii: "}"))
  }
}

/// `emotext truncate`: the longest prefix of a post whose length by a rule is at most a limit, the ellipsis
/// appended (and counted) when anything is cut.
package struct TruncationAnswer: Sendable {
  private let tokenizer: BracketTokenizer
  private let limit: Int
  private let measure: LengthMeasure
  private let ellipsis: String

  /// Cuts to `limit` (0 to `Int32.max`) by `rule` (its name and measure).
  /// - Throws: ``UsageError`` for a limit out of range or an ellipsis longer than the limit.
  package init(
    tokenizer: BracketTokenizer, limit: Int, rule: (name: String, measure: LengthMeasure), ellipsis: String
  ) throws(UsageError) {
    guard (0...Int(Int32.max)).contains(limit) else {
      throw UsageError("--max takes a whole number from 0 to \(Int32.max), not '\(limit)'")
    }
    self.tokenizer = tokenizer
    let ellipsisLength = tokenizer.tokenize(ellipsis).length(by: rule.measure)
    guard ellipsisLength <= limit else {
      throw UsageError(
        "--ellipsis '\(ellipsis)' is \(ellipsisLength) long by the \(rule.name) rule, longer than --max \(limit)")
    }
    self.limit = limit
    measure = rule.measure
    self.ellipsis = ellipsis
  }

  /// `text` cut to fit; unchanged when it fits.
  package func truncated(_ text: String) -> String {
    tokenizer.tokenize(text).truncated(toFit: limit, by: measure, ellipsis: ellipsis).postText
  }
}

/// `emotext parse --json` (and `--jsonl`): a post as the document JSON, `{"version":1,"runs":[…]}`.
package struct DocumentAnswer: Sendable {
  private let tokenizer: BracketTokenizer
  /// How links are found when entities are recognized; nil when they are not.
  private let entityURLs: URLFinder?

  /// Documents tokenized by `tokenizer`, with mentions, topics and links marked when `entityURLs` (what finds
  /// the links) is given.
  package init(tokenizer: BracketTokenizer, entityURLs: URLFinder?) {
    self.tokenizer = tokenizer
    self.entityURLs = entityURLs
  }

  /// The document of `text`.
  package func document(of text: String) -> RichText {
    let document = tokenizer.tokenize(text)
    return entityURLs.map { document.recognizingEntities(urls: $0) } ?? document
  }

  /// Appends the document JSON of `text` (without a line feed): the line `parse --json` writes.
  package func appendDocumentJSON(of text: String, to output: inout [UInt8]) {
    document(of: text).appendDocumentJSON(to: &output)
  }

  /// Appends the record `{"text":…,"version":1,"runs":[…]}` of `text` (without a line feed): the line
  /// `parse --jsonl` writes.
  package func appendRecord(of text: String, to output: inout [UInt8]) {
    output.append(contentsOf: #"{"text":"#.utf8)
    JSONValue.appendString(text, to: &output)
    output.append(UInt8(ascii: ","))
    document(of: text).appendDocumentJSONMembers(to: &output)
    output.append(UInt8(ascii: "}"))
  }
}

/// `emotext serialize`: the post text of a document JSON.
package struct PostTextAnswer: Sendable {
  private let catalog: EmoticonCatalog
  private let serializer: PostTextSerializer

  /// Reads emoticons from `catalog`; puts the text in NFC when `nfc` is true.
  package init(catalog: EmoticonCatalog, nfc: Bool) {
    self.catalog = catalog
    serializer = PostTextSerializer(normalization: nfc ? .nfc : .none)
  }

  /// The post text of `documentJSON`.
  /// - Throws: ``LineProblem`` with the decoder's message when it is not a valid document.
  package func postText(ofDocumentJSON documentJSON: String) throws(LineProblem) -> String {
    try LineProblem.catching { serializer.serialize(try RichText(documentJSON: documentJSON, catalog: catalog)) }
      .get()
  }
}

/// `emotext encode-emoji` and `decode-emoji`: escapes such as `[emoji:1f600]` for storage that takes only the BMP.
package struct EmojiEscapeAnswer: Sendable {
  /// The escape format.
  package let format: EmojiEscaping

  /// Escapes made of `prefix` (nil: `[emoji:`), hex scalars joined by `separator` (nil: `-`) and `suffix`
  /// (nil: `]`).
  /// - Throws: ``UsageError`` when the format is not one escapes can be read back from.
  package init(prefix: String?, separator: String?, suffix: String?) throws(UsageError) {
    do {
      format = try EmojiEscaping(prefix: prefix ?? "[emoji:", separator: separator ?? "-", suffix: suffix ?? "]")
    } catch {
      throw UsageError("invalid escape format: \(error)")
    }
  }

  /// `text` with every grapheme cluster holding a scalar above U+FFFF escaped.
  package func encoded(_ text: String) -> String { format.encode(text) }

  /// `text` with every escape replaced by its scalars.
  /// - Parameter inRecord: Whether `text` is a record's `"text"` (`--jsonl`): then the message says the byte
  ///   offset in the text, else the problem carries it as the offset in the line.
  /// - Throws: ``LineProblem`` for a malformed escape.
  package func decoded(_ text: String, inRecord: Bool = false) throws(LineProblem) -> String {
    do throws(EmojiEscapeError) {
      return try format.decode(text)
    } catch {
      // Note: the CLI speaks bytes (FILE:LINE:COLUMN); with --jsonl the offset is in the record's text, not in
      // the line, so it is not a column.
      let utf8Offset = text.utf8.distance(
        from: text.utf8.startIndex, to: String.Index(utf16Offset: error.utf16Offset, in: text))
      throw LineProblem(
        "malformed emoji escape\(inRecord ? " at byte \(utf8Offset) of \"text\"" : ""): \(error.reason)",
        utf8Offset: inRecord ? nil : utf8Offset)
    }
  }
}

/// `emotext render --html`: a post as an HTML fragment, or as a standalone page.
package struct HTMLAnswer: Sendable {
  /// The renderer, set up from the options.
  package let renderer: HTMLRenderer
  /// Whether an answer is a whole page (`--page`) rather than a fragment.
  package let isPage: Bool
  /// The page title (`--title`, default "Emotext").
  package let title: String
  /// Whether emoticons fall back to text for want of image files, which the CLI says once on stderr.
  package let fallsBackToText: Bool
  private let tokenizer: BracketTokenizer
  private let urls: URLFinder

  /// The options of `render --html`, each nil or false when not given; emoticons found by `tokenizer` and drawn
  /// from its catalog, links found by `urls` (`--links`), names spoken in `language` (`--locale`).
  /// - Throws: ``UsageError`` for a title without a page, or a link template that can only make unsafe links.
  package init(
    tokenizer: BracketTokenizer, page: Bool = false, title: String? = nil, imageBase: String? = nil,
    noImages: Bool = false, mentionURL: String? = nil, topicURL: String? = nil, emojiImages: String? = nil,
    urls: URLFinder = .weibo, language: SpokenLanguage? = nil
  ) throws(UsageError) {
    if title != nil && !page { throw UsageError("--title goes with --page") }
    // Note: the renderer drops a link that is not http(s) or relative; a template that can only make such
    // links is refused here rather than leaving every mention or topic unlinked without a word.
    for (option, template, placeholder) in [
      ("--mention-url", mentionURL, "{name}"), ("--topic-url", topicURL, "{topic}"),
    ] {
      guard let template, !HTMLRenderer.isSafeURL(template.replacingOccurrences(of: placeholder, with: "x")) else {
        continue
      }
      throw UsageError(
        "\(option) '\(template)' is not allowed: links must be http: or https: URLs, or relative ones")
    }
    let catalog = tokenizer.catalog
    var renderer = HTMLRenderer(catalog: catalog, options: noImages ? [.linkEntities, .omitImages] : .default)
    renderer.imageBaseURL = imageBase
    renderer.emojiImages = emojiImages.map { EmojiImages(baseURL: $0) }
    renderer.spokenLanguage = language
    if let mentionURL { renderer.mentionURLTemplate = mentionURL }
    if let topicURL { renderer.topicURLTemplate = topicURL }
    self.renderer = renderer
    isPage = page
    self.title = title ?? "Emotext"
    fallsBackToText = !noImages && imageBase == nil && !catalog.hasImageFiles
    self.tokenizer = tokenizer
    self.urls = urls
  }

  /// The document `text` is rendered from: tokenized, mentions, topics and links recognized.
  package func document(of text: String) -> RichText { tokenizer.tokenize(text).recognizingEntities(urls: urls) }

  /// The HTML of `documents`: one page holding them with `--page`, else the fragment of the one document (the CLI
  /// writes a line feed after it).
  package func html(of documents: [RichText]) -> String {
    isPage ? renderer.page(posts: documents, title: title) : documents.map(renderer.render).joined(separator: "\n")
  }
}

extension LengthRuleNames {
  /// The rule called `name` (nil: weibo, the default) and its measure, as `--rule` reads it.
  /// - Throws: ``UsageError`` naming the rules when `name` is none of them.
  package static func named(_ name: String?) throws(UsageError) -> (name: String, measure: LengthMeasure) {
    let name = name ?? "weibo"
    guard let measure = measure(named: name) else { throw UsageError("--rule takes \(list), not '\(name)'") }
    return (name, measure)
  }
}

/// The link rules by the names `--links` takes.
package enum LinkRuleNames {
  /// The URL finder called `name`: weibo (http(s):// links only) or twitter (twitter-text's, bare domains too).
  /// - Throws: ``UsageError`` for another name.
  package static func finder(named name: String) throws(UsageError) -> URLFinder {
    switch name {
    case "weibo": return .weibo
    case "twitter": return .twitter
    default: throw UsageError("--links takes weibo or twitter, not '\(name)'")
    }
  }
}

extension LineProblem {
  /// The problem as one message, its offset (when known) first as `byte N: ` (0-based), the form the Spark job
  /// writes for lines it rejects itself.
  package var messageWithOffset: String {
    utf8Offset.map { "byte \($0): \(message)" } ?? message
  }
}
