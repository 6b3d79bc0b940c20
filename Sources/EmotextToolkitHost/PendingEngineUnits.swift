import Emotext

// Note: a stand-in for the engine's unit API (issue 40, part 1) until it lands on `main`: the same names and
// shapes, computed by walking the document. It is deleted when `main` is merged, and the engine's own O(log n)
// conversions take over.

/// A unit positions are counted in (stand-in for the engine's).
public enum TextUnit: String, Sendable, CaseIterable {
  case utf16, unicodeScalars, utf8
}

/// A selection with its direction (stand-in for the engine's).
public struct SelectionEnds: Hashable, Sendable {
  /// The end that stays put.
  public var anchor: Int
  /// The end that moves: the caret.
  public var head: Int
  /// The selection as a range.
  public var range: Range<Int> { min(anchor, head)..<max(anchor, head) }
}

/// A text change in one unit (stand-in for the engine's).
public struct UnitTextChange: Hashable, Sendable {
  /// The unit of the ranges.
  public var unit: TextUnit
  /// The replaced range in the document before.
  public var replacedRange: Range<Int>
  /// How many units replaced it.
  public var insertedCount: Int
  /// The inserted range in the document after.
  public var insertedRange: Range<Int> { replacedRange.lowerBound..<(replacedRange.lowerBound + insertedCount) }
}

extension RichText {
  /// The text as a toolkit buffer holds it: each attachment as U+FFFC.
  public var bufferText: String {
    var text = ""
    for run in runs {
      switch run {
      case .text(let string, _): text += string
      case .emoticon: text += "\u{FFFC}"
      }
    }
    return text
  }

  /// The count in `unit`.
  public func count(in unit: TextUnit) -> Int { offset(utf16Count, from: .utf16, to: unit) }

  /// `offset` converted between units.
  public func offset(_ offset: Int, from: TextUnit, to: TextUnit) -> Int {
    if from == to { return offset }
    var counts = (utf16: 0, scalars: 0, utf8: 0)
    func value(_ unit: TextUnit) -> Int {
      switch unit {
      case .utf16: counts.utf16
      case .unicodeScalars: counts.scalars
      case .utf8: counts.utf8
      }
    }
    for scalar in bufferText.unicodeScalars {
      if value(from) >= offset { break }
      counts.utf16 += scalar.utf16.count
      counts.scalars += 1
      counts.utf8 += scalar.utf8.count
    }
    return value(to)
  }

  /// `range` converted between units.
  public func range(_ range: Range<Int>, from: TextUnit, to: TextUnit) -> Range<Int> {
    offset(range.lowerBound, from: from, to: to)..<offset(range.upperBound, from: from, to: to)
  }
}

extension Editor {
  /// The selection with its direction, in `unit` (stand-in: the direction is not kept).
  public func selectionEnds(in unit: TextUnit) -> SelectionEnds {
    let range = document.range(selection, from: .utf16, to: unit)
    return SelectionEnds(anchor: range.lowerBound, head: range.upperBound)
  }

  /// Selects from `anchor` to `head` in `unit`.
  public mutating func select(anchor: Int, head: Int, in unit: TextUnit) {
    let range = document.range(min(anchor, head)..<max(anchor, head), from: unit, to: .utf16)
    select(range)
  }

  /// Replaces `range` in `unit` with `content`.
  public mutating func replace(_ range: Range<Int>, in unit: TextUnit, with content: RichText) {
    replace(document.range(range, from: unit, to: .utf16), with: content)
  }

  /// Sets the marked text, `selectedRange` in `unit` inside it.
  public mutating func setMarkedText(_ text: String, selectedRange: Range<Int>, in unit: TextUnit) {
    let marked = RichText(text)
    setMarkedText(text, selectedRange: marked.range(selectedRange, from: unit, to: .utf16))
  }

  /// The marked range in `unit`.
  public func markedRange(in unit: TextUnit) -> Range<Int>? {
    markedRange.map { document.range($0, from: .utf16, to: unit) }
  }

  /// GTK's delete-surrounding: from caret + `offset`, `count` units.
  public mutating func deleteSurroundingText(offset: Int, count: Int, in unit: TextUnit) {
    precondition(unit == .unicodeScalars, "the stand-in speaks scalars only")
    deleteSurroundingText(inCodePoints: max(0, -offset), after: max(0, offset + count))
  }

  /// The last change in `unit`, given the document's count in that unit before the call (stand-in only).
  func lastChange(in unit: TextUnit, countBefore: Int) -> UnitTextChange? {
    guard let change = lastChange else { return nil }
    let inserted = document.range(change.insertedRange, from: .utf16, to: unit)
    let countAfter = document.count(in: unit)
    let replacedUpper = countBefore - (countAfter - inserted.upperBound)
    return UnitTextChange(
      unit: unit, replacedRange: inserted.lowerBound..<replacedUpper, insertedCount: inserted.count)
  }

  /// The attribute-only change (stand-in: the engine reports it as a text change for now).
  public func lastRestyle(in unit: TextUnit) -> Range<Int>? { nil }
}

extension Editor {
  /// The selection in `unit`.
  public func selection(in unit: TextUnit) -> Range<Int> { document.range(selection, from: .utf16, to: unit) }
}

/// The text around the caret for an input method (stand-in for the engine's).
public struct SurroundingText: Hashable, Sendable {
  /// The document's buffer text.
  public var text: String
  /// The caret as a UTF-8 byte index into ``text``.
  public var caretUTF8Index: Int
  /// The anchor as a UTF-8 byte index into ``text``.
  public var anchorUTF8Index: Int
}

extension Editor {
  /// The text around the caret for an input method (stand-in: the whole document).
  public func surroundingText() -> SurroundingText {
    let ends = selectionEnds(in: .utf8)
    return SurroundingText(text: document.bufferText, caretUTF8Index: ends.head, anchorUTF8Index: ends.anchor)
  }
}
