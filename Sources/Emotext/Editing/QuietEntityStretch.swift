/// The stretch around an edit that live recognition reads again (see ``RichText/entityStretch(around:skippingQuietScalars:)``):
/// its range between two cuts (see ``EntityCut``), whether anything in it may be or hold an entity, and what its cuts
/// stand on.
struct EntityStretch: Equatable {
  var range: Range<Int>
  /// Whether the stretch holds an entity attribute or an `@`, `#`, `:` or `.`.
  var mayHoldEntity: Bool
  /// Whether the cut at the range's start stands only while the unit at it is unchanged (a separator, a change of
  /// attributes); false for an attachment's end and the document's start.
  var lowerCutNeedsUnitAfter: Bool
  /// Whether the cut at the range's end stands only while the unit before it is unchanged (a separator, whose
  /// cluster break depends on the scalar before it; a change of attributes); false for an attachment's start and
  /// the document's end.
  var upperCutNeedsUnitBefore: Bool
}

/// A stretch between two cuts (see ``EntityCut``) that holds no entity and nothing an entity needs (no entity
/// attribute, no `@`, `#`, `:` or `.`), which the editor remembers from one live recognition to the next so that a
/// keystroke inside it does not walk to the nearest cuts again.
///
/// Why an edit inside it needs no recognition, when what it inserts holds nothing an entity needs either: the
/// cut before the edit reads only unchanged text (the unit at it too, when it depends on that unit), so it still
/// cuts, and recognition after it starts afresh. From there to the cut after the edit there is no `@` or `#` (no
/// mention or topic starts there), no `.` or `:` (no link: a link's host holds a `.`, a scheme a `:`, and a
/// separator ends a host that no `://` before it opened), so recognition finds nothing there and no reading there
/// reaches the cut after the edit: that one still cuts too (its separator is still unmarked and its cluster break
/// unchanged, the unit before it being unchanged when it depends on it). Between the two cuts the document has no
/// entity before the edit (nothing is marked there) and none after it (what the edit inserted is not marked), which is
/// what recognizing the whole document finds there; outside them nothing changed.
struct QuietEntityStretch: Equatable, Sendable {
  var range: Range<Int>
  /// See ``EntityStretch``.
  var lowerCutNeedsUnitAfter: Bool
  var upperCutNeedsUnitBefore: Bool
  /// Whether the cut after the stretch is a `#` (``RichText/markedQuietStretch(around:)``) and the stretch holds no
  /// Prepend scalar and no attachment: clusters break before the `#` after any scalar of the stretch, so an edit may
  /// end at it when it inserts no Prepend scalar or attachment either.
  var upperCutIsHash: Bool

  init(range: Range<Int>, lowerCutNeedsUnitAfter: Bool, upperCutNeedsUnitBefore: Bool, upperCutIsHash: Bool = false) {
    self.range = range
    self.lowerCutNeedsUnitAfter = lowerCutNeedsUnitAfter
    self.upperCutNeedsUnitBefore = upperCutNeedsUnitBefore
    self.upperCutIsHash = upperCutIsHash
  }

  /// The stretch `stretch` remembered, when nothing in it may be or hold an entity; nil otherwise.
  init?(_ stretch: EntityStretch) {
    guard !stretch.mayHoldEntity else { return nil }
    range = stretch.range
    lowerCutNeedsUnitAfter = stretch.lowerCutNeedsUnitAfter
    upperCutNeedsUnitBefore = stretch.upperCutNeedsUnitBefore
    upperCutIsHash = false
  }

  /// This stretch after `change`, when the change lies inside it and leaves both cuts standing (it may start at the
  /// cut before it when that cut does not depend on the unit at it, and end at the cut after it when that cut does not
  /// depend on the unit before it, or is a `#` after a stretch without Prepend scalars and attachments), and what the
  /// change inserted holds nothing an entity needs (nor, before a `#`, a Prepend scalar or an attachment); nil
  /// otherwise.
  func following(_ change: TextChange, inserting content: RichText) -> QuietEntityStretch? {
    let replaced = change.replacedRange
    let lowerStands =
      lowerCutNeedsUnitAfter ? replaced.lowerBound > range.lowerBound : replaced.lowerBound >= range.lowerBound
    let upperStands =
      upperCutNeedsUnitBefore && !upperCutIsHash
      ? replaced.upperBound < range.upperBound : replaced.upperBound <= range.upperBound
    guard lowerStands, upperStands, content.holdsNothingAnEntityNeeds,
      !upperCutIsHash || content.holdsNoPrependOrAttachment
    else { return nil }
    var next = self
    next.range = range.lowerBound..<range.upperBound + change.utf16Delta
    return next
  }
}

extension RichText {
  /// Whether this document holds no attachment and no Prepend scalar (after which clusters do not break before a
  /// `#`; no other rule joins anything to a `#`).
  /// - Complexity: linear in the document; ASCII text is not decoded.
  var holdsNoPrependOrAttachment: Bool {
    var holdsNone = true
    forEachPiece { piece in
      guard !piece.isAttachment else {
        holdsNone = false
        return false
      }
      guard piece.utf8.contains(where: { $0 >= 0x80 }) else { return true }
      for scalar in String(decoding: piece.utf8, as: UTF8.self).unicodeScalars where MarkedScalar.isPrepend(scalar) {
        holdsNone = false
      }
      return holdsNone
    }
    return holdsNone
  }

  /// Whether no text of this document is marked as an entity or holds an `@`, `#`, `:` or `.`.
  /// - Complexity: linear in the document.
  var holdsNothingAnEntityNeeds: Bool {
    var holdsNothing = true
    forEachPiece { piece in
      guard !piece.isAttachment else { return true }
      if EntityScanner.mayHoldEntity(piece.utf8) {
        holdsNothing = false
      } else if piece.contentIndex != .plainText, case .text(let attributes) = piece.content {
        holdsNothing = attributes.entity == nil
      }
      return holdsNothing
    }
    return holdsNothing
  }
}

extension RichText {
  /// The quiet stretch around `utf16Range` between two separators that the entities this document marks show to
  /// be cuts, when its entities are current (what ``recognizingEntities(urls:)`` marks) and the stretch walk found no
  /// quiet stretch (an `@`, `#`, `:` or `.` or an entity lies between its cuts); nil when there is none near.
  ///
  /// The walk cuts at a separator only after 70 scalars without `#` (``EntityCut``) because a topic's reading from
  /// an earlier `#` might reach it. The marks tell more: a `#` marked (an opening or closing `#` of a topic, or part
  /// of a link, which the scan steps over) starts no reading that goes past the closing `#` of its topic, which
  /// lies before an unmarked separator after it. So a separator *p* before the edit cuts when it is unmarked, clusters
  /// break before it, and the 70 scalars before it hold no unmarked `#` (none needed before a line break, which no
  /// topic crosses) and, when a host label may hold it or the separator *q* after the edit, no scheme's `://` (only
  /// the label after one may hold a non-ASCII separator); only those after the last ASCII line break among them count
  /// (no topic and no host label crosses a control). From *p* to the
  /// first separator *q* after the edit, every scalar is text, unmarked and none of `@ # : .`: then *q* cuts too
  /// (its 70 scalars before lie in that stretch or in the 70 before *p*), and *p*..<*q* is a quiet stretch.
  ///
  /// Two more cuts, next to entity characters: *p* may be a CJK ideograph right after an unmarked `:` (the `//@name:`
  /// of a repost; ``MarkedScalar/cutsAfterColon(_:)``), which no host label crosses (no `:` check then), and *q* may
  /// be an `@` or `#` reached before any separator (``MarkedScalar/startsAfresh``).
  /// - Complexity: reads at most 48 units before the range, then the bytes of 140 before the cut and 64 after
  ///   the range.
  func markedQuietStretch(around utf16Range: Range<Int>) -> QuietEntityStretch? {
    // Note: first the few units before the edit, where most edits next to an entity end the search cheaply.
    let editStart = scalarBoundary(atOrBefore: utf16Range.lowerBound)
    let behind = MarkedScalar.read(self, in: scalarBoundary(atOrBefore: max(editStart - 48, 0))..<editStart)
    // Note: the separator before the edit, with only quiet text between.
    var lower = behind.count - 1
    while lower >= 0, behind[lower].isQuietText, !EntityCut.isSeparator(behind[lower].scalar) { lower -= 1 }
    // Note: the cut is a separator, or the ideograph after an unmarked `:` (`//@name:` of a repost): see
    // ``MarkedScalar/cutsAfterColon(_:)``.
    let cutsAfterColon = lower >= 0 && lower + 1 < behind.count && MarkedScalar.cutsAfterColon(behind[lower...])
    guard
      cutsAfterColon
        || (lower >= 1 && behind[lower].isQuietText && !behind[lower - 1].isAttachment
          && EntityCut.breaks(between: behind[lower - 1].scalar, and: behind[lower].scalar))
    else { return nil }
    // Note: then the units before the cut (140: at least its 70 scalars), by their bytes, from the last ASCII line
    // break among them on (no topic and no host label reads across one): a `#` not marked ends the search; a
    // scheme's `://` (marked or not) does when a host label may hold either separator (none reads past the `:`
    // before an ideograph cut). `schemeMatch` is how much of a `://` the bytes read so far end with, 3 once one was
    // read whole.
    let separator = cutsAfterColon ? ":" : behind[lower].scalar
    let lowerCut = cutsAfterColon ? behind[lower + 1].utf16Offset : behind[lower].utf16Offset
    let lookback = scalarBoundary(atOrBefore: max(lowerCut - 2 * EntityCut.quietScalarCount, 0))..<lowerCut
    let checksHash = !LineBreaks.isLineBreak(separator)
    var (unmarkedHash, schemeMatch) = (false, 0)
    forEachPiece(in: lookback) { piece in
      guard !piece.isAttachment else {
        if schemeMatch < 3 { schemeMatch = 0 }
        return true
      }
      var line = piece.utf8[...]
      if let lineBreak = line.lastIndex(where: { (0x0A...0x0D).contains($0) }) {
        (unmarkedHash, schemeMatch) = (false, 0)
        line = line[(lineBreak + 1)...]
      }
      for byte in line where schemeMatch < 3 {
        schemeMatch = byte == UInt8(ascii: ":") ? 1 : byte == UInt8(ascii: "/") && schemeMatch > 0 ? schemeMatch + 1 : 0
      }
      // Note: a marked `#` (a topic's, or a link's, which the scan steps over) starts no reading past its entity.
      var isMarked = false
      if piece.contentIndex != .plainText, case .text(let attributes) = piece.content {
        isMarked = attributes.entity != nil
      }
      unmarkedHash = unmarkedHash || (checksHash && !isMarked && line.contains(UInt8(ascii: "#")))
      return true
    }
    guard !unmarkedHash else { return nil }
    // Note: the separator after the edit, with only quiet text (the edit's too) from the edit's start.
    let aheadEnd = scalarBoundary(atOrBefore: min(utf16Range.upperBound + 64, utf16Count))
    guard utf16Range.upperBound <= aheadEnd else { return nil }
    let ahead = MarkedScalar.read(self, in: editStart..<aheadEnd)
    var upper = 0
    while upper < ahead.count, ahead[upper].isQuietText,
      ahead[upper].utf16Offset < utf16Range.upperBound || !EntityCut.isSeparator(ahead[upper].scalar)
    {
      upper += 1
    }
    // Note: the cut after is a separator, or an `@` or `#` (see ``MarkedScalar/startsAfresh``).
    guard upper < ahead.count, ahead[upper].isQuietText || ahead[upper].startsAfresh,
      ahead[upper].utf16Offset >= utf16Range.upperBound
    else { return nil }
    let beforeUpper = upper > 0 ? ahead[upper - 1] : behind[behind.count - 1]
    guard !beforeUpper.isAttachment, EntityCut.breaks(between: beforeUpper.scalar, and: ahead[upper].scalar) else {
      return nil
    }
    guard
      cutsAfterColon || schemeMatch < 3
        || !(separator.isURLUnicodeDomainCharacter || ahead[upper].scalar.isURLUnicodeDomainCharacter)
    else {
      return nil
    }
    // Note: before a `#`, an edit may end at the cut when no scalar of the stretch is Prepend (nor the one at the cut
    // before, a separator or an ideograph); none of it is an attachment (quiet text).
    let stretchStart = cutsAfterColon ? lower + 1 : lower
    let upperCutIsHash =
      ahead[upper].scalar == "#" && !behind[stretchStart...].contains { MarkedScalar.isPrepend($0.scalar) }
      && !ahead[..<upper].contains { MarkedScalar.isPrepend($0.scalar) }
    return QuietEntityStretch(
      range: lowerCut..<ahead[upper].utf16Offset, lowerCutNeedsUnitAfter: true, upperCutNeedsUnitBefore: true,
      upperCutIsHash: upperCutIsHash)
  }
}

/// One scalar of a document as ``RichText/markedQuietStretch(around:)`` reads it.
private struct MarkedScalar {
  var scalar: Unicode.Scalar
  var utf16Offset: Int
  var isMarked: Bool
  var isAttachment: Bool

  /// Whether clusters do not break after `scalar` (GB9b); ASCII is none.
  static func isPrepend(_ scalar: Unicode.Scalar) -> Bool {
    !scalar.isASCII && GraphemeTable.kind(GraphemeTable.shared.entry(scalar.value)) == .prepend
  }

  /// Text, unmarked, and none of `@`, `#`, `:`, `.`.
  var isQuietText: Bool {
    !isAttachment && !isMarked && scalar != "@" && scalar != "#" && scalar != ":" && scalar != "."
  }

  /// An `@` or `#` (marked or not), where recognition starts afresh when only quiet text comes before it (up to a cut
  /// whose 70 scalars before hold no unmarked `#`): no reading from before it reaches it (no `@`, `#` or `:` in the
  /// quiet text; a mention's name, a host label, a path and a topic from a marked `#` end before it), and what
  /// recognition reads from it on, or before it, is the text from it on and the unit before it (is it a cluster
  /// break? does an ASCII letter or digit come before the `@`?), both unchanged by an edit that ends before it.
  var startsAfresh: Bool {
    !isAttachment && (scalar == "@" || scalar == "#")
  }

  /// Whether `scalars` starts with an unmarked `:` followed by a CJK ideograph, where recognition may cut (before
  /// the ideograph), as at a separator: no reading from before the `:` reads past the ideograph. A mention's name
  /// and a host label stop at the `:`; a port needs an ASCII digit after it, a path or a query their ASCII, Latin
  /// or Cyrillic characters; a scheme `://`. An ideograph starts no entity, is what an `@` or a scheme after it sees
  /// before it (no ASCII letter or digit), and clusters break before it, with no segmentation rule looking back
  /// past it (it is no Extend, ZWJ, regional indicator, Extended_Pictographic or Indic consonant).
  static func cutsAfterColon(_ scalars: ArraySlice<MarkedScalar>) -> Bool {
    guard scalars.count >= 2 else { return false }
    let colon = scalars[scalars.startIndex]
    let ideograph = scalars[scalars.startIndex + 1]
    guard !colon.isAttachment, !colon.isMarked, colon.scalar == ":", !ideograph.isAttachment, !ideograph.isMarked
    else { return false }
    return (0x4E00...0x9FFF).contains(ideograph.scalar.value) || (0x3400...0x4DBF).contains(ideograph.scalar.value)
  }

  /// The scalars of `document` in `utf16Range` (scalar boundaries), an attachment as one.
  static func read(_ document: RichText, in utf16Range: Range<Int>) -> [MarkedScalar] {
    var scalars: [MarkedScalar] = []
    scalars.reserveCapacity(utf16Range.count)
    guard !utf16Range.isEmpty else { return scalars }
    document.forEachPiece(in: utf16Range) { piece in
      guard !piece.isAttachment else {
        scalars.append(
          MarkedScalar(scalar: "\u{FFFC}", utf16Offset: piece.utf16Start, isMarked: false, isAttachment: true))
        return true
      }
      var isMarked = false
      if piece.contentIndex != .plainText, case .text(let attributes) = piece.content {
        isMarked = attributes.entity != nil
      }
      var utf16Offset = piece.utf16Start
      var bytes = piece.utf8.makeIterator()
      var decoder = UTF8()
      while case .scalarValue(let scalar) = decoder.decode(&bytes) {
        scalars.append(MarkedScalar(scalar: scalar, utf16Offset: utf16Offset, isMarked: isMarked, isAttachment: false))
        utf16Offset += UTF16.width(scalar)
      }
      return true
    }
    return scalars
  }
}

extension Editor {
  /// ``RichText/markedQuietStretch(around:)`` of the document, unless it found none in the last stretch that started
  /// at `stretchStart` (most presses in a stretch full of entities find none, and asking costs more than the walk).
  mutating func markedQuietStretch(around utf16Range: Range<Int>, inStretchFrom stretchStart: Int)
    -> QuietEntityStretch?
  {
    guard stretchStart != stretchWithoutMarkedQuietStretch else { return nil }
    let found = document.markedQuietStretch(around: utf16Range)
    stretchWithoutMarkedQuietStretch = found == nil ? stretchStart : nil
    return found
  }
}
