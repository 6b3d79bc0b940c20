import EmotextCHeader
import EmotextTestSupport
import Testing

@testable import Emotext

/// The C ABI's typed editor against the Swift `Editor` given the same calls: after every call of a seeded random
/// session, the change in every unit, the restyle, the selection, the marked range, the length status and both texts
/// agree, and a host's buffer mirrored from the C changes alone (in one unit per session) equals the editor's.
@Suite("C editor against the Swift editor")
struct CEditorDifferentialTests {
  static let pieces = [
    "好", "开心", "a", "b ", " ", "\n", "[哈哈]", "[爱你", "]", "[愛你]", "[nope]", "@小明 ", "#春天#", "https://weibo.com ",
    "👍🏽", "👨‍👩‍👧", "🇨🇳", "e\u{301}", "\u{FFFC}", "\r\n", "x@y", "[",
  ]
  static let units: [TextUnit] = [.utf8, .utf16, .unicodeScalars]

  /// One random call, made on both editors; returns what it did, for a failure's message.
  static func step(
    _ c: CEditor, _ swift: inout Editor, _ random: inout SeededGenerator, clipboard: inout Clipboard?
  ) throws -> String {
    let unit = units.randomElement(using: &random)!
    let text = (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    let length = swift.document.count(in: unit)
    let point = { (random: inout SeededGenerator) in Int.random(in: 0...length + 2, using: &random) }
    switch Int.random(in: 0..<20, using: &random) {
    case 0..<4:
      try c.insert(text)
      swift.insert(text)
      return "insert \(text.debugDescription)"
    case 4:
      try c.insertEmoticon("[哈哈]")
      swift.insert(emoticon: EmoticonCatalog.default.emoticon(forCode: "[哈哈]")!, token: "[哈哈]")
      return "insert emoticon"
    case 5, 6:
      try c.deleteBackward()
      swift.deleteBackward()
      return "delete backward"
    case 7:
      try c.deleteForward()
      swift.deleteForward()
      return "delete forward"
    case 8, 9:
      let (anchor, head) = (point(&random), point(&random))
      try c.select(anchor: anchor, head: head, in: unit)
      swift.select(anchor: anchor, head: head, in: unit)
      return "select \(anchor) \(head) in \(unit)"
    case 10:
      let marked = ["ha", "哈", "nǐ hǎo", ""].randomElement(using: &random)!
      let selected = Int.random(in: 0...2, using: &random)
      try c.setMarkedText(marked, selected: selected..<selected, in: unit)
      swift.setMarkedText(marked, selectedRange: selected..<selected, in: unit)
      return "mark \(marked.debugDescription)"
    case 11:
      try c.unmarkText()
      swift.unmarkText()
      return "unmark"
    case 12:
      let done = try c.undo()
      #expect(done == swift.undo())
      return "undo"
    case 13:
      let done = try c.redo()
      #expect(done == swift.redo())
      return "redo"
    case 14:
      let cutting = Bool.random(using: &random)
      let (copied, expected) = cutting ? (try c.cut(), swift.cut()) : (try c.copy(), swift.copy())
      #expect(copied == expected)
      clipboard = copied
      return cutting ? "cut" : "copy"
    case 15:
      let source = clipboard ?? Clipboard(text: text, html: "<b>\(text)</b>", documentJSON: "{}")
      let flavor: Clipboard.Flavor =
        switch Int.random(in: 0..<3, using: &random) {
        case 0: .text(source.text)
        case 1: .html(source.html)
        default: .documentJSON(source.documentJSON)
        }
      let failure = Result { () throws(CEditor.Failure) in try c.paste(flavor) }
      let expected = Result { () throws(DocumentDecodingError) in try swift.paste(flavor) }
      if case .failure(let failure) = failure {
        #expect(failure.status == 2)
        #expect(throws: DocumentDecodingError.self) { try expected.get() }
      } else {
        #expect(throws: Never.self) { try expected.get() }
      }
      return "paste \(flavor)"
    case 16:
      if Bool.random(using: &random) {
        let maximum = Int.random(in: 0...30, using: &random)
        try c.setLengthLimit(rule: "graphemes", maximum: maximum, enforcement: EMOTEXT_LIMIT_AFTER_COMPOSITION)
        swift.lengthLimit = LengthLimit(measure: .graphemeClusters, maximum: maximum)
        return "limit \(maximum)"
      }
      try c.clearLengthLimit()
      swift.lengthLimit = nil
      return "no limit"
    case 17:
      let whole = Bool.random(using: &random)
      try c.setEntityDeletion(whole ? EMOTEXT_ENTITY_DELETION_WHOLE : EMOTEXT_ENTITY_DELETION_CHARACTERS)
      swift.entityDeletion = whole ? .whole : .characters
      return "entity deletion whole: \(whole)"
    case 18:
      let offset = Int.random(in: -4...4, using: &random)
      let count = Int.random(in: 0...4, using: &random)
      try c.deleteSurrounding(offset: offset, count: count, in: unit)
      swift.deleteSurroundingText(offset: offset, count: count, in: unit)
      return "delete surrounding \(offset) \(count) in \(unit)"
    default:
      let ends = [Int.random(in: 0...length, using: &random), Int.random(in: 0...length, using: &random)].sorted()
      let range = ends[0]..<ends[1]
      // Note: `replace` takes whole positions of the document; one inside a scalar is the caller's error, which the
      // C call refuses and Swift traps on, so the range comes from scalar boundaries.
      let lower = swift.document.offset(
        swift.document.offset(range.lowerBound, from: unit, to: .unicodeScalars, snapping: true),
        from: .unicodeScalars, to: unit)
      let upper = swift.document.offset(
        swift.document.offset(range.upperBound, from: unit, to: .unicodeScalars, snapping: true),
        from: .unicodeScalars, to: unit)
      try c.replace(lower..<upper, in: unit, with: text)
      swift.replace(lower..<upper, in: unit, with: RichText(text))
      return "replace \(lower..<upper) in \(unit) with \(text.debugDescription)"
    }
  }

  @Test(arguments: 0..<12)
  func aRandomSessionAgrees(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed))
    let c = CEditor()
    var swift = Editor(catalog: .default, recognizesEntities: true)
    var clipboard: Clipboard?
    let mirrorUnit = Self.units[seed % 3]
    var mirror: [UInt8] = []
    for stepNumber in 0..<250 {
      let call = try Self.step(c, &swift, &random, clipboard: &clipboard)
      let context = Comment(rawValue: "seed \(seed) step \(stepNumber): \(call)")
      for unit in Self.units {
        let change = try c.lastChange(in: unit)
        let expected = swift.lastChange(in: unit)
        #expect(change?.start == expected?.replacedRange.lowerBound, context)
        #expect(change?.oldEnd == expected?.replacedRange.upperBound, context)
        #expect(change?.newEnd == expected?.insertedRange.upperBound, context)
        #expect(try c.lastRestyle(in: unit) == swift.lastRestyle(in: unit), context)
        #expect(try c.selection(in: unit) == swift.selectionEnds(in: unit), context)
        #expect(try c.markedRange(in: unit) == swift.markedRange(in: unit), context)
        #expect(try c.count(in: unit) == swift.document.count(in: unit), context)
      }
      #expect(try c.lengthStatus() == swift.lengthStatus, context)
      #expect(try c.text(EMOTEXT_TEXT_POST) == swift.document.postText, context)
      let buffer = try c.text(EMOTEXT_TEXT_BUFFER)
      #expect(buffer == swift.document.bufferText, context)
      // Note: copying and settings are no editing calls: the last change is still the call before's, which the
      // mirror has applied.
      let edits = !["copy", "limit", "no limit", "entity deletion"].contains { call.hasPrefix($0) }
      if edits, let change = try c.lastChange(in: mirrorUnit) {
        let inserted = try c.text(EMOTEXT_TEXT_BUFFER, change.start..<change.newEnd, in: mirrorUnit)
        mirror = Self.replacing(change.start..<change.oldEnd, of: mirror, in: mirrorUnit, with: inserted)
      }
      try #require(String(decoding: mirror, as: UTF8.self) == buffer, context)
    }
  }

  /// `mirror` (UTF-8 bytes) with `range`, counted in `unit`, replaced by `text`: what a host does with a change.
  static func replacing(_ range: Range<Int>, of mirror: [UInt8], in unit: TextUnit, with text: String) -> [UInt8] {
    let scalars = Array(String(decoding: mirror, as: UTF8.self).unicodeScalars)
    func index(_ offset: Int) -> Int {
      // Note: counted naively over the scalars, so the mirror does not use the library's conversions.
      var counted = 0
      for (index, scalar) in scalars.enumerated() {
        if counted >= offset { return index }
        switch unit {
        case .utf8: counted += String(scalar).utf8.count
        case .utf16: counted += String(scalar).utf16.count
        case .unicodeScalars: counted += 1
        }
      }
      return scalars.count
    }
    var result = scalars
    result.replaceSubrange(index(range.lowerBound)..<index(range.upperBound), with: text.unicodeScalars)
    var view = String.UnicodeScalarView()
    view.append(contentsOf: result)
    return Array(String(view).utf8)
  }
}
