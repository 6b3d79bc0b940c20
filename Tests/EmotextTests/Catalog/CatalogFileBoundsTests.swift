import Foundation
import Testing

@testable import Emotext

/// Files from outside are read bounded: regular files only, up to a size, with errors that say what is wrong;
/// a JSON pack's `directory` stays inside the catalog's folder unless the caller opts in.
@Suite("Catalog and recents files are bounded")
struct CatalogFileBoundsTests {
  /// A FIFO in a new scratch folder; nothing ever writes to it, so reading it whole would wait forever.
  static func fifo(named name: String) -> String {
    let path = CatalogTestFiles.scratchFolder() + "/" + name
    precondition(mkfifo(path, 0o600) == 0, "mkfifo \(path) failed: errno \(errno)")
    return path
  }

  /// A sparse file of `byteCount` bytes (no disk space used) in a new scratch folder.
  static func hugeFile(named name: String, byteCount: Int) -> String {
    let path = CatalogTestFiles.scratchFolder() + "/" + name
    precondition(FileManager.default.createFile(atPath: path, contents: nil))
    precondition(truncate(path, off_t(byteCount)) == 0, "truncate \(path) failed: errno \(errno)")
    return path
  }

  @Test func aFIFOIsRefusedWithoutWaitingForAWriter() {
    let path = Self.fifo(named: "catalog.json")
    #expect(
      EmoticonCatalog.validate(contentsOf: path).errors == [
        .notARegularFile(CatalogLocation(file: "catalog.json"), found: "a FIFO")
      ])
  }

  @Test func aDeviceIsRefusedBeforeItIsRead() {
    #expect(
      EmoticonCatalog.validate(contentsOf: "/dev/zero").errors == [
        .notARegularFile(CatalogLocation(file: "zero"), found: "a character device")
      ])
  }

  @Test func aHugeFileIsRefusedBeforeItIsRead() {
    let path = Self.hugeFile(named: "catalog.json", byteCount: 300_000_000)
    let errors = EmoticonCatalog.validate(contentsOf: path).errors
    #expect(
      errors == [
        .fileTooLarge(
          CatalogLocation(file: "catalog.json"), byteCount: 300_000_000,
          maximumByteCount: EmoticonCatalog.maximumFileByteCount)
      ])
    #expect(
      errors.first?.description
        == "catalog.json: expected a file of at most 16777216 bytes, found 300000000 bytes")
  }

  @Test func aFileAtTheLimitIsRead() {
    let path = Self.hugeFile(named: "catalog.json", byteCount: EmoticonCatalog.maximumFileByteCount)
    let errors = EmoticonCatalog.validate(contentsOf: path).errors
    #expect(errors.count == 1)
    guard case .malformedFile = errors.first else {
      Issue.record("a file of exactly the limit is read (and is not JSON): \(errors)")
      return
    }
  }

  @Test func aFolderWhereAPackFileShouldBeIsNamed() throws {
    let root = CatalogTestFiles.bundle([
      "emoticons.plist": CatalogTestFiles.packageList(["p"])
    ])
    try FileManager.default.createDirectory(atPath: root + "/p/info.plist", withIntermediateDirectories: true)
    #expect(
      EmoticonCatalog.validate(contentsOf: root).errors == [
        .notARegularFile(CatalogLocation(file: "p/info.plist"), found: "a directory")
      ])
  }

  static func jsonCatalog(directory: String) -> String {
    #"{"version":1,"packs":[{"id":"p","directory":"\#(directory)","emoticons":[{"code":"[好]","png":"hao.png"}]}]}"#
  }

  @Test(arguments: ["../outside", "/etc", "images/../../outside", "a/..", "link"])
  func aPackDirectoryOutsideTheCatalogFolderIsAnError(directory: String) throws {
    let root = CatalogTestFiles.bundle(["c.json": Self.jsonCatalog(directory: directory)])
    try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: "/etc")
    let report = EmoticonCatalog.validate(contentsOf: root + "/c.json")
    #expect(
      report.errors == [
        .unsafePackDirectory(CatalogLocation(file: "c.json", keyPath: "packs[0].directory"), directory: directory)
      ])
    #expect(report.catalog.packs.isEmpty, "the pack is left out: nothing is looked for there")
    let trusted = try EmoticonCatalog(contentsOf: root + "/c.json", allowingPackDirectoriesOutside: true)
    #expect(trusted.packs.count == 1)
    #expect(
      EmoticonCatalog.validate(jsonData: Data(Self.jsonCatalog(directory: directory).utf8)).errors.count
        == (directory == "link" ? 0 : 1), "in memory, the directory as written")
  }

  @Test(arguments: [".", "images", "images/faces", "./images"])
  func aPackDirectoryInsideTheCatalogFolderLoads(directory: String) throws {
    let root = CatalogTestFiles.bundle(["c.json": Self.jsonCatalog(directory: directory)])
    let catalog = try EmoticonCatalog(contentsOf: root + "/c.json")
    #expect(catalog.packs.first?.directory?.hasPrefix(root) == true)
  }

  // MARK: Recents

  static let recentsCatalog = EmoticonCatalog.default

  @Test func recentsFromAFIFOADeviceOrAFolderAreIgnoredAndSaySo() {
    let fifo = Self.fifo(named: "recents.json")
    #expect(
      RecentEmoticons.load(from: fifo, catalog: Self.recentsCatalog).problem
        == .notARegularFile(path: fifo, found: "a FIFO"))
    #expect(
      RecentEmoticons.load(from: "/dev/zero", catalog: Self.recentsCatalog).problem
        == .notARegularFile(path: "/dev/zero", found: "a character device"))
    let folder = CatalogTestFiles.scratchFolder()
    let loaded = RecentEmoticons.load(from: folder, catalog: Self.recentsCatalog)
    #expect(loaded.problem == .notARegularFile(path: folder, found: "a directory"))
    #expect(loaded.problem?.description == "\(folder): ignored, expected a regular file, found a directory")
  }

  @Test func aHugeRecentsFileIsIgnored() {
    let path = Self.hugeFile(named: "recents.json", byteCount: 300_000_000)
    let loaded = RecentEmoticons.load(from: path, catalog: Self.recentsCatalog)
    #expect(
      loaded.problem
        == .fileTooLarge(
          path: path, byteCount: 300_000_000, maximumByteCount: RecentEmoticons.maximumFileByteCount))
    #expect(loaded.recents.emoticons.isEmpty)
  }
}
