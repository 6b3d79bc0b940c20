import Emotext
import EmotextC
import EmotextCHeader
import Foundation

extension BenchmarkSuite {
  /// A host's keystroke: one typed character and one Backspace at the middle of a document, each followed by its
  /// change converted to the host's unit, as the host needs it to edit its buffer: a GTK host through the Swift
  /// `Editor` (scalars), a C host through emotext.h's typed calls (UTF-8 bytes, the inserted text read back with
  /// `emotext_editor_text_range`). The conversion is O(log *n*), so a keystroke on 1 MB must cost no more than 2× one
  /// on 1 KB; the ratios are printed.
  mutating func runHostUnits() {
    measureHostKeystrokes(
      task: "keystroke + change in scalars", contender: "Emotext Editor insert + Backspace, changes in scalars"
    ) { document in
      var editor = Editor(document: document, catalog: .default)
      let middle = editor.document.utf16Count / 2
      editor.select(middle..<middle)
      return {
        editor.insert("a")
        var moved = editor.lastChange(in: .unicodeScalars)?.insertedCount ?? 0
        editor.deleteBackward()
        moved &+= editor.lastChange(in: .unicodeScalars)?.replacedRange.count ?? 0
        return moved
      }
    }
    measureHostKeystrokes(
      task: "C ABI keystroke + change in UTF-8", contender: "emotext.h insert + Backspace, changes in UTF-8"
    ) { document in
      let editor = CEditorSession(document.postText)
      return { editor.press() }
    }
  }

  /// Times `makePress(document)`'s press (a keystroke and a Backspace, returning how many units their changes
  /// moved, which must be 2) at 1 KB and 1 MB of realistic text, and prints the ratio of the medians.
  private mutating func measureHostKeystrokes(
    task: String, contender: String, makePress: (RichText) -> () -> Int
  ) {
    guard shouldRun(task) else { return }
    var medians: [Int: Double] = [:]
    // Note: --check only compares what each press changed, so it presses on 16 KB: CI's check runs a debug build
    // with the O(document) checks after every edit.
    for size in [1 << 10, checkOnly ? 1 << 14 : 1 << 20] {
      let text = Self.generate(.realistic, utf8Count: size, seed: Input.seed ^ 0x554E_4954)
      let press = makePress(tokenizer.tokenize(text))
      var samples: [Double] = []
      var unitsMoved = 0
      let clock = ContinuousClock()
      let deadline = clock.now + .seconds(quick ? 1 : 3)
      for round in 0..<(checkOnly ? 130 : quick ? 2_000 : 5_000) {
        let start = clock.now
        unitsMoved &+= press()
        let end = clock.now
        if round >= 20 { samples.append((end - start).seconds) }
        if round >= 120 && end > deadline { break }
      }
      if unitsMoved != 2 * (samples.count + 20) {
        mismatches.append(
          OutputMismatch(
            task: task, input: formatBytes(size), contender: contender,
            detail: "a keystroke and a Backspace did not each change one unit"))
      }
      guard !checkOnly else { continue }
      let median = Measurement.quantile(samples, 0.5)
      medians[size] = median
      var measurement = Measurement(
        task: task, input: "realistic \(formatBytes(size))", inputBytes: size, contender: contender,
        samplesSeconds: samples, unit: "µs", value: median * 1e6, note: "\(samples.count) presses")
      measurement.p99Microseconds = Measurement.quantile(samples, 0.99) * 1e6
      record(measurement)
    }
    if let small = medians[1 << 10], let large = medians[1 << 20] {
      say("  \(task): 1 MB / 1 KB = \(String(format: "%.2f", large / small))× (target ≤ 2×)")
    }
  }
}

/// An editor handle of emotext.h driven as a C host drives it: every call through its C entry point, the change
/// read in UTF-8 and the inserted bytes read back and released.
private final class CEditorSession {
  let handle = cEditorNew(nil)

  /// An editor holding `postText`, the caret at its middle (in UTF-8 bytes, moved back to a scalar's start).
  init(_ postText: String) {
    var text = postText
    text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        _ = cEditorPaste(handle, EMOTEXT_FLAVOR_TEXT, $0.baseAddress, $0.count, nil)
      }
    }
    var count = 0
    _ = cEditorCount(handle, EMOTEXT_UNIT_UTF8, &count, nil)
    _ = cEditorSelect(handle, count / 2, count / 2, EMOTEXT_UNIT_UTF8, nil)
  }

  deinit { cEditorFree(handle) }

  /// A keystroke and a Backspace, each change applied as a host applies it; the bytes their changes moved.
  func press() -> Int {
    var moved = 0
    _ = cEditorInsert(handle, "a", 1, nil)
    moved &+= readChange()
    _ = cEditorDeleteBackward(handle, nil)
    moved &+= readChange()
    return moved
  }

  /// The bytes the last change replaced or inserted (one of them is 0 for a keystroke or a Backspace), after
  /// reading the inserted bytes as a host does.
  private func readChange() -> Int {
    var change = emotext_change()
    _ = cEditorLastChange(handle, EMOTEXT_UNIT_UTF8, &change, nil)
    var inserted: UnsafeMutablePointer<CChar>?
    var length = 0
    _ = cEditorTextRange(
      handle, EMOTEXT_TEXT_BUFFER, change.start, change.new_end, EMOTEXT_UNIT_UTF8, &inserted, &length, nil)
    cStringFree(inserted)
    return (change.old_end - change.start) + length
  }
}
