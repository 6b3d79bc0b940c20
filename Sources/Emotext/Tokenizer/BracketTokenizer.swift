import EmotextUnicode

/// Turns `[xx]` tokens that the catalog knows into emoticon attachments; everything else stays text.
///
/// The grammar is Weibo's: `[`, then 1 or more characters that are not `[`, `]` or a line break, then `]`,
/// no longer than the catalog's longest token. Brackets nest and break in real posts, and the innermost
/// pair wins: `[[哈哈]` is `[` + [哈哈], `[抓狂[兔子]]` is `[抓狂` + [兔子] + `]`.
///
/// ```swift
/// let tokenizer = BracketTokenizer(catalog: .default)
/// let post = tokenizer.tokenize("今天好开心[哈哈][未知]")
/// post.runs.count   // 3: "今天好开心", [哈哈], "[未知]"
/// ```
///
/// Tokenizing is total (it never fails) and linear in the input: it scans UTF-8 bytes for the ASCII
/// brackets and asks the catalog about each candidate, whose length is bounded.
public struct BracketTokenizer: Sendable {
  public let catalog: EmoticonCatalog
  /// The catalog's tokens by their bytes, for candidates that need no `String` to be looked up.
  let tokenTable: TokenTable

  /// The bytes that can start a line break, found once (a global's accessor, with its one-time initialization check,
  /// cost a post's scan about 140 instructions).
  private let lineBreakStarts = LineBreakStarts()

  public init(catalog: EmoticonCatalog) {
    self.catalog = catalog
    tokenTable = TokenTable(catalog: catalog)
  }

  /// A scan of `bytes` for this catalog's candidates.
  func tokenScan(of bytes: UnsafeBufferPointer<UInt8>) -> TokenScan {
    TokenScan(bytes, longestToken: catalog.longestTokenUTF8Count, lineBreakStarts: lineBreakStarts)
  }

  /// A token found in text (the name this type had before ``TokenMatch`` served every tokenizer).
  public typealias Match = TokenMatch

  /// The catalog tokens in `text`, in order, never overlapping.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  public func matches(in text: String) -> [TokenMatch] {
    var result: [TokenMatch] = []
    forEachMatch(in: text) { result.append($0) }
    return result
  }

  /// `text` as a document: known tokens become attachments, the rest is text with `attributes`.
  ///
  /// One pass over the bytes: the scan for `[` also counts the UTF-16 units and scalars of the text between
  /// tokens, the document's leaves are slices of `text` (no byte is copied) with a small descriptor per run,
  /// and each leaf's descriptors take one allocation, so a post costs about one.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  public func tokenize(_ text: String, attributes: TextAttributes = .plain) -> RichText {
    var source = text
    return source.withUTF8 { bytes in
      // Note: a post (plain text that fits a leaf) is its one leaf, built here without a `LeafBuilder`, whose set-up,
      // per-run bookkeeping and tear-down were half of a post's instructions; `TokenScanChunkEdgeTests` compares the
      // two paths' leaves and both with a naive reading.
      guard attributes.isPlain else { return tokenizeBuilding(text, bytes, attributes: attributes) }
      if let leaf = oneLeaf(of: text, bytes) { return RichText(root: .leaf(leaf), contents: tokenTable.contents) }
      // Note: more plain text (or a post with more runs than a leaf holds) is cut into leaves by the scan, without
      // the builder's per-run work (a third of the bulk path's instructions); `BulkTokenizingTests` compares the
      // leaves and the tree with the general path's.
      return tokenizeCutting(text, bytes)
    }
  }

  /// ``tokenize(_:attributes:)`` of plain `text`, whose bytes are `bytes`, its leaves cut by a ``LeafCutter`` as
  /// the tokens are found: the document ``tokenizeBuilding(_:_:attributes:)`` builds, leaf for leaf.
  // Note: out of line (called once a document): with the table's probe the compiler inlined it into `tokenize`, and
  // profiles find the bulk path by this name.
  @inline(never)
  func tokenizeCutting(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> RichText {
    // Note: a token found only up to canonical equivalence adds its emoticon to the table, as the builder does.
    var contents = tokenTable.contents
    let root = tokenTable.withProbe { probe in
      withUnsafeTemporaryAllocation(of: RunDescriptor.self, capacity: NodeCapacity.leafDescriptors) { scratch in
        var cutter = LeafCutter(slicing: text, bytes, textContent: .plainText, scratch: scratch)
        var scan = tokenScan(of: bytes)
        var textStart = 0
        var textStartCounts = (utf16: 0, scalars: 0)
        while let (utf8Range, entry) = nextToken(&scan, probe) {
          scan.tally.advance(to: utf8Range.lowerBound, in: bytes)
          let text = textStart..<utf8Range.lowerBound
          let (utf16, scalars) = (
            scan.tally.utf16 &- textStartCounts.utf16, scan.tally.scalars &- textStartCounts.scalars
          )
          // Note: a call in each case; the content chosen by a `switch` expression first destroyed the entry (a call) for
          // every token.
          switch entry {
          case .table(let index):
            cutter.appendText(
              text, utf16: utf16, scalars: scalars, thenAttachment: tokenTable.contentIndex(ofEntry: index), utf8Range)
          case .catalog(let emoticon):
            cutter.appendText(
              text, utf16: utf16, scalars: scalars, thenAttachment: contents.index(of: .emoticon(emoticon)), utf8Range)
          }
          // Note: the token's own bytes are not counted (the text runs' counts are differences of the tally).
          scan.tally.skip(to: utf8Range.upperBound)
          textStart = utf8Range.upperBound
          textStartCounts = (scan.tally.utf16, scan.tally.scalars)
        }
        scan.tally.advance(to: bytes.count, in: bytes)
        if textStart < bytes.count {
          cutter.appendText(
            textStart..<bytes.count, utf16: scan.tally.utf16 &- textStartCounts.utf16,
            scalars: scan.tally.scalars &- textStartCounts.scalars)
        }
        return cutter.finish()
      }
    }
    return RichText(root: root, contents: contents)
  }

  /// ``tokenize(_:attributes:)`` of `text`, whose bytes are `bytes`, by a `LeafBuilder`: the general path.
  func tokenizeBuilding(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>, attributes: TextAttributes) -> RichText {
    // Note: the builder is moved into the document (`consume`); passed as a copy, copying and destroying it cost a
    // tenth of a post's tokenizing.
    var builder = LeafBuilder(slicing: text, contents: tokenTable.contents)
    // Note: plain text's content is known; other attributes are looked up (and added) at their first text run.
    var textContent = attributes.isPlain ? RunContentIndex.plainText : nil
    var scan = tokenScan(of: bytes)
    var textStart = 0
    var textStartCounts = (utf16: 0, scalars: 0)
    tokenTable.withProbe { probe in
      while let (utf8Range, entry) = nextToken(&scan, probe) {
        scan.tally.advance(to: utf8Range.lowerBound, in: bytes)
        if textStart < utf8Range.lowerBound {
          let content = textContent ?? builder.textContent(attributes)
          textContent = content
          builder.appendText(
            sourceRange: textStart..<utf8Range.lowerBound, of: bytes, content: content,
            counts: (scan.tally.utf16 - textStartCounts.utf16, scan.tally.scalars - textStartCounts.scalars))
        }
        switch entry {
        case .table(let index):
          builder.appendAttachment(tokenTable.contentIndex(ofEntry: index), sourceRange: utf8Range)
        case .catalog(let emoticon): builder.appendAttachment(emoticon, sourceRange: utf8Range)
        }
        // Note: the token's own bytes are not counted (the text runs' counts are differences of the tally).
        scan.tally.skip(to: utf8Range.upperBound)
        textStart = utf8Range.upperBound
        textStartCounts = (scan.tally.utf16, scan.tally.scalars)
      }
    }
    scan.tally.advance(to: bytes.count, in: bytes)
    if textStart < bytes.count {
      builder.appendText(
        sourceRange: textStart..<bytes.count, of: bytes, content: textContent ?? builder.textContent(attributes),
        counts: (scan.tally.utf16 - textStartCounts.utf16, scan.tally.scalars - textStartCounts.scalars))
    }
    return RichText(consume builder)
  }

  /// The one leaf of plain `text` (whose bytes are `bytes`), the leaf ``tokenizeBuilding(_:_:attributes:)``
  /// builds for it; nil when the text is empty, has more bytes or runs than a leaf holds, or has a token the table finds only
  /// up to canonical equivalence (the general path then builds it).
  func oneLeaf(of text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> RichText.Leaf? {
    guard !bytes.isEmpty && bytes.count <= NodeCapacity.leafUTF8 else { return nil }
    // Note: one probe of the token table a post (a probe a candidate was a call of its closure).
    return tokenTable.withProbe { probe -> RichText.Leaf? in
      var descriptors: [RunDescriptor] = []
      // Note: the builder's reservation for a leaf of these bytes.
      descriptors.reserveCapacity(min(NodeCapacity.leafDescriptors, 16, bytes.count / 24 + 3))
      var scan = tokenScan(of: bytes)
      var textStart = 0
      var textStartUTF16 = 0
      var tokens = 0
      while let (utf8Range, entry) = nextToken(&scan, probe) {
        guard case .table(let index) = entry else { return nil }
        scan.tally.advance(to: utf8Range.lowerBound, in: bytes)
        if textStart < utf8Range.lowerBound {
          descriptors.append(
            RunDescriptor(
              utf8Count: Int32(truncatingIfNeeded: utf8Range.lowerBound &- textStart),
              utf16Count: Int32(truncatingIfNeeded: scan.tally.utf16 &- textStartUTF16), contentIndex: .plainText))
        }
        descriptors.append(
          RunDescriptor(
            utf8Count: Int32(truncatingIfNeeded: utf8Range.count), utf16Count: 1,
            contentIndex: tokenTable.contentIndex(ofEntry: index)))
        guard descriptors.count <= NodeCapacity.leafDescriptors else { return nil }
        tokens &+= 1
        // Note: the token's own bytes are not counted (each counts 1 unit and 1 scalar).
        scan.tally.skip(to: utf8Range.upperBound)
        textStart = utf8Range.upperBound
        textStartUTF16 = scan.tally.utf16
      }
      scan.tally.advance(to: bytes.count, in: bytes)
      if textStart < bytes.count {
        guard descriptors.count < NodeCapacity.leafDescriptors else { return nil }
        descriptors.append(
          RunDescriptor(
            utf8Count: Int32(truncatingIfNeeded: bytes.count &- textStart),
            utf16Count: Int32(truncatingIfNeeded: scan.tally.utf16 &- textStartUTF16), contentIndex: .plainText))
      }
      return RichText.Leaf(
        text: Substring(text), utf8Count: bytes.count, descriptors: descriptors,
        utf16Count: scan.tally.utf16 &+ tokens, scalarCount: scan.tally.scalars &+ tokens)
    }
  }

  /// Calls `body` with each catalog token in `text`, in order.
  public func forEachMatch(in text: String, _ body: (TokenMatch) -> Void) {
    var text = text
    text.withUTF8 { bytes in
      var scan = tokenScan(of: bytes)
      tokenTable.withProbe { probe in
        while let (utf8Range, entry) = nextToken(&scan, probe) {
          body(TokenMatch(utf8Range: utf8Range, emoticon: tokenTable.emoticon(of: entry)))
        }
      }
    }
  }

  /// Calls `body` with each innermost `[…]` in `text` that fits the grammar (1 or more characters other
  /// than brackets and line breaks, no longer than the catalog's longest token), known or not, in order.
  func forEachCandidate(in text: String, _ body: (Range<Int>, String) -> Void) {
    var text = text
    text.withUTF8 { bytes in
      var scan = tokenScan(of: bytes)
      while let utf8Range = scan.nextCandidate() {
        body(utf8Range, String(decoding: UnsafeBufferPointer(rebasing: bytes[utf8Range]), as: UTF8.self))
      }
    }
  }

  /// The next catalog token of `scan`'s bytes and what the token table found for it, or nil at the end;
  /// `scan.tally` has counted the bytes before the candidate's first `[`.
  // Note: `@inline(__always)` (as `TokenScan.nextCandidate()` and `TokenTable.Probe.lookUp(_:)`): with four callers the
  // compiler called it out of line, passing the scan through memory (+9 % instructions a post).
  @inline(__always)
  func nextToken(_ scan: inout TokenScan, _ probe: TokenTable.Probe) -> (Range<Int>, TokenTable.Entry)? {
    while let utf8Range = scan.nextCandidate() {
      switch probe.lookUp(utf8Range, in: scan.bytes) {
      case .found(let index): return (utf8Range, .table(index))
      case .absent: continue
      case .unsure:
        let candidate = UnsafeBufferPointer(rebasing: scan.bytes[utf8Range])
        if let emoticon = catalog.emoticon(forToken: String(decoding: candidate, as: UTF8.self)) {
          return (utf8Range, .catalog(emoticon))
        }
      }
    }
    return nil
  }
}

/// The candidates of valid UTF-8 bytes one by one: each innermost `[…]` that fits the grammar (1 or more bytes
/// other than brackets and line breaks, no longer than the catalog's longest token, at least 3), in order.
///
/// Outside a candidate, the scan jumps 16 bytes at a time to the next `[`, counting the scalars and UTF-16
/// units of what it passes (``UTF8Tally``); inside one, at most the catalog's longest token length is read byte
/// by byte before the candidate is dropped, so every byte is read once.
struct TokenScan {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The catalog's longest token in UTF-8 bytes: no candidate is longer.
  private let longestToken: Int
  /// Where the search goes on.
  private var index = 0
  /// Which bytes inside a candidate need the line-break look-up (a call).
  private let lineBreakStarts: LineBreakStarts
  /// The counts of the bytes before the last candidate's first `[` (then of every byte, at the end).
  var tally = UTF8Tally()

  init(_ bytes: UnsafeBufferPointer<UInt8>, longestToken: Int, lineBreakStarts: LineBreakStarts) {
    self.bytes = bytes
    self.longestToken = longestToken
    self.lineBreakStarts = lineBreakStarts
    // Note: with no token of 3 bytes or more, or no bytes, there is no candidate to find.
    if longestToken < 3 || bytes.baseAddress == nil { index = bytes.count }
  }

  /// The byte range of the next candidate, or nil at the end.
  @inline(__always)
  mutating func nextCandidate() -> Range<Int>? {
    while index < bytes.count {
      tally.advance(to: index, in: bytes)
      guard var open = tally.advanceToOpenBracket(in: bytes) else {
        index = bytes.count
        return nil
      }
      index = open + 1
      // Note: a candidate is `[`, 1 or more bytes, `]`, at most `longestToken` bytes in all.
      while true {
        skipOrdinaryBytes()
        guard index < bytes.count && index - open < longestToken else { break }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "[") {
          open = index - 1
        } else if byte == UInt8(ascii: "]") {
          if index - open >= 3 { return open..<index }
          break
        } else if byte < 0x20 || byte >= 0xC0, mayStartLineBreak(byte),
          LineBreaks.lineBreakUTF8Count(in: bytes, at: index - 1) > 0
        {
          // Note: only a control or a lead byte can start a line break, and only a few of them do; the look-up is a
          // call (made for the CJK lead bytes of every candidate, it cost a tenth of a post's scan).
          break
        }
      }
    }
    return nil
  }

  /// Moves past the bytes inside a candidate that need no test, 16 at a time while 16 are left: up to the next
  /// bracket, control, or lead byte of a line break (the byte loop tests those). It may move past the longest
  /// token's reach, over bytes with no `[` (the search for the next `[` would pass them too).
  @inline(__always)
  private mutating func skipOrdinaryBytes() {
    guard let (leadA, leadB) = lineBreakStarts.twoLeads else { return }
    let base = UnsafeRawPointer(bytes.baseAddress!)
    // Note: typed constants; with their type inferred, the comparisons took the generic lane-by-lane code.
    let open = SIMD16<UInt8>(repeating: UInt8(ascii: "["))
    let close = SIMD16<UInt8>(repeating: UInt8(ascii: "]"))
    let space = SIMD16<UInt8>(repeating: 0x20)
    let first = SIMD16<UInt8>(repeating: leadA)
    let second = SIMD16<UInt8>(repeating: leadB)
    while index &+ 16 <= bytes.count {
      let block = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      let stops = (block .== open) .| (block .== close) .| (block .< space) .| (block .== first) .| (block .== second)
      let words = unsafeBitCast(stops, to: SIMD2<UInt64>.self)
      if words[0] != 0 {
        index &+= words[0].trailingZeroBitCount &>> 3
        return
      }
      if words[1] != 0 {
        index &+= 8 &+ words[1].trailingZeroBitCount &>> 3
        return
      }
      index &+= 16
    }
  }

  /// Whether `byte`, a control or a lead byte, is one that can start a line break (``LineBreaks/startByteMasks``).
  @inline(__always)
  private func mayStartLineBreak(_ byte: UInt8) -> Bool {
    byte < 0x80
      ? byte < 64 && lineBreakStarts.ascii & (1 << UInt64(byte)) != 0
      : lineBreakStarts.lead & (1 << UInt64(byte & 0x3F)) != 0
  }
}

/// The bytes that can start a line break (``LineBreaks/startByteMasks``), for a scan inside a candidate.
struct LineBreakStarts: Sendable {
  /// The ASCII line breaks, as bits (all below 64).
  let ascii: UInt64
  /// The lead bytes (0xC0–0xFF) of the other line breaks, as bits of their low six bits.
  let lead: UInt64
  /// Those lead bytes when there are at most two (NEL's 0xC2, and 0xE2 of U+2028 and U+2029), for the 16-byte skip
  /// inside a candidate; nil (no skip) if there were more. An unused one repeats `[`, which stops the skip anyway.
  let twoLeads: (UInt8, UInt8)?

  init() {
    let masks = LineBreaks.startByteMasks
    (ascii, lead) = masks
    let leads = (0..<64).filter { masks.lead & (1 << UInt64($0)) != 0 }.map { 0xC0 | UInt8($0) }
    twoLeads = leads.count <= 2 ? (leads.first ?? UInt8(ascii: "["), leads.last ?? UInt8(ascii: "[")) : nil
  }
}

/// The UTF-16 units and scalars of a prefix of valid UTF-8, counted as a scan moves forward: a scalar starts at
/// every byte that is not a continuation byte (10xxxxxx), and takes two UTF-16 units when its lead is 11110xxx.
struct UTF8Tally {
  /// The bytes before this offset are counted.
  private(set) var position = 0
  /// Scalars in the counted bytes.
  private(set) var scalars = 0
  /// Four-byte leads in the counted bytes (each scalar one UTF-16 unit more).
  private var fourByteLeads = 0

  /// UTF-16 units in the counted bytes.
  var utf16: Int { scalars &+ fourByteLeads }

  /// Counts the bytes up to `end` (no further than where it has counted to).
  // Note: `@inline(__always)`, its long spans out of line: called out of line (once a token), it cost realistic text
  // 15 instructions a token.
  @inline(__always)
  mutating func advance(to end: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    guard end > position else { return }
    // Note: up to 16 bytes (a candidate that is not a token, passed over) are the last lanes of the 16 bytes before
    // `end`, counted here: `String.counts(ofUTF8:)` was a call of ~80 instructions for each such candidate.
    let span = end &- position
    if span <= 16 && end >= 16 {
      let block = UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: end &- 16, as: SIMD16<UInt8>.self)
      var lanes = UTF8LaneCounts()
      lanes.add(block, ~unsafeBitCast(UTF8LaneCounts.firstLanes(16 &- span), to: SIMD16<UInt8>.self))
      add(lanes, bytes: span)
      position = end
      return
    }
    advanceFar(to: end, in: bytes)
  }

  /// ``advance(to:in:)`` over more than 16 bytes, or near the text's start.
  @inline(never)
  private mutating func advanceFar(to end: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    let counts = String.counts(ofUTF8: UnsafeBufferPointer(rebasing: bytes[position..<end]))
    scalars &+= counts.scalars
    fourByteLeads &+= counts.utf16 &- counts.scalars
    position = end
  }

  /// Moves the counted prefix to `end` without counting the bytes passed over (a token's, whose counts the caller
  /// does not need): ``scalars`` and ``utf16`` no longer count every byte before ``position``, but the counts of
  /// the bytes between two later positions are still their differences.
  mutating func skip(to end: Int) {
    if end > position { position = end }
  }

  /// Moves to the next `[` at or after where it has counted to, counting the bytes passed, and returns its
  /// offset; nil at the end (everything counted).
  // Note: `@inline(__always)` and small: the SIL inliner honours the attribute only for a callee of at most 64 basic
  // blocks (its callers are larger), and called out of line (once a candidate) it cost a call and the caller's reloads
  // of its vector constants. The rare ends (the text's last 31 bytes, a text shorter than 32) are
  // ``advanceToOpenBracketNearEnd(in:)``, out of line.
  @inline(__always)
  mutating func advanceToOpenBracket(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    // Note: a token right after the last one (`[哈哈][哈哈]`, a run of emoticons) needs no block and no lane sums.
    if position < bytes.count && bytes[position] == UInt8(ascii: "[") { return position }
    let base = UnsafeRawPointer(bytes.baseAddress!)
    let open = SIMD16<UInt8>(repeating: UInt8(ascii: "["))
    var index = position
    // Note: 32 bytes (two blocks) a step, with one test for a `[` in either: per block one comparison for `[`; the
    // scalar starts and four-byte leads are counted per lane (``ScalarLaneCounts``) and summed when the `[` is found,
    // and every 254 blocks (a lane holds 255): the inner loop ends there or at the last whole pair, so it keeps no
    // block count. The block with the `[` counts only its lanes before it. Lane
    // masks are made from the comparison's two words (`.<` on lane numbers, `any(_:)` and `wrappedSum()` compile to a
    // loop over the lanes or to calls, and x86-64 has no popcount). One block a step cost 20 instructions a block.
    let lastPair = bytes.count &- 32
    while index <= lastPair {
      var lanes = ScalarLaneCounts()
      let lanesStart = index
      let stop = min(lastPair, lanesStart &+ 126 &* 32)
      repeat {
        let first = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
        let second = base.loadUnaligned(fromByteOffset: index &+ 16, as: SIMD16<UInt8>.self)
        let firstOpens = first .== open
        let opens = unsafeBitCast(firstOpens .| (second .== open), to: SIMD2<UInt64>.self)
        if opens[0] | opens[1] != 0 {
          // Note: without a branch on where the `[` is (which block, which half: each taken half the time, they were
          // two mispredictions a candidate on 1 MB of text): its offset in the pair from the comparisons' bits, and
          // both blocks counted up to it.
          let offset = Self.firstOpen(
            unsafeBitCast(firstOpens, to: SIMD2<UInt64>.self), unsafeBitCast(second .== open, to: SIMD2<UInt64>.self))
          lanes.add(Self.bytes(of: first, before: offset))
          lanes.add(Self.bytes(of: second, before: offset &- 16))
          add(lanes)
          position = index &+ offset
          return position
        }
        lanes.add(first)
        lanes.add(second)
        index &+= 32
      } while index <= stop
      add(lanes)
    }
    position = index
    return advanceToOpenBracketNearEnd(in: bytes)
  }

  /// ``advanceToOpenBracket(in:)`` when fewer than 32 bytes are left after ``position``.
  @inline(never)
  private mutating func advanceToOpenBracketNearEnd(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = position
    let open = SIMD16<UInt8>(repeating: UInt8(ascii: "["))
    // Note: one sum of the lanes for both blocks (a post's scan ends here).
    var lanes = UTF8LaneCounts()
    var laneBytes = 0
    if index &+ 16 <= bytes.count {
      // One whole block before the text's last 16 bytes.
      let block = UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      let (before, count) = Self.lanesBefore(unsafeBitCast(block .== open, to: SIMD2<UInt64>.self))
      lanes.add(block, before)
      laneBytes = count
      index &+= count
      if count < 16 {
        add(lanes, bytes: laneBytes)
        position = index
        return index
      }
    }
    if index < bytes.count && bytes.count >= 16 {
      // The text's last 16 bytes; its lanes before `index` (`counted`) are counted already, so no byte is counted one
      // by one unless the text is shorter than 16 bytes.
      let start = bytes.count &- 16
      let block = UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
      let counted = UTF8LaneCounts.firstLanes(index &- start)
      let opens = unsafeBitCast(block .== open, to: SIMD2<UInt64>.self) & ~counted
      let (before, count) = Self.lanesBefore(opens)
      lanes.add(block, before & ~unsafeBitCast(counted, to: SIMD16<UInt8>.self))
      add(lanes, bytes: laneBytes &+ count &- (index &- start))
      position = start &+ count
      return count < 16 ? position : nil
    }
    add(lanes, bytes: laneBytes)
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "[") {
        position = index
        return index
      }
      scalars &+= byte & 0xC0 != 0x80 ? 1 : 0
      fourByteLeads &+= byte >= 0xF0 ? 1 : 0
      index &+= 1
    }
    position = index
    return nil
  }

  /// Adds the counts of `lanes`.
  @inline(__always)
  private mutating func add(_ lanes: ScalarLaneCounts) {
    scalars &+= lanes.scalarCount
    fourByteLeads &+= lanes.fourByteLeadCount
  }

  /// Adds the counts of `lanes`, which counted `bytes` bytes.
  @inline(__always)
  private mutating func add(_ lanes: UTF8LaneCounts, bytes: Int) {
    scalars &+= bytes &- lanes.continuationCount
    fourByteLeads &+= lanes.fourByteLeadCount
  }

  /// `block` with its lanes from `count` on (all when `count` is 0 or less, none when 16 or more) replaced by a
  /// continuation byte (0x80), which starts no scalar.
  // Note: the block's bytes are replaced rather than its comparisons masked: with the same comparisons as the scan's
  // step, the compiler made them before the step's test for a `[` (+8 instructions a step).
  @inline(__always)
  private static func bytes(of block: SIMD16<UInt8>, before count: Int) -> SIMD16<UInt8> {
    let lane = SIMD16<UInt8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    let kept = unsafeBitCast(
      lane .< SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: min(max(count, 0), 16))), to: SIMD16<UInt8>.self)
    return (block & kept) | (SIMD16<UInt8>(repeating: 0x80) & ~kept)
  }

  /// The offset of the first true lane of two 16-byte comparisons (each as two words, at least one lane true), in
  /// the 32 bytes they cover: their lanes' top bits gathered into one 32-bit mask (for each word, one multiplication
  /// moves the top bit of each byte into its top byte), without a branch.
  @inline(__always)
  private static func firstOpen(_ first: SIMD2<UInt64>, _ second: SIMD2<UInt64>) -> Int {
    @inline(__always) func bits(_ word: UInt64) -> UInt64 {
      ((word & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) &>> 56
    }
    let mask = bits(first[0]) | bits(first[1]) &<< 8 | bits(second[0]) &<< 16 | bits(second[1]) &<< 24
    return mask.trailingZeroBitCount
  }

  /// The lanes (0xFF) before the first true lane of a comparison (its 16 lanes as two words), and their number:
  /// all 16 when no lane is true. (`x - 1 & ~x` keeps the bits below the lowest set bit.)
  @inline(__always)
  private static func lanesBefore(_ mask: SIMD2<UInt64>) -> (SIMD16<UInt8>, Int) {
    let (low, high) = (mask[0], mask[1])
    let words =
      low != 0
      ? SIMD2<UInt64>((low &- 1) & ~low, 0)
      : SIMD2<UInt64>(~0, high != 0 ? (high &- 1) & ~high : ~0)
    let count = low != 0 ? low.trailingZeroBitCount &>> 3 : high != 0 ? 8 &+ high.trailingZeroBitCount &>> 3 : 16
    return (unsafeBitCast(words, to: SIMD16<UInt8>.self), count)
  }
}
