@testable import Emotext

/// Caret-marked fixtures: `‸` marks the caret, two `‸` mark a selection; `[xx]` tokens known to the
/// default catalog become attachments.
enum Marked {
  static let marker: Character = "‸"

  /// An editor on the marked text, with the marked selection.
  static func editor(_ marked: String, mode: BackspaceMode = .platform) -> Editor {
    let (text, markerOffsets) = unmark(marked)
    let document = BracketTokenizer(catalog: .default).tokenize(text)
    var editor = Editor(document: document, catalog: .default, backspaceMode: mode)
    let offsets = markerOffsets.map { documentOffset(ofPostUTF16Offset: $0, in: document) }
    precondition(!offsets.isEmpty, "a fixture needs a caret")
    editor.select(offsets[0]..<(offsets.count > 1 ? offsets[1] : offsets[0]))
    return editor
  }

  /// The editor's post text with its selection marked.
  static func render(_ editor: Editor) -> String {
    let selection = editor.selection
    var result = ""
    var offset = 0
    func markIfNeeded() {
      if offset == selection.lowerBound { result.append(marker) }
      if !selection.isEmpty && offset == selection.upperBound { result.append(marker) }
    }
    for run in editor.document.runs {
      switch run {
      case .emoticon(let attachment):
        markIfNeeded()
        result += attachment.token
        offset += 1
      case .text(let text, _):
        for unit in text.unicodeScalars {
          markIfNeeded()
          result.unicodeScalars.append(unit)
          offset += unit.utf16.count
        }
      }
    }
    markIfNeeded()
    return result
  }

  /// The text without markers and the UTF-16 offsets (in that text) where the markers stood.
  static func unmark(_ marked: String) -> (String, [Int]) {
    var text = ""
    var offsets: [Int] = []
    for scalar in marked.unicodeScalars {
      if scalar == "‸" { offsets.append(text.utf16.count) } else { text.unicodeScalars.append(scalar) }
    }
    return (text, offsets)
  }

  private static func documentOffset(ofPostUTF16Offset postOffset: Int, in document: RichText) -> Int {
    var post = 0
    var offset = 0
    for run in document.runs {
      if post >= postOffset { break }
      let postCount = run.postText.utf16.count
      precondition(post + postCount <= postOffset || run.utf16Count == postCount, "a marker inside a token")
      let step = min(postCount, postOffset - post)
      post += step
      offset += run.utf16Count == postCount ? step : 1
    }
    return offset
  }
}
