import Emotext
import Foundation
import Testing

@Suite("Catalogs article") struct CatalogArticleTests {
  /// The Swift example of the Catalogs article (Catalogs.md), verbatim, with real paths for `bundlePath` and
  /// `recentsPath`.
  @Test(.enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing)) func example() throws
  {
    let bundlePath = CatalogTestFiles.weibo
    let recentsPath = CatalogTestFiles.scratchFolder() + "/recents.json"

    let catalog = try EmoticonCatalog(contentsOf: bundlePath)
    let report = EmoticonCatalog.validate(contentsOf: bundlePath)
    let pages = catalog.packs[0].pages(layout: .standard)
    var recents = RecentEmoticons.load(from: recentsPath, catalog: catalog).recents
    recents.use(catalog.emoticon(forCode: "[哈哈]")!)
    try recents.save(to: recentsPath)
    let emoji = try EmojiCode.parse("0x1f468-0x200d-0x1f469")

    #expect(report.errors.isEmpty)
    #expect(pages.count == 6)
    #expect(RecentEmoticons.load(from: recentsPath, catalog: catalog).recents.emoticons.map(\.code) == ["[哈哈]"])
    #expect(emoji == "👨‍👩")
  }
}

/// Runs the built `emotext` binary, when `swift build` has produced it beside the test bundle.
@Suite("emotext catalog (CLI)") struct CatalogCommandLineTests {
  static let binary = TestPaths.packageRoot.appendingPathComponent(".build/debug/emotext").path
  static let isBuilt = FileManager.default.isExecutableFile(atPath: binary)

  private func run(_ arguments: [String], stdin: String = "") throws -> (status: Int32, stdout: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test(.enabled(if: isBuilt), .enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing))
  func editWithAFixtureCatalogInsertsAnAttachment() throws {
    let result = try run(["edit", "--catalog", CatalogTestFiles.weibo], stdin: #"{"emoticon": "[笑哈哈]"}"# + "\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""runs":[{"emoticon":"[笑哈哈]"}]"#))
  }

  @Test(.enabled(if: isBuilt)) func validateListsEachProblemAndFails() throws {
    let root = CatalogTestFiles.onePackBundle([
      CatalogTestFiles.image("哈哈"), CatalogTestFiles.image("[a]", png: "../a.png"),
    ])
    let result = try run(["catalog", "validate", root])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("error: p/info.plist: emoticons[0].chs: expected \"[\"") == true)
    #expect(lines.last?.hasPrefix("error: p/info.plist: emoticons[1].png: expected a relative path") == true)
  }
}
