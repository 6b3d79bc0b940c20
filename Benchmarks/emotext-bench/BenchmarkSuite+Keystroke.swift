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
    // Note: first the size a composer edits most: one realistic post of about 160 bytes with 2 or 3 emoticons.
    let post = Self.keystrokePost()
    runKeystroke(task, text: post, input: "realistic post (\(post.utf8.count) B)")
    for profile in profiles {
      for size in sizes {
        runKeystroke(
          task, text: Self.generate(profile, utf8Count: size, seed: Input.seed ^ 0x4B45_59),
          input: "\(profile.rawValue) \(formatBytes(size))")
      }
      // Note: a megabyte on one line, where live entities once read the line around every edit; without
      // emoticons (`[` written `(`) the text around the caret is also one run of the whole megabyte.
      guard !checkOnly else { continue }
      let text = Self.generate(profile, utf8Count: 1 << 20, seed: Input.seed ^ 0x4B45_59)
      let line = String(text.map { $0.isNewline ? " " : $0 })
      runKeystroke(task, text: line, input: "\(profile.rawValue) 1 MB, one line")
      let plain = String(line.map { $0 == "[" ? "(" : $0 })
      runKeystroke(task, text: plain, input: "\(profile.rawValue) 1 MB, one line, no emoticons")
    }
  }

  /// The first generated realistic post (one seed after another) of 140–180 bytes with 2 or 3 emoticons.
  static func keystrokePost() -> String {
    let tokenizer = BracketTokenizer(catalog: .default)
    for seed in 0..<UInt64(10_000) {
      let post = generate(.realistic, utf8Count: 150, seed: Input.seed ^ seed)
        .split(separator: "\n", omittingEmptySubsequences: true).map(String.init).max { $0.utf8.count < $1.utf8.count }
      guard let post, (140...180).contains(post.utf8.count) else { continue }
      let emoticons = tokenizer.tokenize(post).runs.filter(\.isEmoticon).count
      if (2...3).contains(emoticons) { return post }
    }
    preconditionFailure("no generated post of 140–180 bytes with 2 or 3 emoticons")
  }

  /// One document of the keystroke task.
  private mutating func runKeystroke(_ task: String, text: String, input: String) {
    let document = tokenizer.tokenize(text)
    var editor = Editor(document: document, catalog: .default)
    let middle = document.utf16Count / 2
    editor.select(middle..<middle)
    let caret = editor.caret
    var (insertSamples, backspaceSamples) = pressKeys(on: &editor, restoring: document, task: task, input: input)
    recordLatency(task, input: input, bytes: text.utf8.count, contender: "Emotext Editor insert", insertSamples)
    recordLatency(task, input: input, bytes: text.utf8.count, contender: "Emotext Editor Backspace", backspaceSamples)
    // Note: the composer's setting: entities are recognized again around each edit only.
    var liveEditor = Editor(document: document, catalog: .default, recognizesEntities: true)
    liveEditor.select(middle..<middle)
    let live = pressKeys(on: &liveEditor, restoring: liveEditor.document, task: task, input: input)
    recordLatency(
      task, input: input, bytes: text.utf8.count, contender: "Emotext Editor insert, live entities", live.insert)
    recordLatency(
      task, input: input, bytes: text.utf8.count, contender: "Emotext Editor Backspace, live entities",
      live.backspace)

    let attributed = NSMutableAttributedString(attributedString: Self.attributedString(document))
    let clock = ContinuousClock()
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

  /// Types "a" and presses Backspace at the caret of `editor` many times, timing each press; records a
  /// mismatch when the presses do not give back `document`.
  private mutating func pressKeys(
    on editor: inout Editor, restoring document: RichText, task: String, input: String
  ) -> (insert: [Double], backspace: [Double]) {
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
    return (insertSamples, backspaceSamples)
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
