import Foundation

extension BenchmarkSuite {
  /// One target of issue 10 and what this run measured for it.
  struct TargetReport {
    /// The target as the issue states it, with the inputs it applies to.
    var target: String
    /// Each figure, named by its input, e.g. "realistic 1 MB 10.2×".
    var figures: [String]
    /// How far the worst figure is from the target: ≥ 1 met, below 1 missed by 1/this; nil when not measured.
    var worstMargin: Double?

    /// "met", "missed, by N×" (the worst figure's distance) or "not measured in this run".
    var verdict: String {
      guard let worstMargin else { return "not measured in this run" }
      return worstMargin >= 1 ? "met" : String(format: "missed, by %.1f×", 1 / worstMargin)
    }
  }

  /// Prints every issue-10 target with this run's figures and whether each is met, as Markdown table rows.
  func printTargetSummary() {
    guard !checkOnly else { return }
    say("\nissue 10 targets (this run; ratios from the same run)\n")
    say("| target | measured | |")
    say("|---|---|---|")
    for report in targetReports() {
      let figures = report.figures.isEmpty ? "—" : report.figures.joined(separator: ", ")
      say("| \(report.target) | \(figures) | \(report.verdict) |")
    }
  }

  /// Every issue-10 target, from this run's measurements: on both profiles at 1 and 8 MB for tokenizing, at
  /// every size for serializing, at 10 MB for keystrokes and at 64 MB for memory.
  func targetReports() -> [TargetReport] {
    let targetSizes: Set<Int> = [1 << 20, 8 << 20]
    let tokenize = "tokenize into runs"
    func inTargetSizes(_ measurement: Measurement) -> Bool {
      corpora.contains { $0.name == measurement.input && targetSizes.contains($0.utf8Count) }
    }
    var reports = [
      speedup(
        "tokenize ≥ 50× Swift Regex + dictionary (1 and 8 MB)", task: tokenize, contender: "Swift Regex + dictionary",
        at: 50, where: inTargetSizes),
      speedup(
        "tokenize ≥ 30× NSRegularExpression + dictionary (1 and 8 MB)", task: tokenize,
        contender: "NSRegularExpression + dictionary", at: 30, where: inTargetSizes),
      speedup(
        "tokenize ≥ 20 % of memchr bandwidth (1 and 8 MB)", task: tokenize, contender: "memchr", at: 0.2,
        percent: true, where: inTargetSizes),
    ]
    var posts = TargetReport(target: "tokenize posts one by one ≥ 2 000 000 posts/s", figures: [])
    for measurement in measurements
    where measurement.task == "tokenize posts one by one" && measurement.contender.hasPrefix("Emotext") {
      posts.figures.append(
        String(
          format: "%@ %.2f M/s (%.0f ns/post)", measurement.input, measurement.value / 1e6, 1e9 / measurement.value))
      posts.worstMargin = min(posts.worstMargin ?? .infinity, measurement.value / 2_000_000)
    }
    reports.append(posts)
    reports.append(
      speedup(
        "serialize ≥ 100× NSAttributedString enumerateAttributes (every size)", task: "serialize to post text",
        contender: "NSAttributedString", at: 100, where: { _ in true }))
    reports.append(
      speedup(
        "compose ≥ 100× NSMutableAttributedString at 10 000 emoticons", task: "compose at a moving caret",
        contender: "NSMutableAttributedString", at: 100, where: { $0.input == "10000 emoticons" }))
    var linear = TargetReport(
      target: "compose: time per insertion at 100 000 emoticons ≤ 1.5× that at 1 000", figures: [])
    let compose = measurements.filter { $0.task == "compose at a moving caret" && $0.contender.hasPrefix("Emotext") }
    let perInsertion = { (measurement: Measurement) in 1 / measurement.value }  // seconds; value is insertions/s
    for measurement in compose {
      linear.figures.append(String(format: "%.2f µs at %@", perInsertion(measurement) * 1e6, measurement.input))
    }
    if let small = compose.first(where: { $0.input == "1000 emoticons" }),
      let large = compose.first(where: { $0.input == "100000 emoticons" })
    {
      let ratio = perInsertion(large) / perInsertion(small)
      linear.figures.append(String(format: "100k/1k %.2f×", ratio))
      linear.worstMargin = 1.5 / ratio
    }
    reports.append(linear)
    for (quantile, limit) in [("median", 3.0), ("p99", 20.0)] {
      var keystroke = TargetReport(
        target: "keystroke at the middle of 10 MB ≤ \(Int(limit)) µs \(quantile)", figures: [])
      for measurement in measurements
      where measurement.task == "keystroke at the middle" && measurement.contender.hasPrefix("Emotext")
        && measurement.input.hasSuffix(" 10 MB")
      {
        let value = quantile == "median" ? measurement.value : measurement.p99Microseconds ?? .nan
        let operation = measurement.contender.split(separator: " ").last.map(String.init) ?? ""
        keystroke.figures.append(String(format: "%@ %@ %.2f µs", measurement.input, operation, value))
        keystroke.worstMargin = min(keystroke.worstMargin ?? .infinity, limit / value)
      }
      reports.append(keystroke)
    }
    var memory = TargetReport(target: "memory of a 64 MB document ≤ 1.5 bytes per input byte", figures: [])
    for measurement in measurements
    where measurement.task == "memory of a document" && measurement.input.hasSuffix(" 64 MB")
      && !measurement.contender.contains("heap")
    {
      let what = measurement.contender.contains("peak") ? "peak" : "retained"
      memory.figures.append(String(format: "%@ %@ %.2f", measurement.input, what, measurement.value))
      memory.worstMargin = min(memory.worstMargin ?? .infinity, 1.5 / measurement.value)
    }
    reports.append(memory)
    reports.append(
      TargetReport(
        target: "every contender gives Emotext's output",
        figures: [mismatches.isEmpty ? "all checks pass" : "\(mismatches.count) mismatches (listed below)"],
        worstMargin: mismatches.isEmpty ? 1 : 0))
    return reports
  }

  /// How many times faster Emotext is than `contender` in `task` (or, with `percent`, the fraction of the
  /// contender's speed Emotext reaches), on every input `where` accepts, against `target`.
  private func speedup(
    _ target: String, task: String, contender: String, at goal: Double, percent: Bool = false,
    where accepts: (Measurement) -> Bool
  ) -> TargetReport {
    var report = TargetReport(target: target, figures: [])
    for measurement in measurements
    where measurement.task == task && measurement.contender.hasPrefix(contender) && accepts(measurement)
      && !measurement.samplesSeconds.isEmpty
    {
      guard
        let reference = measurements.last(where: {
          $0.task == task && $0.input == measurement.input && $0.contender.hasPrefix("Emotext")
        })
      else { continue }
      let ratio = measurement.medianSeconds / reference.medianSeconds
      report.figures.append(
        percent
          ? String(format: "%@ %.1f %%", measurement.input, ratio * 100)
          : String(format: ratio >= 10 ? "%@ %.0f×" : "%@ %.2f×", measurement.input, ratio))
      report.worstMargin = min(report.worstMargin ?? .infinity, ratio / goal)
    }
    return report
  }
}
