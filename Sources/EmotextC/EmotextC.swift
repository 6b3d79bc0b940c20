import Emotext
import EmotextCHeader
import EmotextCLISupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The C ABI declared in include/emotext.h: each function reads its C arguments, calls the answer the `emotext`
// command calls (EmotextCLISupport/Answers), and hands back malloc'ed bytes. Nothing here decides an answer.
// The Swift names are `c` + the C name's words; @_cdecl gives each its C name.

/// A `const char *` argument.
public typealias CString = UnsafePointer<CChar>
/// A `char **` result: where a returned string goes.
public typealias StringOut = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
/// A `size_t *` result: where a returned string's length goes.
public typealias LengthOut = UnsafeMutablePointer<Int>

/// The status codes of `emotext_status`.
enum Status: Int32 {
  case ok = 0
  case invalidArgument = 1
  case invalidInput = 2
  case catalogError = 3
  case commandFailed = 4
}

/// A failed call: its status and the message the caller receives.
struct CallFailure: Error {
  let status: Status
  let message: String

  static func invalidArgument(_ message: String) -> CallFailure {
    CallFailure(status: .invalidArgument, message: message)
  }
}

/// What a catalog handle points to: the catalog's tokenizer, made once (it indexes the catalog's tokens, which
/// costs far more than answering a post); immutable, so shared between threads.
private final class CatalogHandle: Sendable {
  let tokenizer: BracketTokenizer
  init(_ catalog: EmoticonCatalog) { tokenizer = BracketTokenizer(catalog: catalog) }
}

/// The handle a NULL catalog stands for: the default catalog's, made at the first call that needs it.
private let defaultCatalogHandle = CatalogHandle(.default)

/// What an editor handle points to: the `emotext edit` session; one thread at a time, as the header says.
final class EditorHandle {
  var script: EditScript
  init(catalog: EmoticonCatalog) { script = EditScript(catalog: catalog) }
}

/// A malloc'ed, NUL-terminated copy of `bytes`, for `emotext_string_free`.
func allocatedString(_ bytes: some Collection<UInt8>) -> UnsafeMutablePointer<CChar> {
  let buffer = malloc(bytes.count + 1)!.bindMemory(to: UInt8.self, capacity: bytes.count + 1)
  _ = UnsafeMutableBufferPointer(start: buffer, count: bytes.count).initialize(from: bytes)
  buffer[bytes.count] = 0
  return UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: CChar.self)
}

/// Runs `body` and returns its status: `EMOTEXT_OK`, or its failure's, whose message goes to `errorOut`.
func status(_ errorOut: StringOut?, _ body: () throws(CallFailure) -> Void) -> Int32 {
  errorOut?.pointee = nil
  do throws(CallFailure) {
    try body()
    return Status.ok.rawValue
  } catch {
    errorOut?.pointee = allocatedString(Array(error.message.utf8))
    return error.status.rawValue
  }
}

/// Runs `body` and stores its answer in `output` (and its length in `length`) or its failure in `error`.
func answer(
  _ output: StringOut?, _ length: LengthOut?,
  _ errorOut: StringOut?, _ body: () throws(CallFailure) -> [UInt8]
) -> Int32 {
  output?.pointee = nil
  return status(errorOut) { () throws(CallFailure) in
    guard let output else { throw CallFailure.invalidArgument("the result pointer is NULL") }
    let bytes = try body()
    output.pointee = allocatedString(bytes)
    length?.pointee = bytes.count
  }
}

/// The text of a `(pointer, length)` argument, which must be UTF-8.
func text(_ pointer: CString?, _ length: Int, name: String = "text") throws(CallFailure)
  -> String
{
  try checkLength(length, name: "\(name)_length")
  guard let pointer else {
    guard length == 0 else { throw .invalidArgument("\(name) is NULL but its length is \(length)") }
    return ""
  }
  let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
  do {
    return try LineProblem.text(ofUTF8: bytes)
  } catch {
    throw CallFailure(status: .invalidInput, message: error.messageWithOffset)
  }
}

/// Refuses a `size_t` argument above `PTRDIFF_MAX`, which arrives as a negative `Int`.
func checkLength(_ value: Int, name: String) throws(CallFailure) {
  guard value >= 0 else {
    throw .invalidArgument("\(name) is \(UInt(bitPattern: value)), above PTRDIFF_MAX (\(Int.max))")
  }
}

/// The option string a NUL-terminated argument holds, nil for NULL; it must be UTF-8.
func option(_ pointer: CString?, name: String) throws(CallFailure) -> String? {
  guard let pointer else { return nil }
  let bytes = UnsafeBufferPointer(
    start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
  do {
    return try LineProblem.text(ofUTF8: bytes)
  } catch {
    throw .invalidArgument("\(name): \(error.messageWithOffset)")
  }
}

/// The tokenizer of the catalog a handle points to; the default catalog's for NULL.
func tokenizer(_ handle: OpaquePointer?) -> BracketTokenizer {
  guard let handle else { return defaultCatalogHandle.tokenizer }
  return Unmanaged<CatalogHandle>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue().tokenizer
}

/// Runs `body`, turning the CLI's usage errors into `EMOTEXT_INVALID_ARGUMENT`.
private func options<Value>(_ body: () throws(UsageError) -> Value) throws(CallFailure) -> Value {
  do {
    return try body()
  } catch {
    throw .invalidArgument(error.message)
  }
}

/// Runs `body`, turning a problem with the input into `EMOTEXT_INVALID_INPUT`.
private func input<Value>(_ body: () throws(LineProblem) -> Value) throws(CallFailure) -> Value {
  do {
    return try body()
  } catch {
    throw CallFailure(status: .invalidInput, message: error.messageWithOffset)
  }
}

@_cdecl("emotext_version")
public func cVersion() -> UnsafePointer<CChar> {
  UnsafeRawPointer(emotextVersion.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("emotext_abi_version")
public func cABIVersion() -> Int32 { EMOTEXT_ABI_VERSION }

@_cdecl("emotext_string_free")
public func cStringFree(_ string: UnsafeMutablePointer<CChar>?) { free(string) }

@_cdecl("emotext_catalog_default")
public func cCatalogDefault() -> OpaquePointer {
  // Note: one more reference to the shared default handle; emotext_catalog_free releases it.
  OpaquePointer(Unmanaged.passRetained(defaultCatalogHandle).toOpaque())
}

@_cdecl("emotext_catalog_load")
public func cCatalogLoad(
  _ path: CString?, _ catalogOut: UnsafeMutablePointer<OpaquePointer?>?,
  _ errorOut: StringOut?
) -> Int32 {
  catalogOut?.pointee = nil
  return status(errorOut) { () throws(CallFailure) in
    guard let catalogOut else { throw .invalidArgument("the result pointer is NULL") }
    guard let path = try option(path, name: "path") else { throw .invalidArgument("path is NULL") }
    let loaded: EmoticonCatalog
    do throws(CommandFailure) {
      loaded = try EmoticonCatalog.loaded(from: path)
    } catch {
      throw CallFailure(status: .catalogError, message: error.message)
    }
    catalogOut.pointee = OpaquePointer(Unmanaged.passRetained(CatalogHandle(loaded)).toOpaque())
  }
}

@_cdecl("emotext_catalog_free")
public func cCatalogFree(_ handle: OpaquePointer?) {
  guard let handle else { return }
  Unmanaged<CatalogHandle>.fromOpaque(UnsafeRawPointer(handle)).release()
}

@_cdecl("emotext_count")
public func cCount(
  _ catalogHandle: OpaquePointer?, _ textPointer: CString?, _ textLength: Int,
  _ rule: CString?, _ jsonOut: StringOut?,
  _ jsonLength: LengthOut?, _ errorOut: StringOut?
) -> Int32 {
  answer(jsonOut, jsonLength, errorOut) { () throws(CallFailure) in
    let ruleName = try option(rule, name: "rule")
    let counter = try options { () throws(UsageError) in
      CountAnswer(tokenizer: tokenizer(catalogHandle), rule: try LengthRuleNames.named(ruleName))
    }
    var output: [UInt8] = []
    counter.appendRecord(of: try text(textPointer, textLength), to: &output)
    return output
  }
}

@_cdecl("emotext_truncate")
public func cTruncate(
  _ catalogHandle: OpaquePointer?, _ textPointer: CString?, _ textLength: Int, _ maximum: Int,
  _ rule: CString?, _ ellipsis: CString?,
  _ textOut: StringOut?, _ outLength: LengthOut?,
  _ errorOut: StringOut?
) -> Int32 {
  answer(textOut, outLength, errorOut) { () throws(CallFailure) in
    let ruleName = try option(rule, name: "rule")
    let ellipsisText = try option(ellipsis, name: "ellipsis") ?? ""
    try checkLength(maximum, name: "maximum")
    let cutter = try options { () throws(UsageError) in
      try TruncationAnswer(
        tokenizer: tokenizer(catalogHandle), limit: maximum, rule: try LengthRuleNames.named(ruleName),
        ellipsis: ellipsisText)
    }
    return Array(cutter.truncated(try text(textPointer, textLength)).utf8)
  }
}

@_cdecl("emotext_parse")
public func cParse(
  _ catalogHandle: OpaquePointer?, _ textPointer: CString?, _ textLength: Int, _ entities: Int32,
  _ links: CString?, _ jsonOut: StringOut?,
  _ jsonLength: LengthOut?, _ errorOut: StringOut?
) -> Int32 {
  answer(jsonOut, jsonLength, errorOut) { () throws(CallFailure) in
    let linksName = try option(links, name: "links")
    let parser = try options { () throws(UsageError) in
      // Note: the link rule is checked even without entities, which it only serves.
      let urls = try LinkRuleNames.finder(named: linksName ?? "weibo")
      return DocumentAnswer(tokenizer: tokenizer(catalogHandle), entityURLs: entities != 0 ? urls : nil)
    }
    var output: [UInt8] = []
    parser.appendDocumentJSON(of: try text(textPointer, textLength), to: &output)
    return output
  }
}

@_cdecl("emotext_serialize")
public func cSerialize(
  _ catalogHandle: OpaquePointer?, _ jsonPointer: CString?, _ jsonLength: Int, _ nfc: Int32,
  _ textOut: StringOut?, _ outLength: LengthOut?,
  _ errorOut: StringOut?
) -> Int32 {
  answer(textOut, outLength, errorOut) { () throws(CallFailure) in
    let documentJSON = try text(jsonPointer, jsonLength, name: "document_json")
    let serializer = PostTextAnswer(catalog: tokenizer(catalogHandle).catalog, nfc: nfc != 0)
    return Array(try input { () throws(LineProblem) in try serializer.postText(ofDocumentJSON: documentJSON) }.utf8)
  }
}

@_cdecl("emotext_record_text")
public func cRecordText(
  _ recordPointer: CString?, _ recordLength: Int, _ textOut: StringOut?, _ outLength: LengthOut?,
  _ errorOut: StringOut?
) -> Int32 {
  answer(textOut, outLength, errorOut) { () throws(CallFailure) in
    let record = try text(recordPointer, recordLength, name: "record")
    return Array(try input { () throws(LineProblem) in try JSONLines.text(ofRecord: record) }.utf8)
  }
}

/// The escape format of the `prefix`, `separator` and `suffix` arguments.
private func escapeFormat(
  _ prefix: CString?, _ separator: CString?, _ suffix: CString?
) throws(CallFailure) -> EmojiEscapeAnswer {
  let prefix = try option(prefix, name: "prefix")
  let separator = try option(separator, name: "separator")
  let suffix = try option(suffix, name: "suffix")
  return try options { () throws(UsageError) in
    try EmojiEscapeAnswer(prefix: prefix, separator: separator, suffix: suffix)
  }
}

@_cdecl("emotext_encode_emoji")
public func cEncodeEmoji(
  _ textPointer: CString?, _ textLength: Int, _ prefix: CString?,
  _ separator: CString?, _ suffix: CString?,
  _ textOut: StringOut?, _ outLength: LengthOut?,
  _ errorOut: StringOut?
) -> Int32 {
  answer(textOut, outLength, errorOut) { () throws(CallFailure) in
    let format = try escapeFormat(prefix, separator, suffix)
    return Array(format.encoded(try text(textPointer, textLength)).utf8)
  }
}

@_cdecl("emotext_decode_emoji")
public func cDecodeEmoji(
  _ textPointer: CString?, _ textLength: Int, _ prefix: CString?,
  _ separator: CString?, _ suffix: CString?,
  _ textOut: StringOut?, _ outLength: LengthOut?,
  _ errorOut: StringOut?
) -> Int32 {
  answer(textOut, outLength, errorOut) { () throws(CallFailure) in
    let format = try escapeFormat(prefix, separator, suffix)
    let escaped = try text(textPointer, textLength)
    return Array(try input { () throws(LineProblem) in try format.decoded(escaped) }.utf8)
  }
}

/// The options a caller passed: the first `size` bytes of its `emotext_html_options` over a zeroed struct of this
/// header's layout, so a caller compiled against an older, smaller struct gets the defaults for the newer fields.
private func htmlOptions(_ pointer: UnsafeRawPointer?) throws(CallFailure) -> emotext_html_options {
  var options = emotext_html_options()
  guard let pointer else { return options }
  let givenSize = pointer.loadUnaligned(as: Int.self)
  let sizeField = MemoryLayout.size(ofValue: options.size)
  guard givenSize >= sizeField else {
    throw .invalidArgument(
      "options->size is \(UInt(bitPattern: givenSize)), less than its own field's \(sizeField) bytes: set it to "
        + "sizeof(emotext_html_options)")
  }
  withUnsafeMutableBytes(of: &options) { own in
    own.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: min(givenSize, own.count)))
  }
  options.size = MemoryLayout<emotext_html_options>.size
  return options
}

@_cdecl("emotext_render_html")
public func cRenderHtml(
  _ catalogHandle: OpaquePointer?, _ textPointer: CString?, _ textLength: Int,
  _ optionsPointer: UnsafeRawPointer?, _ htmlOut: StringOut?,
  _ htmlLength: LengthOut?, _ errorOut: StringOut?
) -> Int32 {
  answer(htmlOut, htmlLength, errorOut) { () throws(CallFailure) in
    let given = try htmlOptions(optionsPointer)
    let title = try option(given.title, name: "title")
    let imageBase = try option(given.image_base, name: "image_base")
    let mentionURL = try option(given.mention_url, name: "mention_url")
    let topicURL = try option(given.topic_url, name: "topic_url")
    let emojiImages = try option(given.emoji_images, name: "emoji_images")
    let renderer = try options { () throws(UsageError) in
      try HTMLAnswer(
        tokenizer: tokenizer(catalogHandle), page: given.page != 0, title: title, imageBase: imageBase,
        noImages: given.no_images != 0, mentionURL: mentionURL, topicURL: topicURL, emojiImages: emojiImages)
    }
    return Array(renderer.html(of: [renderer.document(of: try text(textPointer, textLength))]).utf8)
  }
}

@_cdecl("emotext_editor_new")
public func cEditorNew(_ catalogHandle: OpaquePointer?) -> OpaquePointer {
  OpaquePointer(Unmanaged.passRetained(EditorHandle(catalog: tokenizer(catalogHandle).catalog)).toOpaque())
}

@_cdecl("emotext_editor_apply")
public func cEditorApply(
  _ editorHandle: OpaquePointer?, _ commandPointer: CString?, _ commandLength: Int,
  _ stateOut: StringOut?, _ stateLength: LengthOut?,
  _ errorOut: StringOut?
) -> Int32 {
  answer(stateOut, stateLength, errorOut) { () throws(CallFailure) in
    guard let editorHandle else { throw .invalidArgument("editor is NULL") }
    let command = try text(commandPointer, commandLength, name: "command_json")
    let editor = Unmanaged<EditorHandle>.fromOpaque(UnsafeRawPointer(editorHandle)).takeUnretainedValue()
    do throws(EditScript.Failure) {
      return Array(try editor.script.state(afterApplying: command).utf8)
    } catch {
      throw CallFailure(status: .commandFailed, message: error.message)
    }
  }
}

@_cdecl("emotext_editor_free")
public func cEditorFree(_ handle: OpaquePointer?) {
  guard let handle else { return }
  Unmanaged<EditorHandle>.fromOpaque(UnsafeRawPointer(handle)).release()
}
