/// The tutorials' spelling of an emoji as code points: `0x1f600`, or several joined by `-`
/// (`0x1f468-0x200d-0x1f469`), converted to and from the emoji text.
///
/// Each component is hexadecimal, optionally prefixed with `0x`, `0X`, `U+` or `u+`, and must be a
/// Unicode scalar value: not a surrogate (U+D800…U+DFFF) and not above U+10FFFF.
///
/// ```swift
/// try EmojiCode.parse("0x1f468-0x200d-0x1f469")   // "👨‍👩"
/// EmojiCode.format("👍🏽")                         // "0x1f44d-0x1f3fd"
/// ```
public enum EmojiCode {
  /// The text that `code` spells.
  ///
  /// - Parameter code: Components separated by `-`, each 1 to 8 hex digits after an optional prefix.
  /// - Throws: ``EmojiCodeError`` naming the first bad component (0-based) and why.
  /// - Complexity: O(*n*) in the length of `code`.
  public static func parse(_ code: String) throws(EmojiCodeError) -> String {
    guard !code.isEmpty else { throw .empty }
    var scalars = String.UnicodeScalarView()
    for (componentIndex, component) in code.split(separator: "-", omittingEmptySubsequences: false).enumerated() {
      scalars.append(try scalar(String(component), componentIndex: componentIndex))
    }
    return String(scalars)
  }

  /// The code of `emoji`: its scalars as lowercase `0x` hex, joined by `-` (`"😀"` → `"0x1f600"`).
  ///
  /// `parse(format(s)) == s` for every non-empty string `s`.
  public static func format(_ emoji: String) -> String {
    emoji.unicodeScalars.map { "0x" + String($0.value, radix: 16) }.joined(separator: "-")
  }

  private static func scalar(_ component: String, componentIndex: Int) throws(EmojiCodeError) -> Unicode.Scalar {
    var digits = Substring(component)
    for prefix in ["0x", "0X", "U+", "u+"] where digits.hasPrefix(prefix) {
      digits = digits.dropFirst(prefix.count)
      break
    }
    guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit), digits.unicodeScalars.allSatisfy(\.isASCII) else {
      throw .notHexadecimal(component: component, componentIndex: componentIndex)
    }
    // Note: leading zeros are allowed, so the range check looks at the significant digits only; this also
    // keeps absurdly long inputs from overflowing.
    let significant = digits.drop { $0 == "0" }
    guard significant.count <= 6, let value = UInt32(significant.isEmpty ? "0" : significant, radix: 16),
      value <= 0x10FFFF
    else { throw .outOfRange(component: component, componentIndex: componentIndex) }
    guard let scalar = Unicode.Scalar(value) else {
      throw .surrogate(component: component, componentIndex: componentIndex)
    }
    return scalar
  }
}

/// Why an emoji code such as `0x1f600-0x200d` does not spell text.
public enum EmojiCodeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The code is the empty string.
  case empty
  /// A component is empty or has a character that is not a hex digit (after its optional `0x` / `U+`).
  case notHexadecimal(component: String, componentIndex: Int)
  /// A component is a surrogate code point (U+D800…U+DFFF), which is not a scalar.
  case surrogate(component: String, componentIndex: Int)
  /// A component is above U+10FFFF.
  case outOfRange(component: String, componentIndex: Int)

  public var description: String {
    switch self {
    case .empty:
      "expected code points such as 0x1f600 or 0x1f468-0x200d-0x1f469, found an empty string"
    case .notHexadecimal(let component, let componentIndex):
      "code point \(componentIndex + 1) \"\(component)\" is not hexadecimal (expected e.g. 0x1f600)"
    case .surrogate(let component, let componentIndex):
      "code point \(componentIndex + 1) \(component) is a surrogate (U+D800…U+DFFF), not a Unicode scalar"
    case .outOfRange(let component, let componentIndex):
      "code point \(componentIndex + 1) \(component) is above U+10FFFF"
    }
  }
}
