import Foundation
import Testing

@testable import Emotext

@Suite("Catalog bundle loading") struct BundleLoadingTests {
  @Test(.enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing))
  func weiboFixtureLoadsWithItsCounts() throws {
    let report = EmoticonCatalog.validate(contentsOf: CatalogTestFiles.weibo)
    #expect(report.errors.isEmpty, "\(report.lines)")
    let catalog = report.catalog
    #expect(
      catalog.packs.map(\.id) == ["com.sina.default", "com.apple.emoji", "com.sina.lxh", "com.sina.display_only"])
    #expect(catalog.packs.map(\.emoticons.count) == [111, 80, 40, 3])
    #expect(catalog.packs.map(\.isDisplayOnly) == [false, false, false, true])
    #expect(catalog.packs.map(\.displayName) == ["默认", "Emoji", "浪小花", "仅显示"])
    let defaults = catalog.packs[0].emoticons
    #expect(defaults.filter { !$0.aliases.isEmpty }.count == 44)
    #expect(defaults.filter { if case .image(_, nil) = $0.kind { true } else { false } }.count == 19)
    // Note: the loader resolves symlinks (to check that image paths stay inside), and shared/ may be one.
    let expected = URL(fileURLWithPath: CatalogTestFiles.weibo + "/com.sina.default").resolvingSymlinksInPath().path
    #expect(catalog.packs[0].directory == expected)
    #expect(
      catalog.packs[0].directory?.contains("/./") == false && catalog.packs[0].directory?.contains("/../") == false)
  }

  @Test(.enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing))
  func weiboFixtureSampleEntries() throws {
    let catalog = try EmoticonCatalog(contentsOf: CatalogTestFiles.weibo)
    let love = try #require(catalog.emoticon(forToken: "[愛你]"))
    #expect(love.code == "[爱你]")
    #expect(love.aliases == ["[愛你]"])
    #expect(love.kind == .image(png: "d_aini.png", gif: "d_aini.gif"))
    #expect(love.packID == "com.sina.default")
    #expect(love.fallback == "😍", "fallback taken from the embedded default catalog")
    // [握手] has type "" (empty string) and an empty gif.
    #expect(catalog.emoticon(forToken: "[握手]")?.kind == .image(png: "h_woshou.png", gif: nil))
    // Display-only entries have no gif key at all.
    #expect(
      catalog.emoticon(forToken: "[星星]")?.kind == .image(png: "composer_rating_small_icon_highlighted.png", gif: nil))
    let emoji = catalog.packs[1].emoticons
    #expect(emoji.first?.code == "😃")
    #expect(emoji.first?.kind == .emoji("😃"))
    #expect(catalog.emoticon(forCode: "\u{2764}")?.packID == "com.apple.emoji")
    #expect(catalog.emoticon(forToken: "😃") == nil, "emoji are text, not bracket tokens")
    #expect(catalog.emoticon(forToken: "[笑哈哈]")?.packID == "com.sina.lxh")
  }

  @Test(.enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing))
  func listedPackIDWinsOverDeclaredOneWithAWarning() throws {
    let report = EmoticonCatalog.validate(contentsOf: CatalogTestFiles.weibo)
    #expect(
      report.warnings == [
        .packIDMismatch(
          CatalogLocation(file: "com.sina.lxh/info.plist", keyPath: "id"), listed: "com.sina.lxh",
          declared: "com.sina.lagnxiaohua")
      ])
    #expect(report.catalog.packs[2].emoticons.allSatisfy { $0.packID == "com.sina.lxh" })
  }

  @Test(.enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing))
  func yykitFixtureLoadsWithItsJSONVariant() throws {
    let report = EmoticonCatalog.validate(contentsOf: CatalogTestFiles.yykit)
    #expect(report.errors.isEmpty, "\(report.lines)")
    let catalog = report.catalog
    #expect(
      catalog.packs.map(\.id) == [
        "com.sina.default", "com.apple.emoji", "com.sina.lxh", "additional/com.sina.default",
        "com.sina.emotions2015-04", "com.sina.emotions2015-05", "com.sina.emotions2015-06",
        "com.sina.emotions2015-07", "com.sina.emotions2015-08",
      ])
    #expect(catalog.packs.map(\.emoticons.count) == [102, 80, 40, 6, 20, 6, 16, 13, 5])
    #expect(catalog.packs[4...].reduce(0) { $0 + $1.emoticons.count } == 60)
    #expect(catalog.packs.map(\.isDisplayOnly) == [false, false, false, false, true, true, true, true, true])
    #expect(catalog.packs[3].displayName == "默认", "an empty group name borrows the extended pack's name")
    #expect(catalog.packs[0].emoticons.filter { if case .image(_, nil) = $0.kind { true } else { false } }.count == 10)
    let travel = try #require(catalog.emoticon(forToken: "[带着微博去旅行]"))
    #expect(travel.kind == .image(png: "eventtravel_mobile.png", gif: nil))
    #expect(travel.aliases.isEmpty)
    #expect(catalog.emoticon(forToken: "[哆啦A梦微笑]") != nil)
    #expect(catalog.emoticon(forToken: "[羊年大吉]")?.packID == "com.sina.emotions2015-04")
    #expect(catalog.emoticon(forToken: "[炸雞啤酒]")?.code == "[炸鸡啤酒]")
  }

  @Test(.enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing))
  func duplicateNamesInDisplayOnlyPacksAreWarningsAndTheFirstWins() throws {
    let report = EmoticonCatalog.validate(contentsOf: CatalogTestFiles.yykit)
    let againstDefault = report.warnings.compactMap { warning -> String? in
      guard case .duplicateCode(let location, let code, "com.sina.default") = warning,
        location.file == "additional/DisplayOnly/com.sina.emotions2015-04/info.json"
      else { return nil }
      return code
    }
    // SOURCES.md: 13 names in 2015-04 repeat com.sina.default ([话筒] also repeats its alias [話筒]).
    #expect(Set(againstDefault.map { $0 == "[話筒]" ? "[话筒]" : $0 }).count == 13)
    #expect(againstDefault.contains("[微笑]"))
    #expect(report.catalog.emoticon(forToken: "[微笑]")?.kind == .image(png: "d_hehe.png", gif: "d_hehe.gif"))
    let line = try #require(report.lines.first { $0.contains("\"[微笑]\"") })
    #expect(line.hasPrefix("warning: additional/DisplayOnly/com.sina.emotions2015-04/info.json: emoticons["))
  }

  @Test(.enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing))
  func alternateDisplayOnlyKeySchemeLoads() throws {
    let alternate = try String(contentsOfFile: CatalogTestFiles.weibo + "/DisplayOnly/info.plist", encoding: .utf8)
    let root = CatalogTestFiles.bundle([
      "emoticons.plist": CatalogTestFiles.packageList(["alt"]), "alt/info.plist": alternate,
    ])
    let report = EmoticonCatalog.validate(contentsOf: root)
    #expect(report.errors.isEmpty, "\(report.lines)")
    #expect(report.catalog.packs.first?.displayName == "仅显示")
    #expect(report.catalog.packs.first?.emoticons.map(\.code) == ["[星星]", "[空星]", "[半星]"])
    #expect(
      report.warnings.contains {
        if case .packIDMismatch(_, "alt", "com.sina._wb_display_only") = $0 { true } else { false }
      })
  }

  @Test(arguments: [
    ("<string>0</string>", false), ("<integer>0</integer>", false), ("<real>0</real>", false),
    ("<string>1</string>", true), ("<integer>1</integer>", true), ("<string></string>", false),
  ])
  func typeMayBeStringNumberOrEmpty(type: String, isEmoji: Bool) throws {
    let entry =
      isEmoji
      ? "<key>code</key><string>0x1f600</string><key>type</key>\(type)" : CatalogTestFiles.image("[a]", type: type)
    let catalog = try EmoticonCatalog(contentsOf: CatalogTestFiles.onePackBundle([entry]))
    #expect(catalog.packs[0].emoticons.first?.isImage == !isEmoji)
  }

  @Test func missingTypeIsInferredAndExtraKeysAreIgnored() throws {
    let root = CatalogTestFiles.onePackBundle(
      [
        "<key>chs</key><string>[a]</string><key>png</key><string>a.png</string><key>en</key><string>[]</string>",
        "<key>code</key><string>0x1f468-0x200d-0x1f469</string><key>weird</key><array/>",
      ], extra: "<key>group_type</key><integer>0</integer><key>download_url</key><string></string>")
    let catalog = try EmoticonCatalog(contentsOf: root)
    #expect(catalog.packs[0].emoticons.map(\.kind) == [.image(png: "a.png", gif: nil), .emoji("👨‍👩")])
    #expect(catalog.emoticon(forCode: "👨‍👩")?.code == "👨‍👩")
  }

  @Test func emptyGifAndChtEqualToChsAreAbsent() throws {
    let root = CatalogTestFiles.onePackBundle([CatalogTestFiles.image("[a]", cht: "[a]", gif: "")])
    let emoticon = try #require(try EmoticonCatalog(contentsOf: root).emoticon(forToken: "[a]"))
    #expect(emoticon.aliases.isEmpty)
    #expect(emoticon.kind == .image(png: "x.png", gif: nil))
  }

  @Test func displayOnlyFlagComesFromListOrInfo() throws {
    let root = CatalogTestFiles.bundle([
      "emoticons.plist": CatalogTestFiles.plist(
        "<dict><key>packages</key><array><dict><key>id</key><string>a</string><key>display_only</key><integer>1</integer></dict>"
          + "<dict><key>id</key><string>b</string></dict><dict><key>id</key><string>c</string></dict></array></dict>"),
      "a/info.plist": CatalogTestFiles.info(id: "a", entries: [CatalogTestFiles.image("[a]")]),
      "b/info.plist": CatalogTestFiles.info(
        id: "b", entries: [CatalogTestFiles.image("[b]")], extra: "<key>display_only</key><string>1</string>"),
      "c/info.json": #"{"id":"c","group_name_cn":"C","emoticons":[{"chs":"[c]","png":"c.png","type":0}]}"#,
    ])
    let catalog = try EmoticonCatalog(contentsOf: root)
    #expect(catalog.packs.map(\.isDisplayOnly) == [true, true, false])
    #expect(catalog.packs[2].displayName == "C", "a listed pack may be info.json")
  }

  @Test(.enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing))
  func packDirectoriesAreStandardizedAbsolutePaths() throws {
    let catalog = try EmoticonCatalog(contentsOf: CatalogTestFiles.fixtures + "/./weibo-emoticons/../weibo-emoticons/")
    // Note: the loader resolves symlinks (to check that image paths stay inside), and shared/ may be one.
    let expected = URL(fileURLWithPath: CatalogTestFiles.weibo + "/com.sina.default").resolvingSymlinksInPath().path
    #expect(catalog.packs[0].directory == expected)
    #expect(
      catalog.packs[0].directory?.contains("/./") == false && catalog.packs[0].directory?.contains("/../") == false)
  }

  @Test(.enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing))
  func theBundlesEmoticonsPlistNamesTheBundle() throws {
    let catalog = try EmoticonCatalog(contentsOf: CatalogTestFiles.weibo + "/emoticons.plist")
    #expect(catalog == (try EmoticonCatalog(contentsOf: CatalogTestFiles.weibo)))
  }
}
