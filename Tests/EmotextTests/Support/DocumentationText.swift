import Foundation

/// The documentation's text: README.md and the articles of the DocC catalog, for the tests that run their
/// examples and check that the text still shows what the tests run.
enum DocumentationText {
  /// The DocC catalog, `Sources/Emotext/Emotext.docc`.
  static let catalog = TestPaths.packageRoot.appendingPathComponent("Sources/Emotext/Emotext.docc")

  /// README.md.
  static func readme() throws -> String {
    try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
  }

  /// The article `NAME.md` of the DocC catalog.
  static func article(_ name: String) throws -> String {
    try String(contentsOf: catalog.appendingPathComponent(name + ".md"), encoding: .utf8)
  }
}
