import EmotextTestSupport
import Testing

@testable import Emotext

/// The quiet stretch that ends at an entity character (``RichText/markedQuietStretch(around:)``: it may start at the
/// ideograph after an unmarked `:`, as in `//@name:看`, and end at an `@` or `#`) against the general path: two
/// editors take the same random edits next to and inside mentions, topics, links and `//@name:` repost chains, at
/// line breaks, typing entity characters too; after every step both documents must be equal and equal to
/// recognizing the whole document.
@Suite("Live entities: quiet stretches that end at entity characters against recognizing every edit")
struct MarkedQuietStretchTests {
  /// Words that touch each other or a separator: entities, repost chains, colons before ideographs, letters, digits
  /// and URL path characters after a colon, unmarked `@`; `hashWords`, with a `#`, come one time in six (an unmarked
  /// `#` keeps the marks from showing cuts for 70 scalars).
  static let words = [
    "//@Sunny2019:", "//@用户737:", "@ab", "@小明", "@", ":", "x:", "a:b", "http://t.cn/a", "https://t.cn/x:",
    "https://t.cn/x:!", "http://t.cn/a:,",
    "http://例子.com/x", "t.cn", "中文好", "abc", "2019", "!", "-", "é", "\u{600}", "\u{301}", "[哈哈]", "＠", "。", "，",
    " ", "\n", "\r\n", "...",
  ]
  static let hashWords = ["#话题#", "#topic#", "#️⃣", "#a", "b#", "#", "＃"]

  /// What is typed: letters, digits, ideographs, entity characters (`@ # : . /`, full-width `＃ ＠`), separators,
  /// a combining mark, a Prepend scalar, an emoticon token.
  static let typed = [
    "a", "Z", "5", "_", "好", "合", "@", "#", ":", ".", "/", "＃", "＠", "，", " ", "\n", "\u{301}", "\u{600}", "[哈哈]",
    "http://", "!",
  ]

  static func start(using random: inout SeededGenerator) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 10...60, using: &random) {
      let hash = Int.random(in: 0..<6, using: &random) == 0
      text += (hash ? hashWords : words).randomElement(using: &random)!
      // Note: runs of ideographs (the cut after a colon needs one first) long enough to be remembered.
      if Int.random(in: 0..<4, using: &random) > 0 {
        text += String(
          (0..<Int.random(in: 2...14, using: &random)).map { _ in "合相似女员看好".randomElement(using: &random)! })
      }
      if Bool.random(using: &random) { text += [" ", "，", "\n"].randomElement(using: &random)! }
    }
    return text
  }

  @Test func editsNextToEntitiesGiveWhatRecognizingEveryEditGives() {
    var (afterColon, atEntityCharacter) = (0, 0)
    for seed in 1...40 as ClosedRange<UInt64> {
      let counts = Self.compareEdits(seed: seed)
      afterColon += counts.afterColon
      atEntityCharacter += counts.atEntityCharacter
    }
    // Note: the comparison shows something only when the new cuts are remembered often.
    #expect(afterColon > 50 && atEntityCharacter > 50, "\(afterColon) after a colon, \(atEntityCharacter) at @ or #")
  }

  /// One random document and 400 edits in it, compared; how many times the fast editor remembered a stretch that
  /// starts after a `:` and one that ends at an `@` or `#`.
  static func compareEdits(seed: UInt64) -> (afterColon: Int, atEntityCharacter: Int) {
    var random = SeededGenerator(seed: seed &* 0x2545_F491)
    let tokenizer = BracketTokenizer(catalog: .default)
    let text = start(using: &random)
    var fast = Editor(document: tokenizer.tokenize(text), catalog: .default, recognizesEntities: true)
    var general = fast
    general.remembersQuietEntityStretch = false
    var history: [String] = []
    var (afterColon, atEntityCharacter) = (0, 0)
    for _ in 0..<400 {
      let count = fast.document.utf16Count
      let action: String
      switch Int.random(in: 0..<16, using: &random) {
      case 0...5:
        // Note: mostly quiet keys, which the remembered stretch takes.
        let text =
          Int.random(in: 0..<3, using: &random) > 0
          ? ["a", "好", "5", "看"].randomElement(using: &random)! : typed.randomElement(using: &random)!
        action = "insert \(text.unicodeScalars.map(\.value))"
        fast.insert(text)
        general.insert(text)
      case 6...8:
        action = "backspace"
        fast.deleteBackward()
        general.deleteBackward()
      case 9:
        action = "delete"
        fast.deleteForward()
        general.deleteForward()
      case 10:
        action = "undo"
        fast.undo()
        general.undo()
      case 11 where Bool.random(using: &random):
        // Note: next to an entity character: right after a `:` or `!`, two after, right before an `@` or `#`.
        let marks = entityCharacterOffsets(in: fast.document)
        guard let mark = marks.randomElement(using: &random) else { continue }
        let offset = min(max(mark + [-1, 0, 1, 2].randomElement(using: &random)!, 0), count)
        action = "select \(offset) by an entity character"
        fast.select(offset..<offset)
        general.select(offset..<offset)
      case 11:
        action = "select anywhere"
        let offset = Int.random(in: 0...count, using: &random)
        fast.select(offset..<offset)
        general.select(offset..<offset)
      default:
        let offset = min(max(fast.caret + Int.random(in: -10...10, using: &random), 0), count)
        action = "select \(offset)"
        fast.select(offset..<offset)
        general.select(offset..<offset)
      }
      history.append(action)
      guard RememberedQuietStretchTests.agree(fast, general, seed: seed, history: history) else { break }
      #expect(fast.selection == general.selection && fast.lastChange == general.lastChange)
      if let stretch = fast.quietEntityStretch {
        let document = fast.document
        if stretch.range.lowerBound > 0,
          document.slice(stretch.range.lowerBound - 1..<stretch.range.lowerBound)
            .postText == ":"
        {
          afterColon += 1
        }
        if stretch.range.upperBound < document.utf16Count,
          ["@", "#"].contains(document.slice(stretch.range.upperBound..<stretch.range.upperBound + 1).postText)
        {
          atEntityCharacter += 1
        }
      }
    }
    return (afterColon, atEntityCharacter)
  }

  /// Segments `prefix:X看看看…` (a repost chain, a link whose path a `:` may go on, a word), where X is nothing or a
  /// character a URL path, a port or a host may hold; edits a few units after the colons. A new document every 40
  /// edits, before the edits have worn its links down.
  @Test(arguments: 1...24 as ClosedRange<UInt64>)
  func editsAfterAColonGiveWhatRecognizingEveryEditGives(seed: UInt64) {
    var random = SeededGenerator(seed: seed &* 0x7F4A_7C15)
    let prefixes = ["//@Sunny2019", "https://t.cn/x", "http://t.cn/a", "https://t.cn/b", "http://例子", "x", "#话题#看"]
    let seconds = ["", "!", ",", "'", "!", ",", "'", "a", "5", "-", "é", "ж", "/", "合"]
    for document in 0..<5 {
      var text = ""
      for _ in 0..<Int.random(in: 3...8, using: &random) {
        text += prefixes.randomElement(using: &random)! + ":" + seconds.randomElement(using: &random)!
        text += String(repeating: "看", count: Int.random(in: 1...10, using: &random))
        text += [" ", "，", "\n", "", "@ab", "#"].randomElement(using: &random)!
      }
      var fast = Editor(
        document: BracketTokenizer(catalog: .default).tokenize(text), catalog: .default, recognizesEntities: true)
      var general = fast
      general.remembersQuietEntityStretch = false
      var history = ["document \(document)"]
      for _ in 0..<40 {
        let action: String
        let typed = ["a", "5", "看", "看", "-", "!", "/", ":"].randomElement(using: &random)!
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
          action = "backspace"
          fast.deleteBackward()
          general.deleteBackward()
        case 1, 2:
          action = "insert \(typed)"
          fast.insert(typed)
          general.insert(typed)
        default:
          // Note: mostly two units after a colon, right after the character a path may hold, then typed.
          // (A scheme's colon, before `//`, counts once in four.)
          let colons = Self.entityCharacterOffsets(in: fast.document, of: [0x3A])
          let slashes = Set(Self.entityCharacterOffsets(in: fast.document, of: [0x2F]))
          let pathColons = colons.filter { !slashes.contains($0 + 1) }
          let chosen = pathColons.isEmpty || Int.random(in: 0..<4, using: &random) == 0 ? colons : pathColons
          guard let colon = chosen.randomElement(using: &random) else { continue }
          let step = Int.random(in: 0..<4, using: &random) > 0 ? 2 : Int.random(in: -1...8, using: &random)
          let offset = min(max(colon + step, 0), fast.document.utf16Count)
          action = "insert \(typed) at \(offset)"
          fast.select(offset..<offset)
          general.select(offset..<offset)
          fast.insert(typed)
          general.insert(typed)
        }
        history.append(action)
        guard RememberedQuietStretchTests.agree(fast, general, seed: seed, history: history) else { return }
      }
    }
  }

  /// The UTF-16 offsets of the `:`, `!`, `@` and `#` of `document` (or of the units `units`).
  static func entityCharacterOffsets(in document: RichText, of units: Set<UInt16> = [0x3A, 0x21, 0x40, 0x23]) -> [Int] {
    var offsets: [Int] = []
    var offset = 0
    for run in document.runs {
      guard case .text(let text, _) = run else {
        offset += 1
        continue
      }
      for unit in text.utf16 {
        if units.contains(unit) { offsets.append(offset) }
        offset += 1
      }
    }
    return offsets
  }

  /// The realistic document's caret: ten ideographs after `//@Sunny2019:`, a line break after; typing and Backspace
  /// there skip recognition after the first press, and a letter typed before the `@` of the next line's mention or
  /// right after the `:` is recognized.
  @Test func typingAfterARepostChainSkipsRecognition() {
    let tokenizer = BracketTokenizer(catalog: .default)
    let text = "好吃[good]，//@Sunny2019:合相似女员时候可以谢谢\n@ab 看"
    var editor = Editor(document: tokenizer.tokenize(text), catalog: .default, recognizesEntities: true)
    let caret = editor.document.utf16Count - 9
    editor.select(caret..<caret)
    editor.insert("a")
    let stretch = editor.quietEntityStretch
    #expect(stretch?.range == 17..<29)
    editor.insert("b")
    editor.deleteBackward()
    #expect(editor.quietEntityStretch == stretch)
    // Note: `:a` right after the colon: the cut needs the ideograph after it, so this is recognized.
    editor.select(17..<17)
    editor.insert("a")
    #expect(editor.document == editor.document.removingEntities().recognizingEntities())
  }

  /// Short lines whose ends hold topics, bare `#`s, links and colons: the quiet stretch after a `，` reads the units
  /// before it only from the last line break on, so what the line before holds must never make the fast editor
  /// differ; typing `#`, `:`, links, spaces, `，` and line breaks, Backspace over the line breaks.
  @Test(arguments: 1...16 as ClosedRange<UInt64>)
  func entityCharactersBeforeALineBreakGiveWhatRecognizingEveryEditGives(seed: UInt64) {
    var random = SeededGenerator(seed: seed &* 0x51_7CC1_B727)
    let ends = ["#话题", "#a ", "#", "x:", "//@用户737:@momo", "http://t.cn/a", "http://例子", "#话题#", "a:b ", "，"]
    let quiet = "合相似女员看好vlog加"
    var text = ""
    for _ in 0..<Int.random(in: 4...10, using: &random) {
      // Note: a quiet word, a separator, more quiet text and an ending with entity characters, then a line break.
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        text += String((0..<Int.random(in: 2...12, using: &random)).map { _ in quiet.randomElement(using: &random)! })
        text += [" ", "，", "，", ""].randomElement(using: &random)!
      }
      text += ends.randomElement(using: &random)! + ["\n", "\r\n", "\n", " "].randomElement(using: &random)!
    }
    var fast = Editor(
      document: BracketTokenizer(catalog: .default).tokenize(text), catalog: .default, recognizesEntities: true)
    var general = fast
    general.remembersQuietEntityStretch = false
    var history: [String] = []
    var acrossLineBreak = 0
    for _ in 0..<300 {
      let typed = ["a", "看", "看", "#", ":", "/", " ", "，", "\n", "http://", "@", "."].randomElement(using: &random)!
      let action: String
      switch Int.random(in: 0..<10, using: &random) {
      case 0...3:
        action = "insert \(typed.unicodeScalars.map(\.value))"
        fast.insert(typed)
        general.insert(typed)
      case 4, 5:
        action = "backspace"
        fast.deleteBackward()
        general.deleteBackward()
      case 6:
        action = "undo"
        fast.undo()
        general.undo()
      default:
        // Note: a few units after a line break, where the units before the cut reach into the line before, or
        // after a `#` or `:`, where they must not be taken for a line break.
        let units: Set<UInt16> = Bool.random(using: &random) ? [0x0A] : [0x23, 0x3A]
        let marks = Self.entityCharacterOffsets(in: fast.document, of: units)
        let offset = min(
          (marks.randomElement(using: &random) ?? 0) + Int.random(in: 1...24, using: &random), fast.document.utf16Count)
        action = "select \(offset)"
        fast.select(offset..<offset)
        general.select(offset..<offset)
      }
      history.append(action)
      guard RememberedQuietStretchTests.agree(fast, general, seed: seed, history: history) else { return }
      #expect(fast.selection == general.selection && fast.lastChange == general.lastChange)
      // Note: counts the stretches whose 140 units before hold a `#` or `:` before a line break.
      if let stretch = fast.quietEntityStretch {
        let before = fast.document.slice(max(stretch.range.lowerBound - 140, 0)..<stretch.range.lowerBound).postText
        if let lineBreak = before.lastIndex(where: \.isNewline),
          before[..<lineBreak].contains(where: { "#:".contains($0) })
        {
          acrossLineBreak += 1
        }
      }
    }
    #expect(acrossLineBreak > 0, "seed \(seed): no stretch after a line break with entity characters before it")
  }

  /// A line that starts with a mention, the line before it a repost chain with its `:`; the units after the line break, free of `:` and `#`, let the stretch between the two `，` be
  /// remembered, and typing there skips recognition after the first press. With a `#` starting that line, nothing is
  /// remembered.
  @Test func aColonOnTheLineBeforeDoesNotKeepTheStretchFromBeingRemembered() {
    let tokenizer = BracketTokenizer(catalog: .default)
    let stretch = "，vlog加油以后不知道电影小技这个冲鸭工作"
    for mention in ["@", "#"] {
      let head = "推荐[鲜花]，//@用户737:@momo不是猫 抽奖VIP\n\(mention)lucky_cat 连钱上海音乐已经为什么从找能"
      // Note: `[鲜花]` is one unit in the document.
      let start = head.utf16.count - 3
      let caret = start + "，vlog加油以后不知道电".utf16.count
      var editor = Editor(
        document: tokenizer.tokenize(head + stretch + "，//@momo:没"), catalog: .default, recognizesEntities: true)
      editor.select(caret..<caret)
      editor.insert("a")
      editor.insert("b")
      editor.deleteBackward()
      #expect(editor.document == editor.document.removingEntities().recognizingEntities())
      if mention == "@" {
        #expect(editor.quietEntityStretch?.range == start..<start + stretch.utf16.count + 1)
      } else {
        // Note: an unmarked `#` after the line break is what a topic could read from: nothing is remembered.
        #expect(editor.quietEntityStretch == nil)
      }
    }
  }

  /// An unmarked `#` (its closing `#` 63–72 scalars on) before a space and the separator before the edit: the space
  /// does not end what the units before the cut are read from, so a Backspace that brings the `#`s within a topic's
  /// reach is recognized. Before a line break the `#` reads nothing past it: the stretch is remembered.
  @Test func anUnmarkedHashBeforeASpaceStillCountsBeforeALineBreakNot() {
    for (separator, length) in [" ", "\n"].flatMap({ separator in (55...64).map { (separator, $0) } }) {
      let text =
        "#" + String(repeating: "中", count: 5) + separator + String(repeating: "中", count: length - 6) + " xy "
        + String(repeating: "好", count: 4) + "#"
      var fast = Editor(
        document: BracketTokenizer(catalog: .default).tokenize(text), catalog: .default, recognizesEntities: true)
      var general = fast
      general.remembersQuietEntityStretch = false
      fast.select(length + 3..<length + 3)
      general.select(length + 3..<length + 3)
      var history: [String] = []
      for step in ["insert", "backspace", "backspace", "backspace"] {
        if step == "insert" {
          fast.insert("z")
          general.insert("z")
        } else {
          fast.deleteBackward()
          general.deleteBackward()
        }
        history.append("\(separator == " " ? "space" : "line break") \(length): \(step)")
        guard RememberedQuietStretchTests.agree(fast, general, seed: UInt64(length), history: history) else { return }
        // Note: the last Backspace removes the space before the edit, the cut.
        guard history.count < 4 else { continue }
        #expect((fast.quietEntityStretch != nil) == (separator == "\n"), "\(history)")
      }
    }
  }

  /// The realistic 10 MB document's caret: `//@weibo_news:孩子…👍🏻。加油真的|天气…。`: the `:` of a repost before the
  /// `。` is no scheme's, so the stretch between the two `。` is remembered. After `http://` the host label may hold
  /// the `。` (a link while the host is short enough: 28 ideographs before the `。` here): there a Backspace that
  /// shortens the host must make the link, so nothing is remembered.
  @Test func onlyASchemesColonKeepsAHostLabelSeparatorFromCutting() {
    let tokenizer = BracketTokenizer(catalog: .default)
    var repost = Editor(
      document: tokenizer.tokenize("好～//@weibo_news:孩子旅行知道指wifi👍🏻。加油真的天气孩子好看抽奖电影。觉得"), catalog: .default,
      recognizesEntities: true)
    let start = "好～//@weibo_news:孩子旅行知道指wifi👍🏻".utf16.count
    repost.select(start + 5..<start + 5)
    repost.insert("a")
    #expect(repost.quietEntityStretch?.range == start..<start + 16)
    var linksMade = 0
    for length in 24...32 {
      let text = "看 http://" + String(repeating: "例", count: length) + "。加油xy真的。天.com 好"
      var fast = Editor(document: tokenizer.tokenize(text), catalog: .default, recognizesEntities: true)
      let startsAsLink = fast.document.entityKinds().contains(.link)
      var general = fast
      general.remembersQuietEntityStretch = false
      let caret = "看 http://".utf16.count + length + "。加油x".utf16.count
      fast.select(caret..<caret)
      general.select(caret..<caret)
      var history: [String] = []
      for step in ["insert", "backspace", "backspace", "backspace"] {
        if step == "insert" {
          fast.insert("z")
          general.insert("z")
        } else {
          fast.deleteBackward()
          general.deleteBackward()
        }
        history.append("\(length): \(step)")
        guard RememberedQuietStretchTests.agree(fast, general, seed: UInt64(length), history: history) else { return }
        #expect(fast.quietEntityStretch == nil, "\(history)")
      }
      if !startsAsLink && fast.document.entityKinds().contains(.link) { linksMade += 1 }
    }
    // Note: the comparison shows something only when Backspace makes the link.
    #expect(linksMade > 0)
  }

  /// The mixed document's caret: a keycap `#️⃣` right after the edit; the stretch ends at the `#`, and typing right
  /// before a mention's `@` (which ends the mention) is recognized.
  @Test func theStretchEndsAtAnAtOrHash() {
    let tokenizer = BracketTokenizer(catalog: .default)
    var keycap = Editor(
      document: tokenizer.tokenize("fox，元前各天望门更#️⃣了青决 so"), catalog: .default, recognizesEntities: true)
    keycap.select(9..<9)
    keycap.insert("a")
    #expect(keycap.quietEntityStretch?.range == 3..<12)
    keycap.deleteBackward()
    #expect(keycap.quietEntityStretch?.range == 3..<11)
    var editor = Editor(document: tokenizer.tokenize("今天 so，看看看@ab"), catalog: .default, recognizesEntities: true)
    let end = editor.document.utf16Count - 3
    editor.select(end - 1..<end - 1)
    editor.insert("a")
    #expect(editor.quietEntityStretch?.range.upperBound == end + 1)
    editor.insert("b")
    #expect(editor.document.entityKinds().suffix(3) == [.mention, .mention, .mention])
    editor.select(end + 2..<end + 2)
    editor.insert("c")
    #expect(editor.document.entityKinds().suffix(3) == [nil, nil, nil])
    #expect(editor.document == editor.document.removingEntities().recognizingEntities())
  }

  /// A colon before a URL path character is no cut: `!` after `https://t.cn/x:` is left out of the link only because
  /// nothing that ends a path follows it, so a letter typed after it extends the link.
  @Test func aColonBeforeAPathCharacterIsNoCut() {
    let tokenizer = BracketTokenizer(catalog: .default)
    var editor = Editor(
      document: tokenizer.tokenize("https://t.cn/x:!看看看看 好"), catalog: .default, recognizesEntities: true)
    editor.select(20..<20)
    editor.insert("b")
    editor.select(16..<16)
    editor.insert("a")
    #expect(editor.document.entityKinds()[0..<17].allSatisfy { $0 == .link })
    #expect(editor.document == editor.document.removingEntities().recognizingEntities())
  }

  /// A Prepend scalar typed right before a topic's `#` joins the `#` to its cluster, which ends the topic; an
  /// attachment there ends the text run.
  @Test func aPrependScalarBeforeTheHashCutIsRecognized() {
    let tokenizer = BracketTokenizer(catalog: .default)
    for typed in ["\u{600}", "[哈哈]", "a\u{600}"] {
      var editor = Editor(
        document: tokenizer.tokenize("今天 好看#话题#"), catalog: .default, recognizesEntities: true)
      editor.select(4..<4)
      editor.insert("a")
      #expect(editor.quietEntityStretch?.range == 2..<6)
      editor.select(6..<6)
      editor.insert(typed)
      #expect(editor.document == editor.document.removingEntities().recognizingEntities(), "\(typed)")
      editor.deleteBackward()
      #expect(editor.document == editor.document.removingEntities().recognizingEntities(), "\(typed)")
    }
  }
}
