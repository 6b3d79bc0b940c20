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

  @Test(arguments: FuzzRegressionTests.inputs)
  func replay(_ input: String) throws {
    let target = try #require(Self.target(of: input))
    let bytes = try [UInt8](Data(contentsOf: Self.corpus.appending(path: input)))
    do {
      try target.check(bytes)
    } catch {
      Issue.record("\(input): \(error)")
    }
  }
}
