import CICU
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
/// pattern that backtracks exponentially on hostile text (`(a+)+b`) is stopped by ICU's limit on match
/// steps (``matchStepLimit``); matching ends there and the rest of the text stays text.
public struct PatternTokenizer: EmoticonTokenizer {
  /// The catalog matches are looked up in.
  public let catalog: EmoticonCatalog
  /// The pattern, in ICU's regular expression syntax.
  public let pattern: String
  /// How many steps of ICU's match engine one search may take before it is given up (0: no limit). A step
  /// is roughly 0.1 µs–0.1 ms of work on this class of machine: the default, 100 000, lets a search scan
  /// gigabytes but stops a catastrophically backtracking one within seconds.
  public let matchStepLimit: Int32
  private let compiled: CompiledRegex

  /// Compiles `pattern` (ICU syntax).
  /// - Throws: ``PatternError`` with ICU's error name and the place in the pattern.
  public init(
    pattern: String, catalog: EmoticonCatalog, caseInsensitive: Bool = false, matchStepLimit: Int32 = 100_000
  ) throws(PatternError) {
    precondition(matchStepLimit >= 0, "matchStepLimit must be 0 (no limit) or positive")
    self.catalog = catalog
    self.pattern = pattern
    self.matchStepLimit = matchStepLimit
    compiled = try CompiledRegex(pattern, flags: caseInsensitive ? 2 : 0)  // 2 = UREGEX_CASE_INSENSITIVE
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
    var result: [TokenMatch] = []
    var text = text
    text.withUTF8 { utf8 in
      compiled.forEachMatch(in: utf8, stepLimit: matchStepLimit) { range in
        let token = String(decoding: UnsafeBufferPointer(rebasing: utf8[range]), as: UTF8.self)
        if let emoticon = catalog.emoticon(forToken: token) {
          result.append(TokenMatch(utf8Range: range, emoticon: emoticon))
        }
      }
    }
    return result
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

  /// An error ICU reported as `status` at `line` after `codePointColumn` code points of that line (ICU's
  /// `UParseError`, which counts code points), with the column turned into UTF-16 units of `pattern`.
  init(status: Int32, line: Int32, codePointColumn: Int32, in pattern: String) {
    icuErrorName = String(cString: cicu_error_name(status))
    self.status = status
    self.line = line > 0 ? Int(line) : nil
    utf16Offset =
      line > 0 && codePointColumn >= 0
      ? Self.utf16Offset(line: Int(line), codePointColumn: Int(codePointColumn), in: pattern) : nil
  }

  /// The UTF-16 offset, from the start of 1-based line `line` of `pattern`, of code point `codePointColumn` of
  /// that line, with ICU's line rule (an LF right after a CR ends no line and is in neither).
  private static func utf16Offset(line: Int, codePointColumn: Int, in pattern: String) -> Int {
    let scalars = Array(pattern.unicodeScalars)
    var index = 0
    var currentLine = 1
    while currentLine < line && index < scalars.count {
      let scalar = scalars[index]
      index += 1
      if scalar == "\r" || scalar == "\u{85}" || scalar == "\u{2028}"
        || (scalar == "\n" && (index < 2 || scalars[index - 2] != "\r"))
      {
        currentLine += 1
      }
    }
    if index < scalars.count && scalars[index] == "\n" && index > 0 && scalars[index - 1] == "\r" { index += 1 }
    return scalars[index..<min(index + codePointColumn, scalars.count)].reduce(0) { $0 + $1.utf16.count }
  }

  public var description: String {
    guard let line, let utf16Offset else { return "invalid pattern at an unknown position: \(icuErrorName)" }
    return "invalid pattern at line \(line), UTF-16 offset \(utf16Offset): \(icuErrorName)"
  }
}

/// An ICU regular expression handle; each search clones it, so sharing across threads is safe.
private final class CompiledRegex: Sendable {
  // Note: immutable after init and only ever cloned by ICU, which is thread-safe for a shared original.
  nonisolated(unsafe) let handle: OpaquePointer

  init(_ pattern: String, flags: UInt32) throws(PatternError) {
    var units = Array(pattern.utf16)
    var error = CICURegexError()
    let opened = cicu_regex_open(&units, Int32(units.count), flags, &error)
    guard let opened else {
      // Note: the failure policy (README, "ICU failures"): what the pattern causes is a typed error; what only a
      // broken ICU or memory exhaustion causes traps.
      precondition(
        cicu_is_environment_failure(error.status) == 0,
        "ICU could not compile a regular expression: \(String(cString: cicu_error_name(error.status))) (a broken ICU installation or out of memory)"
      )
      throw PatternError(status: error.status, line: error.line, codePointColumn: error.codePointColumn, in: pattern)
    }
    handle = opened
  }

  deinit { cicu_regex_close(handle) }

  func forEachMatch(in utf8: UnsafeBufferPointer<UInt8>, stepLimit: Int32, _ body: (Range<Int>) -> Void) {
    precondition(utf8.count <= Int(Int32.max), "Emotext supports text up to 2 GiB")
    withoutActuallyEscaping(body) { body in
      var context = body
      let status = withUnsafeMutablePointer(to: &context) { contextPointer in
        withUnsafePointer(to: UInt8(0)) { empty in
          cicu_regex_each_match(handle, utf8.baseAddress ?? empty, Int32(utf8.count), stepLimit, contextPointer) {
            raw, start, end in
            raw!.assumingMemoryBound(to: ((Range<Int>) -> Void).self).pointee(Int(start)..<Int(end))
            return 1
          }
        }
      }
      // Note: tokenizing is total: a search ICU gives up on (a pattern backtracking past its step limit, or out
      // of backtracking stack: the pattern and the text cause it) ends the matching, and the rest of the text
      // stays text. Any other failure only a broken ICU or memory exhaustion causes, and traps (README, "ICU
      // failures").
      precondition(
        status == 0 || status == CICU_REGEX_GAVE_UP,
        "ICU's regular expression search failed: \(String(cString: cicu_error_name(status))) (a broken ICU installation or out of memory)"
      )
    }
  }
}
