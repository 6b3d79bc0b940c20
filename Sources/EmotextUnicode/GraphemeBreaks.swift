import CICU

/// Extended grapheme cluster boundaries (UAX #29) from ICU, on UTF-8 offsets into a `String`.
///
/// ICU reads the string's UTF-8 storage in place, so a query near an offset costs time proportional to
/// the clusters around it, not to the string's length.
package enum GraphemeBreaks {
  /// The first boundary after `utf8Offset`, or `text.utf8.count`.
  package static func boundary(after utf8Offset: Int, in text: String) -> Int {
    query(text) { cicu_grapheme_following($0, $1, Int32(utf8Offset), $2) }
  }

  /// The last boundary before `utf8Offset`, or 0.
  package static func boundary(before utf8Offset: Int, in text: String) -> Int {
    query(text) { cicu_grapheme_preceding($0, $1, Int32(utf8Offset), $2) }
  }

  /// Whether `utf8Offset` is a boundary (the start and end of the text are).
  package static func isBoundary(_ utf8Offset: Int, in text: String) -> Bool {
    query(text) { cicu_grapheme_is_boundary($0, $1, Int32(utf8Offset), $2) } == 1
  }

  /// Every boundary after 0, in order; the last is `text.utf8.count`.
  package static func boundaries(in text: String) -> [Int] {
    var result: [Int] = []
    forEachBoundary(in: text) { result.append($0) }
    return result
  }

  /// The number of extended grapheme clusters in `text`.
  package static func count(in text: String) -> Int {
    var text = text
    return text.withUTF8 { countClusters(inUTF8: $0) }  // see GraphemeBreaks+Count.swift
  }

  /// Calls `body` with each boundary after 0, in order (from ``GraphemeTable``: ICU's boundaries without
  /// calling ICU; see GraphemeBreaks+Count.swift).
  package static func forEachBoundary(in text: String, _ body: (Int) -> Void) {
    var text = text
    text.withUTF8 { utf8 in
      forEachBoundary(inUTF8: utf8) { boundary in
        body(boundary)
        return true
      }
    }
  }

  /// Every boundary after 0 as ICU's character break iterator finds it, in order: the reference the tables
  /// are built against and tested against.
  package static func icuBoundaries(in text: String) -> [Int] {
    var result: [Int] = []
    var text = text
    text.withUTF8 { utf8 in
      guard let base = utf8.baseAddress, !utf8.isEmpty else { return }
      precondition(utf8.count <= Int(Int32.max), "Emotext supports text runs up to 2 GiB")
      let capacity: Int32 = 256
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: Int(capacity)) { buffer in
        var from = 0
        while from < utf8.count {
          var status: Int32 = 0
          // Note: each batch starts ICU on the text after the last boundary, not at an offset inside the whole
          // text: following() from inside a long run of regional indicators scans back to the run's start
          // (quadratic over the text), and no grapheme rule looks back across a boundary.
          let written = cicu_grapheme_boundaries(
            base + from, Int32(utf8.count - from), 0, buffer.baseAddress!, capacity, &status)
          if written < 0 { ICUStatus.environmentFailure(status, "iterating grapheme clusters") }
          if written == 0 { break }
          for index in 0..<Int(written) { result.append(from + Int(buffer[index])) }
          from += Int(buffer[Int(written) - 1])
        }
      }
    }
    return result
  }

  private static func query(
    _ text: String, _ call: (UnsafePointer<UInt8>, Int32, UnsafeMutablePointer<Int32>) -> Int32
  ) -> Int {
    var text = text
    return text.withUTF8 { utf8 in
      precondition(utf8.count <= Int(Int32.max), "Emotext supports text runs up to 2 GiB")
      var status: Int32 = 0
      // Note: ICU needs a valid pointer even for empty text.
      let result = withUnsafePointer(to: UInt8(0)) { empty in
        call(utf8.baseAddress ?? empty, Int32(utf8.count), &status)
      }
      if result < 0 { ICUStatus.environmentFailure(status, "iterating grapheme clusters") }
      return Int(result)
    }
  }
}
