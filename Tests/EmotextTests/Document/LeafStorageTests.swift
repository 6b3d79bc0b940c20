import EmotextTestSupport
import Testing

@testable import Emotext

/// The leaves' storage: descriptors refer to a document's content table by index (documents with different
/// tables compare, hash and join by content), and an edit inside one text run changes its leaf in place
/// without changing any copy of the document or the string it was made from.
@Suite("Leaf storage")
struct LeafStorageTests {
  static let haha = EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!
  static let serif = TextAttributes(hostAttributes: ["font": "serif"])
  static let red = TextAttributes(hostAttributes: ["color": "red"])

  /// The runs of a document whose table numbers `first` 1 and `second` 2.
  static func document(_ first: TextAttributes, _ second: TextAttributes) -> RichText {
    RichText(runs: [.text("a", first), .text("b", second), .emoticon(EmoticonAttachment(haha)), .text("c", first)])
  }

  @Test func documentsWithDifferentTablesCompareByContent() {
    let forward = Self.document(Self.serif, Self.red)
    var backward = RichText(runs: [.text("x", Self.red), .text("y", Self.serif)])
    backward.replaceSubrange(0..<backward.utf16Count, with: forward)
    #expect(backward.contents[RunContentIndex(position: 1, isEmoticon: false)] == .text(Self.red))
    #expect(backward == forward)
    #expect(backward.hashValue == forward.hashValue)
    #expect(Array(backward.runs) == Array(forward.runs))
    #expect(backward != Self.document(Self.red, Self.serif))
    backward.checkInvariants()
  }

  @Test func joiningDocumentsMapsTheirIndices() {
    var joined = Self.document(Self.serif, Self.red)
    let other = Self.document(Self.red, Self.serif)
    joined.append(other)
    joined.checkInvariants()
    let haha = Run.emoticon(EmoticonAttachment(Self.haha))
    let expected: [Run] = [
      .text("a", Self.serif), .text("b", Self.red), haha, .text("c", Self.serif),
      .text("a", Self.red), .text("b", Self.serif), haha, .text("c", Self.red),
    ]
    #expect(Array(joined.runs) == expected)
    // Typing text of an attribute set only the other document knew joins the run it continues.
    joined.insert(RichText("d", attributes: Self.red), at: 5)
    #expect(joined.runs.dropFirst(4).first == .text("ad", Self.red))
    joined.checkInvariants()
  }

  @Test func aTableOfManyEntriesFindsEachOnce() {
    let colours = (0..<12).map { TextAttributes(hostAttributes: ["color": "c\($0)"]) }
    let runs = colours.enumerated().map { Run.text("\($0.offset)", $0.element) }
    var document = RichText(runs: runs)
    let reversed = RichText(runs: runs.reversed())
    document.append(reversed)
    document.insert(RichText(runs: runs), at: 3)
    document.checkInvariants()
    // Note: the last run of `runs` and the first of `reversed` are the same text and colour, so they join.
    let expected =
      Array(runs.prefix(3)) + runs + Array(runs.dropFirst(3).dropLast()) + [.text("1111", colours[11])]
      + Array(runs.reversed().dropFirst())
    #expect(Array(document.runs) == expected)
    #expect(document.contents.existingIndex(of: .text(colours[11])) != nil)
  }

  @Test func aTokenizedDocumentSharesTheCatalogsTable() {
    let tokenizer = BracketTokenizer(catalog: .default)
    let first = tokenizer.tokenize("今天[哈哈]好[doge]")
    let second = tokenizer.tokenize("[doge]")
    #expect(first.contents.isIdentical(to: second.contents))
    #expect(first.slice(4..<5) == second)
    #expect(first.slice(4..<5) == RichText(attachment: EmoticonAttachment(second.runs.first!.attachment!.emoticon)))
  }

  @Test func anEditInsideARunLeavesCopiesAndTheSourceStringAlone() {
    let source = String(repeating: "今天好开心 ", count: 300)
    var document = RichText(source)
    let copy = document
    let middle = document.utf16Count / 2 + 1
    var expected = copy.postText
    for step in 0..<40 {
      let offset = middle + step
      document.insert("a", at: offset)
      let index = expected.utf16.index(expected.utf16.startIndex, offsetBy: offset)
      expected.insert("a", at: index)
      if step % 3 == 2 {
        document.removeSubrange((offset - 1)..<offset)
        expected.remove(at: expected.utf16.index(expected.utf16.startIndex, offsetBy: offset - 1))
      }
      document.checkInvariants()
      let matches = document.postText == expected
      #expect(matches, "step \(step)")
    }
    let copyIsUnchanged = copy.postText == source && copy == RichText(source)
    #expect(copyIsUnchanged)
  }

  @Test func anEditOfAOneLeafPostLeavesItsStringAlone() {
    let post = "today is nice"
    var document = RichText(post)
    let copy = document
    document.insert("very ", at: 9)
    document.removeSubrange(0..<1)
    #expect(document.postText == "oday is very nice")
    #expect(copy.postText == post && post == "today is nice")
  }

  @Test func keystrokesInOneLeafChangeItInPlace() {
    var document = BracketTokenizer(catalog: .default).tokenize(String(repeating: "今天好开心[哈哈] ", count: 300))
    let middle = document.utf16Count / 2 + 1
    document.insert("a", at: middle)
    let before = Self.leafBytesAddress(of: document, at: middle)
    for step in 1...20 { document.insert("b", at: middle + step) }
    document.removeSubrange((middle + 3)..<(middle + 5))
    #expect(Self.leafBytesAddress(of: document, at: middle) == before)
  }

  /// Where the bytes of the leaf holding `utf16Offset` are.
  static func leafBytesAddress(of document: RichText, at utf16Offset: Int) -> UInt? {
    let leaf = document.root.leaf(at: utf16Offset, preferringEnd: false).leaf
    return leaf.withUTF8 { $0.baseAddress.map { UInt(bitPattern: $0) } }
  }
}

extension Run {
  fileprivate var attachment: EmoticonAttachment? {
    if case .emoticon(let attachment) = self { return attachment }
    return nil
  }
}
