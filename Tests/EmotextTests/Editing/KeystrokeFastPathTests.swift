import EmotextTestSupport
import EmotextUnicode
import Testing

@testable import Emotext

/// The keystroke's fast paths against the general paths they shortcut, on random documents of every script with
/// attachments, attributes and runs cut across leaves: the undo record's slice of one run made from its bytes
/// (``RichText/sliceOfOneRun(_:)``) against the builder's slice, and cluster boundaries and Backspace answered from
/// the piece of a run in one leaf against the run's window (`withTextRun(containing:inPiece:_:)`).
@Suite("Keystroke fast paths against the general paths")
struct KeystrokeFastPathTests {
  static let pieces =
    TextWindowPropertyTests.pieces + [
      "[哈哈]", "[微笑]", "中文", "abc", "，", "é", "\u{600}", "ab\u{301}", "👨\u{200D}👩\u{200D}👧",
    ]

  /// A document of many leaves (with the internal checks' tiny leaves, of many more), its runs often cut across
  /// leaves, some with host or entity attributes.
  static func document(_ random: inout SeededGenerator) -> RichText {
    let text = (0..<Int.random(in: 1...400, using: &random)).map { _ in
      Int.random(in: 0...4, using: &random) == 0
        ? GraphemeTextGenerator.text(using: &random) : Self.pieces.randomElement(using: &random)!
    }.joined()
    var document = BracketTokenizer(catalog: .default).tokenize(text)
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let offset = document.scalarBoundary(atOrBefore: Int.random(in: 0...document.utf16Count, using: &random))
      let attributes =
        Bool.random(using: &random) ? TextAttributes(entity: .mention) : TextAttributes(hostAttributes: ["b": "1"])
      document.replaceSubrange(offset..<offset, with: RichText("x好", attributes: attributes))
    }
    return document
  }

  @Test func aSliceOfOneRunEqualsTheBuildersSlice() {
    var random = SeededGenerator(seed: 0x736C_6963_65)
    var (oneRun, asked) = (0, 0)
    for _ in 0..<400 {
      let document = Self.document(&random)
      for _ in 0..<20 {
        let a = document.scalarBoundary(atOrBefore: Int.random(in: 0...document.utf16Count, using: &random))
        // Note: mostly short ranges (what a Backspace removes), some long.
        let length = Bool.random(using: &random) ? Int.random(in: 1...4, using: &random) : document.utf16Count
        let b = document.scalarBoundary(atOrBefore: min(a + length, document.utf16Count))
        guard a < b else { continue }
        asked += 1
        let general = document.slicedByBuilder(a..<b)
        guard let fast = document.sliceOfOneRun(a..<b) else { continue }
        oneRun += 1
        #expect(fast == general, "\(document.runs) slice \(a)..<\(b): \(fast.runs) against \(general.runs)")
        #expect(fast.utf16Count == general.utf16Count && fast.root.summary == general.root.summary)
        fast.checkInvariants()
      }
    }
    #expect(oneRun > asked / 4 && oneRun < asked, "one run \(oneRun) of \(asked)")
  }

  @Test func pieceAnswersEqualTheWindowsAnswers() {
    var random = SeededGenerator(seed: 0x7069_6563_65)
    for _ in 0..<300 {
      let document = Self.document(&random)
      for _ in 0..<30 {
        let offset = document.scalarBoundary(atOrBefore: Int.random(in: 0...document.utf16Count, using: &random))
        #expect(
          document.isGraphemeBoundary(offset, answeringInPiece: true)
            == document.isGraphemeBoundary(offset, answeringInPiece: false), "\(document.runs) at \(offset)")
        for mode in [BackspaceMode.platform, .graphemeCluster] {
          let fast = document.deletion(before: offset, mode: mode)
          let general = document.deletion(before: offset, mode: mode, answeringInPiece: false)
          #expect(fast == general, "\(document.runs) before \(offset), \(mode)")
        }
      }
    }
  }

  /// A run that reaches a leaf's edge is read in place when the neighbouring leaf's edge is not more of it (an
  /// attachment, other attributes): the boundaries found there are the window's.
  @Test func runsAtLeafEdgesAnswerAsTheirWindows() {
    var random = SeededGenerator(seed: 0x6564_6765)
    // Note: every cluster of each document, so fewer documents than the tests above.
    for _ in 0..<60 {
      let document = Self.document(&random)
      var offset = 0
      while offset < document.utf16Count {
        defer { offset = document.graphemeBoundary(after: offset) }
        let window = document.withTextWindow(containing: offset) { utf8, utf16Start in
          let utf8Offset = utf8.utf8Offset(ofUTF16Offset: offset - utf16Start, snapping: .backward)
          let after = GraphemeBreaks.boundary(after: utf8Offset, inUTF8: utf8)
          return utf16Start + utf8.utf16Count(ofUTF8Prefix: after)
        }
        #expect(document.graphemeBoundary(after: offset) == window ?? offset + 1, "\(document.runs) after \(offset)")
        let next = window ?? offset + 1
        #expect(document.graphemeBoundary(before: next) == offset, "\(document.runs) before \(next)")
      }
    }
  }
}

extension KeystrokeFastPathTests {
  /// A document of plain text that fits one leaf is that leaf, made without a builder: the builder's document.
  @Test func aOneLeafTextDocumentEqualsTheBuildersDocument() {
    var random = SeededGenerator(seed: 0x6F6E_656C_6561_66)
    var oneLeaf = 0
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        Bool.random(using: &random)
          ? GraphemeTextGenerator.text(using: &random) : Self.pieces.randomElement(using: &random)!
      }.joined()
      let fast = RichText(text)
      let general = RichText(building: text, attributes: .plain)
      if case .leaf = fast.root, !text.isEmpty { oneLeaf += 1 }
      #expect(fast == general && fast.root.summary == general.root.summary, "\(text.unicodeScalars.map(\.value))")
      #expect(fast.postText == text)
      fast.checkInvariants()
    }
    // Note: with the internal checks' 24-byte leaves, few texts fit one (88 of 2,000).
    #expect(oneLeaf > 50, "one leaf \(oneLeaf)")
  }
}
