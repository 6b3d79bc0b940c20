import Foundation

/// Folders the tests read, found from this file's path (not through SwiftPM resources).
enum TestPaths {
  /// The package root.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// `Corpus/`.
  static let corpus = packageRoot.appendingPathComponent("Corpus")
  /// `../shared/fixtures`, beside the package root.
  static let sharedFixtures = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
}
