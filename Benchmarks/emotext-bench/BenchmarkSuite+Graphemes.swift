import CICU
import Emotext
import Foundation

extension BenchmarkSuite {
  /// Grapheme counting on the mixed corpus: Emotext vs. ICU's break iterator vs. Swift `Character`s.
  mutating func runGraphemes() {
    let task = "count graphemes"
    guard shouldRun(task) else { return }
    for corpus in corpora {
      let text = input(corpus)
      let input = corpus.name
      let bytes = text.utf8.count
      let document = RichText(text)  // Note: not tokenized, so every contender counts the same clusters.
      guard
        let reference = measure(
          task, input: input, inputBytes: bytes, contender: "Emotext RichText.graphemeCount",
          {
            document.graphemeCount
          })
      else { continue }
      let check = { (count: Int) in count == reference ? nil : "\(count) clusters instead of \(reference)" }
      measure(task, input: input, inputBytes: bytes, contender: "Emotext length(by: .graphemeClusters)", check: check) {
        document.length(by: .graphemeClusters)
      }
      measure(task, input: input, inputBytes: bytes, contender: "ICU break iterator", check: check) {
        Self.countGraphemesWithICU(text)
      }
      measure(task, input: input, inputBytes: bytes, contender: "Swift String.count (Characters)", check: check) {
        text.count
      }
    }
  }

  /// ICU's character break iterator over the UTF-8 bytes, through the package's shim.
  static func countGraphemesWithICU(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { utf8 in
      guard let base = utf8.baseAddress, !utf8.isEmpty else { return 0 }
      var count = 0
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { buffer in
        var from: Int32 = 0
        while from < Int32(utf8.count) {
          var status: Int32 = 0
          let written = cicu_grapheme_boundaries(base, Int32(utf8.count), from, buffer.baseAddress!, 256, &status)
          precondition(written >= 0, "ICU grapheme break iterator failed with status \(status)")
          if written == 0 { break }
          count += Int(written)
          from = buffer[Int(written) - 1]
        }
      }
      return count
    }
  }
}
