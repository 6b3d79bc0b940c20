import Emotext
import EmotextCHeader

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The editor's clipboard in emotext.h: `Editor.copy()`, `cut()` and `paste(_:)`, the three flavours as C strings.

/// Fills the caller's clipboard at `pointer` with `clipboard`'s three flavours, each a malloc'ed string.
/// - Throws: for a NULL pointer or a size smaller than this header's struct, before anything is allocated.
private func checkedClipboard(_ pointer: UnsafeMutablePointer<emotext_clipboard>?) throws(CallFailure)
  -> UnsafeMutablePointer<emotext_clipboard>
{
  let out = try required(pointer, "clipboard_out")
  // Note: every field holds a string the caller releases, so a struct that cannot hold them all is refused
  // rather than filled in part (the struct is as old as its fields: no caller has a smaller one).
  guard out.pointee.size >= MemoryLayout<emotext_clipboard>.size else {
    throw .invalidArgument(
      "clipboard_out->size is \(out.pointee.size), less than sizeof(emotext_clipboard) (\(MemoryLayout<emotext_clipboard>.size))"
    )
  }
  return out
}

/// Stores the three flavours of `clipboard` in `out` as malloc'ed strings.
private func store(_ clipboard: Clipboard, in out: UnsafeMutablePointer<emotext_clipboard>) {
  let text = Array(clipboard.text.utf8)
  let html = Array(clipboard.html.utf8)
  let json = Array(clipboard.documentJSON.utf8)
  out.pointee = emotext_clipboard(
    size: out.pointee.size, text: allocatedString(text), text_length: text.count, html: allocatedString(html),
    html_length: html.count, json: allocatedString(json), json_length: json.count)
}

@_cdecl("emotext_clipboard_clear")
public func cClipboardClear(_ clipboard: UnsafeMutablePointer<emotext_clipboard>?) {
  guard let clipboard else { return }
  free(clipboard.pointee.text)
  free(clipboard.pointee.html)
  free(clipboard.pointee.json)
  clipboard.pointee = emotext_clipboard(
    size: clipboard.pointee.size, text: nil, text_length: 0, html: nil, html_length: 0, json: nil, json_length: 0)
}

@_cdecl("emotext_editor_copy")
public func cEditorCopy(
  _ editor: OpaquePointer?, _ clipboardOut: UnsafeMutablePointer<emotext_clipboard>?, _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    store(editor.copy(), in: try checkedClipboard(clipboardOut))
  }
}

@_cdecl("emotext_editor_cut")
public func cEditorCut(
  _ editor: OpaquePointer?, _ clipboardOut: UnsafeMutablePointer<emotext_clipboard>?, _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    let out = try checkedClipboard(clipboardOut)
    store(editor.cut(), in: out)
  }
}

@_cdecl("emotext_editor_paste")
public func cEditorPaste(
  _ editor: OpaquePointer?, _ flavor: emotext_flavor, _ dataPointer: CString?, _ dataLength: Int,
  _ errorOut: StringOut?
) -> Int32 {
  editorCall(editor, errorOut) { (editor) throws(CallFailure) in
    // Note: the flavour before the data's content, so that an unknown flavour is EMOTEXT_INVALID_ARGUMENT whatever
    // the data holds.
    let kind: (String) -> Clipboard.Flavor
    switch flavor {
    case EMOTEXT_FLAVOR_TEXT: kind = Clipboard.Flavor.text
    case EMOTEXT_FLAVOR_HTML: kind = Clipboard.Flavor.html
    case EMOTEXT_FLAVOR_JSON: kind = Clipboard.Flavor.documentJSON
    default:
      throw .invalidArgument(
        "flavor is \(flavor.rawValue), not EMOTEXT_FLAVOR_TEXT (0), EMOTEXT_FLAVOR_HTML (1) or EMOTEXT_FLAVOR_JSON (2)")
    }
    let pasted = kind(try text(dataPointer, dataLength, name: "data"))
    do throws(DocumentDecodingError) {
      try editor.paste(pasted)
    } catch {
      throw CallFailure(status: .invalidInput, message: "\(error)")
    }
  }
}
