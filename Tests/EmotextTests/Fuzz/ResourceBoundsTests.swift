import Testing

@testable import Emotext
@testable import EmotextUnicode

/// Pathological inputs at sizes that would overflow the stack through recursion or take minutes through
/// a quadratic loop, while the linear code paths finish in a fraction of a second: a deep ZWJ chain, one
/// base with 10⁶ combining marks, and a megabyte of brackets. They assert results, not times.
@Suite("Resource bounds") struct ResourceBoundsTests {
  static let marks = 1_000_000

  @Test func oneBaseWithManyCombiningMarks() {
    let text = "e" + String(repeating: "\u{301}", count: Self.marks) + "x"
    let document = BracketTokenizer(catalog: .default).tokenize(text)
    #expect(document.graphemeCount == 2)
    #expect(document.utf16Count == Self.marks + 2)
    #expect(document.graphemeBoundary(after: 0) == Self.marks + 1)
    #expect(document.graphemeBoundary(before: Self.marks + 1) == 0)
    #expect(document.snapped(Self.marks / 2, .forward) == Self.marks + 1)

    var editor = Editor(document: document, catalog: .default)
    editor.move(.left)
    editor.deleteBackward()  // platform: one mark per press
    #expect(editor.document.utf16Count == Self.marks + 1)
    editor.backspaceMode = .graphemeCluster
    editor.deleteBackward()  // the whole cluster
    #expect(editor.document.postText == "x")
    editor.undo()  // both presses were one deleting step
    #expect(editor.document.utf16Count == Self.marks + 2)
  }

  @Test func deepZWJChain() {
    let links = 100_000
    let chain = String(repeating: "👨\u{200D}", count: links) + "👩"
    var editor = Editor(document: RichText("a" + chain), catalog: .default)
    #expect(editor.document.graphemeCount == 2)
    editor.deleteBackward()  // one press removes the whole emoji sequence, in both modes
    #expect(editor.document.postText == "a")
    editor.undo()
    editor.backspaceMode = .graphemeCluster
    editor.deleteBackward()
    #expect(editor.document.postText == "a")
  }

  @Test func megabytesOfBrackets() {
    let megabyte = 1 << 20
    let tokenizer = BracketTokenizer(catalog: .default)
    for text in [
      String(repeating: "[", count: megabyte) + "[哈哈]",
      String(repeating: "[哈", count: megabyte / 4) + "[哈哈]",
      String(repeating: "]", count: megabyte) + "[哈哈]",
      String(repeating: "[哈哈]", count: megabyte / 8),
    ] {
      let document = tokenizer.tokenize(text)
      #expect(document.postText.utf8.count == text.utf8.count)
      guard case .emoticon(let last)? = document.runs.last else {
        Issue.record("the final [哈哈] did not tokenize")
        continue
      }
      #expect(last.token == "[哈哈]")
    }
    #expect(tokenizer.matches(in: String(repeating: "[哈哈]", count: megabyte / 8)).count == megabyte / 8)
  }

  @Test func typingAtTheEndOfALongRunStaysCorrect() {
    var editor = Editor(document: RichText(String(repeating: "[哈", count: 50_000)), catalog: .default)
    editor.insert("哈")
    editor.insert("]")
    #expect(editor.document.runs.count == 2)
    #expect(editor.document.postText.utf8.count == 50_000 * 4 + 4)
  }

  @Test func boundariesAcrossBatchesAgreeWithStepping() {
    // More than one batch of 256 boundaries, with odd runs of regional indicators, ZWJ sequences, CR LF and
    // Hangul jamo straddling the batch seams.
    let pieces = [
      "🇨🇳", "🇨", "👨\u{200D}👩\u{200D}👧", "\r\n", "\u{1100}\u{1161}\u{11A8}", "e\u{301}", "a", "1\u{FE0F}\u{20E3}",
    ]
    var text = ""
    for index in 0..<700 { text += pieces[(index * 7 + index / 3) % pieces.count] }
    var stepped: [Int] = []
    var utf8Offset = 0
    while utf8Offset < text.utf8.count {
      utf8Offset = GraphemeBreaks.boundary(after: utf8Offset, in: text)
      stepped.append(utf8Offset)
    }
    #expect(stepped.count > 512)
    #expect(GraphemeBreaks.boundaries(in: text) == stepped)
  }

  /// Results only, not time (no timed unit tests): restarting ICU inside such a run once per batch of boundaries
  /// used to make these quadratic, which at this size takes minutes instead of a fraction of a second.
  @Test func longRunsOfRegionalIndicatorsRoundTripAndWrap() {
    let flags = String(repeating: "🇨", count: 100_001)
    let escaping = EmojiEscaping()
    #expect((try? escaping.decode(escaping.encode(flags))) == flags)
    let lines = TerminalRenderer(options: [], columns: 80).lines(RichText(flags))
    #expect(lines.count == (50_001 * 2 + 79) / 80)  // 50 000 flags and a lone indicator, 2 cells each
  }
}
