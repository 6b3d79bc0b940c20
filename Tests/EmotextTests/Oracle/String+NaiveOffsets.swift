@testable import Emotext

/// Offsets the oracles compute with the standard library's views only, never with the library's UTF-8 arithmetic
/// (its lane counts and offset moves are what they check).
extension String {
  /// The UTF-8 offset of a UTF-16 offset, or nil when it splits a surrogate pair.
  func utf8Offset(ofUTF16Offset utf16Offset: Int) -> Int? {
    let index = utf16.index(utf16.startIndex, offsetBy: utf16Offset)
    guard index.samePosition(in: unicodeScalars) != nil else { return nil }
    return utf8.distance(from: utf8.startIndex, to: index)
  }

  /// The UTF-8 offset of a UTF-16 offset, moved off the middle of a surrogate pair in `direction`.
  func utf8Offset(ofUTF16Offset utf16Offset: Int, snapping direction: SnapDirection) -> Int {
    utf8Offset(ofUTF16Offset: utf16Offset)
      ?? utf8Offset(ofUTF16Offset: direction == .backward ? utf16Offset - 1 : utf16Offset + 1)!
  }
}
