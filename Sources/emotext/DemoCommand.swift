import Emotext

enum DemoCommand: Command {
  static let name = "demo"
  static let summary = "parse, edit and print a sample post with the embedded default catalog"
  static let usage = """
    usage: emotext demo [--catalog PATH] [--text TEXT]

    Tokenizes TEXT (a sample post by default) with the embedded default catalog (or PATH: a tutorial
    Emoticons.bundle folder or a JSON catalog), prints its runs,
    then edits it as a composer would (type, insert an emoticon, Backspace, undo) and prints each state.

    example:
      emotext demo --text '今天好开心[哈哈][爱你]😀'
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalog = try loadCatalog(&arguments)
    let text = try arguments.option("--text")
    if let extra = try arguments.positionals().first { throw UsageError("unexpected argument '\(extra)'") }
    let post = text ?? "今天好开心[哈哈][爱你]😀 //@某人:[抓狂[兔子]] 👨‍👩‍👧 🇨🇳"
    let document = BracketTokenizer(catalog: catalog).tokenize(post)

    print("post text: \(post)")
    print("runs:")
    for run in document.runs {
      switch run {
      case .text(let text, _): print("  text      \(text.debugDescription)")
      case .emoticon(let attachment):
        print("  emoticon  \(attachment.token)  fallback \(attachment.emoticon.fallback ?? "-")")
      }
    }
    print(
      "length: \(document.utf16Count) UTF-16 units, \(document.scalarCount) scalars, \(document.graphemeCount) graphemes"
    )

    var editor = Editor(document: document, catalog: catalog)
    func show(_ step: String) {
      print(
        "\(step.padding(toLength: 28, withPad: " ", startingAt: 0)) \(editor.document.postText)  caret \(editor.caret)")
    }
    print("editing (caret at the end):")
    editor.insert("好")
    show("type 好")
    if let emoticon = catalog.emoticon(forToken: "[哈哈]") {
      editor.insert(emoticon: emoticon)
      show("insert [哈哈]")
    }
    editor.deleteBackward()
    show("Backspace (emoticon whole)")
    editor.deleteBackward()
    show("Backspace")
    editor.deleteBackward()
    show("Backspace (flag whole)")
    editor.undo()
    show("undo")
    print("post text out: \(editor.document.postText)")
    return 0
  }
}
