import EmotextC
import EmotextCHeader
import EmotextCLISupport
import Foundation
import Testing

@testable import Emotext

/// The C ABI's calls that answer one input (count, truncate, parse, serialize, the emoji escapes, HTML), the
/// catalogs, the versions and `emotext_editor_apply`, through their entry points: the answers, and the refusals
/// with their status and message.
@Suite("C one-shot calls")
struct COneShotTests {
  /// The answer of a call that returns a string, or its failure.
  static func answer(_ body: (StringOut, LengthOut, StringOut) -> Int32) throws(CEditor.Failure) -> String {
    try CEditor.string(body)
  }

  /// Calls `body` with `option` as a C string, or NULL.
  static func withOption<Result>(_ option: String?, _ body: (CString?) -> Result) -> Result {
    guard let option else { return body(nil) }
    return option.withCString(body)
  }

  static func count(_ text: String, rule: String?) throws(CEditor.Failure) -> String {
    try answer { out, length, error in
      CEditor.withBytes(text) { bytes, count in withOption(rule) { cCount(nil, bytes, count, $0, out, length, error) } }
    }
  }

  static func truncate(_ text: String, to maximum: Int, rule: String? = nil, ellipsis: String? = nil)
    throws(CEditor.Failure) -> String
  {
    try answer { out, length, error in
      CEditor.withBytes(text) { bytes, count in
        withOption(rule) { rule in
          withOption(ellipsis) { cTruncate(nil, bytes, count, maximum, rule, $0, out, length, error) }
        }
      }
    }
  }

  static func parse(_ text: String, catalog: OpaquePointer? = nil, entities: Bool, links: String? = nil)
    throws(CEditor.Failure) -> String
  {
    try answer { out, length, error in
      CEditor.withBytes(text) { bytes, count in
        withOption(links) { cParse(catalog, bytes, count, entities ? 1 : 0, $0, out, length, error) }
      }
    }
  }

  @Test func versionsAreTheHeaders() {
    #expect(cABIVersion() == EMOTEXT_ABI_VERSION)
    #expect(String(cString: cVersion()) == emotextVersion.description)
  }

  @Test func countAnswersTheCLIsRecord() throws {
    #expect(
      try Self.count("好[哈哈]", rule: "utf16")
        == #"{"text":"好[哈哈]","rule":"utf16","weighted":2,"utf16":2,"scalars":2,"graphemes":2}"#)
    let failure = #expect(throws: CEditor.Failure.self) { try Self.count("a", rule: "nope") }
    #expect(failure?.status == 1 && failure?.message.contains("nope") == true)
  }

  @Test func truncateCutsAtTheLimitWithTheEllipsis() throws {
    #expect(try Self.truncate("好好好好", to: 2, rule: "graphemes", ellipsis: "…") == "好…")
    #expect(try Self.truncate("好好", to: 2, rule: "graphemes") == "好好")
    let above = #expect(throws: CEditor.Failure.self) { try Self.truncate("a", to: -1) }
    #expect(above?.status == 1 && above?.message.contains("PTRDIFF_MAX") == true)
  }

  @Test func parseAndSerializeRoundTrip() throws {
    let json = try Self.parse("好[哈哈] @小明 ", entities: true)
    #expect(json.contains(#""mention""#) || json.contains("小明"))
    let post = try Self.answer { out, length, error in
      CEditor.withBytes(json) { cSerialize(nil, $0, $1, 0, out, length, error) }
    }
    #expect(post == "好[哈哈] @小明 ")
    let refused = #expect(throws: CEditor.Failure.self) {
      try Self.answer { out, length, error in CEditor.withBytes("{") { cSerialize(nil, $0, $1, 0, out, length, error) }
      }
    }
    #expect(refused?.status == 2)
    let links = #expect(throws: CEditor.Failure.self) { try Self.parse("a", entities: false, links: "nope") }
    #expect(links?.status == 1)
  }

  @Test func emojiEscapesRoundTripAndRefuseMalformedOnes() throws {
    let encoded = try Self.answer { out, length, error in
      CEditor.withBytes("a👍🏽") { cEncodeEmoji($0, $1, nil, nil, nil, out, length, error) }
    }
    #expect(encoded == "a[emoji:1f44d-1f3fd]")
    let decoded = try Self.answer { out, length, error in
      CEditor.withBytes(encoded) { cDecodeEmoji($0, $1, nil, nil, nil, out, length, error) }
    }
    #expect(decoded == "a👍🏽")
    let malformed = #expect(throws: CEditor.Failure.self) {
      try Self.answer { out, length, error in
        CEditor.withBytes("[emoji:zz]") { cDecodeEmoji($0, $1, nil, nil, nil, out, length, error) }
      }
    }
    #expect(malformed?.status == 2)
    let format = #expect(throws: CEditor.Failure.self) {
      try Self.answer { out, length, error in
        "".withCString { empty in
          CEditor.withBytes("a") { cEncodeEmoji($0, $1, empty, empty, empty, out, length, error) }
        }
      }
    }
    #expect(format?.status == 1)
  }

  @Test func renderHTMLReadsOnlyTheSizeItIsGiven() throws {
    func render(size: Int, page: Int32) throws(CEditor.Failure) -> String {
      var options = emotext_html_options()
      options.size = size
      options.page = page
      return try Self.answer { out, length, error in
        CEditor.withBytes("好[哈哈]<b>") { cRenderHtml(nil, $0, $1, &options, out, length, error) }
      }
    }
    let fragment = try render(size: MemoryLayout<emotext_html_options>.size, page: 0)
    // Note: the embedded catalog ships no images: without an image base, the emoticon is its emoji fallback.
    #expect(fragment.contains("&lt;b&gt;") && fragment.contains(#"<span class="emoticon" title="哈哈">😆</span>"#))
    #expect(try render(size: MemoryLayout<emotext_html_options>.size, page: 1).contains("<html"))
    // Note: a caller whose struct ends before `page` gets a fragment whatever the bytes after its size hold.
    #expect(try render(size: MemoryLayout<Int>.size, page: 1) == fragment)
    let tooSmall = #expect(throws: CEditor.Failure.self) { try render(size: 4, page: 0) }
    #expect(tooSmall?.status == 1 && tooSmall?.message.contains("options->size is 4") == true)
    let withoutOptions = try Self.answer { out, length, error in
      CEditor.withBytes("好[哈哈]<b>") { cRenderHtml(nil, $0, $1, nil, out, length, error) }
    }
    #expect(withoutOptions == fragment)
  }

  @Test func aLoadedCatalogServesItsEmoticonsAndAMissingOneFailsSayingWhere() throws {
    var catalog: OpaquePointer?
    try CEditor.checked { cCatalogLoad(CatalogTestFiles.tutorialQuirks, &catalog, $0) }
    defer { cCatalogFree(catalog) }
    let loaded = try EmoticonCatalog(contentsOf: CatalogTestFiles.tutorialQuirks)
    let code = try #require(loaded.packs.first?.emoticons.first?.code)
    let json = try Self.parse("a\(code)", catalog: catalog, entities: false)
    #expect(json.contains(#""emoticon""#) || json.contains("png"), "\(json)")
    var missing: OpaquePointer? = OpaquePointer(bitPattern: 1)
    let failure = #expect(throws: CEditor.Failure.self) {
      try CEditor.checked { cCatalogLoad("/nonexistent/catalog.json", &missing, $0) }
    }
    #expect(failure?.status == 3 && failure?.message.contains("/nonexistent/catalog.json") == true)
    #expect(missing == nil)
    let null = #expect(throws: CEditor.Failure.self) { try CEditor.checked { cCatalogLoad(nil, &missing, $0) } }
    #expect(null?.status == 1)
    // Note: the default catalog's handle is shared; each handle is released once.
    cCatalogFree(cCatalogDefault())
  }

  @Test func applyAnswersTheStateLineOrFailsChangingNothing() throws {
    let editor = CEditor()
    func apply(_ command: String) throws(CEditor.Failure) -> String {
      try Self.answer { out, length, error in
        CEditor.withBytes(command) { cEditorApply(editor.handle, $0, $1, out, length, error) }
      }
    }
    let state = try apply(#"{"insert":"好[哈哈]"}"#)
    #expect(state.hasPrefix(#"{"text":"好[哈哈]","selection":[2,0]"#), "\(state)")
    let failure = #expect(throws: CEditor.Failure.self) { try apply(#"{"frobnicate":1}"#) }
    #expect(failure?.status == 4)
    #expect(try editor.text(EMOTEXT_TEXT_POST) == "好[哈哈]")
    let null = #expect(throws: CEditor.Failure.self) {
      try Self.answer { out, length, error in cEditorApply(nil, nil, 0, out, length, error) }
    }
    #expect(null?.status == 1)
  }
}
