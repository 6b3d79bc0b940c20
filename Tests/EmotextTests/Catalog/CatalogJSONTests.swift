import Foundation
import Testing

@testable import Emotext

@Suite("Catalog JSON format") struct CatalogJSONTests {
  /// Writes `catalog` as JSON into a scratch folder and loads it back.
  private func reloaded(_ catalog: EmoticonCatalog) throws -> EmoticonCatalog {
    let path = CatalogTestFiles.bundle(["catalog.json": catalog.jsonText]) + "/catalog.json"
    return try EmoticonCatalog(contentsOf: path, allowingPackDirectoriesOutside: true)
  }

  @Test(
    .enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing),
    arguments: ["weibo-emoticons", "yykit-emoticon-weibo"])
  func exportThenImportIsIdentityForFixtures(name: String) throws {
    let catalog = try EmoticonCatalog(contentsOf: CatalogTestFiles.fixtures + "/" + name)
    let again = try reloaded(catalog)
    #expect(again == catalog)
    #expect(again.packs.map(\.directory) == catalog.packs.map(\.directory))
    #expect(again.jsonText == catalog.jsonText)
  }

  @Test func exportThenImportIsIdentityForTheDefaultCatalog() throws {
    let again = try reloaded(.default)
    #expect(again == .default)
    #expect(again.packs.allSatisfy { $0.directory == nil })
    #expect(again.emoticon(forCode: "👨‍👩‍👧")?.kind == .emoji("👨‍👩‍👧"))
  }

  @Test func exportFormatIsStable() {
    let catalog = EmoticonCatalog(packs: [
      EmoticonPack(
        id: "p", displayName: "P",
        emoticons: [
          Emoticon(
            code: "[爱你]", aliases: ["[愛你]"], kind: .image(png: "a.png", gif: "a.gif"), fallback: "😍", packID: "p"),
          Emoticon(code: "😀", kind: .emoji("😀"), packID: "p"),
        ], isDisplayOnly: true, directory: "/bundle/p"),
      EmoticonPack(id: "q", displayName: "Q", emoticons: []),
    ])
    #expect(
      catalog.jsonText == """
        {"version":1,"packs":[
        {"id":"p","displayName":"P","displayOnly":true,"directory":"/bundle/p","emoticons":[
        {"code":"[爱你]","aliases":["[愛你]"],"png":"a.png","gif":"a.gif","fallback":"😍"},
        {"code":"😀","emoji":"😀"}
        ]},
        {"id":"q","displayName":"Q","displayOnly":false,"emoticons":[
        ]}
        ]}

        """)
  }

  @Test func handWrittenCatalogWithRelativeDirectoryAndDefaults() throws {
    let root = CatalogTestFiles.bundle([
      "c.json":
        #"{"version":1,"packs":[{"id":"mine","directory":"images","emoticons":[{"code":"[好]","png":"hao.png"},{"code":"👍","emoji":"👍","fallback":"+1"}]}]}"#
    ])
    let catalog = try EmoticonCatalog(contentsOf: root + "/c.json")
    #expect(catalog.packs[0].displayName == "mine")
    #expect(catalog.packs[0].isDisplayOnly == false)
    #expect(catalog.packs[0].directory == root + "/images")
    #expect(catalog.emoticon(forToken: "[好]")?.packID == "mine")
    #expect(catalog.emoticon(forCode: "👍")?.fallback == "+1")
  }
}

@Suite("Default catalog") struct DefaultCatalogTests {
  let catalog = EmoticonCatalog.default

  @Test func hasTheWeiboDefaultPackAndAnEmojiPack() {
    #expect(catalog.packs.map(\.id) == ["com.sina.default", "com.apple.emoji"])
    let weibo = catalog.packs[0].emoticons
    #expect(weibo.count >= 100)
    #expect(weibo.allSatisfy { $0.isImage && $0.fallback?.isEmpty == false && $0.packID == "com.sina.default" })
    #expect(
      weibo.allSatisfy {
        EmoticonCatalog.isValidImageToken($0.code) && $0.aliases.allSatisfy(EmoticonCatalog.isValidImageToken)
      })
    let emoji = catalog.packs[1].emoticons
    #expect(emoji.count >= 80)
    #expect(emoji.allSatisfy { $0.kind == .emoji($0.code) && $0.aliases.isEmpty })
  }

  @Test(arguments: [("[哈哈]", "😆"), ("[爱你]", "😍"), ("[抓狂]", "😫"), ("[微笑]", "🙂"), ("[兔子]", "🐰")])
  func keepsTheEmoticonsOtherTestsUse(code: String, fallback: String) {
    #expect(catalog.emoticon(forToken: code)?.fallback == fallback)
  }

  @Test func traditionalFormsAreAliases() {
    #expect(catalog.emoticon(forToken: "[愛你]")?.code == "[爱你]")
    #expect(catalog.emoticon(forToken: "[淚]")?.code == "[泪]")
    #expect(catalog.emoticon(forToken: "[陰險]")?.code == "[阴险]")
  }

  @Test(.enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing))
  func coversTheFixtureDefaultPackAndHasNoDuplicates() throws {
    let fixture = try EmoticonCatalog(contentsOf: CatalogTestFiles.weibo).packs[0].emoticons
    for emoticon in fixture {
      #expect(catalog.emoticon(forToken: emoticon.code)?.code == emoticon.code)
    }
    let tokens = catalog.packs.flatMap(\.emoticons).flatMap { [$0.code] + $0.aliases }
    #expect(Set(tokens).count == tokens.count)
  }
}
