/// What ``Editor/copy()`` and ``Editor/cut()`` put on the pasteboard: the selection in three flavours.
///
/// A host writes all three (UIKit: `UIPasteboard.general.items` with `public.utf8-plain-text`, `public.html`
/// and a private type for the JSON; Android: a `ClipData` from `ClipData.newHtmlText(label, text, html)`
/// through `ClipboardManager.setPrimaryClip`), and pastes the richest one the pasteboard holds back with
/// ``Editor/paste(_:)``.
///
/// ```swift
/// var editor = Editor(catalog: .default)
/// editor.insert("好开心[哈哈]")
/// editor.select(0..<4)
/// let clipboard = editor.copy()
/// clipboard.text           // "好开心[哈哈]": the post text, never U+FFFC
/// clipboard.documentJSON   // {"version":1,"runs":[{"text":"好开心"},{"emoticon":"[哈哈]"}]}
/// ```
public struct Clipboard: Hashable, Sendable {
  /// The post text: each emoticon as its token, never U+FFFC.
  public var text: String
  /// An HTML fragment from ``HTMLRenderer``, each emoticon an `<img>` whose `alt` is its token (so a browser's
  /// own copy of it yields the tokens too), inside a `<span>` whose `data-emotext-document` attribute carries
  /// the document JSON, so pasting it back into an editor restores the runs exactly.
  public var html: String
  /// The document JSON (``RichText/documentJSON``).
  public var documentJSON: String

  /// A clipboard holding the three flavours.
  public init(text: String, html: String, documentJSON: String) {
    self.text = text
    self.html = html
    self.documentJSON = documentJSON
  }

  /// One flavour of pasteboard content, as ``Editor/paste(_:)`` takes it.
  public enum Flavor: Hashable, Sendable {
    /// Plain text, tokenized as typed text is.
    case text(String)
    /// An HTML fragment: this engine's restores its runs exactly; any other gives its text content.
    case html(String)
    /// The document JSON; its runs are restored exactly.
    case documentJSON(String)
  }
}

extension Editor {
  /// The selection in the three clipboard flavours (empty strings and an empty document for a caret), without
  /// any U+FFFC typed into its text. Changes nothing: ``lastChange`` stays as it was.
  ///
  /// A UIKit host answers `copy(_:)` with it (writing `UIPasteboard.general`), an Android host
  /// `onTextContextMenuItem(android.R.id.copy)` (writing `ClipboardManager`).
  public func copy() -> Clipboard {
    let content = document.slice(selection).droppingObjectReplacement()
    let json = content.documentJSON
    let html =
      "<span \(HTMLTextContent.documentAttribute)=\"\(HTMLRenderer.escaped(json))\">\(clipboardHTML(of: content))</span>"
    return Clipboard(text: content.postText, html: html, documentJSON: json)
  }

  /// Copies the selection and removes it, as one undo step; returns what was copied. Marked text is committed
  /// first.
  @discardableResult
  public mutating func cut() -> Clipboard {
    beginCall()
    commitMarkedText()
    let clipboard = copy()
    if !selection.isEmpty { replaceSelection(with: RichText(), group: nil) }
    return clipboard
  }

  /// Pastes `flavor` over the selection, as one undo step held to the ``lengthLimit``, and reports the change
  /// in ``lastChange`` like any edit. Marked text is committed first.
  ///
  /// - Document JSON restores its runs exactly; so does HTML from ``copy()``: the document in the
  ///   `data-emotext-document` attribute of the fragment's outermost element is restored only when it shows
  ///   exactly the fragment's visible text; one on any other element, or one whose text differs, is ignored.
  /// - Other HTML gives its text content, with no host attributes or entities from the markup: line breaks for
  ///   `<br>` and block ends, an emoticon for an `<img>` whose `alt` is a catalog token (an emoji for one whose
  ///   `alt` is emoji), scripts, styles and elements marked hidden dropped, nothing executed or fetched.
  /// - Plain text is tokenized as typed text is.
  ///
  /// A U+FFFC in pasted text (an attachment character from another program) is dropped.
  /// - Throws: ``DocumentDecodingError`` when document JSON does not decode against the editor's catalog;
  ///   nothing changes then.
  public mutating func paste(_ flavor: Clipboard.Flavor) throws(DocumentDecodingError) {
    // Note: a paste that throws changed nothing, and says so (a host mirroring `lastChange` must not apply the call
    // before's change again).
    beginCall()
    let content: RichText
    switch flavor {
    case .text(let text): content = RichText(Self.droppingObjectReplacement(text))
    case .documentJSON(let json):
      content = try RichText(documentJSON: json, catalog: tokenizer.catalog).droppingObjectReplacement()
    case .html(let html): content = pastedContent(ofHTML: html)
    }
    insert(content)
  }

  /// What pasting the HTML fragment `html` inserts.
  func pastedContent(ofHTML html: String) -> RichText {
    let reader = htmlContent(html)
    if let document = trustedDocument(in: reader) { return document.droppingObjectReplacement() }
    return RichText(Self.droppingObjectReplacement(reader.text))
  }

  /// The document the HTML fragment `html` carries, when pasting restores it exactly: see
  /// ``trustedDocument(in:)``.
  func trustedDocument(inHTML html: String) -> RichText? {
    trustedDocument(in: htmlContent(html))
  }

  /// The document `reader`'s fragment carries on its outermost element, when it decodes against the catalog
  /// and shows exactly the fragment's visible text (this engine's clipboard HTML of it reads as the same text),
  /// so nothing is pasted that the user did not see; nil otherwise.
  private func trustedDocument(in reader: HTMLTextContent) -> RichText? {
    guard let json = reader.documentJSON,
      let document = try? RichText(documentJSON: json, catalog: tokenizer.catalog),
      htmlContent(clipboardHTML(of: document)).text == reader.text
    else { return nil }
    return document
  }

  /// `content` as the HTML inside the clipboard's wrapper.
  func clipboardHTML(of content: RichText) -> String {
    HTMLRenderer(catalog: tokenizer.catalog, options: [.linkEntities, .imageForEveryEmoticon]).render(content)
  }

  /// The text `html` shows, as pasting reads it.
  func visibleText(ofHTML html: String) -> String { htmlContent(html).text }

  /// The text content of `html`: an `<img>` gives its `alt` when that is a catalog token or emoji.
  private func htmlContent(_ html: String) -> HTMLTextContent {
    let catalog = tokenizer.catalog
    return HTMLTextContent(html: html) { alt in
      if catalog.emoticon(forCode: alt) != nil { return alt }
      let isEmoji = !alt.isEmpty && EmojiClusters.segments(of: alt).allSatisfy(\.isEmoji)
      return isEmoji ? alt : nil
    }
  }

  static func droppingObjectReplacement(_ text: String) -> String {
    guard text.unicodeScalars.contains("\u{FFFC}") else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FFFC}" }))
  }
}

extension RichText {
  /// This document without any U+FFFC in its text runs (attachments stay).
  func droppingObjectReplacement() -> RichText {
    guard postText.unicodeScalars.contains("\u{FFFC}") else { return self }
    return RichText(
      runs: runs.map { run in
        guard case .text(let text, let attributes) = run else { return run }
        return .text(Editor.droppingObjectReplacement(text), attributes)
      })
  }
}
