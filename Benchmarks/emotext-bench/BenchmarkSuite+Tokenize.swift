import CICU
import Emotext
import Foundation

/// The YYText-style pattern the tutorials use for `[xx]` tokens.
let tutorialPattern = #"\[[^ \[\]]+?\]"#

extension BenchmarkSuite {
  /// Tokenize post text into runs: Emotext vs. the regex baselines, and `memchr` as the physical limit.
  mutating func runTokenize() {
    let task = "tokenize into runs"
    guard shouldRun(task) else { return }
    let tokens = tokenizer.catalog.tokens
    let nsRegex = try! NSRegularExpression(pattern: tutorialPattern)
    let swiftRegex = #/\[[^ \[\]]+?\]/#
    let pattern = Array(tutorialPattern.utf16)
    var error = CICURegexError()
    guard let icuRegex = cicu_regex_open(pattern, Int32(pattern.count), 0, &error) else {
      fatalError("ICU could not compile \(tutorialPattern): status \(error.status)")
    }
    defer { cicu_regex_close(icuRegex) }

    let tokenizer = tokenizer
    for corpus in corpora {
      let text = input(corpus)
      let input = corpus.name
      let bytes = text.utf8.count
      guard
        let reference = measure(
          task, input: input, inputBytes: bytes, contender: "Emotext BracketTokenizer",
          {
            tokenizer.tokenize(text)
          })
      else { continue }
      measure(
        task, input: input, inputBytes: bytes, contender: "NSRegularExpression + dictionary",
        check: { difference($0, reference) },
        {
          Self.tokenizeWithNSRegularExpression(text, regex: nsRegex, tokens: tokens)
        })
      measure(
        task, input: input, inputBytes: bytes, contender: "Swift Regex + dictionary",
        check: { difference($0, reference) },
        {
          Self.tokenizeWithSwiftRegex(text, regex: swiftRegex, tokens: tokens)
        })
      measure(
        task, input: input, inputBytes: bytes, contender: "ICU uregex + dictionary",
        check: { difference($0, reference) },
        {
          Self.tokenizeWithICU(text, regex: icuRegex, tokens: tokens)
        })
      let bracketCount = text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "[") ? 1 : 0) }
      measure(
        task, input: input, inputBytes: bytes, contender: "memchr for [ (count only)",
        check: { $0 == bracketCount ? nil : "\($0) brackets instead of \(bracketCount)" },
        {
          Self.countOpeningBrackets(text)
        })
    }
  }

  /// What the tutorials write: NSRegularExpression over the string, an NSString substring per match,
  /// a dictionary lookup, and a run per piece.
  static func tokenizeWithNSRegularExpression(
    _ text: String, regex: NSRegularExpression, tokens: [String: Emoticon]
  ) -> RichText {
    let string = NSString(string: text)
    var runs: [Run] = []
    var textStart = 0
    for match in regex.matches(in: text, range: NSRange(location: 0, length: string.length)) {
      let token = string.substring(with: match.range)
      guard let emoticon = tokens[token] else { continue }
      if match.range.location > textStart {
        runs.append(
          .text(string.substring(with: NSRange(location: textStart, length: match.range.location - textStart)), .plain))
      }
      runs.append(.emoticon(EmoticonAttachment(emoticon, token: token)))
      textStart = NSMaxRange(match.range)
    }
    if textStart < string.length { runs.append(.text(string.substring(from: textStart), .plain)) }
    return RichText(runs: runs)
  }

  /// The same with Swift Regex and `String` slices.
  static func tokenizeWithSwiftRegex(_ text: String, regex: Regex<Substring>, tokens: [String: Emoticon]) -> RichText {
    var runs: [Run] = []
    var textStart = text.startIndex
    for match in text.matches(of: regex) {
      let token = String(match.output)
      guard let emoticon = tokens[token] else { continue }
      if match.range.lowerBound > textStart {
        runs.append(.text(String(text[textStart..<match.range.lowerBound]), .plain))
      }
      runs.append(.emoticon(EmoticonAttachment(emoticon, token: token)))
      textStart = match.range.upperBound
    }
    if textStart < text.endIndex { runs.append(.text(String(text[textStart...]), .plain)) }
    return RichText(runs: runs)
  }

  /// The same with ICU's uregex called directly on the UTF-8 bytes (through the package's regex shim,
  /// which reads the text in place through UText).
  static func tokenizeWithICU(_ text: String, regex: OpaquePointer, tokens: [String: Emoticon]) -> RichText {
    var text = text
    return text.withUTF8 { bytes in
      func piece(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      }
      var matches: [Int32] = []  // start, end, start, end…
      let status = withUnsafeMutablePointer(to: &matches) { context in
        cicu_regex_each_match(regex, bytes.baseAddress, Int32(bytes.count), 0, nil, context) { context, start, end in
          let matches = context!.assumingMemoryBound(to: [Int32].self)
          matches.pointee.append(start)
          matches.pointee.append(end)
          return 1
        }
      }
      precondition(status == 0, "ICU uregex failed with status \(status)")
      var runs: [Run] = []
      var textStart = 0
      for index in stride(from: 0, to: matches.count, by: 2) {
        let (start, end) = (Int(matches[index]), Int(matches[index + 1]))
        let token = piece(start..<end)
        guard let emoticon = tokens[token] else { continue }
        if start > textStart { runs.append(.text(piece(textStart..<start), .plain)) }
        runs.append(.emoticon(EmoticonAttachment(emoticon, token: token)))
        textStart = end
      }
      if textStart < bytes.count { runs.append(.text(piece(textStart..<bytes.count), .plain)) }
      return RichText(runs: runs)
    }
  }

  /// The physical limit on the same bytes: how many `[` there are, found with `memchr`.
  static func countOpeningBrackets(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      guard var cursor = bytes.baseAddress.map(UnsafeRawPointer.init) else { return 0 }
      let end = cursor + bytes.count
      var count = 0
      while cursor < end, let hit = memchr(cursor, Int32(UInt8(ascii: "[")), end - cursor) {
        count += 1
        cursor = UnsafeRawPointer(hit) + 1
      }
      return count
    }
  }
}
