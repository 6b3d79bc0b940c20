import EmotextUnicode
import Testing

@testable import Emotext

/// Entities and the URL scan read Unicode properties from ICU, the one source whose version ``unicodeVersion``
/// names (Unicode 15.0 in ICU 72), not from the standard library's tables, which follow a newer Unicode.
@Suite("Entity Unicode properties") struct EntityUnicodePropertyTests {
  /// Whether ICU's General_Category of `scalar` is a letter, mark or number: what a mention's name is made of
  /// besides `_` and `-`.
  static func icuSaysNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.icuGeneralCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonSpacingMark,
      .enclosingMark, .combiningSpacingMark, .decimalDigitNumber, .letterNumber, .otherNumber:
      true
    default: false
    }
  }

  /// Scalars whose properties differ between Unicode 15.0 and later versions: U+2EBF0 (CJK Extension I, 15.1)
  /// and U+10D40, U+16D40, U+1E5D0 (Garay, Kirat Rai, Ol Onal: 16.0) are letters or digits to the standard
  /// library and unassigned to ICU 72; U+4E00 and `a` are letters to both.
  @Test(arguments: [0x2EBF0, 0x10D40, 0x16D40, 0x1E5D0, 0x4E00, 0x61] as [UInt32])
  func aMentionNameIsWhatICUCallsALetterMarkOrNumber(value: UInt32) {
    let scalar = Unicode.Scalar(value)!
    let mentions = RichText("@" + String(scalar)).recognizingEntities().runs.filter {
      if case .text(_, let attributes) = $0 { attributes.entity == .mention } else { false }
    }
    #expect(mentions.count == (Self.icuSaysNameCharacter(scalar) ? 1 : 0), "U+\(String(value, radix: 16))")
  }

  @Test func everyScalarIsANameCharacterExactlyWhenICUSaysSo() {
    var differing: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), scalar != "_" && scalar != "-" else { continue }
      if EntityScanner.isNameScalar(scalar) != Self.icuSaysNameCharacter(scalar) { differing.append(value) }
    }
    #expect(differing.isEmpty, "\(differing.count) scalars, first \(differing.prefix(5).map { String($0, radix: 16) })")
  }
}
