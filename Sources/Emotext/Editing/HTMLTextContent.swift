/// The text a pasted HTML fragment shows: what a browser's `innerText` gives, read by a small scanner that
/// never executes or fetches anything.
///
/// - Text is kept with its character references decoded (`&amp;`, `&#x1F600;`, the common named ones);
///   runs of whitespace become one space, as a browser draws them, except inside `<pre>`.
/// - `<br>` is a line break; the end (and start) of a block element (`<p>`, `<div>`, `<li>`, `<h1>`, …) is one
///   when text follows.
/// - `<img>` gives what `image(alt)` makes of its `alt` (nil: nothing).
/// - `<script>`, `<style>`, `<template>`, `<title>` and the like are dropped with their content, and so is an
///   element marked hidden (the `hidden` attribute, an inline `display: none` or `visibility: hidden`); comments,
///   `<!DOCTYPE>` and processing instructions are dropped. Between `<!--StartFragment-->` and
///   `<!--EndFragment-->` (the markers Chromium and Windows' CF_HTML put around what was copied) only that part
///   is read.
/// - A `data-emotext-document` attribute gives its value (decoded) as ``documentJSON`` (the document JSON this
///   engine's own clipboard HTML carries) only on the fragment's outermost element: the first element of the
///   fragment (after any `<meta>` or `<link>`), not one dropped with its content, hidden or void, with no text
///   before or after it. One on any other element (a hidden `<span>` beside the text, a `<script>`, a nested
///   element, one in a comment) is ignored. Whether the document matches the visible text is the paster's
///   check (``Editor/paste(_:)``).
///
/// Linear in the length of the fragment; any input is accepted.
struct HTMLTextContent {
  /// The text content.
  private(set) var text = ""
  /// The value of the `data-emotext-document` attribute of the fragment's outermost element, if it has one and
  /// holds all the fragment's text.
  var documentJSON: String? {
    guard let wrapper, wrapper.openCount > 0 || wrapper.outputCountAtEnd == output.count else { return nil }
    return wrapper.documentJSON
  }

  private var output: [UInt8] = []
  private var pendingSpace = false
  private var pendingBreak = false
  private var preformattedDepth = 0
  /// Whether an element other than metadata has started.
  private var sawElement = false
  /// The outermost element, when it carries a document and started before any text.
  private var wrapper: Wrapper?

  /// The fragment's outermost element carrying a document.
  private struct Wrapper {
    var name: String
    var documentJSON: String
    /// Its start tags minus its end tags read so far (nested elements of the same name included).
    var openCount = 1
    /// The length of the text when it ended.
    var outputCountAtEnd = 0
  }

  /// The attribute that carries the document JSON in this engine's clipboard HTML.
  static let documentAttribute = "data-emotext-document"

  /// Reads `html`, giving each `<img>` the text `image(alt)` returns (its `alt` attribute, "" without one).
  init(html: String, image: (String) -> String?) {
    var bytes = Array(html.utf8)
    if let fragment = Self.markedFragment(in: bytes) { bytes = Array(bytes[fragment]) }
    scan(bytes, image: image)
    text = String(decoding: output, as: UTF8.self)
  }

  // MARK: Elements

  /// Elements dropped with everything in them.
  private static let droppedElements: Set<String> = [
    "script", "style", "template", "title", "noscript", "iframe", "object", "noembed", "noframes", "xmp",
    "textarea", "select", "svg", "math", "head",
  ]
  /// Elements that have no content and no end tag.
  private static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
  ]
  /// Void elements that show nothing, which may come before the outermost element (browsers put a
  /// `<meta charset>` first).
  private static let metadataElements: Set<String> = ["meta", "link", "base"]
  /// Elements whose start and end are line boundaries.
  private static let blockElements: Set<String> = [
    "address", "article", "aside", "blockquote", "dd", "details", "dialog", "div", "dl", "dt", "fieldset",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main",
    "nav", "ol", "p", "pre", "section", "summary", "table", "tr", "ul", "body", "html", "caption", "tbody",
    "thead", "tfoot",
  ]

  private mutating func scan(_ bytes: [UInt8], image: (String) -> String?) {
    var index = 0
    let count = bytes.count
    var textStart = 0
    while index < count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || Self.isSpace(byte) else {
        index += 1
        continue
      }
      appendText(bytes[textStart..<index])
      if byte == UInt8(ascii: "&") {
        let (decoded, next) = Self.characterReference(in: bytes, at: index)
        appendText(decoded.utf8[...])
        index = next
      } else if Self.isSpace(byte) {
        if preformattedDepth > 0 {
          appendText(bytes[index..<index + 1])
        } else {
          pendingSpace = true
        }
        index += 1
      } else {
        index = markup(in: bytes, at: index, image: image)
      }
      textStart = index
    }
    appendText(bytes[textStart..<count])
  }

  /// Reads the markup at `start` (a `<`) and returns where the text after it starts.
  private mutating func markup(in bytes: [UInt8], at start: Int, image: (String) -> String?) -> Int {
    let count = bytes.count
    let next = start + 1 < count ? bytes[start + 1] : 0
    if Self.hasPrefix("<!--", in: bytes, at: start) {
      return Self.end(of: "-->", in: bytes, from: start + 4)
    }
    if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
      return Self.end(of: ">", in: bytes, from: start + 2)
    }
    let isEndTag = next == UInt8(ascii: "/")
    let nameStart = start + (isEndTag ? 2 : 1)
    guard nameStart < count, Self.isASCIILetter(bytes[nameStart]) else {
      // Note: a `<` that starts no tag is text, as in a browser.
      appendText(bytes[start..<start + 1])
      return start + 1
    }
    var index = nameStart
    while index < count && !Self.isSpace(bytes[index]) && bytes[index] != UInt8(ascii: ">")
      && bytes[index] != UInt8(ascii: "/")
    {
      index += 1
    }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
    var attributes: [(String, String)] = []
    index = Self.readAttributes(in: bytes, from: index, into: &attributes)
    if isEndTag {
      if name == "pre" { preformattedDepth = max(preformattedDepth - 1, 0) }
      if Self.blockElements.contains(name) { pendingBreak = true }
      if wrapper?.name == name && wrapper?.openCount ?? 0 > 0 {
        wrapper?.openCount -= 1
        if wrapper?.openCount == 0 { wrapper?.outputCountAtEnd = output.count }
      }
      return index
    }
    noteStartTag(name, attributes: attributes)
    if Self.droppedElements.contains(name) {
      return Self.endOfElement(named: name, in: bytes, from: index)
    }
    if Self.isHidden(attributes) {
      return Self.voidElements.contains(name) ? index : Self.endOfNestedElement(named: name, in: bytes, from: index)
    }
    switch name {
    case "br": appendBreak()
    case "img":
      let alt = attributes.first(where: { $0.0 == "alt" })?.1 ?? ""
      if let text = image(alt) { appendText(text.utf8[...]) }
    default:
      if Self.blockElements.contains(name) { pendingBreak = true }
      if name == "pre" { preformattedDepth += 1 }
    }
    return index
  }

  /// Notes the start tag of `name`: the first element of the fragment may carry a document.
  private mutating func noteStartTag(_ name: String, attributes: [(String, String)]) {
    if Self.metadataElements.contains(name) { return }
    defer { sawElement = true }
    if wrapper?.name == name && wrapper?.openCount ?? 0 > 0 && !Self.voidElements.contains(name) {
      wrapper?.openCount += 1
    }
    guard !sawElement, output.isEmpty, !Self.voidElements.contains(name), !Self.droppedElements.contains(name),
      !Self.isHidden(attributes), let json = attributes.first(where: { $0.0 == Self.documentAttribute })
    else { return }
    wrapper = Wrapper(name: name, documentJSON: json.1)
  }

  /// Reads a tag's attributes from `start` up to its `>` and returns where the text after the tag starts.
  private static func readAttributes(in bytes: [UInt8], from start: Int, into attributes: inout [(String, String)])
    -> Int
  {
    let count = bytes.count
    var index = start
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ">") { return index + 1 }
      if isSpace(byte) || byte == UInt8(ascii: "/") {
        index += 1
        continue
      }
      let nameStart = index
      while index < count && !isSpace(bytes[index]) && bytes[index] != UInt8(ascii: ">")
        && bytes[index] != UInt8(ascii: "=") && (bytes[index] != UInt8(ascii: "/") || index == nameStart)
      {
        index += 1
      }
      let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
      while index < count && isSpace(bytes[index]) { index += 1 }
      guard index < count, bytes[index] == UInt8(ascii: "=") else {
        attributes.append((name, ""))
        continue
      }
      index += 1
      while index < count && isSpace(bytes[index]) { index += 1 }
      let valueStart: Int
      let valueEnd: Int
      if index < count && (bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")) {
        let quote = bytes[index]
        valueStart = index + 1
        index = valueStart
        while index < count && bytes[index] != quote { index += 1 }
        valueEnd = index
        if index < count { index += 1 }
      } else {
        valueStart = index
        while index < count && !isSpace(bytes[index]) && bytes[index] != UInt8(ascii: ">") { index += 1 }
        valueEnd = index
      }
      attributes.append((name, decoded(bytes[valueStart..<valueEnd])))
    }
    return count
  }

  /// Whether an element with `attributes` is not shown: the `hidden` attribute, or an inline style with
  /// `display: none` or `visibility: hidden`.
  private static func isHidden(_ attributes: [(String, String)]) -> Bool {
    attributes.contains { name, value in
      guard name != "hidden" else { return true }
      guard name == "style" else { return false }
      let style = value.lowercased().filter { !$0.isWhitespace }
      return style.contains("display:none") || style.contains("visibility:hidden")
    }
  }

  /// Where the text after the end tag of the hidden element `name` starts, counting the elements of the same
  /// name nested in it (its content is not read), or the end of the input.
  private static func endOfNestedElement(named name: String, in bytes: [UInt8], from start: Int) -> Int {
    let opening = Array("<\(name)".utf8)
    let closing = Array("</\(name)".utf8)
    var depth = 1
    var index = start
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      let isEnd = hasPrefix(closing, in: bytes, at: index, caseInsensitive: true)
      let tag = isEnd ? closing : opening
      let after = index + tag.count
      if (isEnd || hasPrefix(opening, in: bytes, at: index, caseInsensitive: true))
        && (after == bytes.count || isSpace(bytes[after]) || bytes[after] == UInt8(ascii: ">")
          || bytes[after] == UInt8(ascii: "/"))
      {
        depth += isEnd ? -1 : 1
        if depth == 0 { return end(of: ">", in: bytes, from: after) }
      }
      index += 1
    }
    return bytes.count
  }

  /// Where the text after the end tag of the dropped element `name` starts (its content is not read as
  /// markup), or the end of the input.
  private static func endOfElement(named name: String, in bytes: [UInt8], from start: Int) -> Int {
    let closing = Array("</\(name)".utf8)
    var index = start
    while index + closing.count <= bytes.count {
      if bytes[index] == UInt8(ascii: "<") && hasPrefix(closing, in: bytes, at: index, caseInsensitive: true) {
        let after = index + closing.count
        if after == bytes.count || isSpace(bytes[after]) || bytes[after] == UInt8(ascii: ">")
          || bytes[after] == UInt8(ascii: "/")
        {
          return end(of: ">", in: bytes, from: after)
        }
      }
      index += 1
    }
    return bytes.count
  }

  // MARK: Output

  private mutating func appendText(_ text: some Collection<UInt8>) {
    guard !text.isEmpty else { return }
    if pendingBreak {
      if !output.isEmpty && output.last != UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
      pendingBreak = false
      pendingSpace = false
    }
    if pendingSpace {
      if !output.isEmpty && output.last != UInt8(ascii: "\n") && output.last != UInt8(ascii: " ") {
        output.append(UInt8(ascii: " "))
      }
      pendingSpace = false
    }
    output.append(contentsOf: text)
  }

  private mutating func appendBreak() {
    output.append(UInt8(ascii: "\n"))
    pendingSpace = false
    pendingBreak = false
  }

  // MARK: Character references

  /// Named character references a copied fragment commonly holds.
  private static let namedReferences: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
    "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
    "middot": "·", "times": "×", "divide": "÷", "laquo": "«", "raquo": "»", "bull": "•", "trade": "™",
    "zwj": "\u{200D}", "zwnj": "\u{200C}", "shy": "\u{AD}", "emsp": "\u{2003}", "ensp": "\u{2002}",
    "thinsp": "\u{2009}",
  ]

  /// The character reference at `start` (a `&`), decoded, and where the text after it starts; a `&` that
  /// starts no reference this reader knows is itself.
  private static func characterReference(in bytes: [UInt8], at start: Int) -> (String, Int) {
    let count = bytes.count
    var index = start + 1
    if index < count && bytes[index] == UInt8(ascii: "#") {
      index += 1
      let isHex = index < count && (bytes[index] | 0x20) == UInt8(ascii: "x")
      if isHex { index += 1 }
      let digitsStart = index
      var value: UInt32 = 0
      while index < count, let digit = digitValue(bytes[index], hex: isHex) {
        // Note: saturated, so a long run of digits is one out-of-range reference, not an overflow.
        value = min(value &* (isHex ? 16 : 10) &+ digit, 0x11_0000)
        index += 1
      }
      guard index > digitsStart else { return ("&", start + 1) }
      if index < count && bytes[index] == UInt8(ascii: ";") { index += 1 }
      let scalar = value == 0 ? nil : Unicode.Scalar(value)
      return (String(scalar ?? "\u{FFFD}"), index)
    }
    let nameStart = index
    while index < count && index - nameStart < 8 && isASCIILetter(bytes[index]) { index += 1 }
    guard index < count, bytes[index] == UInt8(ascii: ";"),
      let decoded = namedReferences[String(decoding: bytes[nameStart..<index], as: UTF8.self)]
    else { return ("&", start + 1) }
    return (decoded, index + 1)
  }

  /// An attribute value with its character references decoded.
  private static func decoded(_ bytes: ArraySlice<UInt8>) -> String {
    let bytes = Array(bytes)
    guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
    var result = ""
    var textStart = 0
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "&") else {
        index += 1
        continue
      }
      result += String(decoding: bytes[textStart..<index], as: UTF8.self)
      let (decoded, next) = characterReference(in: bytes, at: index)
      result += decoded
      index = next
      textStart = next
    }
    return result + String(decoding: bytes[textStart...], as: UTF8.self)
  }

  private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  // MARK: Bytes

  /// The bytes between `<!--StartFragment-->` and `<!--EndFragment-->`, when both are there in that order.
  private static func markedFragment(in bytes: [UInt8]) -> Range<Int>? {
    let startMarker = Array("<!--StartFragment-->".utf8)
    let endMarker = Array("<!--EndFragment-->".utf8)
    guard let start = firstIndex(of: startMarker, in: bytes, from: 0),
      let end = firstIndex(of: endMarker, in: bytes, from: start + startMarker.count)
    else { return nil }
    return (start + startMarker.count)..<end
  }

  private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index] == needle[0] && hasPrefix(needle, in: bytes, at: index) { return index }
      index += 1
    }
    return nil
  }

  /// Where the text after the first `terminator` at or after `start` starts, or the end of the input.
  private static func end(of terminator: String, in bytes: [UInt8], from start: Int) -> Int {
    let needle = Array(terminator.utf8)
    return firstIndex(of: needle, in: bytes, from: min(start, bytes.count)).map { $0 + needle.count } ?? bytes.count
  }

  private static func hasPrefix(_ prefix: String, in bytes: [UInt8], at start: Int) -> Bool {
    hasPrefix(Array(prefix.utf8), in: bytes, at: start)
  }

  private static func hasPrefix(
    _ prefix: [UInt8], in bytes: [UInt8], at start: Int, caseInsensitive: Bool = false
  ) -> Bool {
    guard start + prefix.count <= bytes.count else { return false }
    for (offset, expected) in prefix.enumerated() {
      let byte = bytes[start + offset]
      let matches = caseInsensitive && isASCIILetter(byte) ? byte | 0x20 == expected | 0x20 : byte == expected
      if !matches { return false }
    }
    return true
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }
}
