import CICU

/// A pattern ICU could not compile: ICU's error and where in the pattern it stopped.
package struct ICURegexError: Error, Equatable {
  /// ICU's name for the error, e.g. `U_REGEX_MISMATCHED_PAREN`.
  package var icuErrorName: String
  /// ICU's UErrorCode.
  package var status: Int32
  /// The 1-based line in the pattern (nil when ICU does not say); a line starts after CR, LF, CR LF, NEL or
  /// U+2028, as ICU counts them.
  package var line: Int?
  /// The UTF-16 offset in that line where ICU stopped, just after the character it rejected (nil when ICU does
  /// not say).
  package var utf16Offset: Int?

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
}

/// An ICU regular expression handle; each search clones it, so sharing across threads is safe.
package final class ICURegex: Sendable {
  // Note: immutable after init and only ever cloned by ICU, which is thread-safe for a shared original.
  nonisolated(unsafe) private let handle: OpaquePointer

  /// Compiles `pattern`; `caseInsensitive` is ICU's UREGEX_CASE_INSENSITIVE.
  package init(_ pattern: String, caseInsensitive: Bool) throws(ICURegexError) {
    var units = Array(pattern.utf16)
    var error = CICURegexError()
    let flags: UInt32 = caseInsensitive ? 2 : 0  // 2 = UREGEX_CASE_INSENSITIVE
    let opened = cicu_regex_open(&units, Int32(units.count), flags, &error)
    guard let opened else {
      // Note: the failure policy (the Errors article, "ICU failures"): what the pattern causes is a typed error; what only a broken
      // ICU or memory exhaustion causes traps.
      ICUStatus.trapOnEnvironmentFailure(error.status, "compiling a regular expression")
      throw ICURegexError(status: error.status, line: error.line, codePointColumn: error.codePointColumn, in: pattern)
    }
    handle = opened
  }

  deinit { cicu_regex_close(handle) }

  /// Calls `body` with the UTF-8 range of each match in `utf8`, in order, and says how the searches went.
  ///
  /// Each search (from the start, or from the end of the previous match) may take `tickLimit` ticks of ICU's
  /// match engine (0: no limit); a tick is 10,000 backtracking state saves, the unit of ICU's
  /// `uregex_setTimeLimit`. A search ICU gives up on (a pattern backtracking past `tickLimit`, or out of
  /// backtracking stack: the pattern and the text cause it) ends the matching: the matches found so far are all
  /// there is. Any other failure, which only a broken ICU or memory exhaustion causes, traps (the Errors
  /// article, "ICU failures").
  @discardableResult
  package func forEachMatch(in utf8: UnsafeBufferPointer<UInt8>, tickLimit: Int32, _ body: (Range<Int>) -> Void)
    -> ICURegexSearches
  {
    precondition(utf8.count <= Int(Int32.max), "Emotext supports text up to 2 GiB")
    var longestSearchTicks: Int32 = 0
    let status = withoutActuallyEscaping(body) { body in
      var context = body
      return withUnsafeMutablePointer(to: &context) { contextPointer in
        withUnsafePointer(to: UInt8(0)) { empty in
          cicu_regex_each_match(
            handle, utf8.baseAddress ?? empty, Int32(utf8.count), tickLimit, &longestSearchTicks, contextPointer
          ) { raw, start, end in
            raw!.assumingMemoryBound(to: ((Range<Int>) -> Void).self).pointee(Int(start)..<Int(end))
            return 1
          }
        }
      }
    }
    precondition(
      status == 0 || status == CICU_REGEX_GAVE_UP,
      "ICU failed searching with a regular expression: \(ICUStatus.name(status)) (a broken ICU installation or out of memory)"
    )
    return ICURegexSearches(gaveUp: status == CICU_REGEX_GAVE_UP, longestSearchTicks: Int(longestSearchTicks))
  }
}

/// How the searches of one ``ICURegex/forEachMatch(in:tickLimit:_:)`` went.
package struct ICURegexSearches: Equatable, Sendable {
  /// Whether ICU gave up on a search (its tick limit or its backtracking stack), ending the matching.
  package var gaveUp: Bool
  /// The most ticks (10,000 backtracking state saves each) one search took.
  package var longestSearchTicks: Int
}
