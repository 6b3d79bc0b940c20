import Foundation
import Testing

@testable import Emotext

@Suite("Emoji escaping") struct EmojiEscapingTests {
  let escaping = EmojiEscaping()

  /// Every sequence in emoji-test.txt (all qualification levels), as strings.
  static func emojiTestSequences() throws -> [String] {
    let text = try String(contentsOfFile: "/usr/share/unicode/emoji/emoji-test.txt", encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#"), let semicolon = line.firstIndex(of: ";") else { return nil }
      var sequence = ""
      for hex in line[..<semicolon].split(separator: " ") {
        sequence.unicodeScalars.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
      }
      return sequence
    }
  }

  @Test func everyEmojiTestSequenceRoundTripsAsOneEscapeOrAsText() throws {
    let sequences = try Self.emojiTestSequences()
    #expect(sequences.count > 4000)
    for sequence in sequences {
      // Note: a line feed before it, since a lone skin tone modifier (Extend) would join a letter's cluster.
      let encoded = escaping.encode("\n" + sequence + "b")
      #expect(encoded.unicodeScalars.allSatisfy { $0.value <= 0xFFFF }, "\(sequence.unicodeScalars.map(\.value))")
      #expect(try escaping.decode(encoded) == "\n" + sequence + "b")
      if sequence.unicodeScalars.contains(where: { $0.value > 0xFFFF }) {
        // The whole cluster is one escape: never half a ZWJ sequence, flag or tag sequence.
        let hex = sequence.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-")
        #expect(encoded == "\n[emoji:\(hex)]b")
        // The escape's body is a tutorial emoji code without the `0x` prefixes.
        #expect(try EmojiCode.parse(hex) == sequence)
      } else {
        #expect(encoded == "\n" + sequence + "b")
      }
    }
  }

  @Test(arguments: [
    ("家👨‍👩‍👧", "家[emoji:1f468-200d-1f469-200d-1f467]"),
    ("🇨🇳🇺", "[emoji:1f1e8-1f1f3][emoji:1f1fa]"),
    ("👍🏽!", "[emoji:1f44d-1f3fd]!"),
    ("𠀀", "[emoji:20000]"),
    ("1️⃣❤️", "1️⃣❤️"),
    ("[emoji:1f600]", "[emoji:5b]emoji:1f600]"),
    ("[emoji:[emoji:", "[emoji:5b]emoji:[emoji:5b]emoji:"),
    ("[emoji😀", "[emoji[emoji:1f600]"),
    ("\u{600}[emoji:5b]", "\u{600}[emoji:5b]emoji:5b]"),
    ("[哈哈]", "[哈哈]"),
  ])
  func encodes(text: String, encoded: String) throws {
    #expect(escaping.encode(text) == encoded)
    #expect(try escaping.decode(encoded) == text)
  }

  @Test func randomTextSurvivesTheRoundTrip() throws {
    var random = TokenizerTestRandom(test: "randomTextSurvivesTheRoundTrip")
    let extra = ["[emoji:", "[emoji:1f600]", "emoji:", "[emoji:5b]", "]", "-"]
    for _ in 0..<1000 {
      var text = PostTextPieces.random(using: &random)
      if Bool.random(using: &random) {
        text += extra.randomElement(using: &random)! + PostTextPieces.random(using: &random)
      }
      let encoded = escaping.encode(text)
      #expect(encoded.unicodeScalars.allSatisfy { $0.value <= 0xFFFF })
      #expect(Array(try escaping.decode(encoded).utf8) == Array(text.utf8), "text: \(text.debugDescription)")
    }
  }

  @Test func aCustomFormatRoundTrips() throws {
    let custom = try EmojiEscaping(prefix: "{U+", separator: " ", suffix: "}")
    #expect(custom.encode("a👍🏽{U+b") == "a{U+1f44d 1f3fd}{U+7b}U+b")
    #expect(try custom.decode("a{U+1f44d 1f3fd}{U+7b}U+b") == "a👍🏽{U+b")
  }

  /// A format of non-ASCII characters: the decoder's search finds them whole (never a byte of one), however
  /// the text around them is encoded.
  @Test func aNonASCIIFormatRoundTrips() throws {
    let custom = try EmojiEscaping(prefix: "«ü", separator: "·", suffix: "»")
    #expect(custom.encode("«ü👍🏽«·»é") == "«üab»ü«ü1f44d·1f3fd»«·»é")
    #expect(try custom.decode("«üab»ü«ü1f44d·1f3fd»«·»é") == "«ü👍🏽«·»é")
    #expect(try custom.decode("ü»·«") == "ü»·«")
    #expect(throws: EmojiEscapeError(utf16Offset: 1, reason: "'1f600-20' is not a Unicode scalar in hex")) {
      try custom.decode("a«ü1f600-20»")
    }
  }

  @Test(arguments: [
    ("&#", ";&#", ";", "the prefix's first character '&' must not occur again in the prefix, separator or suffix"),
    ("a:", "-", "]", "the prefix must not start with a hex digit"),
    ("[e:", "-", "x0", "the separator and suffix must not contain hex digits"),
    ("[e:", "", "]", "the prefix, separator and suffix must not be empty"),
    ("😀", "-", "]", "the prefix, separator and suffix must be BMP text"),
  ])
  func ambiguousFormatsAreRejected(prefix: String, separator: String, suffix: String, message: String) {
    #expect(throws: EmojiEscapingFormatError(message: message)) {
      try EmojiEscaping(prefix: prefix, separator: separator, suffix: suffix)
    }
  }

  @Test(arguments: [
    ("x[emoji:1f600", "malformed emoji escape at UTF-16 offset 1: '[emoji:' without a closing ']'"),
    ("[emoji:]", "malformed emoji escape at UTF-16 offset 0: '' is not a Unicode scalar in hex"),
    ("好[emoji:d800]", "malformed emoji escape at UTF-16 offset 1: 'd800' is not a Unicode scalar in hex"),
    ("[emoji:110000]", "malformed emoji escape at UTF-16 offset 0: '110000' is not a Unicode scalar in hex"),
    ("[emoji:1f600--1f3fd]", "malformed emoji escape at UTF-16 offset 0: '' is not a Unicode scalar in hex"),
    (
      "😀x[emoji:1f600][emoji:1234567]",
      "malformed emoji escape at UTF-16 offset 16: '1234567' is not a Unicode scalar in hex"
    ),
    ("[emoji:1f60g-20]", "malformed emoji escape at UTF-16 offset 0: '1f60g' is not a Unicode scalar in hex"),
    ("[emoji:1f600-]", "malformed emoji escape at UTF-16 offset 0: '' is not a Unicode scalar in hex"),
    ("[emoji:-1f600]", "malformed emoji escape at UTF-16 offset 0: '' is not a Unicode scalar in hex"),
    ("[emoji:+1f60]", "malformed emoji escape at UTF-16 offset 0: '+1f60' is not a Unicode scalar in hex"),
    ("[emoji:1f600]x[emoji:", "malformed emoji escape at UTF-16 offset 14: '[emoji:' without a closing ']'"),
  ])
  func malformedEscapesAreErrors(encoded: String, message: String) {
    #expect(throws: EmojiEscapeError.self) { try escaping.decode(encoded) }
    do {
      _ = try escaping.decode(encoded)
    } catch {
      #expect(error.description == message)
    }
  }
}
