import Emotext
import Foundation

extension BenchmarkSuite {
  /// Keystroke latency: one typed character and one Backspace at the middle of a document, each timed
  /// on its own: `Editor` vs. NSMutableAttributedString.
  mutating func runKeystroke() {
    let task = "keystroke at the middle"
    guard shouldRun(task) else { return }
    let sizes =
      checkOnly ? [1 << 10] : quick ? [1 << 10, 100 << 10, 1 << 20] : [1 << 10, 100 << 10, 1 << 20, 10 << 20]
    for profile in profiles {
      for size in sizes {
        runKeystroke(
          task, text: Self.generate(profile, utf8Count: size, seed: Input.seed ^ 0x4B45_59),
          input: "\(profile.rawValue) \(formatBytes(size))")
      }
    }
  }

  /// One document of the keystroke task.
  private mutating func runKeystroke(_ task: String, text: String, input: String) {
    let document = tokenizer.tokenize(text)
    var editor = Editor(document: document, catalog: .default)
    let middle = document.utf16Count / 2
    editor.select(middle..<middle)
    let caret = editor.caret
    var insertSamples: [Double] = []
    var backspaceSamples: [Double] = []
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(quick ? 1 : 3)
    for round in 0..<(checkOnly ? 130 : quick ? 2_000 : 5_000) {
      let start = clock.now
      editor.insert("a")
      let typed = clock.now
      editor.deleteBackward()
      let deleted = clock.now
      if round >= 20 {  // Note: the first presses are the warm-up.
        insertSamples.append((typed - start).seconds)
        backspaceSamples.append((deleted - typed).seconds)
      }
      if round >= 120 && deleted > deadline { break }
    }
    if editor.caret != caret || editor.document != document {
      mismatches.append(
        OutputMismatch(
          task: task, input: input, contender: "Emotext Editor",
          detail: "typing a and Backspace did not restore the document"))
    }
    recordLatency(task, input: input, bytes: text.utf8.count, contender: "Emotext Editor insert", insertSamples)
    recordLatency(task, input: input, bytes: text.utf8.count, contender: "Emotext Editor Backspace", backspaceSamples)

    let attributed = NSMutableAttributedString(attributedString: Self.attributedString(document))
    insertSamples = []
    backspaceSamples = []
    let nsDeadline = clock.now + .seconds(quick ? 1 : 3)
    let typedA = NSAttributedString(string: "a")
    let empty = NSAttributedString(string: "")
    // Note: both contenders must type at the same place: compare one typed "a" (untimed).
    var typedEditor = editor
    typedEditor.insert("a")
    let typedAttributed = NSMutableAttributedString(attributedString: attributed)
    typedAttributed.replaceCharacters(in: NSRange(location: caret, length: 0), with: typedA)
    if let detail = difference(Self.postText(of: typedAttributed), typedEditor.document.postText) {
      mismatches.append(
        OutputMismatch(task: task, input: input, contender: "NSMutableAttributedString insert", detail: detail))
      say("  !! NSMutableAttributedString: output differs from Emotext (\(detail)); not timed")
      return
    }
    if checkOnly { say("  ok  \(task) on \(input): Emotext Editor, NSMutableAttributedString") }
    for round in 0..<(checkOnly ? 130 : quick ? 2_000 : 5_000) {
      let start = clock.now
      attributed.replaceCharacters(in: NSRange(location: caret, length: 0), with: typedA)
      let typed = clock.now
      attributed.replaceCharacters(in: NSRange(location: caret, length: 1), with: empty)
      let deleted = clock.now
      if round >= 20 {
        insertSamples.append((typed - start).seconds)
        backspaceSamples.append((deleted - typed).seconds)
      }
      if round >= 120 && deleted > nsDeadline { break }
    }
    if let detail = difference(Self.postText(of: attributed), text) {
      mismatches.append(
        OutputMismatch(
          task: task, input: input, contender: "NSMutableAttributedString delete",
          detail: "typing a and deleting it did not restore the text: \(detail)"))
    }
    recordLatency(
      task, input: input, bytes: text.utf8.count, contender: "NSMutableAttributedString insert",
      insertSamples)
    recordLatency(
      task, input: input, bytes: text.utf8.count, contender: "NSMutableAttributedString delete",
      backspaceSamples)
  }

  private mutating func recordLatency(_ task: String, input: String, bytes: Int, contender: String, _ samples: [Double])
  {
    if checkOnly { return }
    var measurement = Measurement(
      task: task, input: input, inputBytes: bytes, contender: contender, samplesSeconds: samples, unit: "µs",
      value: Measurement.quantile(samples, 0.5) * 1e6, note: "\(samples.count) presses")
    measurement.p99Microseconds = Measurement.quantile(samples, 0.99) * 1e6
    record(measurement)
  }
}
