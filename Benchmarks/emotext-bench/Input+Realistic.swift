import Emotext
import EmotextTestSupport

/// The "realistic" input profile: generated posts whose statistics follow real Weibo posts (issue 10).
extension Input {
  /// Common CJK phrases of one to four characters, the body of most posts.
  private static let phrases = [
    "今天", "真的", "好开心", "我们", "一起", "哈哈哈", "太好看了", "终于", "明天", "周末", "加油", "喜欢",
    "这个", "什么", "感觉", "大家", "谢谢", "晚安", "早上好", "下班了", "好累", "吃饭", "电影", "音乐", "朋友",
    "生日快乐", "新年", "天气", "北京", "上海", "不知道", "为什么", "可以", "没有", "已经", "还是", "就是",
    "因为", "所以", "但是", "如果", "一下", "看到", "觉得", "知道", "时候", "现在", "以后", "孩子", "妈妈",
    "工作", "学习", "考试", "旅行", "照片", "视频", "直播", "抽奖", "转发", "评论", "点赞", "关注", "支持",
    "期待", "心疼", "笑死", "绝了", "太难了", "冲鸭", "打卡", "分享", "推荐", "好吃", "好看", "好听",
  ]
  /// ASCII words as they appear in Chinese posts.
  private static let asciiWords = [
    "ok", "OK", "iPhone", "vlog", "hhh", "666", "2026", "App", "MV", "KPL", "PS", "bug", "wifi", "get", "yyds",
    "CP", "up", "VIP", "NBA", "AI",
  ]
  /// Nicknames: CJK, ASCII with digits and underscores, and the default "用户" + digits.
  private static let nicknames = [
    "小明同学", "今天也要加油鸭", "lucky_cat", "Sunny2019", "橘子汽水", "用户7371234567", "momo不是猫", "北京吃货",
    "阿狸", "KK_小可", "一只小鹿", "老王爱摄影", "Tina酱", "星星点灯", "weibo_news", "追风少年",
  ]
  private static let topics = ["#今日话题#", "#周末去哪儿#", "#热搜#", "#晚安#", "#生日快乐#", "#抽奖#", "#早安#"]
  private static let clausePunctuation = ["，", "。", "！", "？", "～", "…", "!", "。", "，", "，"]
  /// Emoji as people type them: mostly single, some with skin tone or ZWJ.
  private static let postEmoji = ["😂", "😭", "❤️", "👍", "🙏", "😊", "🔥", "👍🏻", "🤣", "🥺", "✨", "👩‍💻", "🇨🇳"]
  /// Tokens people use most, which the choice favours (those in the catalog).
  private static let popularTokens = [
    "[doge]", "[允悲]", "[哈哈]", "[笑cry]", "[二哈]", "[微笑]", "[心]", "[赞]", "[泪]", "[可怜]", "[偷笑]",
    "[抱抱]", "[吃惊]", "[酷]", "[费解]", "[good]",
  ].filter { EmoticonCatalog.default.emoticon(forToken: $0) != nil }
  /// Tokens that look like emoticons but are not in the catalog (old names, other apps' names).
  private static let unknownPostTokens = ["[未知]", "[哈哈哈]", "[奸笑]", "[doge2]", "[图片]", "[点赞]", "[OK]"]

  /// Realistic posts joined by LF, at least `utf8Count` bytes (it ends at a post boundary).
  static func realistic(utf8Count: Int, seed: UInt64 = seed) -> String {
    var generator = SeededGenerator(seed: seed ^ 0x5245_414C ^ UInt64(utf8Count))
    var text = ""
    text.reserveCapacity(utf8Count + 1_024)
    while text.utf8.count < utf8Count {
      if !text.isEmpty { text += "\n" }
      text += realisticPost(using: &generator)
    }
    return text
  }

  /// `count` separate realistic posts (no line breaks).
  static func realisticPosts(count: Int, seed: UInt64 = seed) -> [String] {
    var generator = SeededGenerator(seed: seed ^ 0x5245_414C_504F)
    return (0..<count).map { _ in realisticPost(using: &generator) }
  }

  /// One post: a few clauses of CJK with some ASCII words and emoji, about 2.3 bracket tokens (95 % known),
  /// a run of 3 to 5 adjacent tokens in one post in 6, a mention in half, a `//@name:` repost chain in half,
  /// a topic in 8 %, a URL in 5 %.
  private static func realisticPost(using generator: inout SeededGenerator) -> String {
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
    func token() -> String {
      if chance(5) { return unknownPostTokens.randomElement(using: &generator)! }
      if chance(60), let popular = popularTokens.randomElement(using: &generator) { return popular }
      return knownTokens.randomElement(using: &generator) ?? "[未知]"
    }
    var clauses: [String] = []
    for _ in 0..<Int.random(in: 2...5, using: &generator) {
      var clause = ""
      let length = Int.random(in: 4...19, using: &generator)
      var scalars = 0
      while scalars < length {
        if chance(10) {
          clause += asciiWords.randomElement(using: &generator)!
          scalars += 3
        } else if chance(25) {
          let count = Int.random(in: 1...4, using: &generator)
          for _ in 0..<count { clause.append(chinese.randomElement(using: &generator)!) }
          scalars += count
        } else {
          let phrase = phrases.randomElement(using: &generator)!
          clause += phrase
          scalars += phrase.unicodeScalars.count
        }
      }
      if chance(8) { clause += postEmoji.randomElement(using: &generator)! }
      clauses.append(clause)
    }
    // Single tokens (0 to 3, mean 1.75) at the end of clauses, before their punctuation.
    var tokensAfter = [[String]](repeating: [], count: clauses.count)
    let singles = [0, 1, 1, 2, 2, 2, 2, 3, 3, 3].randomElement(using: &generator)! - (chance(15) ? 1 : 0)
    for _ in 0..<max(singles, 0) {
      let clause = Int.random(in: 0..<clauses.count, using: &generator)
      if tokensAfter[clause].count < 2 { tokensAfter[clause].append(token()) }
    }
    if Int.random(in: 0..<6, using: &generator) == 0 {
      let clause = Int.random(in: 0..<clauses.count, using: &generator)
      let run = (0..<Int.random(in: 3...5, using: &generator)).map { _ in token() }
      tokensAfter[clause] = run
    }
    var pieces: [String] = []
    for (index, clause) in clauses.enumerated() {
      var piece = clause + tokensAfter[index].joined()
      if index < clauses.count - 1 || chance(40) { piece += clausePunctuation.randomElement(using: &generator)! }
      pieces.append(piece)
    }
    if chance(50) {
      let at = Int.random(in: 0..<pieces.count, using: &generator)
      pieces[at] = "@" + nicknames.randomElement(using: &generator)! + " " + pieces[at]
    }
    if chance(8) { pieces[0] = topics.randomElement(using: &generator)! + pieces[0] }
    if chance(5) {
      let suffix = String(
        (0..<7).map { _ in
          "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789".randomElement(using: &generator)!
        })
      pieces[pieces.count - 1] += " http://t.cn/" + suffix
    }
    guard chance(50), pieces.count >= 2 else { return pieces.joined() }
    // A repost: the reposter's comment, then //@name: and the reposted text (sometimes two levels).
    let split = Int.random(in: 1..<pieces.count, using: &generator)
    var post = pieces[..<split].joined()
    post += "//@" + nicknames.randomElement(using: &generator)! + ":"
    let rest = Array(pieces[split...])
    if rest.count >= 2 && chance(30) {
      let second = Int.random(in: 1..<rest.count, using: &generator)
      post += rest[..<second].joined() + "//@" + nicknames.randomElement(using: &generator)! + ":"
      post += rest[second...].joined()
    } else {
      post += rest.joined()
    }
    return post
  }
}

/// What a set of posts (or one document of posts joined by LF) measures: the figures issue 10 gives for real
/// Weibo posts, computed from the text itself (not from what the generator meant to write), so a reader can
/// check the profile.
struct ProfileStatistics {
  var posts = 0
  var scalars = 0
  var utf8Bytes = 0
  /// Matches of the tutorials' pattern `\[[^ \[\]]+?\]`.
  var bracketTokens = 0
  /// Bracket tokens the default catalog knows.
  var knownTokens = 0
  var postsWithURL = 0
  var postsWithMention = 0
  var postsWithRepost = 0
  var postsWithTopic = 0
  var postsWithTokenRun = 0
  var postsWithEmoji = 0

  init(posts: some Sequence<some StringProtocol>, catalog: EmoticonCatalog = .default) {
    for post in posts { add(post, catalog: catalog) }
  }

  private mutating func add(_ post: some StringProtocol, catalog: EmoticonCatalog) {
    posts += 1
    scalars += post.unicodeScalars.count
    let bytes = Array(post.utf8)
    utf8Bytes += bytes.count
    let matches = Self.bracketMatches(bytes)
    bracketTokens += matches.count
    knownTokens +=
      matches.filter {
        catalog.emoticon(forToken: String(decoding: bytes[$0], as: UTF8.self)) != nil
      }.count
    var adjacent = 1
    var longest = matches.isEmpty ? 0 : 1
    for (left, right) in zip(matches, matches.dropFirst()) {
      adjacent = left.upperBound == right.lowerBound ? adjacent + 1 : 1
      longest = max(longest, adjacent)
    }
    if longest >= 3 { postsWithTokenRun += 1 }
    if post.contains("http://") || post.contains("https://") { postsWithURL += 1 }
    if post.contains("//@") { postsWithRepost += 1 }
    if post.replacingOccurrences(of: "//@", with: "").contains("@") { postsWithMention += 1 }
    if post.contains(where: { $0 == "#" }) && post.split(separator: "#", omittingEmptySubsequences: false).count >= 3 {
      postsWithTopic += 1
    }
    if post.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) {
      postsWithEmoji += 1
    }
  }

  /// The byte ranges `\[[^ \[\]]+?\]` matches, scanning left to right as a regex engine does.
  static func bracketMatches(_ bytes: [UInt8]) -> [Range<Int>] {
    var matches: [Range<Int>] = []
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "[") else {
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.count, ![UInt8(ascii: " "), UInt8(ascii: "["), UInt8(ascii: "]")].contains(bytes[end]) {
        end += 1
      }
      if end < bytes.count, bytes[end] == UInt8(ascii: "]"), end > index + 1 {
        matches.append(index..<(end + 1))
        index = end + 1
      } else {
        index += 1
      }
    }
    return matches
  }

  func fraction(_ count: Int) -> Double { Double(count) / Double(max(posts, 1)) }
  var scalarsPerPost: Double { Double(scalars) / Double(max(posts, 1)) }
  var bytesPerPost: Double { Double(utf8Bytes) / Double(max(posts, 1)) }
  var tokensPerPost: Double { Double(bracketTokens) / Double(max(posts, 1)) }
  var knownFraction: Double { Double(knownTokens) / Double(max(bracketTokens, 1)) }
  var bytesPerToken: Double { Double(utf8Bytes) / Double(max(bracketTokens, 1)) }

  /// The figures and the range issue 10 states for each (what real posts measure).
  var checks: [(name: String, value: Double, range: ClosedRange<Double>, format: String)] {
    [
      ("scalars/post", scalarsPerPost, 60...70, "%.1f"),
      ("UTF-8 bytes/post", bytesPerPost, 150...172, "%.1f"),
      ("bracket tokens/post", tokensPerPost, 2.1...2.5, "%.2f"),
      ("known to the catalog", knownFraction, 0.93...0.97, "%.3f"),
      ("posts with 3+ adjacent tokens", fraction(postsWithTokenRun), 0.13...0.20, "%.3f"),
      ("posts with @mention", fraction(postsWithMention), 0.40...0.60, "%.3f"),
      ("posts with //@ repost", fraction(postsWithRepost), 0.40...0.60, "%.3f"),
      ("posts with #topic#", fraction(postsWithTopic), 0.06...0.10, "%.3f"),
      ("posts with a URL", fraction(postsWithURL), 0.03...0.07, "%.3f"),
      ("posts with emoji", fraction(postsWithEmoji), 0.05...0.50, "%.3f"),
    ]
  }
}
