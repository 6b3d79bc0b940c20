import EmotextTestSupport
import Testing

@testable import Emotext

@Suite("RichText")
struct RichTextTests {
  let haha = EmoticonAttachment(EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!)
  let mention = TextAttributes(entity: .mention)

  @Test func initializerMakesRunsCanonical() {
    let text = RichText(runs: [
      .text("", .plain), .text("a", .plain), .text("b", .plain), .emoticon(haha), .text("@x", mention),
      .text("y", .plain),
    ])
    #expect(Array(text.runs) == [.text("ab", .plain), .emoticon(haha), .text("@x", mention), .text("y", .plain)])
    text.checkInvariants()
    #expect(text == RichText(runs: text.runs))
  }

  @Test func countsInEachUnit() {
    var text = RichText("a👍🏽")
    text.append(RichText(attachment: haha))
    text.append("é")
    #expect(text.utf16Count == 1 + 4 + 1 + 1)
    #expect(text.scalarCount == 1 + 2 + 1 + 1)
    #expect(text.graphemeCount == 4)
    #expect(text.scalarCount(before: 5) == 3)
    #expect(text.graphemeCount(before: 5) == 2)
    #expect(text.utf16Offset(graphemeOffset: 0) == 0)
    #expect(text.utf16Offset(graphemeOffset: 2) == 5)
    #expect(text.utf16Offset(graphemeOffset: 3) == 6)
    #expect(text.utf16Offset(graphemeOffset: 99) == 7)
    #expect(text.postText == "a👍🏽[哈哈]é")
  }

  @Test func snappingInsideAClusterOrASurrogatePair() {
    let text = RichText("a👍🏽b")
    #expect(text.isGraphemeBoundary(1))
    #expect(!text.isGraphemeBoundary(2))  // inside 👍's surrogate pair
    #expect(!text.isGraphemeBoundary(3))  // between 👍 and 🏽
    #expect(text.snapped(2, .backward) == 1)
    #expect(text.snapped(3, .forward) == 5)
    #expect(text.snapped(5, .backward) == 5)
    #expect(text.snapped(-1, .forward) == 0)
    #expect(text.snapped(42, .backward) == 6)
  }

  @Test func replacingCoalescesTheSeams() {
    var text = RichText(runs: [.text("ab", .plain), .emoticon(haha), .text("cd", .plain)])
    text.replaceSubrange(1..<4, with: "X")  // b, the attachment and c
    #expect(Array(text.runs) == [.text("aXd", .plain)])
    text.insert(RichText(attachment: haha), at: 3)
    text.insert(RichText("@m", attributes: mention), at: 0)
    #expect(Array(text.runs) == [.text("@m", mention), .text("aXd", .plain), .emoticon(haha)])
    text.removeSubrange(2..<5)
    #expect(Array(text.runs) == [.text("@m", mention), .emoticon(haha)])
    text.removeSubrange(0..<3)
    #expect(text.isEmpty)
  }

  @Test func slicing() {
    let text = RichText(runs: [.text("ab", .plain), .emoticon(haha), .text("cd", mention)])
    #expect(text.slice(1..<4) == RichText(runs: [.text("b", .plain), .emoticon(haha), .text("c", mention)]))
    #expect(text.slice(2..<3) == RichText(attachment: haha))
    #expect(text.slice(0..<0).isEmpty)
    #expect(text.slice(0..<5) == text)
  }

  @Test(arguments: 1...20 as ClosedRange<UInt64>)
  func replaceAgreesWithStringSplicing(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let pieces = ["a", "好", "😀", "[哈哈]", "é"]
    let tokenizer = BracketTokenizer(catalog: .default)
    var text = RichText()
    var scalars: [String] = []  // one element per UTF-16-addressable unit group: a scalar or an attachment's token
    for _ in 0..<200 {
      let piece = pieces.randomElement(using: &random)!
      let inserted = tokenizer.tokenize(piece)
      let units = inserted.runs.flatMap { run -> [String] in
        if case .text(let text, _) = run { text.unicodeScalars.map { String($0) } } else { [run.postText] }
      }
      let at = Int.random(in: 0...scalars.count, using: &random)
      let utf16At = scalars[..<at].reduce(0) { $0 + ($1.hasPrefix("[") ? 1 : $1.utf16.count) }
      text.insert(inserted, at: utf16At)
      scalars.insert(contentsOf: units, at: at)
      text.checkInvariants()
      #expect(text.postText == scalars.joined(), "seed \(seed)")
      if Bool.random(using: &random), !scalars.isEmpty {
        let start = Int.random(in: 0..<scalars.count, using: &random)
        let end = Int.random(in: start...scalars.count, using: &random)
        let utf16Start = scalars[..<start].reduce(0) { $0 + ($1.hasPrefix("[") ? 1 : $1.utf16.count) }
        let utf16End = utf16Start + scalars[start..<end].reduce(0) { $0 + ($1.hasPrefix("[") ? 1 : $1.utf16.count) }
        text.removeSubrange(utf16Start..<utf16End)
        scalars.removeSubrange(start..<end)
        text.checkInvariants()
        #expect(text.postText == scalars.joined(), "seed \(seed)")
      }
    }
  }
}
