@testable import Emotext

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tokenize and tokenizedDocument targets: any bytes are post text.
///
/// `tokenize`, for valid UTF-8 (and for invalid input after `String(decoding:)` repairs it), against each catalog
/// in ``FuzzCatalogs/all``: `postText` gives back the input byte for byte; the matches are those of a reference
/// tokenizer written differently (looking back from each `]`); the attachments are exactly at those matches (so no
/// text run holds a token), each the catalog's emoticon for its token; and the UTF-16 length agrees with the runs.
///
/// `tokenizedDocument`, the expensive half split off so `tokenize` stays fast, on the same documents: they pass
/// `checkInvariants()`, the tokenizer finds no token in any text run, `tokenize(postText(doc)) == doc`, the
/// boundaries of each text run found in batches agree with stepping one at a time, and under one of the catalogs
/// cluster positions (the ends and one the input picks) map to UTF-16 offsets and back.
enum TokenizeProperty {
  /// A tokenizer for each of ``FuzzCatalogs/all``, made once: making one sorts its catalog's tokens.
  static let tokenizers = FuzzCatalogs.all.map { BracketTokenizer(catalog: $0) }

  /// The `tokenize` target.
  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let text = String(validating: bytes, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
    for tokenizer in tokenizers { try checkTokens(text, tokenizer: tokenizer) }
  }

  /// The `tokenizedDocument` target.
  static func checkDocument(_ bytes: [UInt8]) throws(PropertyFailure) {
    let text = String(validating: bytes, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
    // Note: the positions (each query walks the document) under one of the catalogs, picked by the input.
    var schedule = CheckSchedule(bytes, period: 1)
    let positionsUnder = schedule.number(below: tokenizers.count)
    for (index, tokenizer) in tokenizers.enumerated() {
      try checkDocument(
        tokenizer.tokenize(text), tokenizer: tokenizer, positions: index == positionsUnder, schedule: &schedule)
    }
  }

  /// Both targets' checks of `text` under `catalog`, positions included.
  static func check(_ text: String, catalog: EmoticonCatalog) throws(PropertyFailure) {
    var schedule = CheckSchedule(Array(text.utf8), period: 1)
    let tokenizer = BracketTokenizer(catalog: catalog)
    let document = try checkTokens(text, tokenizer: tokenizer)
    try checkDocument(document, tokenizer: tokenizer, positions: true, schedule: &schedule)
  }

  /// The `tokenize` target's checks of `text` under `tokenizer`; returns the document.
  @discardableResult
  private static func checkTokens(_ text: String, tokenizer: BracketTokenizer) throws(PropertyFailure) -> RichText {
    let document = tokenizer.tokenize(text)
    try checkTokens(text, catalog: tokenizer.catalog, document: document, matches: tokenizer.matches(in: text))
    return document
  }

  /// The `tokenize` target's checks of the tokenizer's answers for `text` under `catalog`: the document and the
  /// matches it gave (an answer of its own for `PlantedDifferenceTests`).
  static func checkTokens(
    _ text: String, catalog: EmoticonCatalog, document: RichText, matches: [TokenMatch]
  ) throws(PropertyFailure) {
    let bytes = Array(text.utf8)
    try require(sameBytes(document.postText, bytes), "postText differs from the input \(bytes)")

    let expected = referenceMatches(in: bytes, catalog: catalog)
    let found = matches.map { ($0.utf8Range, $0.emoticon) }
    try require(
      found.map(\.0) == expected.map(\.0),
      "matches \(found.map(\.0)) differ from the reference \(expected.map(\.0)) in \(bytes)")
    try require(zip(found, expected).allSatisfy { $0.1 == $1.1 }, "a match names the wrong emoticon in \(bytes)")

    // Note: each attachment's token spans exactly a reference match of the post text (which is the input), so no
    // text run holds a token the reference finds; tokenizedDocument also asks the tokenizer about each text run.
    // Each attachment's emoticon is the one the reference found in the catalog for the bytes at its place, which
    // are its token (the post text is the input). The document is read by pieces, in place (`runs` would make a
    // `String` of every run; tokenizedDocument reads them).
    var attachments: [Range<Int>] = []
    var tokenUTF16 = 0
    var utf8Offset = 0
    var misplaced: (token: [UInt8], range: Range<Int>)?
    document.forEachPiece { piece in
      guard case .emoticon(let emoticon) = piece.content else {
        utf8Offset += piece.utf8.count
        return true
      }
      let range = utf8Offset..<(utf8Offset + piece.utf8.count)
      guard
        attachments.count < expected.count && expected[attachments.count].0 == range
          && expected[attachments.count].1 == emoticon
      else {
        misplaced = (Array(piece.utf8), range)
        return false
      }
      attachments.append(range)
      utf8Offset += piece.utf8.count
      tokenUTF16 += String(decoding: piece.utf8, as: UTF8.self).utf16.count
      return true
    }
    try require(
      misplaced == nil,
      "attachment \(String(decoding: misplaced?.token ?? [], as: UTF8.self)) at \(String(describing: misplaced?.range)) is not the catalog's emoticon of a reference token in \(bytes)"
    )
    try require(
      attachments.count == expected.count,
      "attachments at \(attachments), the reference's tokens at \(expected.map(\.0)) in \(bytes)")
    try require(
      document.utf16Count == text.utf16.count - tokenUTF16 + attachments.count,
      "utf16Count \(document.utf16Count) does not match the input's \(text.utf16.count) units")
  }

  /// Whether `text`'s UTF-8 is `bytes`, compared with `memcmp` (a loop over the bytes here would be instrumented for
  /// the fuzzer byte by byte).
  static func sameBytes(_ text: String, _ bytes: [UInt8]) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      bytes.withUnsafeBufferPointer { bytes in
        utf8.count == bytes.count && (bytes.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
      }
    }
  }

  /// The `tokenizedDocument` target's checks of `document`, which `tokenizer` made (or, in `PlantedDifferenceTests`,
  /// a document planted in its place).
  static func checkDocument(
    _ document: RichText, tokenizer: BracketTokenizer, positions: Bool, schedule: inout CheckSchedule
  ) throws(PropertyFailure) {
    document.checkInvariants()
    for run in document.runs {
      guard case .text(let runText, _) = run else { continue }
      try require(tokenizer.matches(in: runText).isEmpty, "text run \(Array(runText.utf8)) holds a catalog token")
      try checkBoundaries(runText)
    }
    try require(
      tokenizer.tokenize(document.postText) == document,
      "tokenize(postText(doc)) != doc for \(Array(document.postText.utf8))")
    if positions { try checkPositions(document, schedule: &schedule) }
  }

  /// The boundaries found in batches agree with stepping one boundary at a time.
  private static func checkBoundaries(_ text: String) throws(PropertyFailure) {
    var stepped: [Int] = []
    var utf8Offset = 0
    while utf8Offset < text.utf8.count {
      utf8Offset = GraphemeBreaks.boundary(after: utf8Offset, in: text)
      stepped.append(utf8Offset)
    }
    let batched = GraphemeBreaks.boundaries(in: text)
    try require(batched == stepped, "boundaries \(batched) differ from stepping \(stepped) in \(Array(text.utf8))")
    try require(
      GraphemeBreaks.count(in: text) == stepped.count,
      "count \(GraphemeBreaks.count(in: text)) differs from \(stepped.count) boundaries in \(Array(text.utf8))")
  }

  /// A cluster boundary maps to its cluster count and back: at both ends and at a count in between that
  /// `schedule` picks (each query walks the document).
  private static func checkPositions(_ document: RichText, schedule: inout CheckSchedule) throws(PropertyFailure) {
    let clusters = document.graphemeCount
    try require(clusters <= document.utf16Count, "more clusters (\(clusters)) than UTF-16 units")
    var picked = [0, clusters]
    picked.append(schedule.number(below: clusters + 1))
    for clusterCount in picked {
      let utf16Offset = document.utf16Offset(graphemeOffset: clusterCount)
      try require(document.isGraphemeBoundary(utf16Offset), "cluster \(clusterCount) ends inside a cluster")
      try require(
        document.graphemeCount(before: utf16Offset) == clusterCount,
        "utf16Offset(graphemeOffset: \(clusterCount)) = \(utf16Offset) counts back differently")
      try require(
        document.graphemeBoundary(after: utf16Offset) > utf16Offset || utf16Offset == document.utf16Count,
        "graphemeBoundary(after: \(utf16Offset)) does not move forward")
    }
  }

  /// The catalog tokens in `bytes`, found by looking back from each `]` to the nearest bracket or line
  /// break: a token is `[` + at least one byte + `]` with none of those in between, that the catalog knows.
  /// Linear: each look-back stops at the previous `]` at the latest.
  /// Its token dictionary and line breaks are its own (``ReferenceTokens``), not the catalog's lookup or
  /// ``LineBreaks``.
  static func referenceMatches(in bytes: [UInt8], catalog: EmoticonCatalog) -> [(Range<Int>, Emoticon)] {
    func isStop(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == 0x0A || byte == 0x0D
    }
    let tokens = ReferenceTokens.dictionary(of: catalog)
    var result: [(Range<Int>, Emoticon)] = []
    for close in bytes.indices where bytes[close] == UInt8(ascii: "]") {
      var open = close - 1
      while open >= 0 && !isStop(bytes[open]) { open -= 1 }
      guard open >= 0, bytes[open] == UInt8(ascii: "["), close - open >= 2 else { continue }
      let token = String(decoding: bytes[open...close], as: UTF8.self)
      if token.unicodeScalars.contains(where: ReferenceTokens.lineBreaks.contains) { continue }
      if let emoticon = tokens[token] { result.append((open..<(close + 1), emoticon)) }
    }
    return result
  }
}
