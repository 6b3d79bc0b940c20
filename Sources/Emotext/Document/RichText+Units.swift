import EmotextUnicode

/// A unit a host counts positions in. An attachment is one U+FFFC in every unit: 1 UTF-16 unit, 1 scalar,
/// 3 UTF-8 bytes, as GTK's text buffer and `NSAttributedString` hold it.
///
/// - ``utf16``: UIKit, AppKit, Android, JavaScript (and every position of ``Editor`` and ``TextChange``).
/// - ``unicodeScalars``: GTK's `GtkTextIter` offsets and `delete-surrounding`, Python's `str`.
/// - ``utf8``: GTK's `insert-text` and `set_surrounding_with_selection`, C, Rust, Go.
///
/// A host's UTF-8 differs from the post text's (``RichText/postText``), where an attachment is its token:
/// `好[哈哈]` is 6 bytes in a host's buffer and 11 in the post text.
public enum TextUnit: String, Hashable, Sendable, CaseIterable, TreeMetric {
  /// UTF-16 code units.
  case utf16
  /// Unicode scalars (code points).
  case unicodeScalars
  /// UTF-8 bytes of the text a host's buffer holds (an attachment is U+FFFC, 3 bytes).
  case utf8

  /// The size of what `summary` counts, in this unit: a unit is the tree metric a position in it is found by.
  func size(of summary: Summary) -> Int {
    switch self {
    case .utf16: summary.utf16
    case .unicodeScalars: summary.scalars
    case .utf8: summary.hostUTF8
    }
  }
}

extension RichText {
  /// The document's length in `unit`, each attachment counting as one U+FFFC.
  /// - Complexity: O(1).
  public func count(in unit: TextUnit) -> Int { unit.size(of: root.summary) }

  /// The position `offset`, counted in `source`, counted in `target`.
  ///
  /// ```swift
  /// let text = BracketTokenizer(catalog: .default).tokenize("😀[哈哈]好")
  /// text.offset(2, from: .unicodeScalars, to: .utf16)   // 3: 😀 is two UTF-16 units
  /// text.offset(3, from: .unicodeScalars, to: .utf8)    // 10: 😀 4 bytes, the attachment 3, 好 3
  /// ```
  /// - Precondition: `offset` lies in the document (`0...count(in: source)`) and on a scalar boundary: not
  ///   inside a surrogate pair (UTF-16), a scalar's bytes or an attachment's U+FFFC (UTF-8).
  /// - Complexity: O(log *n*) to find the leaf, then a scan of one leaf's bytes at most.
  public func offset(_ offset: Int, from source: TextUnit, to target: TextUnit) -> Int {
    self.offset(offset, from: source, to: target, snapping: false)
  }

  /// ``offset(_:from:to:)``, with an offset inside a scalar or an attachment's U+FFFC moved back to its start
  /// when `snapping`, instead of trapping: what the editor does with offsets a host computed before a change it
  /// did not expect (marked text committed first).
  package func offset(_ offset: Int, from source: TextUnit, to target: TextUnit, snapping: Bool) -> Int {
    let total = count(in: source)
    precondition(
      offset >= 0 && offset <= total, "RichText offset \(offset) (\(source)) is outside the document (length \(total))")
    // Note: an offset converted to its own unit is itself, unless it may lie inside a scalar that snapping moves it
    // out of (a scalar offset never does).
    guard source != target || (snapping && source != .unicodeScalars) else { return offset }
    let position = root.find(at: offset, in: source, preferEnd: false)
    let leaf = position.leaf
    var remaining = offset - source.size(of: position.start)
    var done = position.start
    var bytes = leaf.text
    return bytes.withUTF8 { utf8 in
      var byte = 0
      for descriptor in leaf.descriptors {
        guard remaining > 0 else { break }
        let length = Int(descriptor.utf8Count)
        var piece = Summary(utf8: length, utf16: Int(descriptor.utf16Count))
        if descriptor.isText {
          let text = UnsafeBufferPointer(rebasing: utf8[byte..<(byte + length)])
          if source == .unicodeScalars || target == .unicodeScalars {
            piece.scalars = String.counts(ofUTF8: text).scalars
          }
          if remaining < source.size(of: piece) {
            let inside = Self.utf8Offset(remaining, in: source, of: text, at: offset, snapping: snapping)
            let prefix = UnsafeBufferPointer(rebasing: text[..<inside])
            let counts = target == .utf8 ? (utf16: 0, scalars: 0) : String.counts(ofUTF8: prefix)
            done += Summary(utf8: inside, utf16: counts.utf16, scalars: counts.scalars)
            remaining = 0
            break
          }
        } else {
          piece = Summary(
            utf8: length, utf16: 1, scalars: 1, attachmentTokenExcess: length - RunDescriptor.objectReplacementUTF8Count
          )
          guard remaining >= source.size(of: piece) else {
            precondition(snapping, "RichText offset \(offset) (\(source)) is inside an attachment's U+FFFC")
            break
          }
        }
        remaining -= source.size(of: piece)
        done += piece
        byte += length
      }
      return target.size(of: done)
    }
  }

  /// The byte offset in `text` (valid UTF-8) of the position `count` units of `unit` into it.
  /// Inside a scalar, the scalar's start when `snapping`; else a trap.
  private static func utf8Offset(
    _ count: Int, in unit: TextUnit, of text: UnsafeBufferPointer<UInt8>, at documentOffset: Int, snapping: Bool
  ) -> Int {
    switch unit {
    case .utf16:
      if let inside = text.utf8Offset(movingUTF16: count, from: 0) { return inside }
      precondition(snapping, "RichText offset \(documentOffset) (utf16) splits a surrogate pair")
      return text.utf8Offset(movingUTF16: count - 1, from: 0)!
    case .unicodeScalars:
      return text.utf8Offset(movingScalars: count, from: 0)
    case .utf8:
      var start = count
      while text[start] & 0xC0 == 0x80 {
        precondition(snapping, "RichText offset \(documentOffset) (utf8) is inside a scalar's bytes")
        start -= 1
      }
      return start
    }
  }

  /// The range `range`, counted in `source`, counted in `target` (see ``offset(_:from:to:)``).
  /// - Complexity: O(log *n*) plus a scan of two leaves' bytes at most.
  public func range(_ range: Range<Int>, from source: TextUnit, to target: TextUnit) -> Range<Int> {
    let lower = offset(range.lowerBound, from: source, to: target)
    return lower..<(range.isEmpty ? lower : offset(range.upperBound, from: source, to: target))
  }

  /// The text a toolkit's buffer holds for this document: the text runs as they are and U+FFFC (OBJECT
  /// REPLACEMENT CHARACTER) for each attachment, as GTK's `gtk_text_buffer_get_slice` and
  /// `NSAttributedString.string` give it. Its lengths are ``count(in:)``'s.
  ///
  /// ```swift
  /// BracketTokenizer(catalog: .default).tokenize("好[哈哈]").bufferText   // "好\u{FFFC}"
  /// ```
  /// - Complexity: O(*n*).
  public var bufferText: String { bufferText(in: 0..<utf16Count) }

  /// The text of `utf16Range` as a toolkit's buffer holds it (see ``bufferText``).
  /// - Precondition: `utf16Range` lies in the document, on scalar boundaries.
  /// - Complexity: O(log *n*) plus the length of the range.
  func bufferText(in utf16Range: Range<Int>) -> String {
    var text = ""
    forEachPiece(in: utf16Range) { piece in
      if piece.isAttachment {
        text.unicodeScalars.append("\u{FFFC}")
      } else {
        text.append(contentsOf: String(decoding: piece.utf8, as: UTF8.self))
      }
      return true
    }
    return text
  }
}

extension RichText {
  /// The counts of `utf16Range` in every unit: `utf16`, `scalars`, and a host's UTF-8 as `utf8` (its
  /// `attachmentTokenExcess` is 0).
  /// - Complexity: O(log *n*) plus a scan of two leaves' bytes at most.
  func counts(in utf16Range: Range<Int>) -> Summary {
    let scalars = range(utf16Range, from: .utf16, to: .unicodeScalars)
    let utf8 = range(utf16Range, from: .utf16, to: .utf8)
    return Summary(utf8: utf8.count, utf16: utf16Range.count, scalars: scalars.count)
  }
}
