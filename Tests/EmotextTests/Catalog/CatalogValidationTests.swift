import EmotextTestSupport
import Foundation
import Testing

@testable import Emotext

@Suite("Catalog validation") struct CatalogValidationTests {
  typealias Files = CatalogTestFiles

  /// The errors of validating `root`, which must also make loading throw the first of them.
  private func errors(_ root: String) -> [CatalogError] {
    let report = EmoticonCatalog.validate(contentsOf: root)
    #expect(throws: report.errors.first!) { try EmoticonCatalog(contentsOf: root) }
    return report.errors
  }

  @Test func missingPathAndMissingFiles() {
    #expect(errors("/no/such/catalog") == [.missingFile(CatalogLocation(file: "/no/such/catalog"))])
    #expect(errors(Files.scratchFolder()) == [.missingFile(CatalogLocation(file: "emoticons.plist"))])
    let root = Files.bundle([
      "emoticons.plist": Files.packageList(["gone", "p"]), "p/info.plist": Files.info(id: "p", entries: []),
    ])
    let found = errors(root)
    #expect(found == [.missingFile(CatalogLocation(file: "gone/info.plist"))])
    #expect("\(found[0])" == "gone/info.plist: file not found (expected a readable file)")
    #expect(EmoticonCatalog.validate(contentsOf: root).catalog.packs.map(\.id) == ["p"], "other packs still load")
  }

  @Test func malformedPropertyListAndJSON() {
    let plist = errors(Files.bundle(["emoticons.plist": "<plist><dict><key>packages</key>"]))
    guard case .malformedFile(let location, _) = plist.first else {
      Issue.record("expected malformedFile, got \(plist)")
      return
    }
    #expect(location == CatalogLocation(file: "emoticons.plist"))
    #expect("\(plist[0])".hasPrefix("emoticons.plist: malformed file: "))

    let json = errors(
      Files.bundle(["emoticons.plist": Files.packageList(["p"]), "p/info.json": "{\"emoticons\": [1,"]))
    guard case .malformedFile(let jsonLocation, _) = json.first else {
      Issue.record("expected malformedFile, got \(json)")
      return
    }
    #expect(jsonLocation.file == "p/info.json")
    #expect("\(json[0])" == "p/info.json: malformed file: line 1, column 18: unexpected end of file during JSON parse")

    let array = errors(Files.bundle(["emoticons.plist": Files.plist("<array/>")]))
    #expect(
      array == [
        .malformedFile(
          CatalogLocation(file: "emoticons.plist"), detail: "expected a dictionary at the top level, found an array")
      ])
  }

  @Test(arguments: [
    ("{\"version\":1,\n \"packs\": [\n  {\"id\": \"p\",, }\n]}", "line 3, column 14: invalid value"),
    ("{\"a\":\"哈哈\",, }", "line 1, column 15: invalid value"),
    ("{\"a\": 1}\n\nx", "line 3, column 1: invalid value"),
  ])
  func jsonThatDoesNotParseNamesItsLineAndColumn(json: String, detail: String) throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "emotext-json-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "catalog.json")
    try Data(json.utf8).write(to: file)
    #expect(
      EmoticonCatalog.validate(contentsOf: file.path).errors.map { "\($0)" }
        == ["catalog.json: malformed file: \(detail)"])
  }

  @Test func missingKeysAndWrongTypes() {
    #expect(
      errors(Files.bundle(["emoticons.plist": Files.plist("<dict/>")]))
        == [.missingKey(CatalogLocation(file: "emoticons.plist", keyPath: "packages"))])
    let wrong = errors(
      Files.bundle(["emoticons.plist": Files.plist("<dict><key>packages</key><string>x</string></dict>")]))
    #expect(
      wrong == [
        .wrongValue(
          CatalogLocation(file: "emoticons.plist", keyPath: "packages"), expected: "an array", found: "the string \"x\""
        )
      ])
    #expect("\(wrong[0])" == "emoticons.plist: packages: expected an array, found the string \"x\"")
    let root = Files.onePackBundle([
      Files.image("[a]"),
      "<key>chs</key><string>[b]</string><key>type</key><string>0</string>",
      "<key>chs</key><integer>3</integer><key>png</key><string>c.png</string>",
      Files.image("[d]", type: "<string>2</string>"),
    ])
    let found = errors(root)
    #expect(
      found.map(\.location.description) == [
        "p/info.plist: emoticons[1].png", "p/info.plist: emoticons[2].chs", "p/info.plist: emoticons[3].type",
      ])
    #expect("\(found[1])" == "p/info.plist: emoticons[2].chs: expected a string, found the number 3")
    #expect(EmoticonCatalog.validate(contentsOf: root).catalog.packs[0].emoticons.map(\.code) == ["[a]"])
  }

  @Test func packIDsMustBeFolderNames() {
    for id in ["../outside", "a/b", "..", ""] {
      let found = errors(Files.bundle(["emoticons.plist": Files.packageList([id])]))
      #expect(found.map(\.location.description) == ["emoticons.plist: packages[0].id"], "id \(id)")
    }
  }

  @Test func emptyCode() {
    let found = errors(Files.onePackBundle([Files.image("")]))
    #expect(found == [.emptyCode(CatalogLocation(file: "p/info.plist", keyPath: "emoticons[0].chs"))])
    #expect("\(found[0])".contains("p/info.plist: emoticons[0].chs: expected a code"))
  }

  @Test(arguments: ["哈哈", "[哈哈", "哈哈]", "[]", "[a]b]", "[a[b]", "[a&#10;b]", "[a&#13;b]", "x[a]"])
  func imageCodesNeedBrackets(code: String) {
    let found = errors(Files.onePackBundle([Files.image(code)]))
    guard case .codeWithoutBrackets(let location, _) = found.first, found.count == 1 else {
      Issue.record("expected one codeWithoutBrackets, got \(found)")
      return
    }
    #expect(location.description == "p/info.plist: emoticons[0].chs")
  }

  @Test func aliasesNeedBracketsToo() {
    let found = errors(Files.onePackBundle([Files.image("[a]", cht: "a")]))
    #expect(
      found == [.codeWithoutBrackets(CatalogLocation(file: "p/info.plist", keyPath: "emoticons[0].cht"), code: "a")])
    #expect(EmoticonCatalog.isValidImageToken("[哈哈]"))
    #expect(EmoticonCatalog.isValidImageToken("[a b]"))
    #expect(!EmoticonCatalog.isValidImageToken("[a\u{2028}b]"))
  }

  @Test(arguments: ["/etc/passwd", "../x.png", "a/../../x.png", "..", "a/.."])
  func imagePathsMustStayInThePackFolder(path: String) {
    let found = errors(Files.onePackBundle([Files.image("[a]", png: path)]))
    #expect(found == [.unsafeImagePath(CatalogLocation(file: "p/info.plist", keyPath: "emoticons[0].png"), path: path)])
    #expect(
      "\(found[0])"
        == "p/info.plist: emoticons[0].png: expected a relative path inside the pack folder, found \"\(path)\"")
  }

  @Test func gifPathsAreCheckedToo() {
    let found = errors(Files.onePackBundle([Files.image("[a]", gif: "../../a.gif")]))
    #expect(found.map(\.location.description) == ["p/info.plist: emoticons[0].gif"])
  }

  @Test func symbolicLinksLeavingThePackFolderAreRefused() throws {
    let outside = Files.bundle(["secret.png": "x"])
    let root = Files.onePackBundle([
      Files.image("[in]", png: "inside.png"), Files.image("[out]", png: "link.png"),
      Files.image("[dir]", png: "linkdir/secret.png"),
    ])
    try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/p/real.png"))
    try FileManager.default.createSymbolicLink(atPath: root + "/p/inside.png", withDestinationPath: "real.png")
    try FileManager.default.createSymbolicLink(
      atPath: root + "/p/link.png", withDestinationPath: outside + "/secret.png")
    try FileManager.default.createSymbolicLink(atPath: root + "/p/linkdir", withDestinationPath: outside)
    let found = errors(root)
    #expect(
      found == [
        .unsafeImagePath(CatalogLocation(file: "p/info.plist", keyPath: "emoticons[1].png"), path: "link.png"),
        .unsafeImagePath(
          CatalogLocation(file: "p/info.plist", keyPath: "emoticons[2].png"), path: "linkdir/secret.png"),
      ])
  }

  @Test func aPackFolderLinkedOutsideTheBundleIsRefused() throws {
    let outside = Files.onePackBundle([Files.image("[a]", png: "a.png")])
    let root = Files.bundle([
      "emoticons.plist": Files.packageList(["p", "q"]),
      "p/info.plist": Files.info(id: "p", entries: [Files.image("[b]", png: "b.png")]),
    ])
    try FileManager.default.createSymbolicLink(atPath: root + "/q", withDestinationPath: outside + "/p")
    let found = errors(root)
    let resolved = URL(fileURLWithPath: outside + "/p").resolvingSymlinksInPath().path
    #expect(found == [.packFolderOutsideBundle(CatalogLocation(file: "q"), resolvedPath: resolved)])
    #expect("\(found[0])" == "q: expected a pack folder inside the bundle, found a link to \"\(resolved)\"")
    #expect(EmoticonCatalog.validate(contentsOf: root).catalog.packs.map(\.id) == ["p"], "the other packs still load")
  }

  @Test(arguments: [
    ("0xd83d", EmojiCodeError.surrogate(component: "0xd83d", componentIndex: 0)),
    ("0x1f600-0x110000", .outOfRange(component: "0x110000", componentIndex: 1)),
    ("smile", .notHexadecimal(component: "smile", componentIndex: 0)),
  ])
  func invalidEmojiCodes(code: String, reason: EmojiCodeError) {
    let found = errors(
      Files.onePackBundle(["<key>code</key><string>\(code)</string><key>type</key><string>1</string>"]))
    #expect(
      found == [
        .invalidEmojiCode(
          CatalogLocation(file: "p/info.plist", keyPath: "emoticons[0].code"), code: code, reason: reason)
      ])
    #expect("\(found[0])".hasPrefix("p/info.plist: emoticons[0].code: invalid emoji code \"\(code)\": code point"))
  }

  @Test func duplicateCodesAcrossPacksAreWarningsAndTheFirstWins() throws {
    let root = Files.bundle([
      "emoticons.plist": Files.packageList(["a", "b"]),
      "a/info.plist": Files.info(id: "a", entries: [Files.image("[x]", cht: "[X]", png: "a.png")]),
      "b/info.plist": Files.info(id: "b", entries: [Files.image("[y]"), Files.image("[X]", png: "b.png")]),
    ])
    let report = EmoticonCatalog.validate(contentsOf: root)
    #expect(report.errors.isEmpty)
    #expect(
      report.warnings == [
        .duplicateCode(CatalogLocation(file: "b/info.plist", keyPath: "emoticons[1]"), code: "[X]", firstPackID: "a")
      ])
    #expect(
      report.lines == [
        "warning: b/info.plist: emoticons[1]: duplicate code \"[X]\", already defined in pack a (the first one wins)"
      ])
    #expect(try EmoticonCatalog(contentsOf: root).emoticon(forToken: "[X]")?.kind == .image(png: "a.png", gif: nil))
  }

  @Test func jsonCatalogErrors() {
    func jsonErrors(_ text: String) -> [String] {
      let root = Files.bundle(["c.json": text])
      return errors(root + "/c.json").map(\.description)
    }
    #expect(jsonErrors(#"{"packs":[]}"#) == ["c.json: version: missing (expected this key to be present)"])
    #expect(jsonErrors(#"{"version":2,"packs":[]}"#) == ["c.json: version: expected version 1, found the number 2"])
    #expect(
      jsonErrors(#"{"version":true,"packs":[]}"#) == ["c.json: version: expected version 1, found the boolean true"])
    #expect(
      jsonErrors(#"{"version":1,"packs":[{"id":"a","emoticons":[{"code":""}]}]}"#) == [
        "c.json: packs[0].emoticons[0].code: expected a code such as \"[哈哈]\", found an empty string"
      ])
    #expect(
      jsonErrors(#"{"version":1,"packs":[{"id":"a","emoticons":[{"code":"[a]","aliases":["b"],"png":"a.png"}]}]}"#) == [
        "c.json: packs[0].emoticons[0].aliases[0]: expected \"[\", 1 or more characters other than brackets and line breaks, then \"]\", found \"b\""
      ])
    #expect(
      jsonErrors(#"{"version":1,"packs":[{"id":"a","directory":"a","emoticons":[{"code":"[a]","png":"/a.png"}]}]}"#)
        == [
          "c.json: packs[0].emoticons[0].png: expected a relative path inside the pack folder, found \"/a.png\""
        ])
    #expect(
      jsonErrors(#"{"version":1,"packs":[{"id":"a","emoticons":[]},{"id":"a","emoticons":[]}]}"#) == [
        "c.json: packs[1].id: expected a non-empty id no earlier pack uses, found \"a\""
      ])
  }

  @Test func loadingNeverCrashesOnMangledFiles() throws {
    let seed: UInt64 = 20_261_130
    print("Catalog mangling seed: \(seed)")
    var generator = SeededGenerator(seed: seed)
    let originals = [
      try Data(contentsOf: URL(fileURLWithPath: Files.tutorialQuirks + "/com.sina.lxh/info.plist")),
      try Data(contentsOf: URL(fileURLWithPath: Files.yykitLayout + "/additional/com.sina.default/info.json")),
      Data(EmoticonCatalog.default.jsonText.utf8),
    ]
    var failures = 0
    for round in 0..<180 {
      var bytes = [UInt8](originals[round % 3])
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes.remove(at: index)
        default: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...200, using: &generator)))
        }
        if bytes.isEmpty { bytes = [0x7B] }
      }
      let name = ["p/info.plist", "p/info.json", "catalog.json"][round % 3]
      let root = Files.bundle(["emoticons.plist": Files.packageList(["p"])])
      try FileManager.default.createDirectory(atPath: root + "/p", withIntermediateDirectories: true)
      try Data(bytes).write(to: URL(fileURLWithPath: root + "/" + name))
      let report = EmoticonCatalog.validate(contentsOf: round % 3 == 2 ? root + "/catalog.json" : root)
      failures += report.errors.isEmpty ? 0 : 1
      for error in report.errors { #expect(error.location.file == name || error.location.file == "emoticons.plist") }
    }
    #expect(failures > 0, "mangling should break some files")
  }
}
