import CICU

/// Unicode properties of a scalar, read from ICU's data (Unicode 15.0 in ICU 72).
extension Unicode.Scalar {
  package var icuIsEmoji: Bool { cicu_has_property(value, CICU_EMOJI) == 1 }
  package var icuIsEmojiPresentation: Bool { cicu_has_property(value, CICU_EMOJI_PRESENTATION) == 1 }
  package var icuIsEmojiModifier: Bool { cicu_has_property(value, CICU_EMOJI_MODIFIER) == 1 }
  package var icuIsEmojiModifierBase: Bool { cicu_has_property(value, CICU_EMOJI_MODIFIER_BASE) == 1 }
  package var icuIsRegionalIndicator: Bool { cicu_has_property(value, CICU_REGIONAL_INDICATOR) == 1 }
  package var icuIsVariationSelector: Bool { cicu_has_property(value, CICU_VARIATION_SELECTOR) == 1 }
  package var icuCombiningClass: Int { Int(cicu_combining_class(value)) }
  package var icuEastAsianWidth: ICU.EastAsianWidth {
    ICU.EastAsianWidth(rawValue: cicu_int_property(value, CICU_EAST_ASIAN_WIDTH)) ?? .neutral
  }
  package var icuGeneralCategory: ICU.GeneralCategory {
    ICU.GeneralCategory(rawValue: cicu_int_property(value, CICU_GENERAL_CATEGORY)) ?? .unassigned
  }
}

/// The version of Unicode behind every property and boundary Emotext computes (ICU's).
public let unicodeVersion: String = {
  var buffer = [CChar](repeating: 0, count: 32)
  cicu_unicode_version(&buffer, Int32(buffer.count))
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}()

extension ICU {
  /// The code points whose Line_Break is `value`, as closed ranges in order, from ICU's data in one call.
  package static func scalars(whereLineBreakIs value: LineBreak) -> [ClosedRange<UInt32>] {
    ranges(CICU_LINE_BREAK, value.rawValue)
  }

  /// The code points whose Grapheme_Cluster_Break is `value`, as closed ranges in order.
  package static func scalars(whereGraphemeClusterBreakIs value: GraphemeClusterBreak) -> [ClosedRange<UInt32>] {
    ranges(CICU_GRAPHEME_CLUSTER_BREAK, value.rawValue)
  }

  /// The code points whose General_Category is `value`, as closed ranges in order.
  package static func scalars(whereGeneralCategoryIs value: GeneralCategory) -> [ClosedRange<UInt32>] {
    ranges(CICU_GENERAL_CATEGORY, value.rawValue)
  }

  /// The code points whose NFC_Quick_Check is Yes (ICU's UNORM_YES, 1), as closed ranges in order.
  package static func scalarsWithNFCQuickCheckYes() -> [ClosedRange<UInt32>] {
    ranges(CICU_NFC_QUICK_CHECK, 1)
  }

  /// The code points whose Indic_Syllabic_Category is `value`, as closed ranges in order.
  package static func scalars(whereIndicSyllabicCategoryIs value: IndicSyllabicCategory) -> [ClosedRange<UInt32>] {
    ranges(CICU_INDIC_SYLLABIC_CATEGORY, value.rawValue)
  }

  /// The code points that have a binary property, as closed ranges in order.
  package static func scalars(with property: CICUBinaryProperty) -> [ClosedRange<UInt32>] {
    ranges("\(property)") { cicu_binary_property_ranges(property, $0, $1, $2) }
  }

  private static func ranges(_ property: CICUIntProperty, _ value: Int32) -> [ClosedRange<UInt32>] {
    ranges("\(property) = \(value)") { cicu_int_property_ranges(property, value, $0, $1, $2) }
  }

  private static func ranges(
    _ what: String, _ call: (UnsafeMutablePointer<UInt32>, Int32, UnsafeMutablePointer<Int32>) -> Int32
  ) -> [ClosedRange<UInt32>] {
    var bounds = [UInt32](repeating: 0, count: 2 * 64)
    while true {
      var status: Int32 = 0
      let count = bounds.withUnsafeMutableBufferPointer { call($0.baseAddress!, Int32($0.count / 2), &status) }
      if count < 0 { ICUStatus.environmentFailure(status, "reading the property set \(what)") }
      if Int(count) * 2 <= bounds.count {
        return (0..<Int(count)).map { bounds[2 * $0]...bounds[2 * $0 + 1] }
      }
      bounds = [UInt32](repeating: 0, count: 2 * Int(count))
    }
  }
}
