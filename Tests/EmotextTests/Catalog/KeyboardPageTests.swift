import Testing

@testable import Emotext
@testable import EmotextCLISupport

@Suite("Keyboard pages") struct KeyboardPageTests {
  private func pack(_ count: Int) -> EmoticonPack {
    EmoticonPack(
      id: "p", displayName: "P",
      emoticons: (0..<count).map { Emoticon(code: "[e\($0)]", kind: .image(png: "e\($0).png", gif: nil), packID: "p") })
  }

  @Test func defaultLayoutIsThreeBySevenWithTwentyEmoticons() {
    #expect(KeyboardLayout.standard == KeyboardLayout(rows: 3, columns: 7))
    #expect(KeyboardLayout.standard.cellsPerPage == 21)
    #expect(KeyboardLayout.standard.emoticonsPerPage == 20)
  }

  @Test(arguments: [(0, 1), (1, 1), (20, 1), (21, 2), (40, 2), (41, 3), (111, 6)])
  func pageCountAndShape(emoticons: Int, pages expected: Int) {
    let pages = pack(emoticons).pages()
    #expect(pages.count == expected)
    for (index, page) in pages.enumerated() {
      #expect(page.pageIndex == index)
      #expect(page.packID == "p")
      #expect(page.cells.count == 21)
      #expect(page.cells.last == .delete)
      #expect(page.cells.dropLast().allSatisfy { $0 != .delete })
    }
    #expect(pages.flatMap(\.emoticons).map(\.code) == pack(emoticons).emoticons.map(\.code))
  }

  @Test func lastPageIsPaddedBeforeTheDeleteKey() {
    let last = pack(23).pages().last!
    #expect(last.emoticons.map(\.code) == ["[e20]", "[e21]", "[e22]"])
    #expect(last.cells[3..<20].allSatisfy { $0 == .empty })
    #expect(Array(last.cells.prefix(3)) == pack(23).emoticons[20...].map(KeyboardPage.Cell.emoticon))
  }

  @Test func emptyPackHasOnePageOfEmptiesAndDelete() {
    let pages = pack(0).pages(layout: KeyboardLayout(rows: 2, columns: 2))
    #expect(pages.map(\.cells) == [[.empty, .empty, .empty, .delete]])
    #expect(pages[0].textGrid == "· ·\n· ⌫")
  }

  @Test func customLayoutRowsAndGrid() {
    let pages = pack(5).pages(layout: KeyboardLayout(rows: 2, columns: 3))
    #expect(pages.count == 1)
    #expect(pages[0].rowCells.map(\.count) == [3, 3])
    #expect(pages[0].textGrid == "[e0] [e1] [e2]\n[e3] [e4] ⌫")
    let tiny = pack(3).pages(layout: KeyboardLayout(rows: 1, columns: 2))
    #expect(tiny.map(\.textGrid) == ["[e0] ⌫", "[e1] ⌫", "[e2] ⌫"])
  }

  @Test func defaultCatalogPages() {
    let pages = EmoticonCatalog.default.packs[0].pages()
    #expect(pages.count == (EmoticonCatalog.default.packs[0].emoticons.count + 19) / 20)
    #expect(pages[0].rowCells[0].first == .emoticon(EmoticonCatalog.default.packs[0].emoticons[0]))
  }

  @Test(.enabled(if: CatalogTestFiles.hasSharedFixtures, CatalogTestFiles.sharedFixturesMissing))
  func displayOnlyPacksAreNotOnTheKeyboard() throws {
    let catalog = try EmoticonCatalog(contentsOf: CatalogTestFiles.weibo)
    #expect(catalog.keyboardPacks.map(\.id) == ["com.sina.default", "com.apple.emoji", "com.sina.lxh"])
    #expect(catalog.pack(id: "com.sina.display_only")?.isDisplayOnly == true)
  }
}
