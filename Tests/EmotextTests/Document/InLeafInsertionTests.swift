import EmotextTestSupport
import Testing

@testable import Emotext

/// An attachment or a text run of other attributes inserted into one leaf in place (`insertInLeaf`, what inserting
/// an emoticon does) against the array-of-runs oracle: on documents of many leaves with attachments, entity and host
/// attributes and text of every script, at random offsets (inside runs, at their edges, at leaves' edges), the runs,
/// the invariants (`checkInvariants`) and a copy taken before must come out right.
@Suite("Runs inserted into a leaf in place")
struct InLeafInsertionTests {
  static let tokenizer = BracketTokenizer(catalog: .default)
  static let attachments = EmoticonCatalog.default.tokens.sorted { $0.key < $1.key }.prefix(6).map {
    EmoticonAttachment($0.value, token: $0.key)
  }
  static let attributes = [
    TextAttributes.plain, TextAttributes(entity: .mention), TextAttributes(hostAttributes: ["font": "bold"]),
  ]

  /// A run to insert: an attachment or a short text with one of the attributes, as a document and as oracle runs.
  static func run(_ random: inout SeededGenerator) -> Run {
    if Bool.random(using: &random) { return .emoticon(attachments.randomElement(using: &random)!) }
    let text = ["a", "好", "😀", "\u{301}", "ok 好", "[", "🇨🇳"].randomElement(using: &random)!
    return .text(text, attributes.randomElement(using: &random)!)
  }

  /// Inserts a random run (``run(_:)``) at a random scalar boundary of `document` and of `oracle`, and checks that the
  /// two agree, that a copy taken before is unchanged and that the invariants hold. `planned` is asked first, on the
  /// document, the offset and the run: whether the path under test takes the insertion.
  static func insertRandomRun(
    into document: inout RichText, oracle: inout ArrayRichText, using random: inout SeededGenerator,
    planned: (RichText, Int, RichText) -> Bool
  ) -> (planned: Bool, agrees: Bool) {
    let run = Self.run(&random)
    let inserted = RichText(runs: [run])
    let offset = document.scalarBoundary(atOrBefore: Int.random(in: 0...document.utf16Count, using: &random))
    let copy = document
    let copyRuns = Array(copy.runs)
    let isPlanned = planned(document, offset, inserted)
    document.replaceSubrange(offset..<offset, with: inserted)
    oracle.replaceSubrange(offset..<offset, with: ArrayRichText(runs: [run]))
    #expect(Array(document.runs) == oracle.runs, "insert \(run) at \(offset)")
    #expect(Array(copy.runs) == copyRuns, "the copy changed")
    document.checkInvariants()
    return (isPlanned, Array(document.runs) == oracle.runs)
  }

  @Test func insertionsAgreeWithTheOracle() {
    var random = SeededGenerator(seed: 0x696E_6C65_6166_696E)
    var inPlace = 0
    var insertions = 0
    for _ in 0..<60 {
      var text = ""
      for _ in 0..<Int.random(in: 10...400, using: &random) {
        text +=
          Bool.random(using: &random)
          ? GraphemeTextGenerator.text(using: &random)
          : ["今天好开心", "[哈哈]", "[doge]", "ok "].randomElement(using: &random)!
      }
      var document = Self.tokenizer.tokenize(text)
      var oracle = ArrayRichText(runs: document.runs)
      for _ in 0..<60 {
        let step = Self.insertRandomRun(into: &document, oracle: &oracle, using: &random) {
          document, offset, inserted in
          document.insertsInLeaf(at: offset, inserted)
        }
        if step.planned { inPlace += 1 }
        insertions += 1
        if !step.agrees { return }
      }
    }
    // Note: most insertions must take the in-place path, or the test shows nothing about it.
    // (With the internal checks' 24-byte leaves, most leaves are too full or too small to take the run.)
    #expect(inPlace > insertions / CanonicalFastPathTests.leafFactor / 2, "\(inPlace) of \(insertions) in place")
  }
}
