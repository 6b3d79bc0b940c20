import CICU

/// Line breaks as Emotext defines them, once: which characters end a line, and where a line may wrap
/// (UAX #14, from ICU).
///
/// A line break is a character of the Line_Break classes BK, CR, LF and NL, the ones UAX #14 says always end a
/// line: LF, VT, FF, CR, NEL (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029); CR LF is one
/// line break. The tokenizer's grammar (a token never spans one), catalog validation, entities (a topic ends at
/// one), the terminal layout and the HTML renderer (`<br>`) all ask ``isLineBreak(_:)``.
///
/// ```swift
/// LineBreaks.isLineBreak("\u{2028}")   // true
/// LineBreaks.opportunities(in: "ab cd\nef").map(\.utf8Offset)       // [3, 6, 8]
/// LineBreaks.opportunities(in: "ab cd\nef").map(\.isMandatory)      // [false, true, true]
/// ```
public enum LineBreaks {
  /// Every line-break character, in code point order, read from ICU's Line_Break property on first use.
  public static let characters: [Unicode.Scalar] = {
    let classes: [ICU.LineBreak] = [.mandatoryBreak, .carriageReturn, .lineFeed, .nextLine]
    let ranges = classes.flatMap(ICU.scalars(whereLineBreakIs:))
    return ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }.sorted { $0.value < $1.value }
  }()

  /// Whether `scalar` ends a line (see ``LineBreaks``).
  @inline(__always)
  public static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar.value < 64 && asciiLineBreaks & (1 << UInt64(scalar.value)) != 0 }
    return scalar.value <= characters.last!.value && characters.contains(scalar)
  }

  /// The ASCII line breaks as bits of a mask (all of them are below 64).
  private static let asciiLineBreaks: UInt64 = characters.filter { $0.value < 64 }.reduce(0) {
    $0 | 1 << UInt64($1.value)
  }

  /// The UTF-8 length of the line break that starts at byte `index` of valid UTF-8, or 0 when none does.
  /// Byte scanners (the tokenizer) use it without decoding every scalar.
  @inline(__always)
  package static func lineBreakUTF8Count(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = utf8[index]
    if byte < 0x80 { return byte < 64 && asciiLineBreaks & (1 << UInt64(byte)) != 0 ? 1 : 0 }
    guard byte >= 0xC0 && lineBreakLeadBytes & (1 << UInt64(byte & 0x3F)) != 0 else { return 0 }
    let (value, count) = GraphemeBreaks.scalar(in: utf8, at: index)
    return Unicode.Scalar(value).map(isLineBreak) == true ? count : 0
  }

  /// Which bytes can start a line break, for a byte scanner to test before it calls
  /// ``lineBreakUTF8Count(in:at:)``: the ASCII line breaks as bits of `ascii` (all below 64), and the lead bytes
  /// (0xC0–0xFF) of the others as bits of their low six bits in `lead`.
  package static var startByteMasks: (ascii: UInt64, lead: UInt64) { (asciiLineBreaks, lineBreakLeadBytes) }

  /// The lead bytes (0xC0–0xFF, as bits of their low six bits) of the line breaks outside ASCII.
  private static let lineBreakLeadBytes: UInt64 = characters.filter { !$0.isASCII }.reduce(0) {
    $0 | 1 << UInt64(String($1).utf8.first! & 0x3F)
  }

  /// Every position after 0 where a line may start (UAX #14 line break opportunities, ICU's line break
  /// iterator), in order; the last is the end of the text. Renderers wrap at them.
  /// - Complexity: O(*n*) in the UTF-8 length.
  public static func opportunities(in text: String) -> [LineBreakOpportunity] {
    var text = text
    return text.withUTF8 { opportunities(inUTF8: $0) }
  }
}

/// A position where a line may start (UAX #14), as ``LineBreaks/opportunities(in:)`` finds it.
public struct LineBreakOpportunity: Hashable, Sendable {
  /// The UTF-8 offset in the text where the next line would start.
  public var utf8Offset: Int
  /// Whether the line must end here: after a line break character (see ``LineBreaks``). The end of the text
  /// is an opportunity like any other (not mandatory unless a line break ends the text).
  public var isMandatory: Bool

  /// An opportunity at `utf8Offset`.
  public init(utf8Offset: Int, isMandatory: Bool) {
    self.utf8Offset = utf8Offset
    self.isMandatory = isMandatory
  }
}
