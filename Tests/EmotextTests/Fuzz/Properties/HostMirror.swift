@testable import Emotext

/// What hosts keep of the document, updated only from what the editor reports: its UTF-16 units (UIKit), its
/// Unicode scalars with each scalar's attributes (GTK's buffer and its tags, Python), and its UTF-8 bytes (C,
/// Rust, Go), each attachment as U+FFFC. Each mirror takes the change in its own unit (``Editor/lastChange(in:)``);
/// the scalar mirror re-reads its attributes where ``Editor/lastRestyle(in:)`` says, as a GTK host re-applies tags.
///
/// The document's side is read naively, from its runs with the standard library's views, never with the
/// library's own counters or conversions.
struct HostMirror: Equatable {
  var units: [UInt16]
  var scalars: [Unicode.Scalar]
  /// The attributes of each scalar (nil for an attachment).
  var attributes: [TextAttributes?]
  var bytes: [UInt8]

  init(_ document: RichText) {
    let runs = Array(document.runs)
    units = Self.units(of: runs)
    (scalars, attributes) = Self.scalars(of: runs)
    bytes = Self.bytes(of: runs)
  }

  /// The document's own contents as a UTF-16 host sees them.
  static func units(of document: RichText) -> [UInt16] { units(of: document.runs) }

  /// The units of `runs`, as a host sees them.
  static func units(of runs: some Sequence<Run>) -> [UInt16] {
    var units: [UInt16] = []
    for run in runs {
      switch run {
      case .text(let text, _): units.append(contentsOf: text.utf16)
      case .emoticon: units.append(0xFFFC)
      }
    }
    return units
  }

  /// The scalars of `runs` and the attributes of each, as a GTK host sees them.
  static func scalars(of runs: some Sequence<Run>) -> ([Unicode.Scalar], [TextAttributes?]) {
    var scalars: [Unicode.Scalar] = []
    var attributes: [TextAttributes?] = []
    for run in runs {
      switch run {
      case .text(let text, let runAttributes):
        scalars.append(contentsOf: text.unicodeScalars)
        attributes.append(contentsOf: repeatElement(Optional(runAttributes), count: text.unicodeScalars.count))
      case .emoticon:
        scalars.append("\u{FFFC}")
        attributes.append(nil)
      }
    }
    return (scalars, attributes)
  }

  /// The UTF-8 bytes of `runs`, as a C host sees them.
  static func bytes(of runs: some Sequence<Run>) -> [UInt8] {
    var bytes: [UInt8] = []
    for run in runs {
      switch run {
      case .text(let text, _): bytes.append(contentsOf: text.utf8)
      case .emoticon: bytes.append(contentsOf: "\u{FFFC}".utf8)
      }
    }
    return bytes
  }

  /// Applies the editor's last change, copying the new content from its document, as a text view's storage
  /// would after `edited(_:range:changeInLength:)` (UTF-16 only).
  mutating func apply(_ change: TextChange?, from document: RichText) {
    guard let change else { return }
    precondition(change.replacedRange.upperBound <= units.count, "a change past the end of the mirror")
    units.replaceSubrange(change.replacedRange, with: Self.units(of: document.slice(change.insertedRange)))
  }

  /// Applies what the editor's last call reported to every mirror, each in its own unit: the text change, then
  /// the restyle. The new content is read from the document by UTF-16 range (the range the UTF-16 change gives),
  /// so a wrong range in another unit shows as a mirror that differs.
  mutating func apply(_ editor: Editor) {
    let document = editor.document
    if let change = editor.lastChange {
      let inserted = Array(document.slice(change.insertedRange).runs)
      units.replaceSubrange(change.replacedRange, with: Self.units(of: inserted))
      let scalarChange = editor.lastChange(in: .unicodeScalars)!
      let (newScalars, newAttributes) = Self.scalars(of: inserted)
      precondition(
        scalarChange.replacedRange.upperBound <= scalars.count && scalarChange.insertedCount == newScalars.count,
        "the scalar change \(scalarChange) does not fit the mirror (\(scalars.count)) or its content (\(newScalars.count))"
      )
      scalars.replaceSubrange(scalarChange.replacedRange, with: newScalars)
      attributes.replaceSubrange(scalarChange.replacedRange, with: newAttributes)
      let byteChange = editor.lastChange(in: .utf8)!
      let newBytes = Self.bytes(of: inserted)
      precondition(
        byteChange.replacedRange.upperBound <= bytes.count && byteChange.insertedCount == newBytes.count,
        "the UTF-8 change \(byteChange) does not fit the mirror (\(bytes.count)) or its content (\(newBytes.count))")
      bytes.replaceSubrange(byteChange.replacedRange, with: newBytes)
    } else {
      precondition(editor.lastChange(in: .unicodeScalars) == nil && editor.lastChange(in: .utf8) == nil)
    }
    if let restyle = editor.lastRestyle {
      let scalarRange = editor.lastRestyle(in: .unicodeScalars)!
      let (restyledScalars, restyledAttributes) = Self.scalars(of: document.slice(restyle).runs)
      precondition(
        Array(scalars[scalarRange]) == restyledScalars, "a restyle of \(scalarRange) changed the text in the mirror")
      attributes.replaceSubrange(scalarRange, with: restyledAttributes)
    }
  }

  /// The scalar offset `scalarOffset` counted in `unit`, from the mirror's own scalars.
  func offset(_ scalarOffset: Int, in unit: TextUnit) -> Int {
    let before = scalars[..<scalarOffset]
    return switch unit {
    case .utf16: before.reduce(0) { $0 + UTF16.width($1) }
    case .unicodeScalars: scalarOffset
    case .utf8: before.reduce(0) { $0 + UTF8.width($1) }
    }
  }

  /// Whether every mirror equals `document`, attributes included.
  func mirrors(_ document: RichText) -> Bool { self == HostMirror(document) }
}
