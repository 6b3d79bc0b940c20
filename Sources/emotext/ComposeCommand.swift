import Emotext
import EmotextCLISupport
import Foundation

enum ComposeCommand: Command {
  static let name = "compose"
  static let summary = "write a post in an interactive terminal composer with an emoticon keyboard"
  static let usage = """
    usage: emotext compose [--catalog PATH] [--rule NAME] [--limit N] [--recents FILE]

    Opens a composer on the terminal (/dev/tty): type the post; Tab shows or hides the emoticon keyboard
    (a tab per pack and one for recents; arrows move, Enter inserts, PageUp/PageDown turn pages, Up from
    the top row selects the tab bar). Backspace and Delete follow the engine's rules (an emoticon goes
    whole). Ctrl-Z/Ctrl-Y undo and redo. Typing and emoticons stop at the limit (what does not fit is
    not inserted, never half an emoji or a link); a post over it cannot be sent.

    Completion: while the text before the caret is a partial emoticon token ('[哈', '[haha', '[hh'), a
    row under the text offers up to five matching emoticons, numbered, the first highlighted:

      1-5        put that candidate in place of the partial token
      Tab Enter  put the highlighted candidate there
      ← → ↑ ↓    move the highlight (any other key goes on typing)

    Keys of the text:

      ← → ↑ ↓    move the caret (↑ ↓ by the lines as drawn)
      Home End   the start or end of the caret's line as drawn (Ctrl-A, Ctrl-E too)
      Ctrl-D     send: restores the terminal and prints the post text on stdout (exit 0)
      Esc        cancel (exit 1); Ctrl-C too

    The composer's title, hints and messages are in Chinese when the locale (LC_ALL, LC_MESSAGES or
    LANG, the first set) starts with zh, else in English.

    options:
      --catalog PATH   a tutorial bundle folder or JSON catalog (default: the embedded catalog)
      --rule NAME      how the counter counts (default weibo: Weibo's weighted length; see emotext count)
      --limit N        the length limit (default 280 with --rule twitter, else 140)
      --recents FILE   where recents are kept (default $XDG_STATE_HOME/emotext/recents.json,
                       else ~/.local/state/emotext/recents.json); a file that does not load is
                       reported and kept as it is, never overwritten

    example:
      emotext compose > post.txt && cat post.txt
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let (ruleName, measure) = try LengthRuleOption.parse(&arguments)
    let limit = try arguments.integerOption("--limit", in: 1...1_000_000) ?? (ruleName == "twitter" ? 280 : 140)
    let recentsOption = try arguments.option("--recents")
    if let extra = try arguments.positionals().first { throw UsageError("unexpected argument '\(extra)'") }
    let recentsPath = recentsOption ?? defaultRecentsPath(environment: ProcessInfo.processInfo.environment)

    let session = try TerminalSession()
    var size = session.size
    let loaded = RecentEmoticons.load(
      from: recentsPath, catalog: catalog, capacity: ComposerScreen.layout.emoticonsPerPage)
    // Note: a file that exists but did not load (corrupt, unreadable, a mistyped path) is never overwritten.
    let keepsFile: Bool
    switch loaded.problem {
    case nil: keepsFile = false
    case .missingFile?: keepsFile = FileManager.default.fileExists(atPath: recentsPath)
    case .malformed?, .notARegularFile?, .fileTooLarge?, .unreadableFile?:
      printError("emotext compose: \(loaded.problem!)")
      keepsFile = true
    }
    var screen = ComposerScreen(
      catalog: catalog, columns: size.columns, rows: size.rows, limit: limit, recents: loaded.recents,
      measure: measure, language: ComposerLanguage(environment: ProcessInfo.processInfo.environment))
    session.enterRawMode()
    var decoder = ComposerKeyDecoder()
    var outcome = ComposerScreen.Outcome.none
    session.write(screen.draw())
    reading: while true {
      // Note: a short wait while an ESC is pending tells the Esc key from the start of an arrow key.
      guard let bytes = session.read(timeout: decoder.hasPending ? 50 : 250) else {
        outcome = .cancel
        break
      }
      let keys = bytes.isEmpty ? decoder.flush() : decoder.decode(bytes)
      var needsDrawing = !keys.isEmpty
      let newSize = session.size
      if newSize != size {
        size = newSize
        screen.resize(columns: size.columns, rows: size.rows)
        session.write("\u{1B}[2J")
        needsDrawing = true
      }
      for key in keys {
        outcome = screen.handle(key)
        if outcome != .none { break reading }
      }
      if needsDrawing { session.write(screen.draw()) }
    }
    session.restore()
    if keepsFile {
      printError(
        "emotext compose: \(recentsPath): not saved, to keep the file that did not load (fix or remove it to keep recents)"
      )
    } else {
      saveRecents(screen.recents, to: recentsPath)
    }
    guard case .send(let post) = outcome else { return 1 }
    StandardOutput.write(post)
    return 0
  }

  /// `$XDG_STATE_HOME/emotext/recents.json`, else `~/.local/state/emotext/recents.json` (the XDG Base
  /// Directory rule: a relative `XDG_STATE_HOME` is ignored).
  static func defaultRecentsPath(environment: [String: String]) -> String {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/emotext/recents.json" }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.local/state/emotext/recents.json"
  }

  /// Saves the recents, creating the folder; a failure is reported on stderr and does not change the exit status.
  private static func saveRecents(_ recents: RecentEmoticons, to path: String) {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try recents.save(to: path)
    } catch {
      printError("emotext compose: cannot save recents: \(error)")
    }
  }
}
