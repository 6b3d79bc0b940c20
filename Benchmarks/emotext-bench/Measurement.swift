import Foundation

/// The timings of one contender on one input, and the figure derived from them.
struct Measurement: Codable {
  /// The task, e.g. "tokenize into runs".
  var task: String
  /// The input, e.g. "mixed 1 MB".
  var input: String
  /// The input's size in UTF-8 bytes.
  var inputBytes: Int
  /// Who did the work, e.g. "Emotext" or "NSRegularExpression".
  var contender: String
  /// Each timed repetition in seconds (for latency tasks: each operation).
  var samplesSeconds: [Double]
  /// What the headline figure is: "MB/s", "ops/s", "µs median", "bytes/byte"…
  var unit: String
  /// The headline figure, from the median sample.
  var value: Double
  /// For latency tasks, the 99th percentile in µs.
  var p99Microseconds: Double?
  /// Free-form remarks (sample count when reduced, what is counted).
  var note: String?

  var medianSeconds: Double { Self.quantile(samplesSeconds, 0.5) }

  /// The spread of the samples in percent of the median: (max − min) for repetitions of a whole run,
  /// (p90 − p10) for latency samples, where one press in a thousand meeting a page fault says little.
  var spreadPercent: Double {
    guard samplesSeconds.count > 1, medianSeconds > 0 else { return 0 }
    if unit == "µs" {
      return (Self.quantile(samplesSeconds, 0.9) - Self.quantile(samplesSeconds, 0.1)) / medianSeconds * 100
    }
    return (samplesSeconds.max()! - samplesSeconds.min()!) / medianSeconds * 100
  }

  static func quantile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let position = fraction * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, sorted.count - 1)
    let weight = position - Double(lower)
    return sorted[lower] * (1 - weight) + sorted[upper] * weight
  }
}

/// How long to run: repetitions adapt to the time one run takes.
struct Budget {
  /// Seconds of timed repetitions to aim for per contender and input.
  var secondsPerMeasurement: Double
  var minimumRepetitions: Int
  var maximumRepetitions: Int

  static let full = Budget(secondsPerMeasurement: 2, minimumRepetitions: 3, maximumRepetitions: 15)
  static let quick = Budget(secondsPerMeasurement: 0.4, minimumRepetitions: 3, maximumRepetitions: 7)
}

/// A failed output check: a contender disagreed with Emotext, so its timings would compare different work.
struct OutputMismatch: Error, CustomStringConvertible {
  var task: String
  var input: String
  var contender: String
  var detail: String
  var description: String { "\(task) on \(input): \(contender) gave a different output than Emotext (\(detail))" }
}

extension Duration {
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}

/// The median time in a readable unit.
func formatSeconds(_ seconds: Double) -> String {
  if seconds >= 1 { return String(format: "%.2f s", seconds) }
  if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
  if seconds >= 1e-6 { return String(format: "%.2f µs", seconds * 1e6) }
  return String(format: "%.0f ns", seconds * 1e9)
}

/// A byte count as "64 KB", "1 MB".
func formatBytes(_ bytes: Int) -> String {
  if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
  if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
  if bytes >= 1 << 20 { return String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) }
  if bytes >= 1 << 10 { return String(format: "%.1f KB", Double(bytes) / Double(1 << 10)) }
  return "\(bytes) B"
}

/// Writes a line to standard output at once (unbuffered), so progress shows while a long run goes on.
func say(_ items: Any...) {
  let line = items.map { "\($0)" }.joined(separator: " ") + "\n"
  FileHandle.standardOutput.write(Data(line.utf8))
}
