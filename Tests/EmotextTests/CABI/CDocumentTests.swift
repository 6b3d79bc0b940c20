import EmotextC
import EmotextCHeader
import EmotextCLISupport
import Testing

@testable import Emotext

/// The C ABI's documents: runs read by index in every unit, their strings, the counts as numbers, and the sized
/// structs a caller compiled against an older header passes.
@Suite("C documents")
struct CDocumentTests {
  static let post = "今天好开心[哈哈][愛你]👍🏽 @小明 #春天# https://weibo.com [nope]"

  /// The document handle of `text`, or the failure of parsing it.
  static func parsed(_ text: String, entities: Bool = true, links: String? = nil) throws(CEditor.Failure)
    -> OpaquePointer
  {
    var document: OpaquePointer?
    try CEditor.checked { error in
      CEditor.withBytes(text) { bytes, count in
        if let links {
          links.withCString { cDocumentParse(nil, bytes, count, entities ? 1 : 0, $0, &document, error) }
        } else {
          cDocumentParse(nil, bytes, count, entities ? 1 : 0, nil, &document, error)
        }
      }
    }
    return document!
  }

  /// Run `index` in `unit`, through a struct of `size` bytes (whose later bytes are 0xAB before the call).
  static func run(
    _ document: OpaquePointer, _ index: Int, in unit: TextUnit, size: Int = MemoryLayout<emotext_run>.size
  )
    throws(CEditor.Failure) -> (run: emotext_run, bytes: [UInt8])
  {
    var run = emotext_run()
    withUnsafeMutableBytes(of: &run) { _ = $0.initializeMemory(as: UInt8.self, repeating: 0xAB) }
    run.size = size
    try CEditor.checked { cDocumentRun(document, index, CEditor.cUnit(unit), &run, $0) }
    return (run, withUnsafeBytes(of: run) { Array($0) })
  }

  static func string(_ pointer: UnsafePointer<CChar>?, _ count: Int) -> String? {
    pointer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: count), as: UTF8.self) }
  }

  @Test func runsAreReadInEveryUnitWithTheirStrings() throws {
    let document = try Self.parsed(Self.post)
    defer { cDocumentFree(document) }
    let expected = BracketTokenizer(catalog: .default).tokenize(Self.post).recognizingEntities(urls: .weibo)
    var counts = emotext_counts()
    counts.size = MemoryLayout<emotext_counts>.size
    try CEditor.checked { cDocumentCounts(document, nil, &counts, $0) }
    let runs = Array(expected.runs)
    #expect(counts.runs == runs.count)
    var starts: [TextUnit: Int] = [.utf8: 0, .utf16: 0, .unicodeScalars: 0]
    for (index, run) in runs.enumerated() {
      // Note: each run's length counted from its own text here, an emoticon as U+FFFC.
      let buffer: String
      switch run {
      case .text(let text, _): buffer = text
      case .emoticon: buffer = "\u{FFFC}"
      }
      for unit in [TextUnit.utf8, .utf16, .unicodeScalars] {
        let count =
          switch unit {
          case .utf8: buffer.utf8.count
          case .utf16: buffer.utf16.count
          case .unicodeScalars: buffer.unicodeScalars.count
          }
        let read = try Self.run(document, index, in: unit).run
        #expect(read.start == starts[unit]! && read.end == starts[unit]! + count, "run \(index) in \(unit)")
        starts[unit]! += count
        #expect(Self.string(read.text, read.text_length) == run.postText)
        switch run {
        case .text(_, let attributes):
          let kind: emotext_run_kind =
            switch attributes.entity {
            case nil: EMOTEXT_RUN_TEXT
            case .mention: EMOTEXT_RUN_MENTION
            case .topic: EMOTEXT_RUN_TOPIC
            case .link: EMOTEXT_RUN_LINK
            }
          #expect(read.kind == kind)
          #expect(read.code == nil && read.image == nil)
        case .emoticon(let attachment):
          #expect(read.kind == EMOTEXT_RUN_EMOTICON)
          #expect(Self.string(read.code, read.code_length) == attachment.emoticon.code)
          guard case .image(let png, _) = attachment.emoticon.kind else {
            Issue.record("an emoji attachment")
            return
          }
          #expect(Self.string(read.image, read.image_length) == png)
        }
      }
    }
    // Note: the written post spells [愛你]; its run's code is the catalog's [爱你].
    let love = try Self.run(document, 2, in: .utf8).run
    #expect(Self.string(love.text, love.text_length) == "[愛你]")
    #expect(Self.string(love.code, love.code_length) == "[爱你]")
    #expect(runs.contains { if case .text(_, let a) = $0 { a.entity == .topic } else { false } })
    #expect(counts.utf8 == starts[.utf8] && counts.utf16 == starts[.utf16] && counts.scalars == starts[.unicodeScalars])
  }

  @Test func countsAreTheCountCommands() throws {
    let document = try Self.parsed(Self.post, entities: false)
    defer { cDocumentFree(document) }
    for rule in LengthRuleNames.names {
      var counts = emotext_counts()
      counts.size = MemoryLayout<emotext_counts>.size
      try CEditor.checked { error in rule.withCString { cDocumentCounts(document, $0, &counts, error) } }
      let answer = CountAnswer(
        tokenizer: BracketTokenizer(catalog: .default), rule: (rule, LengthRuleNames.measure(named: rule)!)
      )
      .counts(of: Self.post)
      #expect(counts.weighted == answer.weighted, "\(rule)")
      #expect(counts.utf16 == answer.utf16 && counts.scalars == answer.scalars && counts.graphemes == answer.graphemes)
      #expect(counts.post_utf8 == Self.post.utf8.count)
      #expect(counts.emoticons == 2)
    }
    let text = try CEditor.string { cDocumentText(document, EMOTEXT_TEXT_POST, $0, $1, $2) }
    #expect(text == Self.post)
    let buffer = try CEditor.string { cDocumentText(document, EMOTEXT_TEXT_BUFFER, $0, $1, $2) }
    #expect(buffer == "今天好开心\u{FFFC}\u{FFFC}👍🏽 @小明 #春天# https://weibo.com [nope]")
  }

  @Test func anOlderSmallerStructGetsOnlyTheFieldsItHas() throws {
    let document = try Self.parsed(Self.post)
    defer { cDocumentFree(document) }
    let older = MemoryLayout<emotext_run>.offset(of: \.text)!
    let read = try Self.run(document, 1, in: .utf16, size: older)
    #expect(read.run.kind == EMOTEXT_RUN_EMOTICON && read.run.start == 5 && read.run.end == 6)
    #expect(read.bytes[older...].allSatisfy { $0 == 0xAB }, "a byte past the caller's struct was written")
    #expect(read.run.size == older)
    #expect(throws: CEditor.Failure.self) { try Self.run(document, 1, in: .utf16, size: 4) }
  }

  @Test func badArgumentsAreRefused() throws {
    let document = try Self.parsed("好[哈哈]")
    defer { cDocumentFree(document) }
    #expect(throws: CEditor.Failure(status: 1, message: "index is 2, past the last run (the document has 2)")) {
      try Self.run(document, 2, in: .utf8)
    }
    let unknownUnit = CEditor.Failure(
      status: 1, message: "unit is 7, not EMOTEXT_UNIT_UTF8 (0), EMOTEXT_UNIT_UTF16 (1) or EMOTEXT_UNIT_SCALARS (2)")
    #expect(throws: unknownUnit) {
      var run = emotext_run()
      run.size = MemoryLayout<emotext_run>.size
      try CEditor.checked { cDocumentRun(document, 0, emotext_unit(rawValue: 7), &run, $0) }
    }
    #expect(throws: CEditor.Failure.self) {
      var counts = emotext_counts()
      counts.size = MemoryLayout<emotext_counts>.size
      try CEditor.checked { error in "tweets".withCString { cDocumentCounts(document, $0, &counts, error) } }
    }
    #expect(throws: CEditor.Failure.self) { try Self.parsed("x", links: "mastodon") }
    // Note: a size_t above PTRDIFF_MAX arrives as a negative Int.
    let huge = Int(bitPattern: UInt(Int.max) + 1)
    var out: OpaquePointer?
    var error: UnsafeMutablePointer<CChar>?
    #expect(cDocumentParse(nil, "x", huge, 0, nil, &out, &error) == 1)
    #expect(error.map { String(cString: $0) }?.contains("above PTRDIFF_MAX") == true)
    cStringFree(error)
    #expect(out == nil)
    let invalid: [CChar] = [0x61, CChar(bitPattern: 0xFF)]
    #expect(cDocumentParse(nil, invalid, 2, 0, nil, &out, &error) == 2)
    #expect(error.map { String(cString: $0) }?.contains("byte 1") == true)
    cStringFree(error)
    #expect(cDocumentParse(nil, "x", 1, 0, nil, nil, nil) == 1)
  }
}
