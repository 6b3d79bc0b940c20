import EmotextTestSupport
import Testing

@testable import Emotext

/// The document against the array-of-runs implementation it replaced (`Tests/EmotextTests/Oracle/`): random
/// edit scripts through ``StorageProperty``, the check the `storage` fuzz target runs.
@Suite("Storage against the array-of-runs oracle") struct StorageDifferentialTests {
  @Test(arguments: Array(1...6) as [UInt64])
  func randomScriptsAgreeWithTheOracle(seed: UInt64) {
    print("StorageDifferentialTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    // Note: about three bytes a step, so a few hundred steps per seed.
    let bytes = (0..<900).map { _ in UInt8.random(in: 0...255, using: &random) }
    #expect(throws: Never.self, "seed \(seed)") { try StorageProperty.check(bytes) }
  }

  @Test func theCheckRejectsADifference() {
    // The oracle itself would pass; a document that differs must not.
    var oracle = ArrayRichText("ab")
    oracle.append(ArrayRichText("c"))
    #expect(RichText("abc") == RichText(runs: oracle.runs))
    #expect(RichText("abd") != RichText(runs: oracle.runs))
  }
}
