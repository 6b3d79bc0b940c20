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

  /// The stretch `stretch` remembered, when nothing in it may be or hold an entity; nil otherwise.
  init?(_ stretch: EntityStretch) {
    guard !stretch.mayHoldEntity else { return nil }
    range = stretch.range
    lowerCutNeedsUnitAfter = stretch.lowerCutNeedsUnitAfter
    upperCutNeedsUnitBefore = stretch.upperCutNeedsUnitBefore
  }

  /// This stretch after `change`, when the change lies inside it and leaves both cuts standing (it may start at the
  /// cut before it when that cut does not depend on the unit at it, and end at the cut after it when that cut does not
  /// depend on the unit before it), and what the change inserted holds nothing an entity needs; nil otherwise.
  func following(_ change: TextChange, inserting content: RichText) -> QuietEntityStretch? {
    let replaced = change.replacedRange
    let lowerStands =
      lowerCutNeedsUnitAfter ? replaced.lowerBound > range.lowerBound : replaced.lowerBound >= range.lowerBound
    let upperStands =
      upperCutNeedsUnitBefore ? replaced.upperBound < range.upperBound : replaced.upperBound <= range.upperBound
    guard lowerStands, upperStands, content.holdsNothingAnEntityNeeds else { return nil }
    var next = self
    next.range = range.lowerBound..<range.upperBound + change.utf16Delta
    return next
  }
}

extension RichText {
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
