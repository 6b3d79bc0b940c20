import EmotextUnicode

extension RichText {
  /// The text a screen reader should speak for this document in `language`: each emoticon as its name
  /// (``Emoticon/spokenName(in:)``: `哈哈`, `愛你` in Traditional Chinese), each emoji as its CLDR short name
  /// (``EmojiNames``; skin tones and ZWJ sequences by CLDR's derived names), the rest as it is. A name is set off
  /// from the text and names beside it by one space, where there is no white space already, so a voice does not
  /// run them together. An emoji CLDR has no name for stays as it is.
  ///
  /// Give it to the platform as the view's accessible text: `accessibilityLabel` on iOS,
  /// `contentDescription` on Android, `aria-label` on the web.
  ///
  /// ```swift
  /// let post = BracketTokenizer(catalog: .default).tokenize("好开心[哈哈]👍🏽")
  /// post.spokenText(in: .chineseSimplified)   // "好开心 哈哈 拇指向上: 中等肤色"
  /// post.spokenText(in: .english)             // "好开心 哈哈 thumbs up: medium skin tone"
  /// ```
  /// - Complexity: O(*n*) in the length of the document.
  public func spokenText(in language: SpokenLanguage) -> String {
    var spoken = SpokenTextBuilder()
    for run in runs {
      switch run {
      case .emoticon(let attachment):
        spoken.appendName(attachment.emoticon.spokenName(in: language))
      case .text(let text, _):
        for (segment, isEmoji) in EmojiClusters.segments(of: text) {
          if isEmoji, let name = EmojiNames.name(of: segment, in: language) {
            spoken.appendName(name)
          } else {
            spoken.appendText(segment)
          }
        }
      }
    }
    return spoken.text
  }
}

extension Emoticon {
  /// The name a screen reader speaks for this emoticon: its code without the brackets (`哈哈` for `[哈哈]`), or
  /// for ``SpokenLanguage/chineseTraditional`` its traditional (`cht`) alias without them when it has one
  /// (`愛你` for `[爱你]`). An emoji emoticon's name is the emoji's CLDR name when there is one.
  ///
  /// ```swift
  /// let love = EmoticonCatalog.default.emoticon(forToken: "[爱你]")!
  /// love.spokenName(in: .chineseSimplified)    // "爱你"
  /// love.spokenName(in: .chineseTraditional)   // "愛你"
  /// ```
  public func spokenName(in language: SpokenLanguage) -> String {
    if case .emoji(let emoji) = kind, let name = EmojiNames.name(of: emoji, in: language) { return name }
    guard language == .chineseTraditional,
      let cht = aliases.first(where: { $0.hasPrefix("[") && $0.hasSuffix("]") && $0.utf8.count >= 3 })
    else { return name }
    return Self.name(ofToken: cht)
  }
}

/// Spoken text put together: names set off by one space from what is beside them.
private struct SpokenTextBuilder {
  private(set) var text = ""
  private var endsWithName = false

  mutating func appendName(_ name: String) {
    if let last = text.unicodeScalars.last, !last.properties.isWhitespace { text += " " }
    text += name
    endsWithName = true
  }

  mutating func appendText(_ segment: Substring) {
    if endsWithName, let first = segment.unicodeScalars.first, !first.properties.isWhitespace { text += " " }
    text += segment
    endsWithName = false
  }
}
