/// The document's length against an editor's ``LengthLimit``: what a counter shows.
public struct LengthStatus: Hashable, Sendable {
  /// The document's length in the limit's measure.
  public var length: Int
  /// The limit's maximum.
  public var maximum: Int

  /// A status of `length` against `maximum`.
  public init(length: Int, maximum: Int) {
    self.length = length
    self.maximum = maximum
  }

  /// How much more fits (negative when the document is over the limit).
  public var remaining: Int { maximum - length }
  /// Whether the document is longer than the limit allows (a loaded post, or a lowered limit).
  public var isOverLimit: Bool { length > maximum }
}
