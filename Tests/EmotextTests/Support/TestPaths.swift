import Foundation
import Testing

/// Folders the tests read, found from this file's path (not through SwiftPM resources).
enum TestPaths {
  /// The package root.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// `Corpus/`.
  static let corpus = packageRoot.appendingPathComponent("Corpus")
  /// `../shared/fixtures`, beside the package root.
  static let sharedFixtures = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
  /// Whether `../shared/fixtures/weibo-emoticons` is there: beside the developers' clones, not beside a user's.
  static let hasSharedWeiboFixture = FileManager.default.fileExists(
    atPath: sharedFixtures.appendingPathComponent("weibo-emoticons").path)
  /// Why the tests that read it are skipped without it, in the words `.ci/run` looks for in a user's clone.
  static let sharedWeiboFixtureMissing: Comment =
    "../shared/fixtures/weibo-emoticons is not beside this clone (a user's clone): skipped"
  /// `shared/conformance/twitter-text` beside the package root or beside a folder holding it (a worktree under
  /// `wt/`); the first candidate when there is none (a clone outside this workspace).
  static let twitterTextConformance: URL = {
    let candidates = [
      packageRoot.deletingLastPathComponent(), packageRoot.deletingLastPathComponent().deletingLastPathComponent(),
    ]
    .map { $0.appendingPathComponent("shared/conformance/twitter-text") }
    return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("extract.json").path) }
      ?? candidates[0]
  }()
}
