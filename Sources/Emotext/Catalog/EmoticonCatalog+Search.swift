import EmotextUnicode

extension EmoticonCatalog {
  /// The image emoticons whose names match `query`, best first, at most `limit` of them.
  ///
  /// A name is the emoticon's code or an alias without brackets (`哈哈`, `愛你`). Ranks, best first: the name
  /// itself; names the query starts in whole units — its characters (`哈`), whole pinyin syllables (`ha`, `haha`),
  /// both mixed (`哈ha`), Latin words (`ok` of `ok手势`); the same with the last unit unfinished (`hah`; `ha` of
  /// `汗`, *han*, or of the word `haha`), as a query still being typed; abbreviated syllables, initials (`hh`) or
  /// any syllable prefix (`xiaom`); names containing the query; pinyin matching from a later syllable. Ties go to shorter names, then to catalog order. Case,
  /// spaces and brackets in the query are ignored; an empty query lists the catalog in order.
  ///
  /// Pinyin comes from ICU's `Han-Latin` transliteration with tone marks removed (`Latin-ASCII`), computed
  /// once per catalog on the first search (copies of a catalog share it).
  ///
  /// ```swift
  /// EmoticonCatalog.default.search("hh", limit: 3).map(\.code)   // ["[哈哈]", …]
  /// ```
  /// - Complexity: O(*n*) in the number of names, after the first call.
  public func search(_ query: String, limit: Int = 20) -> [Emoticon] {
    searchIndexCache.index { EmoticonSearchIndex(self) }.search(query, limit: limit)
  }
}
