// Note: this folder is compiled into the test target and, with `-D EMOTEXT_FUZZ`, into the libFuzzer
// binary that Fuzz/run.sh builds over the library's modules, so both check the same properties.
@testable import Emotext

/// A property that did not hold on a fuzz input, saying what was expected and what came out.
struct PropertyFailure: Error, CustomStringConvertible {
  let description: String
}

/// Throws a ``PropertyFailure`` with `message` when `condition` is false.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(PropertyFailure) {
  if !condition { throw PropertyFailure(description: message()) }
}

/// One libFuzzer target: the bytes it takes and the properties it checks on them.
///
/// `Fuzz/run.sh NAME` fuzzes one target; `FuzzRegressionTests` replays `Corpus/fuzz/NAME/` and the
/// files in `Corpus/fuzz/regressions/` whose names start with `NAME-` through ``check(_:)``.
enum FuzzTarget: String, CaseIterable, Sendable {
  /// Any bytes as post text: lossless, agrees with a reference tokenizer, no token left in text.
  case tokenize
  /// Any bytes as post text, tokenized: the document's invariants, `tokenize(postText(doc)) == doc`, batched
  /// boundaries, cluster positions (the expensive half of what `tokenize` checked, split off to keep it fast).
  case tokenizedDocument
  /// Bytes as editor commands, run against ``Editor`` and a naive reference model.
  case edit
  /// Bytes as JSON Lines for `emotext edit`: one well-formed answer per line; a failed line changes nothing.
  case editscript
  /// Bytes as a JSON catalog or a bundle's plist / JSON files: a catalog or clear errors, never a crash.
  case catalog
  /// The JSON document format: decode or a clear error; the documents pass their invariants.
  case document
  /// The JSON document format: encode → decode is exact and the encoding a fixed point.
  case documentRoundTrip
  /// The BMP emoji escaping: round trips and clear errors.
  case escapes
  /// The tutorials' emoji code strings: round trips and clear errors.
  case emojiCode
  /// The HTML renderer: nothing from the input becomes markup.
  case html
  /// The terminal renderer: no control character from the input, lines wrapped to the width.
  case terminal
  /// The URL finder: whole clusters, in order; entity links see exactly its URLs.
  case urls
  /// The weighted length that weighs URLs, in its one-pass sum and its unit walk, counts exactly the finder's URLs.
  case urlLength
  /// Grapheme boundaries, counts, lengths and truncation agree with ICU's break iterator on any text.
  case graphemes
  /// Bytes as edit scripts run through ``Editor`` on the tree-backed document and through the array-of-runs
  /// oracle's editor: they agree (locally after every step, everything at the end); the script's direct edits are
  /// storageDocuments'.
  case storage
  /// As `storage`, for the script's direct edits of the documents (split off `storage`, each half of a script
  /// costing about what the other does).
  case storageDocuments
  /// As `storage`, with everything compared also at about one step in 16 (picked by the input).
  case storageFull
  /// Bytes as pasted HTML, text or document JSON: the editor's laws hold, scripts are dropped, and the
  /// clipboard's three flavours round-trip.
  case paste
  /// Bytes as calls through the C entry points (`emotext.h`) on an editor handle, documents and the one-shot
  /// calls, with bytes that are not UTF-8, positions and lengths past the end or above `PTRDIFF_MAX`, unknown enum
  /// values and NULL pointers: every status and message as the header says, a failing call changes nothing, every
  /// string has its length and a NUL, and a UTF-8 host mirror follows the editor from its changes alone.
  case cABI

  /// The targets split off this one to keep it fast (each checks what this one checked before the split), which
  /// `FuzzRegressionTests` also replays this target's saved findings (`Corpus/fuzz/regressions/NAME-…`) through.
  var splitOff: [FuzzTarget] {
    switch self {
    case .tokenize: [.tokenizedDocument]
    case .document: [.documentRoundTrip]
    case .escapes: [.emojiCode]
    case .urls: [.urlLength]
    case .storage: [.storageDocuments, .storageFull]
    default: []
    }
  }

  /// Whether the target's checks read ``UnicodeReference`` (whose tables the fuzz binary loads before the first
  /// input, so that no input is charged for them).
  var usesUnicodeReference: Bool {
    switch self {
    case .edit, .storage, .storageDocuments, .storageFull, .graphemes, .urls, .terminal: true
    case .tokenize, .tokenizedDocument, .editscript, .catalog, .document, .documentRoundTrip, .escapes, .emojiCode,
      .html, .urlLength, .paste, .cABI:
      false
    }
  }

  /// Checks the target's properties on `bytes`; throws the first one that fails.
  func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    switch self {
    case .tokenize: try TokenizeProperty.check(bytes)
    case .tokenizedDocument: try TokenizeProperty.checkDocument(bytes)
    case .edit: try EditProperty.check(bytes)
    case .editscript: try EditScriptProperty.check(bytes)
    case .catalog: try CatalogProperty.check(bytes)
    case .document: try DocumentProperty.check(bytes, roundTrip: false)
    case .documentRoundTrip: try DocumentProperty.check(bytes, roundTrip: true)
    case .escapes: try EscapesProperty.check(bytes)
    case .emojiCode: try EscapesProperty.checkEmojiCode(bytes)
    case .html: try HTMLProperty.check(bytes)
    case .terminal: try TerminalProperty.check(bytes)
    case .urls: try URLProperty.check(bytes)
    case .urlLength: try URLProperty.checkLength(bytes)
    case .graphemes: try GraphemeProperty.check(bytes)
    case .storage: try StorageProperty.check(bytes, fullCheckPeriod: nil, pairs: .editors)
    case .storageDocuments: try StorageProperty.check(bytes, fullCheckPeriod: nil, pairs: .documents)
    case .storageFull: try StorageProperty.check(bytes, fullCheckPeriod: 16)
    case .paste: try PasteProperty.check(bytes)
    case .cABI: try CABIProperty.check(bytes)
    }
  }
}

/// Catalogs the fuzz targets tokenize against.
enum FuzzCatalogs {
  /// Short ASCII tokens the fuzzer finds easily, an alias, a token that is canonically equivalent to
  /// another spelling (`[é]` / `[e\u{301}]`), emoji inside a token, a long token, and an emoji emoticon.
  static let small = EmoticonCatalog(packs: [
    EmoticonPack(
      id: "fuzz", displayName: "fuzz",
      emoticons: [
        Emoticon(code: "[a]", aliases: ["[A]"], kind: .image(png: "a.png", gif: nil), packID: "fuzz"),
        Emoticon(code: "[ab]", kind: .image(png: "ab.png", gif: nil), packID: "fuzz"),
        Emoticon(code: "[哈哈]", kind: .image(png: "haha.png", gif: nil), fallback: "😆", packID: "fuzz"),
        Emoticon(code: "[微笑]", kind: .image(png: "weixiao.png", gif: nil), packID: "fuzz"),
        Emoticon(code: "[e\u{301}]", kind: .image(png: "e.png", gif: nil), packID: "fuzz"),
        Emoticon(code: "[👍🏽]", kind: .image(png: "thumb.png", gif: nil), packID: "fuzz"),
        Emoticon(code: "[x y]", kind: .image(png: "xy.png", gif: nil), packID: "fuzz"),
        Emoticon(code: "[0123456789abcdef]", kind: .image(png: "long.png", gif: nil), packID: "fuzz"),
        Emoticon(code: "😀", kind: .emoji("😀"), packID: "fuzz"),
      ])
  ])

  /// The catalogs the tokenize target checks every input against.
  static let all: [EmoticonCatalog] = [.default, small]

  /// Tokenizers made once (making one sorts its catalog's tokens: for the default catalog, the largest cost of a
  /// short input).
  static let smallTokenizer = BracketTokenizer(catalog: small)
  static let defaultTokenizer = BracketTokenizer(catalog: .default)
}

/// Reads a fuzz input front to back; past the end every read gives 0.
struct FuzzInput {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether unread bytes remain.
  var hasMore: Bool { position < bytes.count }

  /// The next byte, or 0 at the end.
  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// The next byte as a number in `0..<count`.
  mutating func number(below count: Int) -> Int { Int(byte()) % max(count, 1) }

  /// Up to `count` next bytes.
  mutating func bytes(upTo count: Int) -> [UInt8] {
    let end = min(position + count, bytes.count)
    defer { position = end }
    return Array(bytes[position..<end])
  }
}
