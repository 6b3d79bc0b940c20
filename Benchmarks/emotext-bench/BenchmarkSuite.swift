import Emotext
import Foundation

/// Every task of the run, their inputs, and the measurements so far.
struct BenchmarkSuite {
  /// Smaller inputs and shorter budgets, so the whole run takes under a minute.
  var quick: Bool
  /// Runs every contender once on small inputs and checks the outputs agree, timing nothing (for CI,
  /// in any build).
  var checkOnly = false
  /// Only tasks whose name contains this text run (all when nil).
  var filter: String?
  /// Only contenders whose name contains this text are timed (for profiling one of them).
  var contenderFilter: String?
  var budget: Budget
  var measurements: [Measurement] = []
  /// Output checks that failed; a contender that fails is not timed.
  var mismatches: [OutputMismatch] = []
  let tokenizer = BracketTokenizer(catalog: .default)
  /// The input profiles the tasks run on.
  var profiles: [Profile] = Profile.allCases
  private var inputs: [Corpus: String] = [:]

  /// How generated input text is made.
  enum Profile: String, CaseIterable {
    /// Synthetic text with every kind of content and a bracket token about every 180 bytes.
    case mixed
    /// Posts whose statistics follow real Weibo posts (a bracket token about every 70 bytes), joined by LF.
    case realistic
  }

  /// One generated input: a profile at a size.
  struct Corpus: Hashable {
    var profile: Profile
    var utf8Count: Int
    /// How rows name it, e.g. "realistic 1 MB".
    var name: String { "\(profile.rawValue) \(formatBytes(utf8Count))" }
  }

  init(quick: Bool, filter: String?, contenderFilter: String? = nil) {
    self.quick = quick
    self.filter = filter
    self.contenderFilter = contenderFilter
    budget = quick ? .quick : .full
  }

  /// The corpus sizes the throughput tasks run on.
  var corpusSizes: [Int] {
    checkOnly ? [64 << 10] : quick ? [64 << 10, 1 << 20] : [64 << 10, 1 << 20, 8 << 20, 64 << 20]
  }

  /// Every profile at every corpus size, profile by profile.
  var corpora: [Corpus] {
    profiles.flatMap { profile in corpusSizes.map { Corpus(profile: profile, utf8Count: $0) } }
  }

  func shouldRun(_ task: String) -> Bool {
    guard let filter else { return true }
    return task.localizedCaseInsensitiveContains(filter)
  }

  /// The text of `corpus`, generated once per run.
  mutating func input(_ corpus: Corpus) -> String {
    if let text = inputs[corpus] { return text }
    let text = Self.generate(corpus.profile, utf8Count: corpus.utf8Count)
    inputs[corpus] = text
    return text
  }

  /// Text of `profile`, at least `utf8Count` bytes.
  static func generate(_ profile: Profile, utf8Count: Int, seed: UInt64 = Input.seed) -> String {
    switch profile {
    case .mixed: Input.mixed(utf8Count: utf8Count, seed: seed)
    case .realistic: Input.realistic(utf8Count: utf8Count, seed: seed)
    }
  }

  /// Drops generated inputs larger than `utf8Count`, to keep the memory of later tasks small.
  mutating func dropInputs(largerThan utf8Count: Int) {
    inputs = inputs.filter { $0.key.utf8Count <= utf8Count }
  }

  /// Times `body` for one contender after checking its warm-up output with `check` (nil when it agrees,
  /// else what differs). `work` is how many units one run processes (bytes for MB/s, items for ops/s).
  @discardableResult
  mutating func measure<Output>(
    _ task: String, input: String, inputBytes: Int, contender: String, unit: String = "MB/s",
    work: Double? = nil, note: String? = nil, check: (Output) -> String? = { _ in nil }, _ body: () -> Output
  ) -> Output? {
    if let contenderFilter, !contender.localizedCaseInsensitiveContains(contenderFilter) { return nil }
    let clock = ContinuousClock()
    let warmUpStart = clock.now
    let first = body()
    let warmUp = (clock.now - warmUpStart).seconds
    if let detail = check(first) {
      mismatches.append(OutputMismatch(task: task, input: input, contender: contender, detail: detail))
      say("  !! \(contender): output differs from Emotext (\(detail)); not timed")
      return nil
    }
    if checkOnly {
      say("  ok  \(task) on \(input): \(contender)")
      return first
    }
    var samples: [Double]
    var output = first
    if warmUp > 12 {
      samples = [warmUp]  // Note: too slow to repeat; the warm-up is the only sample, and the note says so.
    } else {
      var repetitions = Int(budget.secondsPerMeasurement / max(warmUp, 1e-9))
      repetitions = min(max(repetitions, budget.minimumRepetitions), budget.maximumRepetitions)
      if warmUp > 4 { repetitions = 2 }
      samples = []
      for _ in 0..<repetitions {
        let start = clock.now
        let result = body()
        samples.append((clock.now - start).seconds)
        output = result  // Note: the previous output is freed here, outside the timed region.
      }
    }
    var measurement = Measurement(
      task: task, input: input, inputBytes: inputBytes, contender: contender, samplesSeconds: samples, unit: unit,
      value: 0,
      note: samples.count == 1
        ? [note, "1 sample (too slow to repeat)"].compactMap { $0 }.joined(separator: "; ") : note)
    let units = work ?? Double(inputBytes)
    measurement.value = unit == "MB/s" ? units / measurement.medianSeconds / 1e6 : units / measurement.medianSeconds
    record(measurement)
    return output
  }

  /// Adds a measurement and prints its row.
  mutating func record(_ measurement: Measurement) {
    let reference = measurements.last {
      $0.task == measurement.task && $0.input == measurement.input && $0.contender.hasPrefix("Emotext")
        && Self.operation($0) == Self.operation(measurement)
    }
    measurements.append(measurement)
    say(Self.row(measurement, reference: reference))
  }

  /// For latency rows, the edit a row times ("insert" or "delete"), so each contender is compared with
  /// Emotext doing the same edit; nil for every other row.
  static func operation(_ measurement: Measurement) -> String? {
    guard measurement.unit == "µs", let word = measurement.contender.split(separator: " ").last else { return nil }
    return word == "Backspace" ? "delete" : String(word)
  }

  static let header = [
    pad("task", 28), pad("input", 18), pad("contender", 36), pad("median", 10, right: true),
    pad("figure", 22, right: true), pad("spread", 7, right: true), pad("Emotext ×", 10, right: true),
  ].joined(separator: " ")

  /// One table row: the figure, the spread and how many times faster Emotext's median is.
  static func row(_ measurement: Measurement, reference: Measurement?) -> String {
    let figure: String
    switch measurement.unit {
    case "MB/s": figure = String(format: "%.1f MB/s", measurement.value)
    case "µs":
      figure = String(format: "%.2f µs p50 %.1f p99", measurement.value, measurement.p99Microseconds ?? .nan)
    case "ops/s", "posts/s", "insertions/s": figure = String(format: "%.0f %@", measurement.value, measurement.unit)
    default: figure = String(format: "%.3g %@", measurement.value, measurement.unit)
    }
    var ratio = ""
    if let reference, reference.contender != measurement.contender, reference.unit == measurement.unit,
      !measurement.samplesSeconds.isEmpty
    {
      let speedup =
        measurement.unit == "µs"
        ? measurement.value / reference.value
        : measurement.medianSeconds / reference.medianSeconds
      ratio = String(format: speedup >= 10 ? "%.0f×" : "%.2f×", speedup)
    }
    let median =
      measurement.unit == "µs" || measurement.samplesSeconds.isEmpty ? "" : formatSeconds(measurement.medianSeconds)
    var line = [
      pad(measurement.task, 28), pad(measurement.input, 18), pad(measurement.contender, 36),
      pad(median, 10, right: true),
      pad(figure, 22, right: true), pad(String(format: "%.0f%%", measurement.spreadPercent), 7, right: true),
      pad(ratio, 10, right: true),
    ].joined(separator: " ")
    if let note = measurement.note { line += "  (\(note))" }
    return line
  }

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    guard count < width else { return text }
    let padding = String(repeating: " ", count: width - count)
    return right ? padding + text : text + padding
  }
}

/// The first place two documents differ, for a mismatch message.
func difference(_ actual: RichText, _ expected: RichText) -> String? {
  guard actual != expected else { return nil }
  for (index, (left, right)) in zip(actual.runs, expected.runs).enumerated() where left != right {
    return "run \(index): \(String(describing: left).prefix(80)) vs \(String(describing: right).prefix(80))"
  }
  return "\(actual.runs.count) runs vs \(expected.runs.count)"
}

/// Where two strings first differ, for a mismatch message.
func difference(_ actual: String, _ expected: String) -> String? {
  guard actual != expected else { return nil }
  let common = zip(actual.utf8, expected.utf8).prefix { $0 == $1 }.count
  return "\(actual.utf8.count) vs \(expected.utf8.count) bytes, first difference at byte \(common)"
}
