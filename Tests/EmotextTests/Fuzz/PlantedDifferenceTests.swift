import EmotextC
import EmotextCHeader
import Foundation
import Testing

@testable import Emotext
@testable import EmotextCLISupport

/// The fuzz properties' comparisons reject a difference: each is given an editor or output with one planted
/// defect (a run that differs, a wrong selection, a `lastChange` off by one, a control character, a line too
/// wide, a URL out of order or missing), and must throw; the same comparison on the unplanted state must not,
/// so the throw is the planted defect's.
@Suite("Fuzz properties reject planted differences")
struct PlantedDifferenceTests {
  static let catalog = FuzzCatalogs.small
  static let tokenizer = BracketTokenizer(catalog: catalog)

  // MARK: edit

  @Test func editRejectsARunThatDiffers() throws {
    let editor = Editor(document: Self.tokenizer.tokenize("ab[a]c"), catalog: Self.catalog)
    let same = EditModel(postText: Array("ab[a]c".utf8), catalog: Self.catalog, undoLimit: 100)
    try EditProperty.compare(editor, same, Self.tokenizer, [])
    let planted = EditModel(postText: Array("ab[a]d".utf8), catalog: Self.catalog, undoLimit: 100)
    #expect(throws: PropertyFailure.self) { try EditProperty.compare(editor, planted, Self.tokenizer, []) }
  }

  @Test func editRejectsAWrongSelection() throws {
    let editor = Editor(document: Self.tokenizer.tokenize("ab[a]c"), catalog: Self.catalog)
    var model = EditModel(postText: Array("ab[a]c".utf8), catalog: Self.catalog, undoLimit: 100)
    try EditProperty.compareLocally(editor, model, [])
    model.select(1..<2)
    #expect(throws: PropertyFailure.self) { try EditProperty.compareLocally(editor, model, []) }
    #expect(throws: PropertyFailure.self) { try EditProperty.compare(editor, model, Self.tokenizer, []) }
  }

  /// `change` shifted by one either way, one unit too long, or inserting one unit too few.
  static func offByOne(_ change: TextChange) -> [TextChange] {
    let lower = change.replacedRange.lowerBound
    let upper = change.replacedRange.upperBound
    let count = change.insertedUTF16Count
    return [
      TextChange(replacedRange: (lower + 1)..<(upper + 1), insertedUTF16Count: count),
      TextChange(replacedRange: (lower - 1)..<(upper - 1), insertedUTF16Count: count),
      TextChange(replacedRange: lower..<(upper + 1), insertedUTF16Count: count),
      TextChange(replacedRange: lower..<upper, insertedUTF16Count: count - 1),
    ]
  }

  /// Shifted by one either way, or one unit too long or short, in the local and the whole comparison.
  @Test func theHostMirrorRejectsALastChangeOffByOne() throws {
    var editor = Editor(document: RichText("abcdef"), catalog: Self.catalog)
    editor.select(2..<4)
    editor.insert("xyz")
    let change = try #require(editor.lastChange)
    let before = HostMirror.units(of: RichText("abcdef"))
    for whole in [false, true] {
      var mirror = before
      try EditProperty.applyLastChange(change, of: editor.document, to: &mirror, whole: whole, [])
      for planted in Self.offByOne(change) {
        var mirror = before
        #expect(throws: PropertyFailure.self, "\(planted), whole: \(whole)") {
          try EditProperty.applyLastChange(planted, of: editor.document, to: &mirror, whole: whole, [])
        }
      }
    }
  }

  // MARK: paste

  /// A restored document whose text differs from what the fragment shows, by a character or by a hidden part.
  @Test func pasteRejectsARestoredDocumentThatShowsOtherText() throws {
    let editor = Editor(catalog: .default)
    let html = "<span data-emotext-document=\"…\">你好<br>[哈哈]</span>"
    let shown = BracketTokenizer(catalog: .default).tokenize("你好\n[哈哈]")
    try PasteProperty.requireShowsTheVisibleText(shown, html: html, in: editor)
    for planted in ["你好\n[哈哈]!", "你\n[哈哈]", "你好[哈哈]", "你好\n[嘻嘻]"] {
      let document = BracketTokenizer(catalog: .default).tokenize(planted)
      #expect(throws: PropertyFailure.self, "\(planted)") {
        try PasteProperty.requireShowsTheVisibleText(document, html: html, in: editor)
      }
    }
  }

  // MARK: storage

  @Test func storageRejectsARunThatDiffers() throws {
    let document = RichText("abc")
    var schedule = CheckSchedule([1, 2, 3], period: 16)
    try StorageProperty.compare(document, ArrayRichText("abc"), Self.tokenizer, &schedule, [])
    try StorageProperty.compareLocally(document, ArrayRichText("abc"), around: 0..<3, [])
    // Note: the same text and length, one run's attributes differ.
    let planted = ArrayRichText("abc", attributes: TextAttributes(entity: .mention))
    #expect(throws: PropertyFailure.self) {
      try StorageProperty.compare(document, planted, Self.tokenizer, &schedule, [])
    }
    #expect(throws: PropertyFailure.self) {
      try StorageProperty.compareLocally(document, planted, around: 1..<2, [])
    }
  }

  @Test func storageRejectsAWrongSelection() throws {
    let editor = Editor(document: RichText("abc"), catalog: Self.catalog)
    var oracle = ArrayEditor(document: ArrayRichText("abc"), catalog: Self.catalog)
    var schedule = CheckSchedule([1, 2, 3], period: 16)
    var mirror = HostMirror.units(of: editor.document)
    try StorageProperty.compareLocally(editor, oracle, lastChange: nil, mirror: &mirror, [])
    try StorageProperty.compare(editor, oracle, &schedule, [])
    oracle.select(0..<1)
    #expect(throws: PropertyFailure.self) {
      try StorageProperty.compareLocally(editor, oracle, lastChange: nil, mirror: &mirror, [])
    }
    #expect(throws: PropertyFailure.self) { try StorageProperty.compare(editor, oracle, &schedule, []) }
  }

  /// storage's local comparison of the editors, with the host mirror it keeps: a run that differs next to the
  /// change, and the editor's `lastChange` shifted by one either way or one unit too long or short.
  @Test func storageRejectsARunThatDiffersOrALastChangeOffByOne() throws {
    var editor = Editor(document: RichText("abcdef"), catalog: Self.catalog)
    var oracle = ArrayEditor(document: ArrayRichText("abcdef"), catalog: Self.catalog)
    let before = HostMirror.units(of: editor.document)
    for editing in [true, false] {
      editing ? editor.select(2..<4) : oracle.select(2..<4)
      editing ? editor.insert("xyz") : oracle.insert("xyz")
    }
    let change = try #require(editor.lastChange)
    var mirror = before
    try StorageProperty.compareLocally(editor, oracle, lastChange: change, mirror: &mirror, [])
    for planted in Self.offByOne(change) {
      var mirror = before
      #expect(throws: PropertyFailure.self, "\(planted)") {
        try StorageProperty.compareLocally(editor, oracle, lastChange: planted, mirror: &mirror, [])
      }
    }
    // Note: the same length, selection and undo state; the inserted run differs in one unit.
    var differing = ArrayEditor(document: ArrayRichText("abcdef"), catalog: Self.catalog)
    differing.select(2..<4)
    differing.insert("xyw")
    mirror = before
    #expect(throws: PropertyFailure.self) {
      try StorageProperty.compareLocally(editor, differing, lastChange: change, mirror: &mirror, [])
    }
  }

  // MARK: editscript

  @Test func editScriptRejectsAWrongTextSelectionOrChange() throws {
    var script = EditScript(catalog: Self.catalog)
    let answer = script.apply(#"{"insert": "ab[a]c"}"#)
    let state = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
    var mirror: [UInt16] = []
    try EditScriptProperty.checkState(state, of: script.editor, mirror: &mirror, whole: true, line: [])
    let change = try #require(state["change"] as? [Int])
    let plantings: [(String, Any)] = [
      ("text", "ab[a]d"), ("selection", [0, 1]), ("change", [change[0] + 1, change[1], change[2]]),
      ("change", [change[0], change[1], change[2] - 1]),
    ]
    for (key, value) in plantings {
      var planted = state
      planted[key] = value
      var mirror: [UInt16] = []
      #expect(throws: PropertyFailure.self, "\(key): \(value)") {
        try EditScriptProperty.checkState(planted, of: script.editor, mirror: &mirror, whole: true, line: [])
      }
    }
  }

  // MARK: terminal

  @Test func terminalRejectsAControlCharacterOrALineTooWide() throws {
    try TerminalProperty.checkLines(["abc", "de"], options: [], columns: 3, emoticonTexts: [], input: [])
    for lines in [["abc", "d\u{1B}[2Je"], ["a\u{9B}2J"], ["abcd"], ["ab", "好好"]] {
      #expect(throws: PropertyFailure.self, "\(lines)") {
        try TerminalProperty.checkLines(lines, options: [], columns: 3, emoticonTexts: [], input: [])
      }
    }
  }

  // MARK: urls

  @Test func urlsRejectRangesOutOfOrderSplitOrWithoutADot() throws {
    let text = "see https://a.com/x and https://b.cn e\u{301}"
    let found = URLFinder.weibo.urlRanges(in: text)
    #expect(found.count == 2)
    try URLProperty.checkRanges(found, in: text, finder: .weibo)
    let first = found[0]
    let dotless = 4..<12  // "https://"
    let splitting = found[1].lowerBound..<(text.utf8.count - 2)  // "https://b.cn e", without the U+0301
    for planted in [
      [found[1], first], [first, first], [dotless], [splitting],
    ] {
      #expect(throws: PropertyFailure.self, "\(planted)") {
        try URLProperty.checkRanges(planted, in: text, finder: .weibo)
      }
    }
  }

  @Test func urlsRejectALinkOrLengthThatMissesAURL() throws {
    let text = "see https://a.com/x and https://b.cn"
    let document = RichText(text)
    let expected = URLFinder.weibo.urlRanges(in: text).map {
      text.utf8Slice(0..<$0.lowerBound).utf16.count..<text.utf8Slice(0..<$0.upperBound).utf16.count
    }
    // Note: the links (urls target) and the length (urlLength target) are checked apart; each must reject.
    try URLProperty.checkEntities(of: document, expected: expected, finder: .weibo, input: [])
    try URLProperty.checkLength(of: document, expected: expected, finder: .weibo, input: [])
    for planted in [Array(expected.dropLast()), expected.map { $0.lowerBound..<($0.upperBound - 1) }] {
      #expect(throws: PropertyFailure.self, "links \(planted)") {
        try URLProperty.checkEntities(of: document, expected: planted, finder: .weibo, input: [])
      }
      #expect(throws: PropertyFailure.self, "length \(planted)") {
        try URLProperty.checkLength(of: document, expected: planted, finder: .weibo, input: [])
      }
    }
    // Note: a text that differs from the document's in one byte, is one byte longer or one shorter.
    for planted in [text.replacingOccurrences(of: "and", with: "an!"), text + "!", String(text.dropLast())] {
      #expect(throws: PropertyFailure.self, "text \(planted)") {
        try URLProperty.checkEntities(of: document, postText: planted, expected: expected, finder: .weibo, input: [])
      }
    }
  }

  // MARK: cABI

  /// An editor driven through the C entry points, and the UTF-8 mirror a host keeps from its changes alone.
  static func cEditorAndMirror() throws -> (CEditor, [UInt8]) {
    let editor = CEditor()
    var mirror: [UInt8] = []
    for text in ["好", "[哈哈]", "a"] {
      try editor.insert(text)
      try CABIProperty.applyLastChange(of: editor.handle, to: &mirror)
    }
    try editor.select(anchor: 1, head: 2, in: .utf16)
    try CABIProperty.applyLastChange(of: editor.handle, to: &mirror)
    try editor.deleteBackward()
    try CABIProperty.applyLastChange(of: editor.handle, to: &mirror)
    return (editor, mirror)
  }

  @Test func cABIRejectsAMirrorThatDiffers() throws {
    let (editor, mirror) = try Self.cEditorAndMirror()
    #expect(mirror == Array("好a".utf8))
    try CABIProperty.checkMirror(mirror, of: editor.handle)
    // Note: one byte changed, one missing, the emoticon's token instead of its U+FFFC.
    for planted in [Array("奶a".utf8), Array("好".utf8), Array("好[哈哈]a".utf8)] {
      #expect(throws: PropertyFailure.self, "\(planted)") { try CABIProperty.checkMirror(planted, of: editor.handle) }
    }
  }

  @Test func cABIRejectsAChangeAppliedToAMirrorThatIsOffByOne() throws {
    let (editor, before) = try Self.cEditorAndMirror()
    try editor.insert("b")
    var mirror = before
    try CABIProperty.applyLastChange(of: editor.handle, to: &mirror)
    try CABIProperty.checkMirror(mirror, of: editor.handle)
    // Note: a mirror one byte longer at the front, or one scalar shorter, takes the same change elsewhere.
    for planted in [Array("x好a".utf8), Array("a".utf8)] {
      var mirror = planted
      #expect(throws: PropertyFailure.self, "\(planted)") {
        try CABIProperty.applyLastChange(of: editor.handle, to: &mirror)
        try CABIProperty.checkMirror(mirror, of: editor.handle)
      }
    }
  }

  @Test func cABIRejectsACallThatChangedTheEditor() throws {
    let (editor, _) = try Self.cEditorAndMirror()
    let before = try CABIProperty.snapshot(editor.handle)
    _ = try editor.copy()
    let afterCopy = try CABIProperty.snapshot(editor.handle)
    try CABIProperty.requireUnchanged(before, afterCopy, by: "copy")
    // Note: a selection that moved, a last change that went (selecting changes no text), a length limit set.
    try editor.select(anchor: 0, head: 0, in: .utf8)
    let planted = try CABIProperty.snapshot(editor.handle)
    #expect(throws: PropertyFailure.self) { try CABIProperty.requireUnchanged(before, planted, by: "select") }
    try editor.setLengthLimit(rule: "weibo", maximum: 10, enforcement: EMOTEXT_LIMIT_ENFORCED)
    let limited = try CABIProperty.snapshot(editor.handle)
    try CABIProperty.requireUnchanged(planted, limited, by: "set_length_limit", settings: true)
    #expect(throws: PropertyFailure.self) {
      try CABIProperty.requireUnchanged(planted, limited, by: "set_length_limit")
    }
  }
}
