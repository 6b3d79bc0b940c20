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

// The documents of emotext.h: a parsed post whose runs a caller reads by index, without JSON.

/// What a document handle points to: the document, its runs' starts in every unit, and one buffer holding every
/// run's strings (each NUL-terminated), which the `emotext_run` pointers point into. Immutable, so a document is
/// read from several threads at once.
final class DocumentHandle: @unchecked Sendable {
  /// Where a run's strings lie in `bytes`: offsets and lengths, nil for none.
  struct Strings {
    var text: (offset: Int, count: Int)
    var code: (offset: Int, count: Int)?
    var image: (offset: Int, count: Int)?
  }

  let document: RichText
  /// Each run's kind.
  let kinds: [emotext_run_kind]
  /// Each run's start in UTF-8, UTF-16 and scalars of the buffer text, and the document's end after the last.
  let starts: [(utf8: Int, utf16: Int, scalars: Int)]
  let strings: [Strings]
  let bytes: UnsafeMutableBufferPointer<UInt8>

  init(_ document: RichText) {
    self.document = document
    var kinds: [emotext_run_kind] = []
    var starts: [(utf8: Int, utf16: Int, scalars: Int)] = []
    var strings: [Strings] = []
    var bytes: [UInt8] = []
    func append(_ string: String) -> (offset: Int, count: Int) {
      let offset = bytes.count
      bytes.append(contentsOf: string.utf8)
      bytes.append(0)
      return (offset, bytes.count - 1 - offset)
    }
    var start = (utf8: 0, utf16: 0, scalars: 0)
    for run in document.runs {
      starts.append(start)
      switch run {
      case .text(let text, let attributes):
        kinds.append(Self.kind(of: attributes.entity))
        strings.append(Strings(text: append(text)))
        start.utf8 += text.utf8.count
        start.utf16 += text.utf16.count
        start.scalars += text.unicodeScalars.count
      case .emoticon(let attachment):
        kinds.append(EMOTEXT_RUN_EMOTICON)
        var image: String?
        if case .image(let png, _) = attachment.emoticon.kind { image = png }
        strings.append(
          Strings(text: append(attachment.token), code: append(attachment.emoticon.code), image: image.map(append)))
        // Note: an attachment is one U+FFFC in the buffer text.
        start.utf8 += 3
        start.utf16 += 1
        start.scalars += 1
      }
    }
    starts.append(start)
    self.kinds = kinds
    self.starts = starts
    self.strings = strings
    self.bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    _ = self.bytes.initialize(from: bytes)
  }

  deinit { bytes.deallocate() }

  /// The run kind of a text run with `entity`.
  private static func kind(of entity: TextAttributes.Entity?) -> emotext_run_kind {
    switch entity {
    case nil: EMOTEXT_RUN_TEXT
    case .mention: EMOTEXT_RUN_MENTION
    case .topic: EMOTEXT_RUN_TOPIC
    case .link: EMOTEXT_RUN_LINK
    }
  }

  /// The offset `start` (a run's start, or the end) in `unit`.
  func offset(_ start: (utf8: Int, utf16: Int, scalars: Int), in unit: TextUnit) -> Int {
    switch unit {
    case .utf8: start.utf8
    case .utf16: start.utf16
    case .unicodeScalars: start.scalars
    }
  }

  /// The C string at `location` of `bytes`, or NULL for none.
  func string(_ location: (offset: Int, count: Int)?) -> (pointer: UnsafePointer<CChar>?, count: Int) {
    guard let location else { return (nil, 0) }
    let pointer = UnsafeRawPointer(bytes.baseAddress! + location.offset).assumingMemoryBound(to: CChar.self)
    return (pointer, location.count)
  }
}

/// The document handle `pointer` points to.
private func documentHandle(_ pointer: OpaquePointer?) throws(CallFailure) -> DocumentHandle {
  guard let pointer else { throw .invalidArgument("document is NULL") }
  return Unmanaged<DocumentHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
}

/// Stores `value` in the caller's struct at `pointer`, whose first field is its size as the caller was compiled:
/// only the bytes that size covers, so a caller with an older, smaller struct gets the fields it has. The size field
/// keeps the caller's value.
func storeSized<Value>(_ value: Value, at pointer: UnsafeMutableRawPointer?, name: String) throws(CallFailure) {
  guard let pointer else { throw .invalidArgument("\(name) is NULL") }
  let givenSize = pointer.loadUnaligned(as: Int.self)
  guard givenSize >= MemoryLayout<Int>.size else {
    throw .invalidArgument(
      "\(name)->size is \(UInt(bitPattern: givenSize)), less than its own field's \(MemoryLayout<Int>.size) bytes: "
        + "set it to sizeof the struct")
  }
  withUnsafeBytes(of: value) { own in
    let count = min(givenSize, own.count) - MemoryLayout<Int>.size
    (pointer + MemoryLayout<Int>.size).copyMemory(from: own.baseAddress! + MemoryLayout<Int>.size, byteCount: count)
  }
}

@_cdecl("emotext_document_parse")
public func cDocumentParse(
  _ catalogHandle: OpaquePointer?, _ textPointer: CString?, _ textLength: Int, _ entities: Int32,
  _ links: CString?, _ documentOut: UnsafeMutablePointer<OpaquePointer?>?, _ errorOut: StringOut?
) -> Int32 {
  documentOut?.pointee = nil
  return status(errorOut) { () throws(CallFailure) in
    guard let documentOut else { throw .invalidArgument("document_out is NULL") }
    let linksName = try option(links, name: "links") ?? "weibo"
    let urls: URLFinder
    switch linksName {
    case "weibo": urls = .weibo
    case "twitter": urls = .twitter
    default: throw .invalidArgument("links is \"\(linksName)\", not \"weibo\" or \"twitter\"")
    }
    let document = tokenizer(catalogHandle).tokenize(try text(textPointer, textLength))
    let handle = DocumentHandle(entities != 0 ? document.recognizingEntities(urls: urls) : document)
    documentOut.pointee = OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
  }
}

@_cdecl("emotext_document_free")
public func cDocumentFree(_ handle: OpaquePointer?) {
  guard let handle else { return }
  Unmanaged<DocumentHandle>.fromOpaque(UnsafeRawPointer(handle)).release()
}

/// The measure of the length rule `rule` names (NULL: weibo).
func lengthMeasure(_ rule: CString?) throws(CallFailure) -> LengthMeasure {
  let name = try option(rule, name: "rule") ?? "weibo"
  guard let measure = LengthRuleNames.measure(named: name) else {
    throw .invalidArgument("rule is \"\(name)\", not \(LengthRuleNames.list)")
  }
  return measure
}

@_cdecl("emotext_document_counts")
public func cDocumentCounts(
  _ handle: OpaquePointer?, _ rule: CString?, _ countsOut: UnsafeMutableRawPointer?, _ errorOut: StringOut?
) -> Int32 {
  status(errorOut) { () throws(CallFailure) in
    let handle = try documentHandle(handle)
    let document = handle.document
    let measure = try lengthMeasure(rule)
    let end = handle.starts[handle.starts.count - 1]
    let counts = emotext_counts(
      size: MemoryLayout<emotext_counts>.size, weighted: document.length(by: measure), utf16: end.utf16,
      scalars: end.scalars, graphemes: document.graphemeCount, utf8: end.utf8,
      post_utf8: handle.strings.reduce(0) { $0 + $1.text.count },
      emoticons: handle.kinds.count { $0 == EMOTEXT_RUN_EMOTICON }, runs: handle.kinds.count)
    try storeSized(counts, at: countsOut, name: "counts_out")
  }
}

@_cdecl("emotext_document_run")
public func cDocumentRun(
  _ handle: OpaquePointer?, _ index: Int, _ unit: emotext_unit, _ runOut: UnsafeMutableRawPointer?,
  _ errorOut: StringOut?
) -> Int32 {
  status(errorOut) { () throws(CallFailure) in
    let handle = try documentHandle(handle)
    let unit = try textUnit(unit)
    try checkLength(index, name: "index")
    guard index < handle.kinds.count else {
      throw .invalidArgument("index is \(index), past the last run (the document has \(handle.kinds.count))")
    }
    let strings = handle.strings[index]
    let text = handle.string(strings.text)
    let code = handle.string(strings.code)
    let image = handle.string(strings.image)
    let run = emotext_run(
      size: MemoryLayout<emotext_run>.size, kind: handle.kinds[index],
      start: handle.offset(handle.starts[index], in: unit), end: handle.offset(handle.starts[index + 1], in: unit),
      text: text.pointer, text_length: text.count, code: code.pointer, code_length: code.count,
      image: image.pointer, image_length: image.count)
    try storeSized(run, at: runOut, name: "run_out")
  }
}

@_cdecl("emotext_document_text")
public func cDocumentText(
  _ handle: OpaquePointer?, _ kind: emotext_text_kind, _ textOut: StringOut?, _ textLength: LengthOut?,
  _ errorOut: StringOut?
) -> Int32 {
  answer(textOut, textLength, errorOut) { () throws(CallFailure) in
    Array(try text(of: try documentHandle(handle).document, kind: kind).utf8)
  }
}
