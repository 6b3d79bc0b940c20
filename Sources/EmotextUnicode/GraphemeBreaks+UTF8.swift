import CICU

extension GraphemeBreaks {
  /// The first boundary after `utf8Offset` in `utf8` (valid UTF-8 read in place), or `utf8.count`.
  /// - Complexity: O(*k*) in the clusters around the offset.
  package static func boundary(after utf8Offset: Int, inUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int {
    query(utf8) { cicu_grapheme_following($0, $1, Int32(utf8Offset), $2) }
  }

  /// The last boundary before `utf8Offset` in `utf8` (valid UTF-8 read in place), or 0.
  /// - Complexity: O(*k*) in the clusters around the offset.
  package static func boundary(before utf8Offset: Int, inUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int {
    query(utf8) { cicu_grapheme_preceding($0, $1, Int32(utf8Offset), $2) }
  }

  /// Whether `utf8Offset` is a boundary in `utf8` (valid UTF-8 read in place; its start and end are).
  /// - Complexity: O(*k*) in the clusters around the offset.
  package static func isBoundary(_ utf8Offset: Int, inUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    query(utf8) { cicu_grapheme_is_boundary($0, $1, Int32(utf8Offset), $2) } == 1
  }

  /// Calls ICU on `utf8` in place; a failure traps, as in the `String` queries of GraphemeBreaks.swift.
  private static func query(
    _ utf8: UnsafeBufferPointer<UInt8>, _ call: (UnsafePointer<UInt8>, Int32, UnsafeMutablePointer<Int32>) -> Int32
  ) -> Int {
    precondition(utf8.count <= Int(Int32.max), "Emotext supports text runs up to 2 GiB")
    var status: Int32 = 0
    // Note: ICU needs a valid pointer even for empty text.
    let result = withUnsafePointer(to: UInt8(0)) { empty in
      call(utf8.baseAddress ?? empty, Int32(utf8.count), &status)
    }
    precondition(result >= 0, "ICU grapheme break iterator failed with status \(status)")
    return Int(result)
  }
}
