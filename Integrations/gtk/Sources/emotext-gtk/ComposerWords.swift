/// The composer's own words: Chinese for a `zh` messages locale, else English (as `emotext compose`).
struct ComposerWords {
  let isChinese: Bool

  init(environment: [String: String]) {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    isChinese = locale.lowercased().hasPrefix("zh")
  }

  var title: String { isChinese ? "发微博" : "New post" }
  var placeholder: String { isChinese ? "分享新鲜事…" : "What's happening?" }
  var recentsTab: String { isChinese ? "最近" : "Recent" }
  var send: String { isChinese ? "发送" : "Send" }
  var emoticons: String { isChinese ? "表情" : "Emoticons" }
  var delete: String { isChinese ? "删除" : "Delete" }
  var textViewName: String { isChinese ? "微博正文" : "Post text" }
  var counterName: String { isChinese ? "字数" : "Length" }
  var previousPage: String { isChinese ? "上一页" : "Previous page" }
  var nextPage: String { isChinese ? "下一页" : "Next page" }
  func page(_ number: Int, of count: Int) -> String { isChinese ? "第 \(number)/\(count) 页" : "page \(number)/\(count)" }
  func counter(_ length: Int, _ limit: Int) -> String { "\(length)/\(limit)" }
}
