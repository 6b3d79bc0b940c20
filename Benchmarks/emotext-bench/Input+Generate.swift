import Emotext
import EmotextTestSupport

/// Deterministic benchmark inputs: mixed post text, and the pathological cases.
enum Input {
  static let seed: UInt64 = 0x454D_4F54_4558_5421  // "EMOTEXT!"

  static let chinese = Array(
    "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴切整越"
  )
  private static let words = [
    "the", "quick", "brown", "fox", "weibo", "post", "emoji", "lol", "ok", "today", "so", "happy", "see", "you",
    "http://t.cn/A6x", "@friend", "#topic#", "2026", "iOS", "Swift",
  ]
  /// Emoji of every sequence type: single, with VS16, text-style VS15, modifier, ZWJ chain, flag, keycap,
  /// tag sequence, and a ZWJ chain with a modifier.
  private static let emoji = [
    "😀", "😂", "❤️", "☺︎", "👍🏽", "👩🏿", "👨‍👩‍👧‍👦", "🏳️‍🌈", "👩🏽‍💻", "🇨🇳", "🇯🇵", "1️⃣", "#️⃣",
    "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🤷‍♀️", "🐰", "✨",
  ]
  private static let punctuation = ["！", "？", "。", "，", ",", ".", "!"]
  private static let unknownTokens = ["[未知]", "[哈哈哈]", "[abc]", "[OK]", "[doge2]", "[好的呀]", "[1]"]
  private static let strays = ["[", "]", "[a", "a]", "【", "】", "[[", "]]", "[ ]"]

  /// The catalog's image tokens, sorted so the choice does not depend on dictionary order.
  static let knownTokens: [String] = EmoticonCatalog.default.tokens.keys.sorted()

  /// Mixed post text of at least `utf8Count` bytes (it ends at a piece boundary): Chinese, ASCII words,
  /// emoji of every sequence type, line breaks, stray brackets, and a bracket token about every
  /// 40 characters, a third of them unknown to the catalog.
  static func mixed(utf8Count: Int, seed: UInt64 = seed, lineBreaks: Bool = true) -> String {
    var generator = SeededGenerator(seed: seed ^ UInt64(utf8Count))
    var text = ""
    text.reserveCapacity(utf8Count + 256)
    while text.utf8.count < utf8Count {
      appendSegment(to: &text, using: &generator, lineBreaks: lineBreaks)
    }
    return text
  }

  /// Short posts (10 to 140 characters, no line breaks) totalling at least `utf8Count` bytes, or `count`
  /// posts when that is given.
  static func posts(utf8Count: Int, count: Int? = nil, seed: UInt64 = seed) -> [String] {
    var generator = SeededGenerator(seed: seed ^ 0x504F_5354)
    var posts: [String] = []
    var total = 0
    while count.map({ posts.count < $0 }) ?? (total < utf8Count) {
      var post = ""
      let segments = Int.random(in: 1...4, using: &generator)
      for _ in 0..<segments { appendSegment(to: &post, using: &generator, lineBreaks: false) }
      total += post.utf8.count
      posts.append(post)
    }
    return posts
  }

  /// About 40 characters of filler followed by one bracket token.
  private static func appendSegment(to text: inout String, using generator: inout SeededGenerator, lineBreaks: Bool) {
    let target = Int.random(in: 20...60, using: &generator)
    var characters = 0
    while characters < target {
      switch Int.random(in: 0..<100, using: &generator) {
      case 0..<45:
        let count = Int.random(in: 2...12, using: &generator)
        for _ in 0..<count { text.append(chinese.randomElement(using: &generator)!) }
        characters += count
      case 45..<75:
        let word = words.randomElement(using: &generator)!
        text += word
        text += Bool.random(using: &generator) ? " " : "，"
        characters += word.count + 1
      case 75..<90:
        text += emoji.randomElement(using: &generator)!
        characters += 1
      case 90..<96:
        text += punctuation.randomElement(using: &generator)!
        characters += 1
      case 96..<98:
        text += strays.randomElement(using: &generator)!
        characters += 2
      default:
        text += lineBreaks ? (Bool.random(using: &generator) ? "\n" : "\r\n") : " "
        characters += 1
      }
    }
    if !knownTokens.isEmpty && Int.random(in: 0..<3, using: &generator) < 2 {
      text += knownTokens.randomElement(using: &generator)!
    } else {
      text += unknownTokens.randomElement(using: &generator)!
    }
  }

  // MARK: Pathological inputs

  /// `piece` repeated to `utf8Count` bytes.
  static func repeated(_ piece: String, utf8Count: Int) -> String {
    String(repeating: piece, count: max(utf8Count / piece.utf8.count, 1))
  }

  /// One grapheme cluster of `scalarCount` scalars: emoji joined by ZWJ (👩‍👩‍👧‍👦‍…).
  static func zwjChain(scalarCount: Int) -> String {
    let people: [Unicode.Scalar] = ["\u{1F469}", "\u{1F468}", "\u{1F467}", "\u{1F466}"]
    var scalars = String.UnicodeScalarView()
    for index in 0..<scalarCount {
      scalars.append(index.isMultiple(of: 2) ? people[(index / 2) % people.count] : "\u{200D}")
    }
    if scalarCount > 1 && !scalarCount.isMultiple(of: 2) { scalars.append(people[0]) }  // end on an emoji
    return String(scalars)
  }

  /// "a" followed by `count` combining acute accents: one cluster.
  static func combiningMarks(count: Int) -> String {
    "a" + String(repeating: "\u{0301}", count: count)
  }
}
