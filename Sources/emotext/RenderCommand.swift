import Emotext
import EmotextCLISupport
import Foundation
import Synchronization

/// Whether `render --html` has said that emoticons fall back to text.
private let fallbackWarned = Atomic<Bool>(false)

enum RenderCommand: Command {
  static let name = "render"
  static let summary = "render post text as HTML, for a terminal, or as plain text"
  static let usage = """
    usage: emotext render [--catalog PATH] [--html [--page [--title TEXT]] [--image-base URL] [--no-images]
                          [--mention-url T] [--topic-url T] [--emoji-images BASE_URL]
                          | --ansi | --plain | --spoken] [--width N] [--codes] [--color] [--visual]
                          [--locale L] [--whole] [--links RULES] [FILE… | --text TEXT…]

    Tokenizes each line (one post per line) of the files (stdin when none or '-'), recognizes
    @mentions, #topics# and links (--links), and renders each post: one HTML fragment per line with
    --html, else the post as the terminal shows it. --whole reads the whole input as one post, its
    line breaks included (at most 16 MiB, as a line).

    formats:
      --ansi        for a terminal (default): emoticons as their emoji fallback, entities coloured;
                    colours only when stdout is a terminal and NO_COLOR is unset (--color forces them)
      --plain       like --ansi without any escape sequences
      --html        an HTML fragment; every text and attribute value is escaped
      --spoken      the text a screen reader should speak: emoticons by name, emoji by their CLDR name

    options:
      --catalog PATH   a tutorial bundle folder or JSON catalog; image paths resolve against its folders:
                       a bundle's pack folders, a JSON pack's "directory" (see emotext catalog --help).
                       Without image files (the embedded catalog has none) an emoticon is its fallback
                       text; for a catalog given here, --html says so once on stderr
                       (unless --image-base or --no-images)
      --page           with --html: one complete standalone page with minimal CSS, one <article> per
                       post (each line, or the whole input with --whole)
      --title TEXT     with --page: the page title (default "Emotext")
      --image-base URL
                       with --html: the URL emoticon image files are served under
      --mention-url T  with --html: the link of @name, {name} replaced (default https://weibo.com/n/{name});
                       an http: or https: URL or a relative one, as for --topic-url
      --topic-url T    with --html: the link of #topic#, {topic} replaced
      --no-images      with --html: emoticons as their emoji fallback, no <img>
      --emoji-images BASE_URL
                       with --html: every emoji as <img class="emoji" src="BASE_URL/1f44d-1f3fd.svg">
                       (twemoji's file names); digits, # and © without U+FE0F stay text
      --width N        with --ansi/--plain: wrap at N cells (default: the terminal's width, or none)
      --codes          with --ansi/--plain: emoticons as their code ([哈哈]) instead of the fallback
      --color          with --ansi: colours even when stdout is not a terminal or NO_COLOR is set
      --visual         with --ansi/--plain: each line in visual order (Unicode Bidirectional Algorithm), for
                       terminals that do no bidi of their own; without it, logical order (files, pipes, VTE)
      --locale L       with --spoken: the language of the names, zh (default), zh_Hant (also zh-TW, zh-HK),
                       en or ja; with --html: each emoticon and emoji image gets aria-label in it, and
                       the page of --page has lang L (zh, zh-Hant, en, ja)
    \(LinkRulesOption.help(column: 17))
      --whole          the whole input is one post (line breaks are <br> in HTML)
      --text TEXT      TEXT is one input line, as if read from a file (repeatable; instead of FILEs)

    examples:
      emotext render --width 20 --text '//@小明: 今天好开心[哈哈] #春天#'
      echo '好开心[哈哈] https://weibo.com' | emotext render --html --page > post.html
      emotext render --spoken --locale en --text '好开心[哈哈]👍🏽'
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalogPath = try arguments.option("--catalog")
    let catalog = try loadCatalog(at: catalogPath)
    let html = arguments.flag("--html")
    let ansi = arguments.flag("--ansi")
    let plain = arguments.flag("--plain")
    let page = arguments.flag("--page")
    let noImages = arguments.flag("--no-images")
    let codes = arguments.flag("--codes")
    let forceColor = arguments.flag("--color")
    let whole = arguments.flag("--whole")
    let urls = try LinkRulesOption.parse(&arguments).finder
    let spoken = arguments.flag("--spoken")
    let visual = arguments.flag("--visual")
    let locale = try arguments.option("--locale")
    let title = try arguments.option("--title")
    let imageBase = try arguments.option("--image-base")
    let mentionURL = try arguments.option("--mention-url")
    let topicURL = try arguments.option("--topic-url")
    let emojiImages = try arguments.option("--emoji-images")
    let width = try arguments.integerOption("--width", in: 1...10_000)
    let input = try LineInput.parse(&arguments, batchOptions: false)
    guard [html, ansi, plain, spoken].filter({ $0 }).count <= 1 else {
      throw UsageError("choose one of --html, --ansi, --plain and --spoken")
    }
    let language = try locale.map { identifier throws(UsageError) in
      guard let language = SpokenLanguage(localeIdentifier: identifier) else {
        throw UsageError("--locale '\(identifier)' is not one of zh, zh_Hant (zh-TW, zh-HK), en and ja")
      }
      return language
    }
    if locale != nil && !(spoken || html) { throw UsageError("--locale goes with --spoken or --html") }
    if spoken && (page || width != nil || codes || forceColor || visual) {
      throw UsageError("--spoken prints text: --page, --width, --codes, --color and --visual do not go with it")
    }
    if visual && html { throw UsageError("--visual goes with --ansi or --plain (HTML leaves bidi to the browser)") }
    if !html
      && (page || noImages || imageBase != nil || title != nil || mentionURL != nil || topicURL != nil
        || emojiImages != nil)
    {
      throw UsageError(
        "--page, --title, --image-base, --mention-url, --topic-url, --no-images and --emoji-images go with --html")
    }
    if html && (width != nil || codes || forceColor) {
      throw UsageError("--width, --codes and --color go with --ansi or --plain")
    }
    let tokenizer = BracketTokenizer(catalog: catalog)
    let render: @Sendable (RichText) -> String
    if spoken {
      let language = language ?? .chineseSimplified
      render = { $0.spokenText(in: language) }
    } else if html {
      let answer = try HTMLAnswer(
        tokenizer: tokenizer, page: page, title: title, imageBase: imageBase, noImages: noImages,
        mentionURL: mentionURL, topicURL: topicURL, emojiImages: emojiImages, urls: urls, language: language)
      // Note: without image files (packs without "directory", files not shipped) every emoticon falls back to
      // text; said once, at the first post with an image emoticon. The embedded catalog has no image files by
      // design (its fallbacks are the documented output), so it goes without a word.
      let warnsOfFallback = answer.fallsBackToText && catalogPath != nil
      render = { [answer] document in
        if warnsOfFallback { warnOfFallbackOnce(document) }
        return answer.html(of: [document])
      }
      if page {
        let documents = try pagePosts(input, whole: whole).map(answer.document(of:))
        if warnsOfFallback { documents.forEach(warnOfFallbackOnce) }
        StandardOutput.writeRaw(answer.html(of: documents))
        return 0
      }
    } else {
      let isTerminal = isatty(STDOUT_FILENO) == 1
      var options: TerminalRenderer.Options =
        plain
        ? []
        : forceColor
          ? [.colors]
          : TerminalRenderer.defaultOptions(environment: ProcessInfo.processInfo.environment, isTerminal: isTerminal)
      if codes { options.insert(.emoticonCodes) }
      if visual { options.insert(.visualOrder) }
      let columns = width ?? (isTerminal ? TerminalSize.current(of: STDOUT_FILENO)?.columns : nil)
      let renderer = TerminalRenderer(options: options, columns: columns)
      render = { renderer.render($0) }
    }
    if whole {
      StandardOutput.write(render(tokenizer.tokenize(try wholeInput(input)).recognizingEntities(urls: urls)))
      return 0
    }
    return try input.answerLines { line, output throws(LineProblem) in
      output.appendLine(render(tokenizer.tokenize(line).recognizingEntities(urls: urls)))
    }
  }

  /// Warns on stderr, the first time `document` holds an image emoticon, that emoticons are shown by their
  /// fallback because the catalog has no image files.
  private static func warnOfFallbackOnce(_ document: RichText) {
    let hasImageEmoticon = document.runs.contains { run in
      if case .emoticon(let attachment) = run, case .image = attachment.emoticon.kind { return true }
      return false
    }
    guard hasImageEmoticon, !fallbackWarned.exchange(true, ordering: .relaxed) else { return }
    printError(
      "emotext render: warning: the catalog has no image files, so emoticons are shown by their fallback; "
        + "give --image-base URL, or a catalog whose packs name their image folder (\"directory\"), "
        + "or --no-images")
  }

  /// The posts `--page` renders: the whole input as one with `--whole`, else one per line.
  private static func pagePosts(_ input: LineInput, whole: Bool) throws -> [String] {
    whole ? [try wholeInput(input)] : try linesWithinLimit(input)
  }

  /// Every input as one text, lines joined by LF (at most 16 MiB, the limit of one line).
  private static func wholeInput(_ input: LineInput) throws -> String {
    try linesWithinLimit(input).joined(separator: "\n")
  }

  /// Every line of every input, at most 16 MiB in all (the line breaks counted).
  private static func linesWithinLimit(_ input: LineInput) throws -> [String] {
    let lines = try allLines(input)
    let limit = 16 << 20
    guard lines.reduce(-1, { $0 + $1.utf8.count + 1 }) <= limit else {
      throw CommandFailure(
        "\(input.sources.count == 1 ? input.sources[0].name : "the input"): longer than the limit of \(limit) bytes")
    }
    return lines
  }

  /// Every line of every input, stopping at more than 16 MiB in all.
  private static func allLines(_ input: LineInput) throws -> [String] {
    var lines: [String] = []
    var total = 0
    for source in input.sources {
      do throws(BatchError) {
        var source = try LineInput.open(source)
        while let batch = try source.nextBatch(maxLines: 1024) {
          lines += batch
          total += batch.reduce(0) { $0 + $1.utf8.count + 1 }
          if total > (16 << 20) + 1 { return lines }
        }
      } catch {
        throw CommandFailure(error.description)
      }
    }
    return lines
  }
}
