/// What one mutation of a document changed, in UTF-16 units: the range it replaced in the document
/// before, and how long the content that replaced it is.
///
/// This is what `NSTextStorage.edited(_:range:changeInLength:)` and Android's `TextWatcher` tell a view,
/// and what undo records: the new content sits at
/// `replacedRange.lowerBound..<replacedRange.lowerBound + insertedUTF16Count`.
///
/// ```swift
/// var text = RichText("abc")
/// let change = text.replaceSubrange(1..<2, with: "xyz")
/// change.replacedRange        // 1..<2
/// change.insertedUTF16Count   // 3
/// ```
public struct TextChange: Hashable, Sendable {
  /// The replaced range, in UTF-16 offsets of the document before the change.
  public var replacedRange: Range<Int>
  /// The UTF-16 length of what replaced it (an attachment counts 1).
  public var insertedUTF16Count: Int

  public init(replacedRange: Range<Int>, insertedUTF16Count: Int) {
    self.replacedRange = replacedRange
    self.insertedUTF16Count = insertedUTF16Count
  }

  /// The range the new content occupies, in UTF-16 offsets of the document after the change.
  public var insertedRange: Range<Int> {
    replacedRange.lowerBound..<(replacedRange.lowerBound + insertedUTF16Count)
  }

  /// How much longer the document got (negative when it got shorter).
  public var utf16Delta: Int { insertedUTF16Count - replacedRange.count }

  /// One change that covers this change followed by `next` (whose range is in the coordinates of the
  /// document after this one): the smallest range of the original document holding both, and the length
  /// of what replaced it.
  public func followed(by next: TextChange) -> TextChange {
    let lower = min(replacedRange.lowerBound, next.replacedRange.lowerBound)
    // Note: the upper end, in the coordinates between the two changes, lies at or after the end of what
    // this change inserted, so mapping it back through this change is a shift.
    let upperBetween = max(insertedRange.upperBound, next.replacedRange.upperBound)
    let upperBefore = upperBetween - utf16Delta
    let upperAfter = upperBetween + next.utf16Delta
    return TextChange(replacedRange: lower..<upperBefore, insertedUTF16Count: upperAfter - lower)
  }

  /// `utf16Range`, a range of the document before this change, in the document after it: ends before the
  /// replaced range stay, ends after it move by ``utf16Delta``, and ends inside it go to the edges of the new
  /// content (the lower end to its start, the upper end to its end), so the result covers what it covered.
  public func mapping(_ utf16Range: Range<Int>) -> Range<Int> {
    func mapped(_ offset: Int, toEnd: Bool) -> Int {
      if offset < replacedRange.lowerBound || (offset == replacedRange.lowerBound && !toEnd) { return offset }
      if offset >= replacedRange.upperBound { return offset + utf16Delta }
      return toEnd ? insertedRange.upperBound : insertedRange.lowerBound
    }
    let lower = mapped(utf16Range.lowerBound, toEnd: false)
    return lower..<max(lower, mapped(utf16Range.upperBound, toEnd: !utf16Range.isEmpty))
  }
}
