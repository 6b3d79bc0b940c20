import Emotext
import Foundation

extension BenchmarkSuite {
  /// A GTK host's keystroke: one typed character and one Backspace at the middle of a document, each followed by
  /// its change converted to scalars (``Editor/lastChange(in:)``), as the host needs it to edit its buffer. The
  /// conversion is O(log *n*), so a keystroke on 1 MB must cost no more than 2× one on 1 KB; the ratio is printed.
  mutating func runHostUnits() {
    let task = "keystroke + change in scalars"
    guard shouldRun(task) else { return }
    var medians: [Int: Double] = [:]
    for size in [1 << 10, 1 << 20] {
      let text = Self.generate(.realistic, utf8Count: size, seed: Input.seed ^ 0x554E_4954)
      var editor = Editor(document: tokenizer.tokenize(text), catalog: .default)
      let middle = editor.document.utf16Count / 2
      editor.select(middle..<middle)
      var samples: [Double] = []
      var scalarsMoved = 0
      let clock = ContinuousClock()
      let deadline = clock.now + .seconds(quick ? 1 : 3)
      for round in 0..<(checkOnly ? 130 : quick ? 2_000 : 5_000) {
        let start = clock.now
        editor.insert("a")
        scalarsMoved &+= editor.lastChange(in: .unicodeScalars)?.insertedCount ?? 0
        editor.deleteBackward()
        scalarsMoved &+= editor.lastChange(in: .unicodeScalars)?.replacedRange.count ?? 0
        let end = clock.now
        if round >= 20 { samples.append((end - start).seconds) }
        if round >= 120 && end > deadline { break }
      }
      if scalarsMoved != 2 * (samples.count + 20) {
        mismatches.append(
          OutputMismatch(
            task: task, input: formatBytes(size), contender: "Emotext Editor",
            detail: "a keystroke and a Backspace did not each change one scalar"))
      }
      guard !checkOnly else { continue }
      let median = Measurement.quantile(samples, 0.5)
      medians[size] = median
      var measurement = Measurement(
        task: task, input: "realistic \(formatBytes(size))", inputBytes: size,
        contender: "Emotext Editor insert + Backspace, changes in scalars", samplesSeconds: samples, unit: "µs",
        value: median * 1e6, note: "\(samples.count) presses")
      measurement.p99Microseconds = Measurement.quantile(samples, 0.99) * 1e6
      record(measurement)
    }
    if let small = medians[1 << 10], let large = medians[1 << 20] {
      say("  \(task): 1 MB / 1 KB = \(String(format: "%.2f", large / small))× (target ≤ 2×)")
    }
  }
}
