import EmotextTestSupport
import Testing

@testable import Emotext

/// The terminal layout's fast path for a cluster of one printable ASCII byte against the general path that measures
/// every cluster: on random documents mixing printable ASCII with controls, tabs, CR LF, combining marks and Prepend
/// scalars next to ASCII (clusters of more than one byte that start or end with it), attachments, entities and text
/// of every script, every piece of every line must be the same, at every width, with and without visual order.
@Suite("Terminal layout: the printable ASCII fast path against the general path")
struct TerminalLayoutFastPathTests {
  static let pieces = [
    "a", "Z", "~", " ", "  ", "!", "0", "\u{7F}", "\u{1F}", "\t", "\r", "\n", "\r\n", "e\u{301}", "\u{600}a",
    "a\u{200D}", "\u{1B}[31m", "\u{9B}", "abc def ghi", "中文", "👍🏽", "1\u{FE0F}\u{20E3}", "#", "@小明 ", "#话题#",
    "http://a.cn/x ", "[哈哈]", "عربي", "שלום",
  ]

  static func document(_ random: inout SeededGenerator) -> RichText {
    var text = ""
    for _ in 0..<Int.random(in: 0...80, using: &random) {
      switch Int.random(in: 0...5, using: &random) {
      case 0: text += GraphemeTextGenerator.text(using: &random)
      case 1: text += String(repeating: "ab ", count: Int.random(in: 1...30, using: &random))
      default: text += pieces.randomElement(using: &random)!
      }
    }
    var document = BracketTokenizer(catalog: .default).tokenize(text)
    if Bool.random(using: &random) { document = document.recognizingEntities() }
    return document
  }

  @Test func theFastPathLaysOutAsTheGeneralPath() {
    var random = SeededGenerator(seed: 0x7465_726d_696e_616c)
    var wrapped = 0
    for _ in 0..<1_500 {
      let document = Self.document(&random)
      let columns: Int? = Bool.random(using: &random) ? Int.random(in: 1...40, using: &random) : nil
      let emoticonCodes = Bool.random(using: &random)
      let visualOrder = Bool.random(using: &random)
      let fast = TerminalLayout(document, columns: columns, emoticonCodes: emoticonCodes, visualOrder: visualOrder)
      let general = TerminalLayout(
        document, columns: columns, emoticonCodes: emoticonCodes, visualOrder: visualOrder, asciiFastPath: false)
      if fast.lines.count > 1 { wrapped += 1 }
      guard fast.lines == general.lines else {
        Issue.record("\(document.runs) at \(String(describing: columns)): fast \(fast.lines), general \(general.lines)")
        return
      }
      let offset = Int.random(in: 0...document.utf16Count, using: &random)
      #expect(fast.position(ofCaret: offset) == general.position(ofCaret: offset))
    }
    #expect(wrapped > 500, "wrapped \(wrapped)")
  }

  /// The lines cut in place (consecutive stretches of the pieces, each copied once) against the lines built by
  /// appending each piece: the same pieces on the same lines (hanging spaces, breaks at opportunities, a piece wider
  /// than the limit alone), and the same caret positions, at every width, with and without visual order.
  @Test func linesCutInPlaceAreTheAppendedLines() {
    var random = SeededGenerator(seed: 0x6c69_6e65_735f_6970)
    var wrapped = 0
    for _ in 0..<1_500 {
      let document = Self.document(&random)
      let columns: Int? = Int.random(in: 0...3, using: &random) == 0 ? nil : Int.random(in: 1...40, using: &random)
      let emoticonCodes = Bool.random(using: &random)
      let visualOrder = Bool.random(using: &random)
      let inPlace = TerminalLayout(document, columns: columns, emoticonCodes: emoticonCodes, visualOrder: visualOrder)
      let appended = TerminalLayout(
        document, columns: columns, emoticonCodes: emoticonCodes, visualOrder: visualOrder, linesInPlace: false)
      if inPlace.lines.count > 1 { wrapped += 1 }
      guard inPlace.lines == appended.lines else {
        Issue.record(
          "\(document.runs) at \(String(describing: columns)): in place \(inPlace.lines), appended \(appended.lines)")
        return
      }
      for _ in 0..<3 {
        let offset = Int.random(in: 0...document.utf16Count, using: &random)
        #expect(inPlace.position(ofCaret: offset) == appended.position(ofCaret: offset))
        let line = Int.random(in: 0..<inPlace.lines.count, using: &random)
        let column = Int.random(in: 0...45, using: &random)
        #expect(
          inPlace.caretOffset(line: line, column: column, documentEnd: document.utf16Count)
            == appended.caretOffset(line: line, column: column, documentEnd: document.utf16Count))
      }
    }
    #expect(wrapped > 700, "wrapped \(wrapped)")
  }
}
