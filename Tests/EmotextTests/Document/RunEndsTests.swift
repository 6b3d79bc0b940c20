import Testing

@testable import Emotext

/// `RichText` keeps where each run ends in UTF-16 units, so offsets find their run by binary search:
/// the cache must agree with a walk over the runs however the runs were set.
@Suite("Run ends")
struct RunEndsTests {
  static let haha = EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!

  /// The location a walk over every run gives.
  static func walk(_ document: RichText, _ utf16Offset: Int) -> RunLocation {
    var runStart = 0
    for (index, run) in document.runs.enumerated() {
      if utf16Offset < runStart + run.utf16Count {
        return RunLocation(run: index, utf16Offset: utf16Offset - runStart, runStart: runStart)
      }
      runStart += run.utf16Count
    }
    return RunLocation(run: document.runs.count, utf16Offset: 0, runStart: runStart)
  }

  static func randomRuns(_ random: inout SeededGenerator) -> [Run] {
    let texts = ["a", "哈哈", "😀x", "👩‍👩‍👧", "bold"]
    return (0..<Int.random(in: 0...12, using: &random)).map { _ in
      Bool.random(using: &random)
        ? .text(
          texts.randomElement(using: &random)!,
          TextAttributes(hostAttributes: ["w": "\(Int.random(in: 0...1, using: &random))"]))
        : .emoticon(EmoticonAttachment(haha))
    }
  }

  static func expectAgreement(_ document: RichText, _ context: String) {
    document.checkInvariants()
    #expect(document.utf16Count == document.runs.reduce(0) { $0 + $1.utf16Count }, "\(context)")
    for offset in 0...document.utf16Count {
      #expect(document.location(of: offset) == walk(document, offset), "\(context): offset \(offset)")
    }
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func cacheAgreesWithAWalk(seed: UInt64) {
    print("RunEndsTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    for round in 0..<50 {
      var document = RichText(runs: Self.randomRuns(&random))
      Self.expectAgreement(document, "seed \(seed), round \(round), init(runs:)")
      let replaced = RichText(runs: Self.randomRuns(&random)).runs
      document.runs = replaced  // the setter recomputes every end
      Self.expectAgreement(document, "seed \(seed), round \(round), runs setter")
      let lower = Int.random(in: 0...document.runs.count, using: &random)
      let upper = Int.random(in: lower...document.runs.count, using: &random)
      document.replaceRuns(lower..<upper, with: [.emoticon(EmoticonAttachment(Self.haha))])
      Self.expectAgreement(document, "seed \(seed), round \(round), replaceRuns")
      document.append(RichText("尾巴"))
      Self.expectAgreement(document, "seed \(seed), round \(round), append")
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func utf16CountFromUTF8MatchesTheStandardLibrary(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let pieces = ["a", "é", "哈", "😀", "👩‍👩‍👧", "\u{10FFFF}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}"]
    for _ in 0..<300 {
      let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        .joined()
      #expect(text.utf16CountFromUTF8 == text.utf16.count, "seed \(seed): \(text.debugDescription)")
      #expect(Run.text(text, .plain).utf16Count == text.utf16.count)
    }
  }
}
