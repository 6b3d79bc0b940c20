@testable import Emotext

/// What a host keeps of the document: its UTF-16 units, each attachment as U+FFFC, updated only from the
/// editor's ``Editor/lastChange``.
struct HostMirror: Equatable {
  var units: [UInt16]

  init(_ document: RichText) { units = Self.units(of: document) }

  /// The document's own contents as a host sees them.
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

  /// Applies the editor's last change, copying the new content from its document, as a text view's storage
  /// would after `edited(_:range:changeInLength:)`.
  mutating func apply(_ change: TextChange?, from document: RichText) {
    guard let change else { return }
    precondition(change.replacedRange.upperBound <= units.count, "a change past the end of the mirror")
    units.replaceSubrange(change.replacedRange, with: Self.units(of: document.slice(change.insertedRange)))
  }
}
