import CICU

/// A pattern ICU could not compile: ICU's error and where in the pattern it stopped.
package struct ICURegexError: Error, Equatable {
  /// ICU's name for the error, e.g. `U_REGEX_MISMATCHED_PAREN`.
  package var icuErrorName: String
  /// ICU's UErrorCode.
  package var status: Int32
  /// The 1-based line in the pattern (0 when ICU does not say).
  package var line: Int
  /// The UTF-16 offset in that line where ICU stopped (nil when ICU does not say).
  package var utf16Offset: Int?
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
      throw ICURegexError(
        icuErrorName: String(cString: cicu_error_name(error.status)), status: error.status, line: Int(error.line),
        utf16Offset: error.utf16Offset >= 0 ? Int(error.utf16Offset) : nil)
    }
    handle = opened
  }

  deinit { cicu_regex_close(handle) }

  /// Calls `body` with the UTF-8 range of each match in `utf8`, in order.
  ///
  /// A search ICU gives up on (a pattern backtracking past `stepLimit`, or out of stack) ends the matching:
  /// the matches found so far are all there is.
  package func forEachMatch(in utf8: UnsafeBufferPointer<UInt8>, stepLimit: Int32, _ body: (Range<Int>) -> Void) {
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
      _ = status
    }
  }
}
