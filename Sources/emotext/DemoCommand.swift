import Emotext
import EmotextCLISupport

enum DemoCommand: Command {
  static let name = "demo"
  static let summary = "parse, edit and print a sample post with the embedded default catalog"
  static let usage = """
    usage: emotext demo [--catalog PATH] [--text TEXT]

    Tokenizes TEXT (a sample post by default) with the embedded default catalog (or PATH: a tutorial
    Emoticons.bundle folder or a JSON catalog), prints its runs,
    then edits it as a composer would (type, insert an emoticon, Backspace, undo) and prints each state.

    options:
      --catalog PATH  a tutorial Emoticons.bundle folder or a JSON catalog (default: the embedded one)
      --text TEXT     the post to show (default: a sample with emoticons, an alias, a ZWJ family and a flag)

    example:
      emotext demo --text '今天好开心[哈哈][爱你]😀'
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let text = try arguments.option("--text")
    if let extra = try arguments.positionals().first { throw UsageError("unexpected argument '\(extra)'") }
    let post = text ?? "今天好开心[哈哈][爱你]😀 //@某人:[抓狂[兔子]] 👨‍👩‍👧 🇨🇳"
    let document = BracketTokenizer(catalog: catalog).tokenize(post)

    StandardOutput.write("post text: \(post)")
    StandardOutput.write("runs:")
    let tokenWidth = document.runs.map { run in run.isEmoticon ? TerminalCellWidth.ofText(run.postText) : 0 }.max() ?? 0
    for run in document.runs {
      switch run {
      case .text(let text, _): StandardOutput.write("  text      \(text.debugDescription)")
      case .emoticon(let attachment):
        StandardOutput.write(
          "  emoticon  \(padded(attachment.token, toCells: tokenWidth))  fallback \(attachment.emoticon.fallback ?? "-")"
        )
      }
    }
    StandardOutput.write(
      "length: \(document.utf16Count) UTF-16 units, \(document.scalarCount) scalars, \(document.graphemeCount) graphemes"
    )

    // Each step is labelled by what it did to this text, found by comparing the document before and after.
    var editor = Editor(document: document, catalog: catalog)
    var steps: [(label: String, caret: String, text: String)] = []
    func record(_ label: String) {
      steps.append((label, "caret \(editor.caret)", editor.document.postText))
    }
    editor.insert("好")
    record("type \"好\"")
    if let emoticon = catalog.emoticon(forToken: "[哈哈]") ?? catalog.packs.flatMap(\.emoticons).first(where: \.isImage) {
      editor.insert(emoticon: emoticon)
      record("insert \(emoticon.code) (one attachment)")
    }
    for _ in 0..<3 {
      let before = editor.document
      editor.deleteBackward()
      record("Backspace: " + change(from: before, to: editor.document))
    }
    let beforeUndo = editor.document
    editor.undo()
    record("undo: " + change(from: beforeUndo, to: editor.document))

    StandardOutput.write("editing (caret at the end):")
    let labelWidth = steps.map { TerminalCellWidth.ofText($0.label) }.max() ?? 0
    let caretWidth = steps.map { $0.caret.count }.max() ?? 0
    for step in steps {
      StandardOutput.write(
        "  \(padded(step.label, toCells: labelWidth))  \(padded(step.caret, toCells: caretWidth))  \(step.text)")
    }
    StandardOutput.write("post text out: \(editor.document.postText)")
    return 0
  }

  /// `text` padded with spaces to `cells` terminal cells (CJK and emoji count 2).
  static func padded(_ text: String, toCells cells: Int) -> String {
    text + String(repeating: " ", count: max(0, cells - TerminalCellWidth.ofText(text)))
  }

  /// What an edit at the end of the document did: the emoticon or text it removed or brought back.
  static func change(from before: RichText, to after: RichText) -> String {
    let old = before.postText
    let new = after.postText
    if old == new { return "nothing changed" }
    let (longer, shorter, verb) =
      old.utf8.count > new.utf8.count ? (before, after, "removes") : (after, before, "restores")
    let longText = longer.postText
    guard longText.utf8.starts(with: shorter.postText.utf8) else { return "changed the text" }
    let suffix = String(decoding: longText.utf8.dropFirst(shorter.postText.utf8.count), as: UTF8.self)
    if case .emoticon(let attachment)? = longer.runs.last, shorter.runs.count < longer.runs.count,
      suffix == attachment.token
    {
      return "\(verb) the emoticon \(attachment.token) whole"
    }
    let scalars = suffix.unicodeScalars.count
    let clusters = RichText(suffix).graphemeCount
    return "\(verb) \(suffix.debugDescription) (\(scalars) code point\(scalars == 1 ? "" : "s"), "
      + "\(clusters) cluster\(clusters == 1 ? "" : "s"))"
  }
}
