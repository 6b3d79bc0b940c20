/// The counts a subtree of a document sums up, so a position is found by descending, not by walking.
struct Summary: Equatable, Sendable {
  /// UTF-8 bytes of post text (an attachment counts its token's bytes).
  var utf8 = 0
  /// UTF-16 code units, an attachment counting 1.
  var utf16 = 0
  /// Unicode scalars, an attachment counting 1.
  var scalars = 0
  /// Run descriptors (a text run cut across leaves counts once per piece).
  var descriptors = 0
  /// Leaves.
  var leaves = 0
  /// The bytes by which attachments' tokens outweigh the U+FFFC that stands for each of them in a host's UTF-8
  /// (a token's UTF-8 length less 3, summed): the host's UTF-8 length is `utf8` less this.
  var attachmentTokenExcess = 0

  /// UTF-8 bytes as a host's buffer holds them: text, and 3 bytes (U+FFFC) for each attachment.
  var hostUTF8: Int { utf8 - attachmentTokenExcess }

  static func + (lhs: Summary, rhs: Summary) -> Summary {
    Summary(
      utf8: lhs.utf8 + rhs.utf8, utf16: lhs.utf16 + rhs.utf16, scalars: lhs.scalars + rhs.scalars,
      descriptors: lhs.descriptors + rhs.descriptors, leaves: lhs.leaves + rhs.leaves,
      attachmentTokenExcess: lhs.attachmentTokenExcess + rhs.attachmentTokenExcess)
  }

  static func += (lhs: inout Summary, rhs: Summary) { lhs = lhs + rhs }

  /// The difference of two summaries, count by count (negative where `rhs` counts more).
  static func - (lhs: Summary, rhs: Summary) -> Summary {
    Summary(
      utf8: lhs.utf8 - rhs.utf8, utf16: lhs.utf16 - rhs.utf16, scalars: lhs.scalars - rhs.scalars,
      descriptors: lhs.descriptors - rhs.descriptors, leaves: lhs.leaves - rhs.leaves,
      attachmentTokenExcess: lhs.attachmentTokenExcess - rhs.attachmentTokenExcess)
  }
}
