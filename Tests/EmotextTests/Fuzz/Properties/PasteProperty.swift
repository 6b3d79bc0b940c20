@testable import Emotext

/// The paste target: the bytes after a flags byte, as HTML, text or the document JSON, pasted into an editor
/// (with or without entities, under no limit or a small one).
/// - The editor's laws hold after the paste: its invariants, a host mirror applying ``Editor/lastChange``
///   equals the document, the document is what the batch pass makes of its post text, no U+FFFC in its text,
///   and under a limit the document grew no longer than the limit (or than it was). Only document JSON, or
///   HTML whose outermost element carries a document showing exactly the fragment's visible text, may paste
///   what the batch pass does not make.
/// - A `<script>` or `<style>` element is dropped whole: pasted before `z`, only `z` arrives.
/// - The clipboard of a document made from the bytes round-trips exactly through each of its flavours.
enum PasteProperty {
  /// The default catalog's tokenizer, made once, for every editor the checks make: `Editor(catalog:)` would sort the
  /// catalog's tokens again for each (`Editor(tokenizer:)` with this one makes the same editor).
  static let tokenizer = FuzzCatalogs.defaultTokenizer

  static let limits: [LengthLimit?] = [
    nil, LengthLimit(measure: .weighted(.weibo), maximum: 8), LengthLimit(measure: .graphemeClusters, maximum: 5),
  ]

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    var input = FuzzInput(bytes)
    let flags = input.byte()
    let text = String(decoding: bytes.dropFirst().prefix(512), as: UTF8.self)
    let entities = flags & 1 != 0
    let limit = limits[Int(flags >> 1) % limits.count]
    let flavor: Clipboard.Flavor =
      switch (flags >> 3) % 3 {
      case 0: .html(text)
      case 1: .text(text)
      default: .documentJSON(text)
      }
    try checkPaste(flavor, entities: entities, limit: limit, prefix: flags & 0x40 != 0 ? "前[哈" : "")
    try checkDroppedElements(text)
    try checkRoundTrip(text, entities: entities)
  }

  private static func checkPaste(
    _ flavor: Clipboard.Flavor, entities: Bool, limit: LengthLimit?, prefix: String
  ) throws(PropertyFailure) {
    var editor = Editor(tokenizer: tokenizer, recognizesEntities: entities)
    editor.insert(prefix)
    editor.lengthLimit = limit
    let before = editor.document
    let lengthBefore = editor.lengthStatus?.length
    do {
      try editor.paste(flavor)
    } catch {
      // Note: JSON that does not decode changes nothing.
      try require(editor.document.postText == prefix, "a failed paste changed the document: \(flavor)")
      return
    }
    try checkPasted(
      editor, lastChange: editor.lastChange, before: before, flavor: flavor, entities: entities, limit: limit,
      lengthBefore: lengthBefore)
  }

  /// The editor's laws after pasting `flavor` into the document `before` (of length `lengthBefore` under `limit`):
  /// `editor` and the `lastChange` it reported (answers of its own for `PlantedDifferenceTests`).
  static func checkPasted(
    _ editor: Editor, lastChange: TextChange?, before: RichText, flavor: Clipboard.Flavor, entities: Bool,
    limit: LengthLimit?, lengthBefore: Int?
  ) throws(PropertyFailure) {
    editor.checkInvariants()
    var mirror = HostMirror(before)
    mirror.apply(lastChange, from: editor.document)
    let document = editor.document
    try require(mirror.units == HostMirror.units(of: document), "the mirror differs after pasting \(flavor)")
    let batch = tokenizer.tokenize(document.postText)
    // Note: document JSON may carry host attributes and entities of its own, which the batch pass does not make;
    // HTML only in the one place this engine's clipboard puts it, showing exactly the fragment's visible text.
    let trusted = flavor.html.flatMap { editor.trustedDocument(inHTML: $0) }
    try require(
      flavor.isDocumentJSON || trusted != nil || document == (entities ? batch.recognizingEntities() : batch),
      "not what the batch pass makes after pasting \(flavor)")
    if let html = flavor.html, let trusted { try requireShowsTheVisibleText(trusted, html: html, in: editor) }
    let hasObjectReplacement = document.runs.contains { run in
      if case .text(let text, _) = run { return text.unicodeScalars.contains("\u{FFFC}") }
      return false
    }
    try require(!hasObjectReplacement, "U+FFFC pasted from \(flavor)")
    if let limit, let lengthBefore, let length = editor.lengthStatus?.length {
      try require(length <= max(limit.maximum, lengthBefore), "pasting \(flavor) passed the limit: \(length)")
    }
  }

  /// A document restored from pasted HTML shows, as this engine's clipboard HTML, the fragment's visible text.
  static func requireShowsTheVisibleText(_ trusted: RichText, html: String, in editor: Editor) throws(PropertyFailure) {
    try require(
      editor.visibleText(ofHTML: editor.clipboardHTML(of: trusted)) == editor.visibleText(ofHTML: html),
      "pasting \(html) restored a document that shows other text")
  }

  private static func checkDroppedElements(_ text: String) throws(PropertyFailure) {
    // Note: fragment markers select what is read before any element is.
    guard !text.contains("<!--StartFragment-->") else { return }
    for element in ["script", "style"] where !text.lowercased().contains("</\(element)") {
      var editor = Editor(tokenizer: tokenizer)
      editor.paste(html: "<\(element)>\(text)</\(element)>z")
      try require(editor.document.postText == "z", "<\(element)> content pasted: \(editor.document.postText)")
    }
  }

  private static func checkRoundTrip(_ text: String, entities: Bool) throws(PropertyFailure) {
    let tokenized = tokenizer.tokenize(Editor.droppingObjectReplacement(text))
    let document = entities ? tokenized.recognizingEntities() : tokenized
    var source = Editor(document: document, tokenizer: tokenizer, recognizesEntities: entities)
    source.select(0..<document.utf16Count)
    let clipboard = source.copy()
    try require(!clipboard.text.unicodeScalars.contains("\u{FFFC}"), "U+FFFC in the clipboard's text")
    for flavor in [
      Clipboard.Flavor.text(clipboard.text), .html(clipboard.html), .documentJSON(clipboard.documentJSON),
    ] {
      var editor = Editor(tokenizer: tokenizer, recognizesEntities: entities)
      do {
        try editor.paste(flavor)
      } catch {
        throw PropertyFailure(description: "the clipboard's own \(flavor) did not paste: \(error)")
      }
      try require(editor.document == document, "\(flavor) did not round-trip: \(editor.document.documentJSON)")
    }
  }
}

extension Clipboard.Flavor {
  fileprivate var isDocumentJSON: Bool {
    if case .documentJSON = self { return true }
    return false
  }

  fileprivate var html: String? {
    if case .html(let html) = self { return html }
    return nil
  }
}

extension Editor {
  /// Pastes HTML, which never throws.
  fileprivate mutating func paste(html: String) {
    do { try paste(.html(html)) } catch { preconditionFailure("pasting HTML threw \(error)") }
  }
}
