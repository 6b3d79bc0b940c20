import EmotextUnicode
import Foundation

/// Turns the matches of an ICU regular expression that the catalog knows into emoticon attachments,
/// for syntaxes other than Weibo's brackets: `:smile:` short codes, QQ's `/::)`.
///
/// ```swift
/// let smile = Emoticon(code: ":smile:", kind: .image(png: "smile.png", gif: nil))
/// let catalog = EmoticonCatalog(packs: [EmoticonPack(id: "chat", displayName: "Chat", emoticons: [smile])])
/// let tokenizer = try PatternTokenizer(pattern: #":[a-z0-9_+\-]+:"#, catalog: catalog)
/// tokenizer.tokenize("hi :smile: :nope:").runs.count   // 3: "hi ", :smile:, " :nope:"
/// ```
///
/// A match is looked up in the catalog by its whole text (code or alias); an unknown match stays text, so
/// tokenizing is total and lossless like ``BracketTokenizer``. Matches never overlap: ICU scans left to
/// right and resumes after each match. Time is ICU's: linear for patterns without nested quantifiers. A
/// pattern that backtracks exponentially on hostile text (`(a+)+b`) is stopped by ICU's limit on each search
/// (``matchStepLimit``), within milliseconds at the default; matching ends there and the rest of the text stays
/// text.
public struct PatternTokenizer: EmoticonTokenizer {
  /// The catalog matches are looked up in.
  public let catalog: EmoticonCatalog
  /// The pattern, in ICU's regular expression syntax.
  public let pattern: String
  /// How many ticks of ICU's match engine one search (from the start, or from the end of the previous match)
  /// may take before it is given up (0: no limit). The unit is ICU's `uregex_setTimeLimit`'s: a tick is
  /// 10,000 of the engine's backtracking state saves, a fraction of a millisecond on current hardware
  /// (Benchmarks/history/2026-12-pattern-tokenizer-limit.md); scanning text without backtracking costs no ticks. The
  /// default, ``defaultMatchStepLimit`` (10 ticks), lets a search cross any amount of ordinary text and stops a
  /// catastrophically backtracking one within milliseconds.
  public let matchStepLimit: Int32
  /// The default ``matchStepLimit``: 10 ticks of 10,000 backtracking state saves.
  public static let defaultMatchStepLimit: Int32 = 10
  private let compiled: ICURegex

  /// Compiles `pattern` (ICU syntax).
  /// - Throws: ``PatternError`` with ICU's error name and the place in the pattern.
  public init(
    pattern: String, catalog: EmoticonCatalog, caseInsensitive: Bool = false,
    matchStepLimit: Int32 = defaultMatchStepLimit
  ) throws(PatternError) {
    precondition(matchStepLimit >= 0, "matchStepLimit must be 0 (no limit) or positive")
    self.catalog = catalog
    self.pattern = pattern
    self.matchStepLimit = matchStepLimit
    do {
      compiled = try ICURegex(pattern, caseInsensitive: caseInsensitive)
    } catch {
      throw PatternError(
        icuErrorName: error.icuErrorName, status: error.status, line: error.line, utf16Offset: error.utf16Offset)
    }
  }

  /// A tokenizer that finds exactly the catalog's spellings whose text satisfies `include`, longest first,
  /// for syntaxes without a regular shape (QQ's `/::)`, `/::~`, `/:8-)`).
  ///
  /// ```swift
  /// let qq = PatternTokenizer.literals(of: catalog) { $0.hasPrefix("/:") }
  /// ```
  public static func literals(of catalog: EmoticonCatalog, where include: (String) -> Bool = { _ in true })
    -> PatternTokenizer
  {
    let spellings = catalog.tokens.keys.filter(include).sorted { ($0.utf16.count, $1) > ($1.utf16.count, $0) }
    // Note: \Q…\E quotes everything but "\E" itself, which is spelled out separately.
    let alternatives = spellings.map { "\\Q" + $0.replacingOccurrences(of: "\\E", with: "\\E\\\\E\\Q") + "\\E" }
    let pattern = alternatives.isEmpty ? "(?!)" : alternatives.joined(separator: "|")
    do {
      return try PatternTokenizer(pattern: pattern, catalog: catalog)
    } catch {
      preconditionFailure("quoted literal pattern failed to compile: \(error)")
    }
  }

  /// The matches of the pattern that the catalog knows, in order.
  /// - Complexity: ICU's search time, plus one catalog lookup per match.
  public func matches(in text: String) -> [TokenMatch] {
    matchesAndSearches(in: text).matches
  }

  /// The matches in `text`, and how ICU's searches went.
  func matchesAndSearches(in text: String) -> (matches: [TokenMatch], searches: ICURegexSearches) {
    var result: [TokenMatch] = []
    var text = text
    let searches = text.withUTF8 { utf8 in
      compiled.forEachMatch(in: utf8, tickLimit: matchStepLimit) { range in
        let token = String(decoding: UnsafeBufferPointer(rebasing: utf8[range]), as: UTF8.self)
        if let emoticon = catalog.emoticon(forToken: token) {
          result.append(TokenMatch(utf8Range: range, emoticon: emoticon))
        }
      }
    }
    return (result, searches)
  }

  /// `text` as a document: known matches become attachments, the rest is text with `attributes`.
  public func tokenize(_ text: String, attributes: TextAttributes = .plain) -> RichText {
    RichText(text, splittingAt: matches(in: text), attributes: attributes)
  }
}

/// A pattern that ICU could not compile.
public struct PatternError: Error, Equatable, CustomStringConvertible {
  /// ICU's name for the error, e.g. `U_REGEX_MISMATCHED_PAREN`.
  public var icuErrorName: String
  /// ICU's UErrorCode.
  public var status: Int32
  /// The 1-based line in the pattern (nil when ICU does not say); a line starts after CR, LF, CR LF, NEL or
  /// U+2028, as ICU counts them.
  public var line: Int?
  /// The UTF-16 offset in that line where ICU stopped, just after the character it rejected (nil when ICU does
  /// not say).
  public var utf16Offset: Int?

  public var description: String {
    guard let line, let utf16Offset else { return "invalid pattern at an unknown position: \(icuErrorName)" }
    return "invalid pattern at line \(line), UTF-16 offset \(utf16Offset): \(icuErrorName)"
  }
}
