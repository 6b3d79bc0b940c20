import Foundation
import Testing

@testable import Emotext

/// The quirks of real catalog copies, on the small bundles in `Tests/Fixtures/catalogs` that every clone has
/// (the tests on `../shared/fixtures` cover the same behaviours on the full copies when that folder is there).
@Suite("Catalog project fixtures") struct ProjectFixtureTests {
  @Test func tutorialBundleLoadsWithItsPacksAndOneWarning() throws {
    let report = EmoticonCatalog.validate(contentsOf: CatalogTestFiles.tutorialQuirks)
    #expect(report.errors.isEmpty, "\(report.lines)")
    let catalog = report.catalog
    #expect(
      catalog.packs.map(\.id) == ["com.sina.default", "com.apple.emoji", "com.sina.lxh", "com.sina.display_only"])
    #expect(catalog.packs.map(\.emoticons.count) == [5, 4, 2, 2])
    #expect(catalog.packs.map(\.isDisplayOnly) == [false, false, false, true])
    #expect(catalog.packs.map(\.displayName) == ["默认", "Emoji", "浪小花", "仅显示"])
    #expect(catalog.keyboardPacks.map(\.id) == ["com.sina.default", "com.apple.emoji", "com.sina.lxh"])
    #expect(
      report.warnings == [
        .packIDMismatch(
          CatalogLocation(file: "com.sina.lxh/info.plist", keyPath: "id"), listed: "com.sina.lxh",
          declared: "com.sina.lagnxiaohua")
      ], "the listed id wins over the one in info.plist, with a warning")
    #expect(catalog.packs[2].emoticons.allSatisfy { $0.packID == "com.sina.lxh" })
  }

  @Test func typeAsStringNumberEmptyOrMissingAndGifEmptyOrMissing() throws {
    let catalog = try EmoticonCatalog(contentsOf: CatalogTestFiles.tutorialQuirks)
    let love = try #require(catalog.emoticon(forToken: "[愛你]"))
    #expect(love.code == "[爱你]")
    #expect(love.kind == .image(png: "d_aini.png", gif: "d_aini.gif"))
    #expect(love.fallback == "😍", "fallback taken from the embedded default catalog")
    // type "" and gif "": an image without a gif; the cht equal to chs is no alias.
    let handshake = try #require(catalog.emoticon(forToken: "[握手]"))
    #expect(handshake.kind == .image(png: "h_woshou.png", gif: nil))
    #expect(handshake.aliases.isEmpty)
    #expect(catalog.emoticon(forToken: "[哈哈]")?.kind == .image(png: "d_haha.png", gif: nil), "<integer>0</integer>")
    #expect(catalog.emoticon(forToken: "[淚]")?.code == "[泪]", "<real>0</real> and extra keys")
    #expect(catalog.emoticon(forToken: "[微笑]")?.kind == .image(png: "d_hehe.png", gif: "d_hehe.gif"), "no type")
    let emoji = catalog.packs[1].emoticons
    #expect(emoji.map(\.kind) == [.emoji("😃"), .emoji("\u{2764}"), .emoji("👨‍👩‍👧"), .emoji("😀")])
    #expect(catalog.emoticon(forToken: "😃") == nil, "emoji are text, not bracket tokens")
    #expect(catalog.emoticon(forToken: "[好愛哦]")?.code == "[好爱哦]")
    #expect(catalog.emoticon(forToken: "[星星]")?.kind == .image(png: "star_full.png", gif: nil))
  }

  @Test func alternateKeySchemeLoads() throws {
    let alternate = try String(
      contentsOfFile: CatalogTestFiles.tutorialQuirks + "/DisplayOnly/info.plist", encoding: .utf8)
    let root = CatalogTestFiles.bundle([
      "emoticons.plist": CatalogTestFiles.packageList(["alt"]), "alt/info.plist": alternate,
    ])
    let report = EmoticonCatalog.validate(contentsOf: root)
    #expect(report.errors.isEmpty, "\(report.lines)")
    #expect(report.catalog.packs.first?.displayName == "仅显示")
    #expect(report.catalog.packs.first?.emoticons.map(\.code) == ["[星星]", "[空星]"])
    #expect(
      report.warnings.contains {
        if case .packIDMismatch(_, "alt", "com.sina._wb_display_only") = $0 { true } else { false }
      })
  }

  @Test func packDirectoriesAreStandardizedAndTheListNamesTheBundle() throws {
    let root = CatalogTestFiles.projectFixtures + "/./tutorial-quirks/../tutorial-quirks/"
    let catalog = try EmoticonCatalog(contentsOf: root)
    let expected = URL(fileURLWithPath: CatalogTestFiles.tutorialQuirks + "/com.sina.default")
      .resolvingSymlinksInPath().path
    #expect(catalog.packs[0].directory == expected)
    #expect(catalog == (try EmoticonCatalog(contentsOf: CatalogTestFiles.tutorialQuirks + "/emoticons.plist")))
  }

  @Test func yykitLayoutLoadsAdditionalPacks() throws {
    let report = EmoticonCatalog.validate(contentsOf: CatalogTestFiles.yykitLayout)
    #expect(report.errors.isEmpty, "\(report.lines)")
    let catalog = report.catalog
    #expect(
      catalog.packs.map(\.id) == [
        "com.sina.default", "com.apple.emoji", "additional/com.sina.default", "com.sina.emotions2015-04",
        "com.sina.emotions2015-05",
      ])
    #expect(catalog.packs.map(\.emoticons.count) == [2, 1, 2, 3, 1])
    #expect(catalog.packs.map(\.isDisplayOnly) == [false, false, false, true, true])
    #expect(catalog.packs[2].displayName == "默认", "an empty group name borrows the extended pack's name")
    let travel = try #require(catalog.emoticon(forToken: "[带着微博去旅行]"))
    #expect(travel.kind == .image(png: "eventtravel_mobile.png", gif: nil))
    #expect(travel.aliases.isEmpty)
    #expect(catalog.emoticon(forToken: "[羊年大吉]")?.packID == "com.sina.emotions2015-04")
    #expect(catalog.emoticon(forToken: "[炸雞啤酒]")?.code == "[炸鸡啤酒]")
  }

  @Test func yykitDuplicatesInDisplayOnlyPacksAreWarningsAndTheFirstWins() throws {
    let report = EmoticonCatalog.validate(contentsOf: CatalogTestFiles.yykitLayout)
    let againstDefault = report.warnings.compactMap { warning -> String? in
      guard case .duplicateCode(let location, let code, "com.sina.default") = warning,
        location.file == "additional/DisplayOnly/com.sina.emotions2015-04/info.json"
      else { return nil }
      return code
    }
    #expect(Set(againstDefault) == ["[微笑]", "[话筒]", "[話筒]"])
    #expect(report.catalog.emoticon(forToken: "[微笑]")?.kind == .image(png: "d_hehe.png", gif: "d_hehe.gif"))
    let line = try #require(report.lines.first { $0.contains("\"[微笑]\"") })
    #expect(line.hasPrefix("warning: additional/DisplayOnly/com.sina.emotions2015-04/info.json: emoticons["))
  }

  @Test(arguments: ["tutorial-quirks", "yykit-layout"])
  func exportThenImportIsIdentity(name: String) throws {
    let catalog = try EmoticonCatalog(contentsOf: CatalogTestFiles.projectFixtures + "/" + name)
    let path = CatalogTestFiles.bundle(["catalog.json": catalog.jsonText]) + "/catalog.json"
    let again = try EmoticonCatalog(contentsOf: path, allowingPackDirectoriesOutside: true)
    #expect(again == catalog)
    #expect(again.jsonText == catalog.jsonText)
  }
}
