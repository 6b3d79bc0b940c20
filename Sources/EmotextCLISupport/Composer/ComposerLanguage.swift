/// The language of the composer's own words (title, placeholder, hints, messages), chosen from the locale:
/// Chinese for a `zh` locale, English for any other.
///
/// ```swift
/// ComposerLanguage(environment: ["LANG": "zh_CN.UTF-8"])              // .chinese
/// ComposerLanguage(environment: ["LC_ALL": "C", "LANG": "zh_CN.UTF-8"]) // .english (LC_ALL wins)
/// ```
package enum ComposerLanguage: Sendable, Equatable {
  case chinese, english

  /// The language of the messages locale, found as POSIX finds it: the first of `LC_ALL`, `LC_MESSAGES` and
  /// `LANG` that is set and not empty.
  package init(environment: [String: String]) {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    self = locale.lowercased().hasPrefix("zh") ? .chinese : .english
  }

  /// The title row.
  var title: String { self == .chinese ? "发微博" : "New post" }
  /// The text shown while the document is empty.
  package var placeholder: String { self == .chinese ? "分享新鲜事…" : "What's happening?" }
  /// The name of the recents tab.
  package var recentsTabName: String { self == .chinese ? "最近" : "Recent" }
  /// Said when Ctrl-D is pressed on an empty post.
  var nothingToSend: String { self == .chinese ? "没有内容可发送" : "Nothing to send" }

  /// Said when Ctrl-D is pressed on a post `excess` past the limit.
  func overLimit(by excess: Int) -> String {
    self == .chinese ? "超出 \(excess) 字，无法发送" : "\(excess) over the limit, cannot send"
  }

  /// The status-bar hints, longest first (the longest that fits is shown).
  func hints(keyboardVisible: Bool) -> [String] {
    switch (self, keyboardVisible) {
    case (.chinese, true): ["Tab 收起表情  Enter 插入  Ctrl-D 发送  Esc 取消", "Tab收起 ⏎插入 ^D发送 Esc取消", "⏎插入 ^D发送"]
    case (.chinese, false): ["Tab 表情  Enter 换行  Ctrl-D 发送  Esc 取消", "Tab表情 ⏎换行 ^D发送 Esc取消", "Tab表情 ^D发送"]
    case (.english, true):
      [
        "Tab hide emoticons  Enter insert  Ctrl-D send  Esc cancel", "Tab hide ⏎insert ^D send Esc cancel",
        "⏎insert ^D send",
      ]
    case (.english, false):
      [
        "Tab emoticons  Enter new line  Ctrl-D send  Esc cancel", "Tab emoticons ^D send Esc cancel",
        "Tab emoticons ^D send",
      ]
    }
  }

  /// The keyboard's page line after the selected emoticon, longest first, for page `number` ("1/6").
  func pageLines(_ number: String) -> [String] {
    switch self {
    case .chinese:
      ["第 \(number) 页  PgUp/PgDn 翻页  ↑ 选择分组", "第 \(number) 页  PgUp/PgDn 翻页", "\(number)  PgUp/PgDn", number]
    case .english:
      ["page \(number)  PgUp/PgDn turn  ↑ tabs", "page \(number)  PgUp/PgDn turn", "\(number)  PgUp/PgDn", number]
    }
  }

  /// The delete key's label in a keyboard cell wide enough for a name.
  var deleteKey: String { self == .chinese ? "⌫ 删除" : "⌫ delete" }

  /// The hints at the end of the candidate row, for `count` candidates, longest first (the longest that fits is
  /// shown, or none).
  func candidateHints(count: Int) -> [String] {
    let numbers = count == 1 ? "1" : "1-\(count)"
    switch self {
    case .chinese: return ["\(numbers)/Tab/Enter 选择  ←→ 移动", "\(numbers)/⏎ 选择 ←→", "\(numbers) 选择"]
    case .english: return ["\(numbers)/Tab/Enter pick  ←→ move", "\(numbers)/⏎ pick ←→", "\(numbers) pick"]
    }
  }
}
