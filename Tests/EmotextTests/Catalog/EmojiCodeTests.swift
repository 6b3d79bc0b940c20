import EmotextTestSupport
import Testing

@testable import Emotext

@Suite("EmojiCode") struct EmojiCodeTests {
  @Test(arguments: [
    ("0x1f600", "😀"),
    ("0x2764", "\u{2764}"),
    ("0x1f468-0x200d-0x1f469-0x200d-0x1f467", "👨‍👩‍👧"),
    ("0X1F44D-0x1F3FD", "👍🏽"),
    ("U+1F1E8-u+1F1F3", "🇨🇳"),
    ("1f600", "😀"),
    ("0x0001f600", "😀"),
    ("0x10ffff", "\u{10FFFF}"),
    ("0x0", "\u{0}"),
  ])
  func parses(code: String, emoji: String) throws {
    #expect(try EmojiCode.parse(code) == emoji)
  }

  @Test(arguments: [
    ("", EmojiCodeError.empty),
    ("0x", .notHexadecimal(component: "0x", componentIndex: 0)),
    ("0x1f60g", .notHexadecimal(component: "0x1f60g", componentIndex: 0)),
    ("0x1f600-", .notHexadecimal(component: "", componentIndex: 1)),
    ("0x1f600--0x1f601", .notHexadecimal(component: "", componentIndex: 1)),
    (" 0x1f600", .notHexadecimal(component: " 0x1f600", componentIndex: 0)),
    ("0x１f600", .notHexadecimal(component: "0x１f600", componentIndex: 0)),
    ("0x+1f600", .notHexadecimal(component: "0x+1f600", componentIndex: 0)),
    ("0xd800", .surrogate(component: "0xd800", componentIndex: 0)),
    ("0x1f600-0xdfff", .surrogate(component: "0xdfff", componentIndex: 1)),
    ("0x110000", .outOfRange(component: "0x110000", componentIndex: 0)),
    ("0xffffffffffffffffffffffff", .outOfRange(component: "0xffffffffffffffffffffffff", componentIndex: 0)),
  ])
  func rejects(code: String, expected: EmojiCodeError) {
    #expect(throws: expected) { try EmojiCode.parse(code) }
  }

  @Test func messagesSayWhatIsWrong() {
    #expect("\(EmojiCodeError.surrogate(component: "0xd800", componentIndex: 1))".contains("surrogate"))
    #expect("\(EmojiCodeError.outOfRange(component: "0x110000", componentIndex: 0))".contains("U+10FFFF"))
    #expect("\(EmojiCodeError.notHexadecimal(component: "zz", componentIndex: 2))".contains("code point 3 \"zz\""))
  }

  @Test func formatsScalarsAsLowercaseHex() {
    #expect(EmojiCode.format("😀") == "0x1f600")
    #expect(EmojiCode.format("❤️‍🔥") == "0x2764-0xfe0f-0x200d-0x1f525")
  }

  @Test func formatThenParseIsIdentityOnRandomScalars() throws {
    let seed: UInt64 = 0x5EED_C0DE
    print("EmojiCode round trip seed: \(seed)")
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<500 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        let value = UInt32.random(in: 0...0x10FFFF, using: &generator)
        text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
      }
      let string = String(text)
      #expect(try EmojiCode.parse(EmojiCode.format(string)) == string)
    }
  }
}
