import EmotextTestSupport
import Foundation
import Testing

@testable import Emotext
@testable import EmotextUnicode

/// twitter-text's `Regex.VALID_URL` and `Extractor.extractURLsWithIndices` (Java, commit 30e2430), ported to
/// `NSRegularExpression` (ICU) as a reference for the hand-written scan: the same pattern text, the same
/// checks after each match. Host validation uses ``Punycode`` (tested on its own against RFC 3492's encoder).
enum TwitterTextReference {
  static let latinAccents =
    "\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u00ff\\u0100-\\u024f\\u0253\\u0254\\u0256\\u0257\\u0259\\u025b"
    + "\\u0263\\u0268\\u026f\\u0272\\u0289\\u028b\\u02bb\\u0300-\\u036f\\u1e00-\\u1eff"
  static let cyrillic = "\\u0400-\\u04ff"

  static func tlds(_ names: [String]) -> String {
    "(?:(?:" + names.sorted(by: >).joined(separator: "|") + ")(?=[^a-z0-9@+-]|$))"
  }

  static let pattern: String = {
    let gTLD = tlds(TopLevelDomains.generic)
    let ccTLD = tlds(TopLevelDomains.country)
    let preceding =
      "(?:[^a-z0-9@\\uFF20$#\\uFF03\\uFFFE\\uFEFF\\uFFFF]|[\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]|^)"
    let urlChars = "[a-z0-9" + latinAccents + "]"
    let subdomain = "(?>(?:" + urlChars + "[" + urlChars + "\\-_]*)?" + urlChars + "\\.)"
    let domainName = "(?:(?:" + urlChars + "[" + urlChars + "\\-]*)?" + urlChars + "\\.)"
    // Note: Java's \s is ASCII whitespace only; ICU's is Unicode's, so it is spelled out.
    let unicodeChars = "[^\\-_!\"#$%&'\\(\\)*+,./:;<=>?@\\[\\]^`\\{|}~\\t\\n\\u000B\\f\\r \\p{Z}\\u2000-\\u206F]"
    let unicodeDomainName = "(?:(?:" + unicodeChars + "[" + unicodeChars + "\\-]*)?" + unicodeChars + "\\.)"
    let domain =
      "(?:" + subdomain + "*" + domainName + "(?:" + gTLD + "|" + ccTLD + "|(?:xn--[-0-9a-z]+)))"
      + "|(?:(?<=https?://)(?:(?:" + domainName + ccTLD + ")|(?:" + unicodeDomainName + "(?:" + gTLD + "|" + ccTLD
      + "))))|(?:" + domainName + ccTLD + "(?=/))"
    let general = "[a-z0-9!\\*';:=\\+,.\\$/%#\\[\\]\\-\\u2013_~\\|&@" + latinAccents + cyrillic + "]"
    let balanced = "\\((?:" + general + "+|(?:" + general + "*\\(" + general + "+\\)" + general + "*))\\)"
    let ending = "[a-z0-9=_#/\\-\\+" + latinAccents + cyrillic + "]|(?:" + balanced + ")"
    let path = "(?:(?:" + general + "*(?:" + balanced + general + "*)*" + ending + ")|(?:@" + general + "+/))"
    let query = "[a-z0-9!?\\*'\\(\\);:&=\\+\\$/%#\\[\\]\\-_\\.,~\\|@]"
    let queryEnding = "[a-z0-9\\-_&=#/]"
    return "((" + preceding + ")((https?://)?(" + domain + ")(?::([0-9]++))?(/" + path + "*+)?(\\?" + query + "*"
      + queryEnding + ")?))"
  }()

  static let validURL = try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
  static let tco = try! NSRegularExpression(
    pattern:
      "^https?://t\\.co/([a-z0-9]+)(?:\\?[a-z0-9!?\\*'\\(\\);:&=\\+\\$/%#\\[\\]\\-_\\.,~\\|@]*[a-z0-9\\-_&=#/])?",
    options: [.caseInsensitive])

  /// The URLs twitter-text extracts from `text` (with URLs without a scheme), as strings.
  static func urls(in text: String) -> [String] {
    let string = text as NSString
    var result: [String] = []
    for match in validURL.matches(in: text, range: NSRange(location: 0, length: string.length)) {
      func group(_ index: Int) -> String? {
        let range = match.range(at: index)
        return range.location == NSNotFound ? nil : string.substring(with: range)
      }
      let scheme = group(4)
      if scheme == nil, let before = group(2), ["-", "_", ".", "/"].contains(before) { continue }
      var url = group(3) ?? ""
      let urlString = url as NSString
      if let tcoMatch = tco.firstMatch(in: url, range: NSRange(location: 0, length: urlString.length)) {
        if tcoMatch.range(at: 1).length > 40 { continue }
        url = urlString.substring(with: tcoMatch.range)
      }
      guard let host = group(5), isValid(host: host, urlUTF16Count: (url as NSString).length, hasScheme: scheme != nil)
      else { continue }
      result.append(url)
    }
    return result
  }

  static func isValid(host: String, urlUTF16Count: Int, hasScheme: Bool) -> Bool {
    var encoded = 0
    for label in host.split(separator: ".", omittingEmptySubsequences: false) {
      guard let count = Punycode.encodedLabelCount(String(label)), (1...63).contains(count) else { return false }
      encoded += count + 1
    }
    return urlUTF16Count - (host as NSString).length + (encoded - 1) + (hasScheme ? 0 : 8) <= 4096
  }
}

@Suite("URL finder against twitter-text's pattern") struct URLFinderReferenceTests {
  /// The reference agrees with twitter-text's own cases, so it is a faithful port.
  @Test(.enabled(if: TwitterTextConformance.isAvailable, TwitterTextConformance.skipMessage))
  func referencePassesTheConformanceCases() {
    let cases = TwitterTextConformance.cases("extract.json", "urls")
    // Note: the count, so an unreadable or renamed section fails instead of passing on no case.
    #expect(cases.count == 91)
    for item in cases {
      #expect(TwitterTextReference.urls(in: item.text) == item.expectedURLs.map(\.url), "\(item.description)")
    }
  }

  /// Seeded random texts built from the pieces URLs are made of (no combining marks or joiners, so every URL
  /// end is a cluster boundary and the finder never has to shorten one).
  @Test func finderAgreesWithTheReference() {
    var generator = SeededGenerator(seed: 0x5EED_0011)
    print("URL reference seed: 0x5EED0011")
    let pieces = [
      "http://", "https://", "HTTP://", "t.co/", "www.", "foo", "a", "B", "7", "x", ".", ".com", ".co", ".jp", ".uk",
      ".みんな", ".中国", "xn--", "xn--ls8h", "ああ", "é", "Рус", "–", " ", "\u{A0}", "\u{202A}", "。", "#", "$", "@", "(",
      ")", "?", "=", "&", "-", "_", "/", ":", "8080", ",", "!", "'", "|", "~", "%", "+", ";", "\n", "✪", "tv", "org",
      "((", "))", "[", "]", "Р", "рус", ".РУС",
    ]
    var mismatches: [String] = []
    for _ in 0..<8000 {
      let count = Int.random(in: 1...16, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      let found = urls(.twitter, in: text)
      let expected = TwitterTextReference.urls(in: text)
      if found != expected { mismatches.append("\(text.debugDescription): \(found) vs reference \(expected)") }
    }
    #expect(
      mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(10).joined(separator: "\n"))")
  }
}
