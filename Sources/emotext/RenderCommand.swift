import Emotext
import Foundation

enum RenderCommand: Command {
  static let name = "render"
  static let summary = "render post text as HTML, for a terminal, or as plain text"
  static let usage = """
    usage: emotext render [--catalog PATH] [--html [--page] [--image-base URL] [--no-images]
                          [--emoji-images BASE_URL] | --ansi | --plain]
                          [--width N] [--codes] [--color] [TEXT | FILE | -]

    Tokenizes the post (stdin when no argument or '-'; a FILE when the argument names one, else the
    argument itself as TEXT), recognizes @mentions, #topics# and http(s) links, and renders it.

    formats:
      --ansi        for a terminal (default): emoticons as their emoji fallback, entities coloured;
                    colours only when stdout is a terminal and NO_COLOR is unset (--color forces them)
      --plain       like --ansi without any escape sequences
      --html        an HTML fragment; every text and attribute value is escaped

    options:
      --catalog PATH   a tutorial bundle folder or JSON catalog; image paths resolve against its folders
      --page           with --html: a complete standalone page with minimal CSS
      --title TEXT     with --page: the page title (default "Emotext")
      --image-base URL with --html: the URL emoticon image files are served under
      --mention-url T  with --html: the link of @name, {name} replaced (default https://weibo.com/n/{name})
      --topic-url T    with --html: the link of #topic#, {topic} replaced
      --no-images      with --html: emoticons as their emoji fallback, no <img>
      --emoji-images BASE_URL
                       with --html: every emoji as <img class="emoji" src="BASE_URL/1f44d-1f3fd.svg">
                       (twemoji's file names); digits, # and © without U+FE0F stay text
      --width N        with --ansi/--plain: wrap at N cells (default: the terminal's width, or none)
      --codes          with --ansi/--plain: emoticons as their code ([哈哈]) instead of the fallback

    examples:
      emotext render --width 20 '//@小明: 今天好开心[哈哈] #春天#'
      echo '好开心[哈哈] https://weibo.com' | emotext render --html --page > post.html
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let html = arguments.flag("--html")
    let ansi = arguments.flag("--ansi")
    let plain = arguments.flag("--plain")
    let page = arguments.flag("--page")
    let noImages = arguments.flag("--no-images")
    let codes = arguments.flag("--codes")
    let forceColor = arguments.flag("--color")
    let title = try arguments.option("--title")
    let imageBase = try arguments.option("--image-base")
    let mentionURL = try arguments.option("--mention-url")
    let topicURL = try arguments.option("--topic-url")
    let emojiImages = try arguments.option("--emoji-images")
    let width = try arguments.integerOption("--width", in: 1...10_000)
    let positionals = try arguments.positionals()
    guard [html, ansi, plain].filter({ $0 }).count <= 1 else {
      throw UsageError("choose one of --html, --ansi and --plain")
    }
    guard positionals.count <= 1 else { throw UsageError("unexpected argument '\(positionals[1])'") }
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
    if title != nil && !page { throw UsageError("--title goes with --page") }

    let source = try readSource(positionals.first)
    let post = BracketTokenizer(catalog: catalog).tokenize(source).recognizingEntities()

    if html {
      var renderer = HTMLRenderer(catalog: catalog, options: noImages ? [.linkEntities, .omitImages] : .default)
      renderer.imageBaseURL = imageBase
      renderer.emojiImages = emojiImages.map { EmojiImages(baseURL: $0) }
      if let mentionURL { renderer.mentionURLTemplate = mentionURL }
      if let topicURL { renderer.topicURLTemplate = topicURL }
      print(page ? renderer.page(post, title: title ?? "Emotext") : renderer.render(post), terminator: page ? "" : "\n")
      return 0
    }
    let isTerminal = isatty(STDOUT_FILENO) == 1
    var options: TerminalRenderer.Options =
      plain
      ? []
      : forceColor
        ? [.colors]
        : TerminalRenderer.defaultOptions(environment: ProcessInfo.processInfo.environment, isTerminal: isTerminal)
    if codes { options.insert(.emoticonCodes) }
    let columns = width ?? (isTerminal ? TerminalSize.current(of: STDOUT_FILENO)?.columns : nil)
    print(TerminalRenderer(options: options, columns: columns).render(post))
    return 0
  }

  /// The text to render: stdin, a file, or the argument itself; a trailing newline of stdin or a file is dropped.
  private static func readSource(_ argument: String?) throws(CommandFailure) -> String {
    var data: Data
    var origin: String
    if let argument, argument != "-" {
      guard FileManager.default.fileExists(atPath: argument) else { return argument }
      guard let contents = FileManager.default.contents(atPath: argument) else {
        throw CommandFailure("cannot read '\(argument)'")
      }
      data = contents
      origin = argument
    } else {
      data = FileHandle.standardInput.readDataToEndOfFile()
      origin = "stdin"
    }
    var text: String
    do {
      text = try UTF8LineDecoder.text(of: [UInt8](data))
    } catch {
      throw CommandFailure("\(origin): \(error)")
    }
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
