import Foundation
import Testing

@testable import Emotext

@Suite("Recent emoticons") struct RecentEmoticonsTests {
  let catalog = EmoticonCatalog.default

  private func emoticon(_ code: String) -> Emoticon { catalog.emoticon(forCode: code)! }

  @Test func mostRecentFirstWithoutDuplicates() {
    var recents = RecentEmoticons()
    #expect(recents.capacity == 20)
    for code in ["[哈哈]", "[爱你]", "😃", "[哈哈]"] { recents.use(emoticon(code)) }
    #expect(recents.emoticons.map(\.code) == ["[哈哈]", "😃", "[爱你]"])
    recents.use(catalog.emoticon(forToken: "[愛你]")!)
    #expect(recents.emoticons.map(\.code) == ["[爱你]", "[哈哈]", "😃"], "an alias is the same emoticon")
  }

  @Test func capacityDropsTheOldest() {
    var recents = RecentEmoticons(capacity: 3)
    for (index, emoticon) in catalog.packs[0].emoticons.prefix(5).enumerated() {
      recents.use(emoticon)
      #expect(recents.emoticons.count == min(index + 1, 3))
    }
    #expect(recents.emoticons.map(\.code) == catalog.packs[0].emoticons[2..<5].reversed().map(\.code))
  }

  @Test func saveThenLoadRoundTrips() throws {
    let path = CatalogTestFiles.scratchFolder() + "/recents.json"
    var recents = RecentEmoticons()
    for code in ["[微笑]", "👨‍👩‍👧", "[兔子]"] { recents.use(emoticon(code)) }
    try recents.save(to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"version":1,"codes":["[兔子]","👨‍👩‍👧","[微笑]"]}"#)
    let result = RecentEmoticons.load(from: path, catalog: catalog)
    #expect(result.problem == nil)
    #expect(result.droppedCodes.isEmpty)
    #expect(result.recents == recents)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == [
        "recents.json"
      ])
  }

  @Test func missingFileStartsEmptyWithAReason() {
    let path = CatalogTestFiles.scratchFolder() + "/recents.json"
    let result = RecentEmoticons.load(from: path, catalog: catalog)
    #expect(result.recents.emoticons.isEmpty)
    #expect(result.problem == .missingFile(path: path))
  }

  @Test(arguments: [
    ("", "not valid JSON"), (#"{"version":1,"codes":["[哈"#, "not valid JSON"),
    ("[1]", "the top level is not an object"),
    (#"{"version":2,"codes":[]}"#, "version: expected 1"), (#"{"version":1}"#, "codes: expected an array of strings"),
    (#"{"version":1,"codes":["[哈哈]",3]}"#, "codes[1]: expected a string"),
  ])
  func corruptFileStartsEmptyWithAReason(contents: String, detail: String) {
    let path = CatalogTestFiles.bundle(["recents.json": contents]) + "/recents.json"
    let result = RecentEmoticons.load(from: path, catalog: catalog)
    #expect(result.recents.emoticons.isEmpty)
    #expect(result.problem == .malformed(path: path, detail: detail))
    #expect("\(result.problem!)".hasPrefix(path + ": ignored"))
  }

  @Test func codesNoLongerInTheCatalogAreDroppedOnLoad() {
    let path =
      CatalogTestFiles.bundle(["r.json": #"{"version":1,"codes":["[哈哈]","[没了]","[愛你]","[爱你]","😃","[哈哈]"]}"#])
      + "/r.json"
    let result = RecentEmoticons.load(from: path, catalog: catalog, capacity: 2)
    #expect(result.problem == nil)
    #expect(result.droppedCodes == ["[没了]"])
    #expect(result.recents.emoticons.map(\.code) == ["[哈哈]", "[爱你]"])
    #expect(result.recents.capacity == 2)
  }

  @Test func saveIntoAMissingFolderThrowsAndNamesTheFile() {
    let path = CatalogTestFiles.scratchFolder() + "/no/such/folder/recents.json"
    #expect {
      try RecentEmoticons().save(to: path)
    } throws: { error in
      guard let error = error as? RecentsSaveError, case .writeFailed(let file, let step, _) = error else {
        return false
      }
      return file.hasPrefix((path as NSString).deletingLastPathComponent + "/.recents.json.")
        && step == "create a temporary file"
    }
  }

  @Test func aWriterDyingMidWriteLeavesTheOldFile() throws {
    let folder = CatalogTestFiles.scratchFolder()
    let path = folder + "/recents.json"
    var recents = RecentEmoticons()
    recents.use(emoticon("[哈哈]"))
    try recents.save(to: path)
    // What a writer killed before its rename leaves behind: a half-written temporary file.
    var next = recents
    next.use(emoticon("[泪]"))
    let torn = Data(next.jsonText.utf8.prefix(15))
    try torn.write(to: URL(fileURLWithPath: folder + "/.recents.json.999.dead.tmp"))
    let result = RecentEmoticons.load(from: path, catalog: catalog)
    #expect(result.problem == nil)
    #expect(result.recents == recents)
  }

  @Test func racingWritersAlwaysLeaveAValidFile() async throws {
    let path = CatalogTestFiles.scratchFolder() + "/recents.json"
    let emoticons = catalog.packs[0].emoticons
    var first = RecentEmoticons()
    var second = RecentEmoticons()
    for emoticon in emoticons.prefix(20) { first.use(emoticon) }
    for emoticon in emoticons.suffix(20) { second.use(emoticon) }
    try first.save(to: path)
    let candidates = [first, second]
    let catalog = catalog
    let invalidReads = try await withThrowingTaskGroup(of: Int.self) { group in
      for recents in candidates {
        group.addTask {
          for _ in 0..<150 { try recents.save(to: path) }
          return 0
        }
      }
      group.addTask {
        var invalid = 0
        for _ in 0..<300 {
          let result = RecentEmoticons.load(from: path, catalog: catalog)
          if result.problem != nil || !candidates.contains(result.recents) { invalid += 1 }
        }
        return invalid
      }
      return try await group.reduce(0, +)
    }
    #expect(invalidReads == 0)
    let final = RecentEmoticons.load(from: path, catalog: catalog)
    #expect(final.problem == nil)
    #expect(candidates.contains(final.recents))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == [
        "recents.json"
      ])
  }
}
