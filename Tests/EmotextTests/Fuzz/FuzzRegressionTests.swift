import Foundation
import Testing

@testable import Emotext

/// Replays every fuzz seed (`Corpus/fuzz/TARGET/`) and every saved finding (`Corpus/fuzz/regressions/TARGET-…`)
/// through the same property checks the libFuzzer targets run (see `Fuzz/run.sh`).
@Suite("Fuzz regressions") struct FuzzRegressionTests {
  static let corpus = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../../Corpus/fuzz")
    .standardizedFileURL

  /// Every input to replay, as a path relative to `Corpus/fuzz/`.
  static let inputs: [String] = {
    var result: [String] = []
    for folder in FuzzTarget.allCases.map(\.rawValue) + ["regressions"] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.appending(path: folder).path)) ?? []
      result += names.filter { !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
    }
    return result
  }()

  /// The target an input belongs to: its folder, or for a finding the start of its name.
  static func target(of input: String) -> FuzzTarget? {
    let parts = input.split(separator: "/")
    let name = parts[0] == "regressions" ? parts[1].prefix { $0 != "-" } : parts[0]
    return FuzzTarget(rawValue: String(name))
  }

  /// The targets that replay an input: its folder's; for a finding, the target it names and the targets split off
  /// that one since (``FuzzTarget/splitOff``), so a finding keeps being checked by everything that found it.
  static func targets(of input: String) -> [FuzzTarget] {
    guard let target = target(of: input) else { return [] }
    return input.hasPrefix("regressions/") ? [target] + target.splitOff : [target]
  }

  @Test("every target has seeds, and every finding names its target")
  func corpusLayout() {
    for target in FuzzTarget.allCases {
      #expect(
        Self.inputs.contains { $0.hasPrefix("\(target.rawValue)/") }, "no seeds in Corpus/fuzz/\(target.rawValue)/")
    }
    for input in Self.inputs where Self.target(of: input) == nil {
      Issue.record("\(input) does not start with a target name: \(FuzzTarget.allCases.map(\.rawValue))")
    }
  }

  // Note: one test per target, not per input: the campaigns (Fuzz/campaign.sh) grow the corpora to thousands of
  // inputs, and each failing input is still recorded under its own name. A saved timeout (`TARGET-timeout-…`) is
  // replayed here for its properties only, with no time limit (no timed unit tests); .ci/checks/fuzz-smoke.sh
  // replays the timeouts in the fuzz binary under libFuzzer's 10-second limit.
  @Test(
    "every seed and finding of the target passes its properties (timeouts: not timed here)",
    arguments: FuzzTarget.allCases)
  func replay(_ target: FuzzTarget) throws {
    let inputs = Self.inputs.filter { Self.targets(of: $0).contains(target) }
    #expect(!inputs.isEmpty, "nothing to replay for \(target.rawValue)")
    for input in inputs {
      let bytes = try [UInt8](Data(contentsOf: Self.corpus.appending(path: input)))
      do {
        try target.check(bytes)
      } catch {
        Issue.record("\(input): \(error)")
      }
    }
  }
}
