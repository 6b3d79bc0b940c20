import EmotextUnicode

/// A document cut into terminal lines: each grapheme cluster or attachment is one piece, never split.
///
/// Shared by ``TerminalRenderer`` and ``ComposerScreen`` (which also needs where the caret goes).
package struct TerminalLayout {
  /// How a piece is drawn.
  package enum Style: Equatable {
    case plain
    case entity(TextAttributes.Entity)
    /// An attachment shown as its emoji fallback.
    case emoticon
    /// An attachment shown as its token.
    case emoticonCode
  }

  /// One cluster or attachment.
  package struct Piece: Equatable {
    /// Where it starts in the document, in UTF-16 units.
    package var utf16Offset: Int
    /// Its length in the document, in UTF-16 units (1 for an attachment).
    package var utf16Count: Int
    /// What is drawn: the cluster, or the attachment's fallback or token; empty for a line break.
    package var shown: String
    /// Terminal cells it takes.
    package var cells: Int
    package var style: Style
    package var isLineBreak: Bool = false
    package var isSpace: Bool = false
    /// Whether a line may start at this piece (a UAX #14 line break opportunity).
    package var breakBefore: Bool = false
    /// Its bidirectional embedding level (UAX #9, its paragraph's); odd is right-to-left. 0 unless laid out in
    /// visual order.
    package var bidiLevel: UInt8 = 0
    /// Whether it is an attachment (U+FFFC for the bidirectional algorithm).
    package var isAttachment: Bool = false
  }

  /// The lines as drawn: in logical order, or in visual order when laid out so (``init(_:columns:emoticonCodes:visualOrder:)``).
  package private(set) var lines: [[Piece]] = [[]]
  /// The lines in logical order, where the caret is computed; the same as ``lines`` unless in visual order.
  private var logicalLines: [[Piece]] = [[]]
  /// Whether ``lines`` are in visual order.
  package let isVisualOrder: Bool
  /// The column limit, or nil for no wrapping.
  package let columns: Int?
  /// The cells the last line of ``lines`` takes, while laying out.
  private var lastLineCells = 0

  /// Lays out `text`, showing attachments as their fallback (or as their token when `emoticonCodes`),
  /// wrapping at `columns` when given: at the last line break opportunity (UAX #14, through ICU, with
  /// each attachment as U+FFFC) that lets the rest fit, else between any two pieces. A piece wider than
  /// the limit gets a line of its own.
  ///
  /// With `visualOrder`, each line's pieces are then put in visual order by the Unicode Bidirectional Algorithm
  /// (``BidiLine``'s rules: each paragraph's level from its first strong character, attachments as U+FFFC,
  /// right-to-left clusters mirrored), for terminals that do no bidi of their own; wrapping stays logical, and
  /// trailing spaces stay at the line's end (rule L1), so an Arabic or Hebrew line reads right to left from the
  /// left margin.
  /// - Complexity: O(*n*) in the UTF-8 length. The document is read in place, a text run cut across leaves
  ///   gathered into one buffer (a cluster may span the cut); each piece's `shown` is a `String` of its own.
  ///
  /// `asciiFastPath: false` measures every cluster the general way; `linesInPlace: false` appends each piece to a
  /// growing line (tests compare the two).
  package init(
    _ text: RichText, columns: Int?, emoticonCodes: Bool, visualOrder: Bool = false, asciiFastPath: Bool = true,
    linesInPlace: Bool = true
  ) {
    precondition(columns.map { $0 > 0 } ?? true, "TerminalLayout needs at least one column")
    self.columns = columns
    self.isVisualOrder = visualOrder
    var pieces: [Piece] = []
    pieces.reserveCapacity(text.root.summary.utf16)
    var utf8Starts: [Int] = []  // each piece's UTF-8 offset in `flattened`
    utf8Starts.reserveCapacity(text.root.summary.utf16)
    var flattened: [UInt8] = []  // the post text with each attachment as U+FFFC, for the line breaker
    flattened.reserveCapacity(text.root.summary.utf8)
    var gathered: [UInt8] = []  // the text run cut across leaves read so far
    var utf16Offset = 0
    text.forEachPiece { piece in
      switch piece.content {
      case .emoticon(let emoticon):
        let token = String(decoding: piece.utf8, as: UTF8.self)
        let fallback = EmoticonAttachment.fallbackText(of: emoticon)
        let shown = Self.sanitized(emoticonCodes ? token : fallback ?? token)
        utf8Starts.append(flattened.count)
        flattened.append(contentsOf: [0xEF, 0xBF, 0xBC])  // U+FFFC
        pieces.append(
          Piece(
            utf16Offset: utf16Offset, utf16Count: 1, shown: shown, cells: TerminalCellWidth.ofText(shown),
            style: emoticonCodes || (fallback ?? token) == token ? .emoticonCode : .emoticon, isAttachment: true))
        utf16Offset += 1
      case .text(let attributes):
        guard piece.continuesRun || !piece.endsRun else {
          Self.appendClusters(
            of: piece.utf8, attributes: attributes, asciiFastPath: asciiFastPath, at: &utf16Offset, to: &pieces,
            &utf8Starts, &flattened)
          return true
        }
        if !piece.continuesRun { gathered.removeAll(keepingCapacity: true) }
        gathered.append(contentsOf: piece.utf8)
        if piece.endsRun {
          gathered.withUnsafeBufferPointer {
            Self.appendClusters(
              of: $0, attributes: attributes, asciiFastPath: asciiFastPath, at: &utf16Offset, to: &pieces, &utf8Starts,
              &flattened)
          }
        }
      }
      return true
    }
    if columns != nil {
      // Note: both ascending, so one walk over the two marks each piece (no set of the opportunities).
      let opportunities = flattened.withUnsafeBufferPointer { LineBreaks.opportunities(inUTF8: $0) }
      var next = opportunities.startIndex
      for index in pieces.indices {
        while next < opportunities.endIndex && opportunities[next].utf8Offset < utf8Starts[index] { next += 1 }
        pieces[index].breakBefore = next < opportunities.endIndex && opportunities[next].utf8Offset == utf8Starts[index]
      }
    }
    if visualOrder { Self.resolveBidiLevels(&pieces) }
    if linesInPlace {
      lines = Self.wrappedInPlace(&pieces, columns: columns)
    } else {
      for piece in pieces { append(piece) }
    }
    logicalLines = lines
    if visualOrder { lines = lines.map(Self.visuallyOrdered) }
  }

  /// Sets each piece's embedding level, paragraph by paragraph (a line break ends one).
  private static func resolveBidiLevels(_ pieces: inout [Piece]) {
    var paragraphStart = 0
    while paragraphStart < pieces.count {
      let paragraphEnd = pieces[paragraphStart...].firstIndex(where: \.isLineBreak).map { $0 + 1 } ?? pieces.count
      var utf16: [UInt16] = []
      var firstUnits: [Int] = []
      for piece in pieces[paragraphStart..<paragraphEnd] {
        firstUnits.append(utf16.count)
        // Note: the text the document holds, as far as the layout keeps it: an attachment is U+FFFC whatever it
        // shows, and a line break (shown as nothing) a paragraph separator.
        if piece.isAttachment {
          utf16.append(0xFFFC)
        } else if piece.isLineBreak {
          utf16.append(0x2029)
        } else {
          utf16.append(contentsOf: piece.shown.utf16)
        }
      }
      let levels = BidiResolver.resolve(utf16).levels
      for (index, firstUnit) in zip(paragraphStart..<paragraphEnd, firstUnits) where firstUnit < levels.count {
        pieces[index].bidiLevel = levels[firstUnit]
      }
      paragraphStart = paragraphEnd
    }
  }

  /// `line` in visual order (rule L2 over its pieces' levels), right-to-left pieces mirrored (L4); its trailing
  /// spaces and line break stay at its end, undrawn.
  private static func visuallyOrdered(_ line: [Piece]) -> [Piece] {
    var contentEnd = line.count
    while contentEnd > 0, line[contentEnd - 1].isSpace || line[contentEnd - 1].isLineBreak { contentEnd -= 1 }
    let content = line[..<contentEnd]
    var ordered = BidiResolver.visualOrder(levels: content.map(\.bidiLevel)).map { content[$0] }
    for index in ordered.indices where ordered[index].bidiLevel % 2 == 1 && !ordered[index].isAttachment {
      ordered[index].shown = BidiResolver.mirrored(ordered[index].shown)
    }
    return ordered + line[contentEnd...]
  }

  /// Appends a piece for each grapheme cluster of the text run `utf8` (valid UTF-8, the whole run), which starts at
  /// `utf16Offset` in the document, and the run's bytes to `flattened`.
  /// With `asciiFastPath`, a cluster of one printable ASCII byte (U+0020 to U+007E) is measured without reading it
  /// further: one UTF-16 unit, one cell, shown as itself, no line break, a space only if it is U+0020.
  private static func appendClusters(
    of utf8: UnsafeBufferPointer<UInt8>, attributes: TextAttributes, asciiFastPath: Bool, at utf16Offset: inout Int,
    to pieces: inout [Piece], _ utf8Starts: inout [Int], _ flattened: inout [UInt8]
  ) {
    let style: Style = attributes.entity.map { .entity($0) } ?? .plain
    let runStart = flattened.count
    flattened.append(contentsOf: utf8)
    var start = 0
    GraphemeBreaks.forEachBoundary(inUTF8: utf8) { end in
      // Note: the common case (Latin text, digits, punctuation): a printable ASCII byte alone in its cluster is one
      // unit and one cell, shown as it is; the general path below reads its bytes four more times.
      if asciiFastPath, end &- start == 1, case let byte = utf8[start], byte &- 0x20 < 0x5F {
        utf8Starts.append(runStart + start)
        pieces.append(
          Piece(
            utf16Offset: utf16Offset, utf16Count: 1, shown: Self.printableASCII[Int(byte &- 0x20)], cells: 1,
            style: style, isSpace: byte == 0x20))
        utf16Offset += 1
        start = end
        return true
      }
      let bytes = UnsafeBufferPointer(rebasing: utf8[start..<end])
      let count = String.counts(ofUTF8: bytes).utf16
      let isLineBreak = LineBreaks.lineBreakUTF8Count(in: bytes, at: 0) > 0
      let isSpace = bytes.count == 1 && (bytes[0] == UInt8(ascii: " ") || bytes[0] == UInt8(ascii: "\t"))
      let shown: String
      let cells: Int
      if isLineBreak || isSpace {
        (shown, cells) = isSpace ? (" ", 1) : ("", 0)
      } else if containsControl(bytes) {
        shown = sanitized(String(decoding: bytes, as: UTF8.self))
        cells = TerminalCellWidth.of(shown)
      } else {
        // Note: the common case: shown as it is, measured from its bytes.
        shown = String(decoding: bytes, as: UTF8.self)
        cells = TerminalCellWidth.of(utf8Cluster: bytes)
      }
      utf8Starts.append(runStart + start)
      pieces.append(
        Piece(
          utf16Offset: utf16Offset, utf16Count: count, shown: shown, cells: cells, style: style,
          isLineBreak: isLineBreak, isSpace: isSpace))
      utf16Offset += count
      start = end
      return true
    }
  }

  /// U+0020 to U+007E, each as a `String` of its own (made once: a small string, copied without allocating).
  private static let printableASCII: [String] = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }

  /// `text` with every C0 and C1 control character (ESC included) replaced by U+FFFD, so text from a
  /// post or a catalog cannot send escape sequences to the terminal.
  package static func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars { result.unicodeScalars.append(isControl(scalar) ? "\u{FFFD}" : scalar) }
    return result
  }

  /// Whether valid UTF-8 holds a control character ``sanitized(_:)`` replaces: a C0 byte, DEL, or C1 (U+0080 to
  /// U+009F, `C2 80` to `C2 9F`).
  private static func containsControl(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    for index in utf8.indices {
      let byte = utf8[index]
      if byte < 0x20 || byte == 0x7F || (byte == 0xC2 && index + 1 < utf8.count && utf8[index + 1] < 0xA0) {
        return true
      }
    }
    return false
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// The cells a line takes.
  package static func width(of line: some Collection<Piece>) -> Int { line.reduce(0) { $0 + $1.cells } }

  /// `pieces` cut into lines as ``append(_:)`` would build them, without a growing array per line: the lines are
  /// consecutive stretches of `pieces`, so only where each starts is decided (a space that hangs is changed in
  /// place), and each line is then copied once, at its size.
  /// - Complexity: O(*n*) in the pieces, plus O(*k*) in the last line's length at each wrap.
  private static func wrappedInPlace(_ pieces: inout [Piece], columns: Int?) -> [[Piece]] {
    var lineStarts = [0]
    var lineCells = 0
    for index in pieces.indices {
      let lineStart = lineStarts[lineStarts.count - 1]
      if pieces[index].isLineBreak {
        lineStarts.append(index + 1)
        lineCells = 0
        continue
      }
      guard let columns, lineCells + pieces[index].cells > columns, index > lineStart else {
        lineCells += pieces[index].cells
        continue
      }
      if pieces[index].isSpace {
        // Note: a space that does not fit hangs at the end of the line, drawn as nothing.
        pieces[index].cells = 0
        pieces[index].shown = ""
        continue
      }
      // Break at the last opportunity in the line, when what moves down then fits; else right here.
      var nextStart = index
      if !pieces[index].breakBefore,
        let breakIndex = (lineStart + 1..<index).last(where: { pieces[$0].breakBefore }),
        width(of: pieces[breakIndex...index]) <= columns
      {
        nextStart = breakIndex
      }
      lineStarts.append(nextStart)
      lineCells = width(of: pieces[nextStart...index])
    }
    var lines: [[Piece]] = []
    lines.reserveCapacity(lineStarts.count)
    for (start, end) in zip(lineStarts, lineStarts.dropFirst() + [pieces.count]) {
      lines.append(Array(pieces[start..<end]))
    }
    return lines
  }

  /// Appends `piece` to the last line, or starts a new line (carrying the last line's pieces from its last break
  /// opportunity when they then fit).
  /// - Complexity: O(1) amortized when the piece fits (the last line's width is kept), O(*k*) in the last line's
  ///   length when it wraps.
  private mutating func append(_ piece: Piece) {
    let last = lines.count - 1
    if piece.isLineBreak {
      lines[last].append(piece)
      lines.append([])
      lastLineCells = 0
      return
    }
    guard let columns, lastLineCells + piece.cells > columns, !lines[last].isEmpty else {
      lines[last].append(piece)
      lastLineCells += piece.cells
      return
    }
    if piece.isSpace {
      // Note: a space that does not fit hangs at the end of the line, drawn as nothing.
      var hanging = piece
      hanging.cells = 0
      hanging.shown = ""
      return lines[last].append(hanging)
    }
    // Break at the last opportunity in the line, when what moves down then fits; else right here.
    var next: [Piece] = []
    if !piece.breakBefore,
      let breakIndex = lines[last].indices.dropFirst().last(where: { lines[last][$0].breakBefore }),
      Self.width(of: lines[last][breakIndex...]) + piece.cells <= columns
    {
      next = Array(lines[last][breakIndex...])
      lines[last].removeSubrange(breakIndex...)
    }
    next.append(piece)
    lastLineCells = Self.width(of: next)
    lines.append(next)
  }

  /// The caret offset closest to `column` on `line`: before the first piece that starts at or after it, else
  /// at the line's end (before its line break, before the last piece of a wrapped line, or `documentEnd`). In
  /// visual order, a caret at the left edge of a right-to-left piece is after it.
  package func caretOffset(line: Int, column: Int, documentEnd: Int) -> Int {
    var pieceColumn = 0
    for piece in lines[line] {
      if piece.isLineBreak || pieceColumn >= column {
        return piece.bidiLevel % 2 == 1 && !piece.isLineBreak ? piece.utf16Offset + piece.utf16Count : piece.utf16Offset
      }
      pieceColumn += piece.cells
    }
    if line == lines.count - 1 { return documentEnd }
    let logicalLine = logicalLines[line]
    return logicalLine.last?.utf16Offset ?? documentEnd
  }

  /// The line and column (in cells) where the caret at `utf16Offset` is drawn. In visual order: at the left
  /// edge of the piece after it when that piece is left-to-right, at its right edge when right-to-left (and
  /// at the end of the piece before it when none follows on the line).
  package func position(ofCaret utf16Offset: Int) -> (line: Int, column: Int) {
    for (lineIndex, line) in logicalLines.enumerated() {
      var column = 0
      for (pieceIndex, piece) in line.enumerated() {
        if piece.utf16Offset >= utf16Offset {
          guard isVisualOrder else { return (lineIndex, column) }
          return (lineIndex, visualColumn(ofCaretBefore: pieceIndex, inLine: lineIndex))
        }
        column += piece.cells
      }
      // Note: a caret after a line's hard break belongs to the next line; after a soft wrap it stays here
      // only at the very end of the document.
      if lineIndex == logicalLines.count - 1 {
        guard isVisualOrder else { return (lineIndex, column) }
        return (lineIndex, visualColumn(ofCaretBefore: line.count, inLine: lineIndex))
      }
    }
    return (logicalLines.count - 1, 0)
  }

  /// Where a caret before the logical piece `pieceIndex` of line `lineIndex` (or at its end) is drawn in visual order.
  private func visualColumn(ofCaretBefore pieceIndex: Int, inLine lineIndex: Int) -> Int {
    let logical = logicalLines[lineIndex]
    func span(of piece: Piece) -> (start: Int, end: Int) {
      var column = 0
      for drawn in lines[lineIndex] {
        if drawn.utf16Offset == piece.utf16Offset && drawn.isLineBreak == piece.isLineBreak {
          return (column, column + drawn.cells)
        }
        column += drawn.cells
      }
      return (column, column)
    }
    if pieceIndex < logical.count, !logical[pieceIndex].isLineBreak, !logical[pieceIndex].isSpace || pieceIndex == 0 {
      let after = logical[pieceIndex]
      let drawn = span(of: after)
      return after.bidiLevel % 2 == 1 ? drawn.end : drawn.start
    }
    guard pieceIndex > 0 else {
      return pieceIndex < logical.count ? span(of: logical[pieceIndex]).start : 0
    }
    let before = logical[pieceIndex - 1]
    let drawn = span(of: before)
    return before.bidiLevel % 2 == 1 && !before.isSpace ? drawn.start : drawn.end
  }
}
