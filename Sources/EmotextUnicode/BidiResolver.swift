import CICU

/// The Unicode Bidirectional Algorithm (UAX #9, Unicode 15.0 in ICU 72) through ICU's `ubidi`.
package enum BidiResolver {
  /// The paragraph direction to start from.
  package enum Direction: Sendable {
    /// Rules P2 and P3: the first strong character's, left-to-right when there is none.
    case firstStrong
    case leftToRight
    case rightToLeft
  }

  /// What the algorithm resolves for one paragraph laid out as one line.
  package struct Resolution: Hashable, Sendable {
    /// 0 (left-to-right) or 1 (right-to-left).
    package var paragraphLevel: Int
    /// The embedding level of each UTF-16 unit (odd: right-to-left).
    package var levels: [UInt8]
    /// The logical UTF-16 index of the unit at each visual position, left to right.
    package var visualOrder: [Int]
  }

  /// Resolves `utf16` (one paragraph, laid out as one line: rules P2–P3, X1–X10, W1–W7, N0–N2, I1–I2, L1–L2).
  ///
  /// Text longer than `Int32.max` units is not supported. An ICU failure can only be a broken installation or
  /// memory exhaustion (every UTF-16 sequence is valid input), so it traps (``ICUStatus``).
  package static func resolve(_ utf16: [UInt16], direction: Direction = .firstStrong) -> Resolution {
    precondition(utf16.count <= Int(Int32.max), "Emotext supports text up to 2 GiB")
    let count = utf16.count
    var levels = [UInt8](repeating: 0, count: count)
    var visual = [Int32](repeating: 0, count: count)
    var status: Int32 = 0
    let cDirection: CICUBidiDirection =
      switch direction {
      case .firstStrong: CICU_BIDI_FIRST_STRONG
      case .leftToRight: CICU_BIDI_LEFT_TO_RIGHT
      case .rightToLeft: CICU_BIDI_RIGHT_TO_LEFT
      }
    let paragraphLevel = utf16.withUnsafeBufferPointer { text in
      levels.withUnsafeMutableBufferPointer { levels in
        visual.withUnsafeMutableBufferPointer { visual in
          cicu_bidi_resolve(
            text.baseAddress, Int32(count), cDirection, levels.baseAddress, visual.baseAddress, &status)
        }
      }
    }
    if paragraphLevel < 0 { ICUStatus.environmentFailure(status, "resolving bidirectional levels") }
    return Resolution(paragraphLevel: Int(paragraphLevel), levels: levels, visualOrder: visual.map { Int($0) })
  }

  /// Rule L2: the visual order (logical indices, left to right) of items with the embedding `levels`
  /// (each at most 126).
  package static func visualOrder(levels: [UInt8]) -> [Int] {
    var visual = [Int32](repeating: 0, count: levels.count)
    let result = levels.withUnsafeBufferPointer { levels in
      visual.withUnsafeMutableBufferPointer {
        cicu_bidi_reorder(levels.baseAddress, Int32(levels.count), $0.baseAddress)
      }
    }
    precondition(result == 0, "bidi embedding levels are at most 126")
    return visual.map { Int($0) }
  }

  /// Rule L4: the mirrored glyph of `scalar` (`(` for `)`), or `scalar` when it has none.
  package static func mirrored(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    Unicode.Scalar(cicu_bidi_mirror(scalar.value)) ?? scalar
  }

  /// `text` drawn right to left: each scalar mirrored by rule L4.
  package static func mirrored(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    result.append(contentsOf: text.unicodeScalars.lazy.map { mirrored($0) })
    return String(result)
  }
}
