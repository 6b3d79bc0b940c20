extension EmoticonCatalog {
  /// The catalog compiled into the library, used whenever no catalog is given.
  public static let `default` = EmoticonCatalog(packs: [
    EmoticonPack(id: "com.sina.default", displayName: "默认", emoticons: [
      Emoticon(code: "[哈哈]", kind: .image(png: "d_haha.png", gif: nil), fallback: "😆", packID: "com.sina.default"),
      Emoticon(code: "[爱你]", aliases: ["[愛你]"], kind: .image(png: "d_aini.png", gif: nil), fallback: "😍",
               packID: "com.sina.default"),
      Emoticon(code: "[抓狂]", kind: .image(png: "d_zhuakuang.png", gif: nil), fallback: "😫", packID: "com.sina.default"),
      Emoticon(code: "[微笑]", kind: .image(png: "d_hehe.png", gif: nil), fallback: "🙂", packID: "com.sina.default"),
      Emoticon(code: "[兔子]", kind: .image(png: "d_tuzi.png", gif: nil), fallback: "🐰", packID: "com.sina.default"),
    ]),
  ])
}
