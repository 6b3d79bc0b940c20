import Emotext
import EmotextToolkitHost

/// A toolkit buffer as GTK's holds it: an array of scalars (U+FFFC for each attachment), entity tag spans, the
/// preedit mark and the selection, with a log of the calls the host made.
final class FakeTextBuffer: ToolkitTextBuffer {
  /// One call of the host.
  enum Call: Equatable {
    case delete(Range<Int>)
    case insertText(String, Int)
    case insertAttachment(String, Int)
    case removeTags(Range<Int>)
    case applyTag(TextAttributes.Entity, Range<Int>)
  }

  var scalars: [Unicode.Scalar] = []
  /// The entity of each scalar (nil for none), moved with the text as GTK moves tags.
  var tags: [TextAttributes.Entity?] = []
  var preedit: Range<Int>?
  var anchor = 0
  var head = 0
  var calls: [Call] = []

  var bufferText: String { String(String.UnicodeScalarView(scalars)) }

  func deleteScalars(_ scalarRange: Range<Int>) {
    precondition(scalarRange.upperBound <= scalars.count, "delete \(scalarRange) past \(scalars.count)")
    scalars.removeSubrange(scalarRange)
    tags.removeSubrange(scalarRange)
    calls.append(.delete(scalarRange))
  }

  func insertText(_ text: String, entity: TextAttributes.Entity?, atScalar scalarOffset: Int) {
    precondition(scalarOffset <= scalars.count && !text.unicodeScalars.contains("\u{FFFC}"))
    scalars.insert(contentsOf: text.unicodeScalars, at: scalarOffset)
    tags.insert(contentsOf: Array(repeating: entity, count: text.unicodeScalars.count), at: scalarOffset)
    calls.append(.insertText(text, scalarOffset))
  }

  func insertAttachment(_ attachment: EmoticonAttachment, atScalar scalarOffset: Int) {
    precondition(scalarOffset <= scalars.count)
    scalars.insert("\u{FFFC}", at: scalarOffset)
    tags.insert(nil, at: scalarOffset)
    calls.append(.insertAttachment(attachment.token, scalarOffset))
  }

  func removeEntityTags(_ scalarRange: Range<Int>) {
    for index in scalarRange { tags[index] = nil }
    calls.append(.removeTags(scalarRange))
  }

  func applyEntityTag(_ entity: TextAttributes.Entity, to scalarRange: Range<Int>) {
    for index in scalarRange { tags[index] = entity }
    calls.append(.applyTag(entity, scalarRange))
  }

  func markPreedit(_ scalarRange: Range<Int>?) { preedit = scalarRange }

  func placeSelection(anchor: Int, head: Int) {
    precondition(max(anchor, head) <= scalars.count, "selection \(anchor)…\(head) past \(scalars.count)")
    self.anchor = anchor
    self.head = head
  }

  /// The entity tags as the document has them: one per scalar of its buffer text.
  static func expectedTags(of document: RichText) -> [TextAttributes.Entity?] {
    document.runs.flatMap { run -> [TextAttributes.Entity?] in
      switch run {
      case .text(let text, let attributes): Array(repeating: attributes.entity, count: text.unicodeScalars.count)
      case .emoticon: [nil]
      }
    }
  }
}
