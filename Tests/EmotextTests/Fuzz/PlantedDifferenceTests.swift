import EmotextC
import EmotextCHeader
import Foundation
import Testing

@testable import Emotext
@testable import EmotextCLISupport

/// Every fuzz target's property rejects a difference: each is given an editor, a document or an answer with one
/// planted defect (a run that differs, a wrong selection, a `lastChange` off by one, a control character, a line
/// too wide, a URL out of order or missing, a token kept as text, a wrong boundary, an unsafe image path, an
/// encoding that decodes to other text, markup from the input, a difference in the storage oracles), and must
/// throw; the same check on the unplanted state must not, so the throw is the planted defect's. The checks take
/// the answer to check through internal overloads in the property files.
@Suite("Fuzz properties reject planted differences")
struct PlantedDifferenceTests {
  static let catalog = FuzzCatalogs.small
  static let tokenizer = BracketTokenizer(catalog: catalog)

  // MARK: edit

  @Test func editRejectsAPostTextThatDiffers() throws {
    let editor = Editor(document: Self.tokenizer.tokenize("ab[a]c"), catalog: Self.catalog)
    let same = EditModel(postText: Array("ab[a]c".utf8), catalog: Self.catalog, undoLimit: 100)
    try EditProperty.compare(editor, same, Self.tokenizer, [])
    let planted = EditModel(postText: Array("ab[a]d".utf8), catalog: Self.catalog, undoLimit: 100)
    #expect(throws: PropertyFailure.self) { try EditProperty.compare(editor, planted, Self.tokenizer, []) }
  }

  /// The same post text in other runs (the token left as text): the runs comparison alone rejects it, before the
  /// selection and the length, which differ too, are compared.
  @Test func editRejectsRunsThatDifferUnderTheSamePostText() throws {
    let model = EditModel(postText: Array("ab[a]c".utf8), catalog: Self.catalog, undoLimit: 100)
    let editor = Editor(document: Self.tokenizer.tokenize("ab[a]c"), catalog: Self.catalog)
    try EditProperty.compare(editor, model, Self.tokenizer, [])
    let planted = Editor(document: RichText("ab[a]c"), catalog: Self.catalog)
    #expect(planted.document.postText == editor.document.postText)
    let failure = #expect(throws: PropertyFailure.self) { try EditProperty.compare(planted, model, Self.tokenizer, []) }
    #expect(failure?.description.hasPrefix("runs differ") == true, "\(String(describing: failure))")
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

  // MARK: tokenize

  /// The tokenizer's document and matches for a text: the tokens kept as text, one token kept as text, other text;
  /// a match missing, a match naming another emoticon.
  @Test func tokenizeRejectsADocumentOrMatchesThatDiffer() throws {
    let text = "ab[a]c[ab]"
    let document = Self.tokenizer.tokenize(text)
    let matches = Self.tokenizer.matches(in: text)
    try #require(matches.count == 2)
    try TokenizeProperty.checkTokens(text, catalog: Self.catalog, document: document, matches: matches)
    let a = EmoticonAttachment(matches[0].emoticon)
    for planted in [
      RichText(text), RichText(runs: [.text("ab", .plain), .emoticon(a), .text("c[ab]", .plain)]),
      Self.tokenizer.tokenize("ab[a]d[ab]"),
    ] {
      #expect(throws: PropertyFailure.self, "\(planted.runs)") {
        try TokenizeProperty.checkTokens(text, catalog: Self.catalog, document: planted, matches: matches)
      }
    }
    for planted in [
      Array(matches.dropLast()),
      [TokenMatch(utf8Range: matches[0].utf8Range, emoticon: matches[1].emoticon), matches[1]],
    ] {
      #expect(throws: PropertyFailure.self, "\(planted)") {
        try TokenizeProperty.checkTokens(text, catalog: Self.catalog, document: document, matches: planted)
      }
    }
  }

  // MARK: tokenizedDocument

  /// A token left in a text run; the same runs and text with an entity the tokenizer does not make (only
  /// `tokenize(postText(doc)) == doc` sees it).
  @Test func tokenizedDocumentRejectsATokenLeftAsTextOrARunThatDiffers() throws {
    let a = EmoticonAttachment(try #require(Self.catalog.emoticon(forToken: "[a]")))
    var schedule = CheckSchedule(Array("ab[a]c".utf8), period: 1)
    try TokenizeProperty.checkDocument(
      Self.tokenizer.tokenize("ab[a]c"), tokenizer: Self.tokenizer, positions: true, schedule: &schedule)
    for planted in [
      RichText("ab[a]c"),
      RichText(runs: [.text("ab", TextAttributes(entity: .mention)), .emoticon(a), .text("c", .plain)]),
    ] {
      #expect(throws: PropertyFailure.self, "\(planted.runs)") {
        try TokenizeProperty.checkDocument(planted, tokenizer: Self.tokenizer, positions: true, schedule: &schedule)
      }
    }
  }

  // MARK: graphemes

  /// Boundaries off by one, missing or extra (against ICU, and against the reference alone); a document of other
  /// text with one cluster more (the length), or of as many clusters (the truncation).
  @Test func graphemesRejectWrongBoundariesOrADocumentOfOtherText() throws {
    let text = "e\u{301}👍🏽a"
    let boundaries = GraphemeBreaks.boundaries(in: text)
    try #require(boundaries == [3, 11, 12])
    var schedule = CheckSchedule([1], period: 1)
    try GraphemeProperty.check(text, boundaries: boundaries, document: RichText(text), schedule: &schedule)
    for planted in [[1, 3, 11, 12], [11, 12], [2, 11, 12]] {
      #expect(throws: PropertyFailure.self, "\(planted)") {
        try GraphemeProperty.check(text, boundaries: planted, document: RichText(text), schedule: &schedule)
      }
      #expect(throws: PropertyFailure.self, "reference: \(planted)") {
        try GraphemeProperty.checkAgainstReference(text, libraryBoundaries: planted, schedule: &schedule)
      }
    }
    for planted in [text + "b", "x\u{301}👍🏽a"] {
      #expect(throws: PropertyFailure.self, "\(planted)") {
        try GraphemeProperty.check(text, boundaries: boundaries, document: RichText(planted), schedule: &schedule)
      }
    }
  }

  // MARK: catalog

  /// A loaded catalog with an image path out of its pack folder, a code or alias that is no bracket token, or an
  /// error that names no file.
  @Test func catalogRejectsAnUnsafePathABadTokenOrAnErrorWithoutAFile() throws {
    func report(_ emoticon: Emoticon, errors: [CatalogError] = []) -> CatalogReport {
      CatalogReport(
        catalog: EmoticonCatalog(packs: [EmoticonPack(id: "p", displayName: "p", emoticons: [emoticon])]),
        errors: errors, warnings: [])
    }
    func emoticon(_ code: String, aliases: [String] = [], png: String = "a.png", gif: String? = nil) -> Emoticon {
      Emoticon(code: code, aliases: aliases, kind: .image(png: png, gif: gif), packID: "p")
    }
    try CatalogProperty.check(report(emoticon("[a]", aliases: ["[A]"], gif: "a.gif")))
    for planted in [
      report(emoticon("[a]", png: "../a.png")), report(emoticon("[a]", png: "/a.png")),
      report(emoticon("[a]", gif: "x/../../a.gif")), report(emoticon("[a")), report(emoticon("[a]", aliases: ["A]"])),
      report(emoticon("[a]"), errors: [.missingFile(CatalogLocation(file: ""))]),
    ] {
      #expect(throws: PropertyFailure.self, "\(planted.catalog.packs) \(planted.errors)") {
        try CatalogProperty.check(planted)
      }
    }
  }

  // MARK: document

  /// What decoding gave: an error without a message.
  @Test func documentRejectsADecodingErrorWithoutAMessage() throws {
    let input = Array("0{".utf8)
    let decoded: Result<RichText, DocumentDecodingError>
    do {
      decoded = .success(try RichText(documentJSON: "{", catalog: Self.catalog))
    } catch {
      decoded = .failure(error)
    }
    try DocumentProperty.checkDecoded(decoded, roundTrip: false, catalog: Self.catalog, input: input)
    #expect(throws: PropertyFailure.self) {
      try DocumentProperty.checkDecoded(
        .failure(DocumentDecodingError(path: "", message: "")), roundTrip: false, catalog: Self.catalog, input: input)
    }
  }

  // MARK: documentRoundTrip

  /// An encoding that decodes to other text, to canonically equivalent text (`==` holds, the bytes differ), to the
  /// same document with other spacing (not a fixed point), or not at all.
  @Test func documentRoundTripRejectsAnEncodingThatDiffers() throws {
    let a = EmoticonAttachment(try #require(Self.catalog.emoticon(forToken: "[a]")))
    let document = RichText(runs: [
      .text("caf\u{E9} ", .plain), .emoticon(a), .text("x", TextAttributes(entity: .mention)),
    ])
    let json = document.documentJSON
    try DocumentProperty.checkEncoding(json, of: document, catalog: Self.catalog, origin: "planted")
    func replacing(_ old: String, _ new: String) -> String {
      let planted = json.replacingOccurrences(of: old, with: new, options: .literal)
      #expect(planted != json || !planted.utf8.elementsEqual(json.utf8), "\(old) is not in \(json)")
      return planted
    }
    for planted in [
      replacing("caf\u{E9}", "cafe\u{301}"), replacing("\"x\"", "\"y\""),
      replacing("{\"version\":1", "{\"version\": 1"),
      "{",
    ] {
      #expect(throws: PropertyFailure.self, "\(planted)") {
        try DocumentProperty.checkEncoding(planted, of: document, catalog: Self.catalog, origin: "planted")
      }
    }
  }

  // MARK: escapes

  /// An encoding that leaves a non-BMP scalar, decodes to other text, or does not decode.
  @Test func escapesRejectAnEncodingThatIsNotBMPOrDecodesToOtherText() throws {
    let text = "a😀b"
    for escaping in EscapesProperty.formats {
      try EscapesProperty.check(text, encoded: escaping.encode(text), escaping: escaping, input: [])
      for planted in [text, escaping.encode("a😁b"), escaping.encode(text) + "!", escaping.prefix + "zz"] {
        #expect(throws: PropertyFailure.self, "\(escaping.prefix) \(planted)") {
          try EscapesProperty.check(text, encoded: planted, escaping: escaping, input: [])
        }
      }
    }
  }

  // MARK: emojiCode

  /// A code string that parses to other text.
  @Test func emojiCodeRejectsACodeStringThatParsesToOtherText() throws {
    let text = "a😀b"
    try EscapesProperty.checkEmojiCode(text, formatted: EmojiCode.format(text), input: [])
    for planted in [EmojiCode.format("a😁b"), EmojiCode.format(text + "!"), EmojiCode.format("a😀")] {
      #expect(throws: PropertyFailure.self, "\(planted)") {
        try EscapesProperty.checkEmojiCode(text, formatted: planted, input: [])
      }
    }
  }

  // MARK: html

  /// The renderer's page with markup from the input, a raw quote, an unknown reference, an unsafe URL, a line break
  /// or an emoticon tag missing or added.
  @Test func htmlRejectsMarkupFromTheInputOrATagTooManyOrTooFew() throws {
    let document = HTMLProperty.tokenizer.tokenize("a[哈哈]\nb <c> & d").recognizingEntities()
    let html = HTMLRenderer(
      catalog: HTMLProperty.catalog, options: [.linkEntities], imageBaseURL: "https://img.example/e/"
    ).render(document)
    try HTMLProperty.checkStructure(html, of: document, input: [])
    func replacing(_ old: String, _ new: String) -> String {
      #expect(html.contains(old), "\(old) is not in \(html)")
      return html.replacingOccurrences(of: old, with: new, options: .literal)
    }
    for planted in [
      html + "<script>", replacing("&lt;c&gt;", "<c>"), html + "\"", replacing("&amp;", "&nbsp;"),
      replacing("<br>", ""), html + "<br>", replacing("src=\"", "src=\"javascript:"),
      html + html.prefix { $0 != "<" } + "<img" + html.drop { $0 != "<" }.dropFirst(4),
    ] {
      #expect(throws: PropertyFailure.self, "\(planted)") {
        try HTMLProperty.checkStructure(planted, of: document, input: [])
      }
    }
  }

  // MARK: paste

  /// After a paste: the tokens kept as text (not what the batch pass makes), a `lastChange` shifted or one unit
  /// short (the host mirror), U+FFFC in the text (pasted as document JSON, which the batch check lets through).
  @Test func pasteRejectsADocumentTheBatchPassDoesNotMakeALastChangeOffOrAnObjectReplacement() throws {
    let flavor = Clipboard.Flavor.text("[哈哈]x")
    var editor = Editor(catalog: .default)
    editor.insert("前")
    let before = editor.document
    try editor.paste(flavor)
    let change = try #require(editor.lastChange)
    try #require(change == TextChange(replacedRange: 1..<1, insertedUTF16Count: 2))
    func check(_ editor: Editor, _ change: TextChange, _ flavor: Clipboard.Flavor) throws(PropertyFailure) {
      try PasteProperty.checkPasted(
        editor, lastChange: change, before: before, flavor: flavor, entities: false, limit: nil, lengthBefore: nil)
    }
    try check(editor, change, flavor)
    // Note: an attachment kept as text breaks the editor's invariants (a trap, not a failure), an entity does not.
    let a = EmoticonAttachment(try #require(EmoticonCatalog.default.emoticon(forToken: "[哈哈]")))
    let withEntity = Editor(
      document: RichText(runs: [.text("前", .plain), .emoticon(a), .text("x", TextAttributes(entity: .mention))]),
      catalog: .default)
    #expect(withEntity.document.postText == editor.document.postText)
    #expect(throws: PropertyFailure.self) { try check(withEntity, change, flavor) }
    for planted in [
      TextChange(replacedRange: 0..<0, insertedUTF16Count: 2), TextChange(replacedRange: 1..<1, insertedUTF16Count: 1),
    ] {
      #expect(throws: PropertyFailure.self, "\(planted)") { try check(editor, planted, flavor) }
    }
    let json = Clipboard.Flavor.documentJSON("…")
    try check(
      Editor(document: RichText("前ab"), catalog: .default), TextChange(replacedRange: 1..<1, insertedUTF16Count: 2),
      json)
    #expect(throws: PropertyFailure.self) {
      try check(
        Editor(document: RichText("前a\u{FFFC}"), catalog: .default),
        TextChange(replacedRange: 1..<1, insertedUTF16Count: 2), json)
    }
  }

  // MARK: storage, storageDocuments, storageFull

  /// A script of the editors' steps (inserts, an emoticon, a Backspace, a selection, an undo) and one of the
  /// documents' direct edits (replaceSubrange, removeSubrange, append, slice): each target runs its pair's steps.
  static let editorsScript: [UInt8] = [2, 0, 1, 0, 3, 0, 1, 3, 0, 0, 6, 0, 9, 1, 3, 0, 2, 0, 11, 1, 4, 1, 0, 2]
  static let documentsScript: [UInt8] = [
    2, 0, 1, 13, 0, 3, 2, 0, 1, 16, 1, 1, 17, 4, 0, 2, 13, 2, 0, 5, 1, 3, 0, 18, 0, 4,
  ]

  /// Each storage target, through its whole check of a script, with a difference planted in its oracles after the
  /// first step: the oracle editor typed one more character, the oracle document had one more appended.
  @Test(arguments: [
    ("storage", editorsScript, Int?.none, StorageProperty.Pairs.editors),
    ("storageDocuments", documentsScript, nil, .documents), ("storageFull", editorsScript, 16, .both),
    ("storageFull", documentsScript, 16, .both),
  ])
  func storageTargetsRejectADifferencePlantedInTheirOracles(
    target: String, script: [UInt8], fullCheckPeriod: Int?, pairs: StorageProperty.Pairs
  ) throws {
    try StorageProperty.check(script, fullCheckPeriod: fullCheckPeriod, pairs: pairs)
    let planting = StorageProperty.Planting { steps, editor, document in
      guard steps == 1 else { return }
      editor.insert("!")
      document.append(ArrayRichText("!"))
    }
    #expect(throws: PropertyFailure.self, "\(target)") {
      try StorageProperty.check(script, fullCheckPeriod: fullCheckPeriod, pairs: pairs, planting: planting)
    }
  }

  /// storageFull's comparison at the steps its schedule picks, shown to reject on its own: a difference planted in
  /// the oracle document far from every step's change (its first unit, while the steps append at the end) and
  /// taken back before the end, so neither the local comparisons nor the end's can see it. Run with every step
  /// picked, the check throws; run as the storage targets do (no step picked), the same script passes.
  @Test func storageFullsScheduledComparisonAloneRejectsADifference() throws {
    let alphabet = StorageProperty.alphabet
    let long = try #require(alphabet.firstIndex(of: String(repeating: "x", count: 70)))
    let a = try #require(alphabet.firstIndex(of: "a"))
    // The start (one piece: 70 "x"), then five appends of "a" with the first attributes.
    let append: [UInt8] = [17, UInt8(a), 0, 0]
    let script: [UInt8] = [1, UInt8(long)] + Array(repeating: append, count: 5).flatMap { $0 }
    let planting = StorageProperty.Planting { steps, _, document in
      switch steps {
      case 1: document.replaceSubrange(0..<1, with: ArrayRichText("y"))
      case 4: document.replaceSubrange(0..<1, with: ArrayRichText("x"))
      default: break
      }
    }
    try StorageProperty.check(script, fullCheckPeriod: nil, pairs: .both)
    try StorageProperty.check(script, fullCheckPeriod: nil, pairs: .both, planting: planting)
    #expect(throws: PropertyFailure.self) {
      try StorageProperty.check(script, fullCheckPeriod: 1, pairs: .both, planting: planting)
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
