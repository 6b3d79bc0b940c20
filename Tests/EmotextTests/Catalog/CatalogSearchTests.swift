import Testing

@testable import Emotext
@testable import EmotextUnicode

@Suite("Catalog search")
struct CatalogSearchTests {
  static func codes(_ query: String, limit: Int = 5, in catalog: EmoticonCatalog = .default) -> [String] {
    catalog.search(query, limit: limit).map(\.code)
  }

  static let catalog = EmoticonCatalog(packs: [
    EmoticonPack(
      id: "t", displayName: "t",
      emoticons: ["[微笑]", "[哈哈]", "[哈欠]", "[小明]", "[笑cry]", "[doge]", "[右哼哼]"].map {
        Emoticon(code: $0, kind: .image(png: "x.png", gif: nil), packID: "t")
      } + [
        Emoticon(code: "[爱你]", aliases: ["[愛你]"], kind: .image(png: "x.png", gif: nil), packID: "t"),
        Emoticon(code: "😀", kind: .emoji("😀"), packID: "t"),
      ])
  ])

  @Test(arguments: [
    ("哈", ["[哈哈]", "[哈欠]"]),  // names starting with it, in catalog order
    ("哈欠", ["[哈欠]"]),  // the name itself
    ("haha", ["[哈哈]"]),  // full pinyin
    ("hah", ["[哈哈]"]),  // the last syllable unfinished
    ("hh", ["[哈哈]", "[右哼哼]"]),  // initials, then initials from a later syllable
    ("哈h", ["[哈哈]"]),  // Chinese and pinyin mixed
    ("xiaom", ["[小明]"]),  // a syllable then a prefix
    ("xm", ["[小明]"]),
    ("xiao", ["[小明]", "[笑cry]", "[微笑]"]),  // from the start first, then a later syllable
    ("ai", ["[爱你]"]),  // an alias's name counts once
    ("愛", ["[爱你]"]),
    ("[哈", ["[哈哈]", "[哈欠]"]),  // brackets are ignored
    ("HA HA", ["[哈哈]"]),  // so are case and spaces
    ("DOGE", ["[doge]"]),
    ("zzz", []),
  ])
  func ranking(query: String, expected: [String]) {
    #expect(Self.codes(query, in: Self.catalog) == expected)
  }

  /// Names whose readings end inside a unit for some queries (汗 han, 嘿嘿 hei hei, 心 xin, okay), placed before
  /// names the same queries spell in whole units, so catalog order and length alone would rank them first.
  static let unitCatalog = EmoticonCatalog(packs: [
    EmoticonPack(
      id: "u", displayName: "u",
      emoticons: ["[汗]", "[haha]", "[哈哈]", "[嘿嘿]", "[喝水]", "[心]", "[嘻嘻]", "[okay]", "[ok手势]", "[憨笑]"].map {
        Emoticon(code: $0, kind: .image(png: "x.png", gif: nil), packID: "u")
      })
  ])

  /// Issue 36: a query that ends where a unit of the name ends (a whole pinyin syllable, a character, a Latin
  /// word) ranks before one that ends inside a unit, whatever the names' lengths and catalog order.
  @Test(arguments: [
    ("ha", ["[哈哈]", "[汗]", "[憨笑]", "[haha]"]),  // 哈 is ha; 汗 and 憨 are han, haha a longer word
    ("[ha", ["[哈哈]", "[汗]", "[憨笑]", "[haha]"]),  // as the composer queries it
    ("han", ["[汗]", "[憨笑]"]),  // both whole: the shorter first
    ("he", ["[喝水]", "[嘿嘿]"]),  // 喝 is he; 嘿 is hei
    ("xi", ["[嘻嘻]", "[心]", "[憨笑]"]),  // 嘻 is xi; 心 is xin; then from a later syllable
    ("ok", ["[ok手势]", "[okay]"]),  // a Latin word ends before 手
    ("hah", ["[哈哈]", "[haha]"]),  // both unfinished: the shorter first
    ("haha", ["[haha]", "[哈哈]"]),  // the name itself first
  ])
  func wholeUnitsRankBeforeUnfinishedOnes(query: String, expected: [String]) {
    #expect(Self.codes(query, in: Self.unitCatalog) == expected)
  }

  @Test func theDefaultCatalogOffersHahaFirstForHa() {
    #expect(Self.codes("[ha").first == "[哈哈]", "\(Self.codes("[ha"))")
  }

  @Test func anEmptyQueryListsImageEmoticonsInOrder() {
    #expect(Self.codes("", limit: 3, in: Self.catalog) == ["[微笑]", "[哈哈]", "[哈欠]"])
    #expect(Self.codes("", limit: 0, in: Self.catalog) == [])
  }

  @Test func theDefaultCatalogIsSearchedByPinyin() {
    #expect(Self.codes("haha").contains("[哈哈]"))
    #expect(Self.codes("hh").first == "[哈哈]")
    #expect(Self.codes("xixi").first == "[嘻嘻]")
  }

  @Test func pinyinComesFromICU() throws {
    let transliterator = try Transliterator(Transliterator.pinyinIdentifier)
    #expect(transliterator.transliterate("哈哈") == "ha ha")
    #expect(transliterator.transliterate("爱你") == "ai ni")
    #expect(throws: TransliterationError.self) { try Transliterator("No-Such-Transliterator") }
    // Longer than the first buffer (4 units per unit): the shim asks for a larger one.
    let long = String(repeating: "壮", count: 100)
    #expect(transliterator.transliterate(long) == Array(repeating: "zhuang", count: 100).joined(separator: " "))
  }

  /// A transliterator ID ICU does not accept is the caller's input, so it is a typed error naming the ID (the
  /// failure policy, the Errors article), not a bare ICU status.
  @Test func anUnknownTransliteratorIDIsAnErrorNamingIt() {
    do {
      _ = try Transliterator("No-Such-Transliterator")
      Issue.record("expected an error")
    } catch {
      #expect("\(error)" == #"unknown transliterator ID "No-Such-Transliterator" (U_INVALID_ID)"#)
    }
  }

  @Test func copiesShareOneIndex() {
    let copy = Self.catalog
    _ = copy.search("x", limit: 1)
    #expect(copy.searchIndexCache === Self.catalog.searchIndexCache)
  }
}
