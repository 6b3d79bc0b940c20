import CICU

/// The character properties entity recognition, the URL scan, catalog validation, search and the renderers ask
/// about a scalar — General_Category, White_Space, Alphabetic, Ideographic — read from ICU's property data on
/// first use, so they are of the Unicode version ``unicodeVersion`` names like every other property Emotext
/// uses, not the newer one of the standard library's `Unicode.Scalar.Properties`.
///
/// One byte per scalar in a two-stage table (as ``GraphemeTable``): the scalar's high bits pick one of the
/// distinct 256-entry blocks. A lookup is two array reads, no ICU call.
///
/// ```swift
/// ScalarCategories.isLetterMarkOrNumber("好")            // true
/// ScalarCategories.isLetterMarkOrNumber("\u{2EBF0}")     // false with ICU 72: unassigned in Unicode 15.0
/// ```
package enum ScalarCategories {
  /// ICU's General_Category of `scalar`.
  @inline(__always)
  package static func generalCategory(of scalar: Unicode.Scalar) -> ICU.GeneralCategory {
    ICU.GeneralCategory(rawValue: Int32(Table.shared.entry(scalar) & Table.categoryMask)) ?? .unassigned
  }

  /// Whether `scalar` is a letter (L*), a mark (M*) or a number (N*).
  @inline(__always)
  package static func isLetterMarkOrNumber(_ scalar: Unicode.Scalar) -> Bool {
    Table.letterMarkOrNumber & (1 << UInt32(Table.shared.entry(scalar) & Table.categoryMask)) != 0
  }

  /// Whether `scalar` is a space, line or paragraph separator (Zs, Zl, Zp).
  @inline(__always)
  package static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    Table.separator & (1 << UInt32(Table.shared.entry(scalar) & Table.categoryMask)) != 0
  }

  /// White_Space.
  @inline(__always)
  package static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
    Table.shared.entry(scalar) & Table.whiteSpace != 0
  }

  /// Alphabetic.
  @inline(__always)
  package static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
    Table.shared.entry(scalar) & Table.alphabetic != 0
  }

  /// Ideographic.
  @inline(__always)
  package static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
    Table.shared.entry(scalar) & Table.ideographic != 0
  }

  /// `text` lowercased by ICU's full lowercase mapping (root locale), e.g. `РУС` → `рус`.
  package static func lowercased(_ text: some StringProtocol) -> String {
    let source = Array(text.utf16)
    var capacity = source.count + 8
    while true {
      var destination = [UInt16](repeating: 0, count: capacity)
      var status: Int32 = 0
      let needed = cicu_lowercase(source, Int32(source.count), &destination, Int32(capacity), &status)
      if needed < 0 { ICUStatus.environmentFailure(status, "lowercasing") }
      if Int(needed) <= capacity { return String(decoding: destination[..<Int(needed)], as: UTF16.self) }
      capacity = Int(needed)
    }
  }

  /// The table: General_Category (ICU's `UCharCategory`, 0–29) in the low five bits, flags above.
  private struct Table: Sendable {
    static let categoryMask: UInt8 = 0x1F
    static let whiteSpace: UInt8 = 0x20
    static let alphabetic: UInt8 = 0x40
    static let ideographic: UInt8 = 0x80
    /// The categories L*, M* and N*, as bits by raw value.
    static let letterMarkOrNumber: UInt32 = [ICU.GeneralCategory]([
      .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonSpacingMark,
      .enclosingMark, .combiningSpacingMark, .decimalDigitNumber, .letterNumber, .otherNumber,
    ]).reduce(0) { $0 | 1 << UInt32($1.rawValue) }
    /// The categories Zs, Zl and Zp, as bits by raw value.
    static let separator: UInt32 = [ICU.GeneralCategory]([.spaceSeparator, .lineSeparator, .paragraphSeparator])
      .reduce(0) { $0 | 1 << UInt32($1.rawValue) }

    /// The index of each scalar's 256-entry block in `blocks`, by `scalar >> 8`.
    private let blockIndex: [UInt16]
    /// The distinct blocks, one after the other.
    private let blocks: [UInt8]

    static let shared = Table()

    private init() {
      // Note: filled from ICU's property sets (ranges), not scalar by scalar.
      var entries = [UInt8](repeating: 0, count: 0x110000)
      for raw in Int32(1)...29 {
        guard let category = ICU.GeneralCategory(rawValue: raw) else { continue }
        for range in ICU.scalars(whereGeneralCategoryIs: category) {
          for value in range { entries[Int(value)] = UInt8(raw) }
        }
      }
      for (property, bit) in [
        (CICU_WHITE_SPACE, Self.whiteSpace), (CICU_ALPHABETIC, Self.alphabetic), (CICU_IDEOGRAPHIC, Self.ideographic),
      ] {
        for range in ICU.scalars(with: property) { for value in range { entries[Int(value)] |= bit } }
      }
      (blockIndex, blocks) = twoStageBlocks(of: entries)
    }

    @inline(__always)
    func entry(_ scalar: Unicode.Scalar) -> UInt8 {
      let value = Int(scalar.value)
      return blocks[Int(blockIndex[value >> 8]) << 8 | (value & 0xFF)]
    }
  }
}
