import Emotext
import Foundation

extension BenchmarkSuite {
  /// Prints what the generated inputs measure (per post for the realistic profile, per token for both) and
  /// checks the realistic profile against the ranges issue 10 gives for real Weibo posts: a statistic out of
  /// range is reported as a mismatch, so `--check` (CI) fails when the generator drifts.
  mutating func runProfileStatistics() {
    guard filter == nil || shouldRun("profile statistics") else { return }
    if profiles.contains(.realistic) {
      let posts = Input.realisticPosts(count: checkOnly ? 10_000 : 100_000)
      report(ProfileStatistics(posts: posts), of: "realistic posts ×\(posts.count) (the posts task's input)")
      let size = 1 << 20  // Note: about 6 500 posts, enough for the fractions to be stable.
      let document = input(Corpus(profile: .realistic, utf8Count: size))
      report(
        ProfileStatistics(posts: document.split(separator: "\n", omittingEmptySubsequences: false)),
        of: "realistic \(formatBytes(size)) document, split at LF")
    }
    if profiles.contains(.mixed) {
      let size = checkOnly ? 64 << 10 : 1 << 20
      let statistics = ProfileStatistics(posts: [input(Corpus(profile: .mixed, utf8Count: size))])
      say(
        String(
          format:
            "profile mixed %@: a bracket token every %.0f bytes, %.1f%% known to the catalog (a known one every %.0f)",
          formatBytes(size), statistics.bytesPerToken, statistics.knownFraction * 100,
          statistics.bytesPerToken / statistics.knownFraction))
    }
  }

  private mutating func report(_ statistics: ProfileStatistics, of name: String) {
    var parts: [String] = []
    for check in statistics.checks {
      let value = String(format: check.format, check.value)
      let inRange = check.range.contains(check.value)
      parts.append("\(check.name) \(value)\(inRange ? "" : " (OUT OF \(check.range))")")
      if !inRange {
        mismatches.append(
          OutputMismatch(
            task: "profile statistics", input: name, contender: "realistic generator",
            detail: "\(check.name) is \(value), outside \(check.range)"))
      }
    }
    say("profile \(name): " + parts.joined(separator: ", "))
    say(
      String(
        format: "  a bracket token every %.0f bytes (a known one every %.0f)", statistics.bytesPerToken,
        statistics.bytesPerToken / statistics.knownFraction))
  }
}
