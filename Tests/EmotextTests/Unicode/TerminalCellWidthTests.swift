import EmotextTestSupport
import Testing

@testable import Emotext

@Suite("Terminal cell width") struct TerminalCellWidthTests {
  @Test(arguments: [
    ("a", 1), (" ", 1), ("中", 2), ("。", 2), ("Ａ", 2), ("ｱ", 1), ("한", 2),
    ("e\u{301}", 1), ("\u{301}", 0), ("\u{200B}", 0), ("\u{200D}", 0), ("\u{7}", 0),
    ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇨🇳", 2), ("1️⃣", 2), ("❤️", 2), ("❤", 1), ("©", 1),
    ("ก", 1), ("กิ", 1), ("\u{1100}\u{1161}", 2),
  ])
  func cluster(_ cluster: String, cells: Int) {
    #expect(TerminalCellWidth.of(cluster) == cells, "\(cluster.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  @Test func documentWidthCountsAttachmentsAsTwo() {
    let text = BracketTokenizer(catalog: .default).tokenize("中a[哈哈]e\u{301}")
    #expect(text.terminalCellWidth == 2 + 1 + 2 + 1)
  }
}

@Suite("Terminal wrapping") struct TerminalWrappingTests {
  let tokenizer = BracketTokenizer(catalog: .default)

  func wrapped(_ input: String, columns: Int, codes: Bool = false) -> [String] {
    TerminalRenderer(options: codes ? [.emoticonCodes] : [], columns: columns).lines(tokenizer.tokenize(input))
  }

  @Test func wideTextBreaksBetweenClusters() {
    #expect(wrapped("今天好开心呀", columns: 5) == ["今天", "好开", "心呀"])
    #expect(wrapped("ab今天", columns: 3) == ["ab", "今", "天"])
  }

  @Test func combiningMarksStayWithTheirBase() {
    #expect(wrapped("e\u{301}e\u{301}e\u{301}", columns: 2) == ["e\u{301}e\u{301}", "e\u{301}"])
    #expect(wrapped("กิกิกิ", columns: 1) == ["กิ", "กิ", "กิ"])
  }

  @Test func emojiSequencesAndAttachmentsAreNeverSplit() {
    #expect(wrapped("a👨‍👩‍👧b🇨🇳", columns: 3) == ["a👨‍👩‍👧", "b🇨🇳"])
    #expect(wrapped("好[哈哈][爱你]", columns: 4) == ["好😆", "😍"])
    #expect(wrapped("a[哈哈]", columns: 4, codes: true) == ["a", "[哈哈]"])
  }

  @Test func wordsMoveToTheNextLineAtSpaces() {
    #expect(wrapped("hello world again", columns: 11) == ["hello world", "again"])
    #expect(wrapped("hello world", columns: 7) == ["hello", "world"])
    #expect(wrapped("abcdefghij", columns: 4) == ["abcd", "efgh", "ij"])
  }

  @Test func breaksFollowUAX14() {
    // No line starts with a closing punctuation mark; an opening one stays with what follows.
    #expect(wrapped("今天好开心，呀", columns: 10) == ["今天好开", "心，呀"])
    #expect(wrapped("ab（好）x", columns: 4) == ["ab", "（好", "）x"])
    #expect(wrapped("say 「好」", columns: 6) == ["say", "「好」"])
    // A word that does not fit anywhere is cut between clusters.
    #expect(wrapped("a supercalifragilistic", columns: 8) == ["a", "supercal", "ifragili", "stic"])
  }

  @Test func lineBreaksAreKept() {
    #expect(wrapped("一\n\n二\r\n三", columns: 10) == ["一", "", "二", "三"])
    #expect(TerminalRenderer(options: []).lines(RichText("a\nb")) == ["a", "b"])
  }

  @Test func tooWideClusterGetsItsOwnLine() {
    #expect(wrapped("a中b", columns: 1) == ["a", "中", "b"])
  }

  @Test func noLineIsWiderThanTheLimit() {
    var generator = SeededGenerator(seed: 0x1357)
    print("wrapping property seed: 0x1357")
    let pieces = ["a", " ", "中", "e\u{301}", "👍🏽", "[哈哈]", "\u{200B}", "한", "x", "\n"]
    for _ in 0..<200 {
      let input = (0..<Int.random(in: 0..<30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      let columns = Int.random(in: 2...9, using: &generator)
      let text = tokenizer.tokenize(input)
      let layout = TerminalLayout(text, columns: columns, emoticonCodes: false)
      for line in layout.lines {
        #expect(TerminalLayout.width(of: line) <= columns, "input \(input.debugDescription), columns \(columns)")
      }
      // Every cluster and attachment appears once, in order.
      let offsets = layout.lines.flatMap { $0.map(\.utf16Offset) }
      #expect(offsets == offsets.sorted() && Set(offsets).count == offsets.count)
      #expect(offsets.allSatisfy { text.isGraphemeBoundary($0) })
    }
  }
}
