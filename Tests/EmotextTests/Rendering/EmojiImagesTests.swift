import EmotextUnicode
import Foundation
import Testing

@testable import Emotext

/// `HTMLRenderer.emojiImages`: every emoji grapheme cluster as one image, named the twemoji way or by a template.
@Suite("Emoji as images")
struct EmojiImagesTests {
  static let base = "https://cdn.example/tw"
  static let renderer = HTMLRenderer(emojiImages: EmojiImages(baseURL: base))

  /// The `src` and `alt` of every `<img class="emoji">` in `html`.
  static func images(in html: String) -> [(src: String, alt: String)] {
    html.split(separator: "<img class=\"emoji\" ", omittingEmptySubsequences: false).dropFirst().map { tag in
      // Note: by scalars, since a lone skin tone after `"` would join it into one Character.
      func value(_ name: String) -> String {
        guard let range = tag.unicodeScalars.firstRange(of: (name + "=\"").unicodeScalars) else { return "" }
        return String(String.UnicodeScalarView(tag.unicodeScalars[range.upperBound...].prefix { $0 != "\"" }))
      }
      return (value("src"), value("alt"))
    }
  }

  /// twemoji's rule, spelled out independently: lowercase hex joined by `-`, U+FE0F dropped unless a ZWJ.
  static func twemojiName(_ emoji: String) -> String {
    let keep = emoji.unicodeScalars.contains("\u{200D}")
    return emoji.unicodeScalars.filter { keep || $0.value != 0xFE0F }.map { String($0.value, radix: 16) }
      .joined(separator: "-") + ".svg"
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: UnicodeTestFiles.emojiTest), "needs unicode-data"))
  func everyQualifiedSequenceOfEmojiTestIsOneImage() throws {
    var counts: [String: Int] = [:]
    for (line, emoji, status) in try UnicodeTestFiles.emojiTestEntries() {
      counts[status, default: 0] += 1
      let html = Self.renderer.render(RichText(emoji))
      let images = Self.images(in: html)
      if status == "unqualified" {
        #expect(images.isEmpty, "line \(line): unqualified \(emoji) became \(html)")
        continue
      }
      #expect(images.count == 1, "line \(line): \(status) \(emoji) gave \(html)")
      #expect(images.first?.src == Self.base + "/" + Self.twemojiName(emoji), "line \(line): \(html)")
      #expect(images.first?.alt == emoji, "line \(line)")
      #expect(html.hasPrefix("<img ") && html.hasSuffix(" draggable=\"false\">"), "line \(line): text around \(html)")
    }
    // Unicode 15.0: 3,655 fully-qualified, 9 components.
    #expect(counts["fully-qualified"] == 3655)
    #expect(counts["component"] == 9)
    #expect((counts["minimally-qualified"] ?? 0) > 0 && (counts["unqualified"] ?? 0) > 0)
  }

  @Test func textThatIsNotEmojiStaysText() {
    let html = Self.renderer.render(RichText("1 # © ™ ↔ 好 ©️ 1️⃣ #⃣ 👍🏽x"))
    #expect(
      html == "1 # © ™ ↔ 好 <img class=\"emoji\" src=\"https://cdn.example/tw/a9.svg\" alt=\"©️\" draggable=\"false\"> "
        + "<img class=\"emoji\" src=\"https://cdn.example/tw/31-20e3.svg\" alt=\"1️⃣\" draggable=\"false\"> #⃣ "
        + "<img class=\"emoji\" src=\"https://cdn.example/tw/1f44d-1f3fd.svg\" alt=\"👍🏽\" draggable=\"false\">x")
  }

  @Test(arguments: [
    ("👍🏽", "1f44d-1f3fd.svg", "emoji_u1f44d_1f3fd.png"),
    ("©️", "a9.svg", "emoji_u00a9.png"),
    ("🏳️‍🌈", "1f3f3-fe0f-200d-1f308.svg", "emoji_u1f3f3_200d_1f308.png"),
    ("👨‍👩‍👧", "1f468-200d-1f469-200d-1f467.svg", "emoji_u1f468_200d_1f469_200d_1f467.png"),
    ("🇨🇳", "1f1e8-1f1f3.svg", "emoji_u1f1e8_1f1f3.png"),
    ("#️⃣", "23-20e3.svg", "emoji_u0023_20e3.png"),
  ])
  func naming(emoji: String, twemoji: String, noto: String) {
    #expect(EmojiImageNaming.twemoji.fileName(for: emoji) == twemoji)
    #expect(EmojiImageNaming.noto.fileName(for: emoji) == noto)
    let kept = EmojiImageNaming(template: "{codepoints}", variationSelectors: .kept)
    #expect(kept.fileName(for: "©️") == "a9-fe0f")
  }

  @Test func attributesAreEscapedAndUnsafeBasesUnused() {
    let quoted = HTMLRenderer(emojiImages: EmojiImages(baseURL: "img/a\"b&c"))
    #expect(
      quoted.render(RichText("😀"))
        == "<img class=\"emoji\" src=\"img/a&quot;b&amp;c/1f600.svg\" alt=\"😀\" draggable=\"false\">")
    for unsafe in ["javascript:alert(1)", "//evil.example", " https://x"] {
      let html = HTMLRenderer(emojiImages: EmojiImages(baseURL: unsafe)).render(RichText("<😀>"))
      #expect(html == "&lt;😀&gt;", "\(unsafe)")
    }
  }

  @Test func emojiInsideEntitiesAndAroundLineBreaks() {
    let post = BracketTokenizer(catalog: .default).tokenize("#春天😀#\r\n😀[哈哈]").recognizingEntities()
    let html = Self.renderer.render(post)
    #expect(Self.images(in: html).map(\.alt) == ["😀", "😀"])
    #expect(html.contains("<br>\n<img class=\"emoji\""))
    // The emoticon's fallback stays text, styled as an emoticon, so it is not mistaken for a typed emoji.
    #expect(html.hasSuffix("<span class=\"emoticon\" title=\"哈哈\">😆</span>"))
  }

  /// Every `{codepoints}` of a template is replaced where it is written, a combining mark after it included (it
  /// was compared by Characters, which a mark after `}` hides), and hex is padded to the minimum digits.
  @Test func everyPlaceholderIsReplacedAsWritten() {
    let twice = EmojiImageNaming(template: "{codepoints}/{codepoints}.png", separator: "_", minimumHexDigits: 6)
    #expect(twice.fileName(for: "👍🏽") == "01f44d_01f3fd/01f44d_01f3fd.png")
    let marked = EmojiImageNaming(template: "x{codepoints}\u{301}.svg")
    #expect(marked.fileName(for: "😀") == "x1f600\u{301}.svg")
    let none = EmojiImageNaming(template: "{codepoint}{codepoints", separator: "")
    #expect(none.fileName(for: "😀") == "{codepoint}{codepoints")
    let wide = EmojiImageNaming(template: "{codepoints}", separator: "--", minimumHexDigits: 2)
    #expect(wide.fileName(for: "\u{10FFFD}\u{A9}\u{1}") == "10fffd--a9--01")
  }

  /// Only emoji clusters become images, and the text between them stays text, whatever is around them:
  /// `EmojiClusters.segments` against a split by Swift's own `Character`s.
  @Test(arguments: ["a😀b", "12#*😀", "#️⃣1️⃣x", "😀\u{301}👍🏽e\u{301}", "", "🇨🇳🇨", "a\u{200D}😀"])
  func segmentsAreTheEmojiClustersAndTheTextBetween(text: String) {
    let segments = EmojiClusters.segments(of: text)
    #expect(segments.map(\.text).joined() == text)
    var expected: [(String, Bool)] = []
    for character in text {
      let isEmoji = EmojiClusters.isEmoji(Substring(String(character)))
      if !isEmoji, let last = expected.last, !last.1 {
        expected[expected.count - 1].0 += String(character)
      } else {
        expected.append((String(character), isEmoji))
      }
    }
    #expect(segments.map { String($0.text) } == expected.map(\.0))
    #expect(segments.map(\.isEmoji) == expected.map(\.1))
  }
}
