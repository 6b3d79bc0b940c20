import Emotext
import EmotextTestSupport
import EmotextToolkitHost
import Testing

/// Random sessions through the toolkit host: after every event the fake buffer holds the document's text and
/// tags, its selection and preedit are the editor's, computed from the document's runs (not the host's counts).
@Suite("Toolkit host sessions") struct ToolkitHostSessionTests {
  static let pieces = ["a", "好", "[", "哈", "]", "[哈哈]", "👍", "🏽", "@小明 ", "#话#", " ", "\n", "ع", "é"]

  @Test(arguments: 0..<40 as Range<UInt64>)
  func randomSessionsKeepTheMirror(seed: UInt64) {
    var random = SeededGenerator(seed: 0x9E37_79B9 &+ seed)
    var editor = Editor(catalog: .default, recognizesEntities: true)
    if seed % 3 == 0 { editor.lengthLimit = LengthLimit(measure: .unicodeScalars, maximum: 12) }
    var host = ToolkitHost(editor: editor, buffer: FakeTextBuffer())
    for step in 0..<60 {
      let count = host.buffer.scalars.count
      switch Int.random(in: 0..<10, using: &random) {
      case 0...3:
        let offset = Int.random(in: 0...count, using: &random)
        host.insertText(Self.pieces.randomElement(using: &random)!, atScalar: offset)
      case 4:
        host.perform(
          [.backspace, .delete, .left(extending: true), .right(extending: false)].randomElement(using: &random)!)
      case 5: host.perform(Bool.random(using: &random) ? .undo : .redo)
      case 6:
        let preedit = ["n", "ni", "nih", ""].randomElement(using: &random)!
        host.setPreedit(preedit, cursorScalar: preedit.unicodeScalars.count)
      case 7: host.commit(["你", "好", "]"].randomElement(using: &random)!)
      case 8:
        let a = Int.random(in: 0...count, using: &random)
        let b = Int.random(in: 0...count, using: &random)
        host.selectionChanged(anchor: a, head: b)
      default:
        let a = Int.random(in: 0...count, using: &random)
        let b = Int.random(in: a...count, using: &random)
        if a < b { host.deleteRange(a..<b) } else { host.paste(json: nil, html: nil, text: "x[哈哈]") }
      }
      let document = host.editor.document
      let expected = document.runs.map { run -> String in
        if case .text(let text, _) = run { return text }
        return "\u{FFFC}"
      }.joined()
      let selection = host.editor.selection
      let scalarsBefore = { (utf16: Int) in String(expected.utf16.prefix(utf16))!.unicodeScalars.count }
      let textAgrees = host.buffer.bufferText == expected
      let tagsAgree = host.buffer.tags == FakeTextBuffer.expectedTags(of: document)
      let selectionAgrees =
        min(host.buffer.anchor, host.buffer.head) == scalarsBefore(selection.lowerBound)
        && max(host.buffer.anchor, host.buffer.head) == scalarsBefore(selection.upperBound)
      #expect(
        textAgrees && tagsAgree && selectionAgrees,
        "seed \(seed) step \(step): \(host.buffer.bufferText.debugDescription)")
      if !(textAgrees && tagsAgree && selectionAgrees) { return }
    }
  }
}
