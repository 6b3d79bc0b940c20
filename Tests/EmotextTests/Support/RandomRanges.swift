import EmotextTestSupport

@testable import Emotext

extension RichText {
  /// A random range of this document between scalar boundaries: empty (a caret) half the time.
  func randomScalarRange(using random: inout SeededGenerator) -> Range<Int> {
    let a = scalarBoundary(atOrBefore: Int.random(in: 0...utf16Count, using: &random))
    let b = Bool.random(using: &random) ? a : scalarBoundary(atOrBefore: Int.random(in: 0...utf16Count, using: &random))
    return min(a, b)..<max(a, b)
  }
}
