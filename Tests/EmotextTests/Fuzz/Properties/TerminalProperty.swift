@testable import Emotext

/// The terminal target: whatever the text and the emoticons' tokens and fallbacks hold, the terminal
/// renderer writes no control character of its input (no ESC, no C1 CSI), only its own SGR sequences and
/// none without colours, and wraps every line to the column width unless the line is one cluster or one
/// emoticon wider than that.
enum TerminalProperty {
  static let catalog = EmoticonCatalog(packs: [
    EmoticonPack(
      id: "evil", displayName: "evil",
      emoticons: [
        Emoticon(
          code: "[a]", kind: .image(png: "a.png", gif: nil), fallback: "\u{1B}[31mred\u{1B}]0;title\u{7}",
          packID: "evil"),
        Emoticon(code: "[\u{9B}2J]", kind: .image(png: "b.png", gif: nil), fallback: "\u{9B}2J", packID: "evil"),
        Emoticon(code: "[哈哈]", kind: .image(png: "haha.png", gif: nil), fallback: "😆", packID: "evil"),
        Emoticon(code: "[long one]", kind: .image(png: "l.png", gif: nil), packID: "evil"),
      ])
  ])
  /// Made once: making a tokenizer sorts its catalog's tokens.
  static let tokenizer = BracketTokenizer(catalog: catalog)
  static let sequences = [ANSI.reset, ANSI.cyan, ANSI.underlinedBlue, ANSI.yellow, ANSI.emoticonBackground]

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    var input = FuzzInput(bytes)
    let flags = input.byte()
    var options: TerminalRenderer.Options = []
    if flags & 1 != 0 { options.insert(.colors) }
    if flags & 2 != 0 { options.insert(.emoticonCodes) }
    let columnByte = input.byte()
    let columns = columnByte == 0 ? nil : Int(columnByte % 40) + 1
    let text = String(decoding: bytes.dropFirst(2), as: UTF8.self)
    let document = tokenizer.tokenize(text).recognizingEntities()
    let lines = TerminalRenderer(options: options, columns: columns).lines(document)
    // Note: the emoticons' texts are gathered only for a line wider than the columns.
    try checkLines(
      lines, options: options, columns: columns,
      emoticonTexts: Set(
        document.runs.compactMap { run -> String? in
          guard case .emoticon(let attachment) = run else { return nil }
          return TerminalLayout.sanitized(options.contains(.emoticonCodes) ? attachment.token : attachment.fallbackText)
        }), input: bytes)
  }

  /// The renderer's `lines`: no control character but its own sequences, none wider than `columns` unless it is
  /// one cluster or one emoticon's text (`emoticonTexts`, asked for once, when a line is wider).
  static func checkLines(
    _ lines: [String], options: TerminalRenderer.Options, columns: Int?,
    emoticonTexts makeEmoticonTexts: @autoclosure () -> Set<String>, input bytes: [UInt8]
  ) throws(PropertyFailure) {
    var gatheredEmoticonTexts: Set<String>?
    func emoticonTexts() -> Set<String> {
      if let gatheredEmoticonTexts { return gatheredEmoticonTexts }
      let texts = makeEmoticonTexts()
      gatheredEmoticonTexts = texts
      return texts
    }
    for (index, line) in lines.enumerated() {
      let plain = options.contains(.colors) ? withoutSequences(line) : line
      let control = plain.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
      try require(
        control == nil,
        "line \(index) holds control U+\(String(control?.value ?? 0, radix: 16)) for input \(bytes): \(Array(line.unicodeScalars))"
      )
      if let columns, TerminalCellWidth.ofText(plain) > columns {
        try require(
          UnicodeReference.clusterBoundaries(in: plain).count == 1 || emoticonTexts().contains(plain),
          "line \(index) is \(TerminalCellWidth.ofText(plain)) cells for \(columns) columns: \(plain) (input \(bytes))")
      }
    }
  }

  /// `line` without the renderer's SGR sequences, matched by UTF-8 bytes (each starts with ESC, which is ASCII, so
  /// a byte match is a scalar match; a combining mark after `m` would join it into one Character).
  static func withoutSequences(_ line: String) -> String {
    let bytes = Array(line.utf8)
    guard bytes.contains(0x1B) else { return line }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    outer: while index < bytes.count {
      if bytes[index] == 0x1B {
        for pattern in sequenceBytes where bytes[index...].starts(with: pattern) {
          index += pattern.count
          continue outer
        }
      }
      result.append(bytes[index])
      index += 1
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// ``sequences`` as UTF-8.
  static let sequenceBytes = sequences.map { Array($0.utf8) }
}
