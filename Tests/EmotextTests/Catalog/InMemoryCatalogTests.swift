import Emotext
import Foundation
import Testing

/// `init(jsonData:)`, `init(bundleFiles:)` and their `validate` forms: the path reader's formats, checks and messages
/// from bytes, without files.
@Suite("Catalogs in memory") struct InMemoryCatalogTests {
  typealias Files = CatalogTestFiles

  /// Every file under `folder`, by its path relative to it.
  static func contents(of folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for case let path as String in FileManager.default.enumerator(atPath: folder) ?? FileManager.DirectoryEnumerator() {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
    }
    return files
  }

  /// The packs with their directories left out (on disk they are the folders' paths, in memory there are none).
  static func withoutDirectories(_ catalog: EmoticonCatalog) -> [EmoticonPack] {
    catalog.packs.map { pack in
      var pack = pack
      pack.directory = nil
      return pack
    }
  }

  /// Loading from disk and from memory gives the same report: packs, errors and warnings, in order.
  static func expectSameReport(_ folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let fromDisk = EmoticonCatalog.validate(contentsOf: folder)
    let fromMemory = EmoticonCatalog.validate(bundleFiles: try contents(of: folder))
    #expect(fromMemory.lines == fromDisk.lines, sourceLocation: sourceLocation)
    #expect(fromMemory.errors == fromDisk.errors, sourceLocation: sourceLocation)
    #expect(
      withoutDirectories(fromMemory.catalog) == withoutDirectories(fromDisk.catalog), sourceLocation: sourceLocation)
    #expect(!fromDisk.catalog.packs.isEmpty, sourceLocation: sourceLocation)
    #expect(fromMemory.catalog.packs.allSatisfy { $0.directory == nil }, sourceLocation: sourceLocation)
  }

  @Test func projectFixturesLoadFromMemoryAsFromDisk() throws {
    // Note: the tutorial's quirks (display-only packs, a pack id mismatch warning, the `emoticon_group_*` keys) and
    // YYKit's `additional/` folders, found in memory by the paths that go through them.
    try Self.expectSameReport(Files.tutorialQuirks)
    try Self.expectSameReport(Files.yykitLayout)
    let yykit = EmoticonCatalog.validate(bundleFiles: try Self.contents(of: Files.yykitLayout))
    #expect(yykit.catalog.packs.contains { $0.id == "additional/com.sina.default" })
  }

  @Test func bundleErrorsNameTheirFileAndKeyAsFromDisk() throws {
    let files = [
      "emoticons.plist": Files.packageList(["p", "missing"]),
      "p/info.plist": Files.info(id: "p", entries: [Files.image("哈哈"), Files.image("[a]", png: "../a.png")]),
    ]
    let report = EmoticonCatalog.validate(bundleFiles: files.mapValues { Data($0.utf8) })
    #expect(report.lines.count == 3)
    #expect(report.lines[0].hasPrefix("error: p/info.plist: emoticons[0].chs: expected \"[\""))
    #expect(report.lines[1].hasPrefix("error: p/info.plist: emoticons[1].png: expected a relative path"))
    #expect(report.lines[2] == "error: missing/info.plist: file not found (expected a readable file)")
    try Self.expectSameReport(Files.bundle(files))
    #expect(throws: report.errors[0]) { try EmoticonCatalog(bundleFiles: files.mapValues { Data($0.utf8) }) }
    #expect(
      EmoticonCatalog.validate(bundleFiles: [:]).lines == [
        "error: emoticons.plist: file not found (expected a readable file)"
      ])
  }

  @Test(arguments: [
    ("{\"version\":1,\n \"packs\": [\n  {\"id\": \"p\",, }\n]}", "line 3, column 14: invalid value"),
    ("{\"a\":\"哈哈\",, }", "line 1, column 15: invalid value"),
    ("{\"a\": 1}\n\nx", "line 3, column 1: invalid value"),
  ])
  func jsonThatDoesNotParseNamesItsFileLineAndColumn(json: String, detail: String) {
    #expect(
      EmoticonCatalog.validate(jsonData: Data(json.utf8), fileName: "in/memory.json").lines == [
        "error: in/memory.json: malformed file: \(detail)"
      ])
    #expect(
      EmoticonCatalog.validate(jsonData: Data(json.utf8)).lines == ["error: catalog.json: malformed file: \(detail)"])
  }

  @Test func anExportedCatalogLoadsBackFromMemory() throws {
    let catalog = try EmoticonCatalog(jsonData: Data(EmoticonCatalog.default.jsonText.utf8))
    #expect(catalog == EmoticonCatalog.default)
    // Note: a relative directory stays as written (on disk it would be resolved against the file's folder).
    let json = #"{"version":1,"packs":[{"id":"p","directory":"faces","emoticons":[{"code":"[a]","png":"a.png"}]}]}"#
    let relative = try EmoticonCatalog(jsonData: Data(json.utf8))
    #expect(relative.packs.map(\.directory) == ["faces"])
    let bad = #"{"version":1,"packs":[{"id":"p","emoticons":[{"code":"[a]","png":"/etc/passwd"}]}]}"#
    #expect(throws: CatalogError.self) { try EmoticonCatalog(jsonData: Data(bad.utf8)) }
    #expect(
      EmoticonCatalog.validate(jsonData: Data(bad.utf8)).lines == [
        "error: catalog.json: packs[0].emoticons[0].png: expected a relative path inside the pack folder, found \"/etc/passwd\""
      ])
  }

  /// A JSON catalog file read from disk whatever its extension (it was read as a property list unless it ended in
  /// `.json`).
  @Test func aJSONCatalogFileWithAnotherExtensionLoadsAsJSON() throws {
    let folder = Files.bundle(["catalog.txt": EmoticonCatalog.default.jsonText])
    #expect(try EmoticonCatalog(contentsOf: folder + "/catalog.txt") == EmoticonCatalog.default)
  }

  /// The example of the Catalogs article (Catalogs.md, "Catalogs in memory"), verbatim.
  @Test func articleExample() throws {
    let exportedText = EmoticonCatalog.default.jsonText
    let list = Data(Files.packageList(["com.sina.default"]).utf8)
    let info = Data(Files.info(id: "com.sina.default", entries: [Files.image("[哈哈]")]).utf8)

    let catalog = try EmoticonCatalog(jsonData: Data(exportedText.utf8))
    let bundle = try EmoticonCatalog(bundleFiles: ["emoticons.plist": list, "com.sina.default/info.plist": info])
    let report = EmoticonCatalog.validate(jsonData: Data(#"{"version":1,"packs":[}"#.utf8), fileName: "custom.json")

    #expect(catalog == EmoticonCatalog.default)
    #expect(bundle.emoticon(forCode: "[哈哈]") != nil)
    #expect(report.lines == ["error: custom.json: malformed file: line 1, column 23: invalid value"])
  }
}
