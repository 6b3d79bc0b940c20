import EmotextUnicode

/// Where live entity recognition may cut a document: the ends of the stretch around an edit that it recognizes
/// again, so that recognizing the stretch alone gives what ``RichText/recognizingEntities(urls:)`` gives there for
/// the whole document.
///
/// Recognition reads each text run on its own (attachments and host attributes end runs), and in a run it scans
/// left to right: a link the URL finder found, else a mention at `@`, a topic at `#`, else one scalar on. A cut
/// at a separator scalar *s* (``isSeparator(_:)``) splits that scan into two independent scans when:
/// - no entity holds *s*, and no reading that decides an entity before *s* reads *s* or beyond it. A mention's
///   name is letters, marks, digits, `_` and `-`, so it stops before *s*; a link's host, path and query hold no
///   *s* (no space, no punctuation outside twitter-text's path and query sets, which are ASCII but for U+2013),
///   except that the one host label after `http://` may hold any non-ASCII scalar but a space or General
///   Punctuation (`，` and `。` included): that label is read for at most 64 scalars after `://`. A topic pairs
///   `#`s across spaces and punctuation, up to ``EntityScanner/topicCharacterLimit`` scalars apart, so it reads
///   at most 65 scalars after its `#`, and stops at a line break. Hence a separator cuts only after
///   ``quietScalarCount`` scalars without a `#` (but a line break, which no topic crosses) and, when it may sit in
///   a host label, without a `:`.
/// - the scan after *s* starts afresh: *s* starts no entity (it is no `@`, `#` or URL character), and it is
///   what an `@` or a URL right after it sees before it (not an ASCII letter or digit).
/// - grapheme clusters break before *s* (entities end on cluster boundaries): *s* is a control, a line break, a
///   space or punctuation that is not Extended_Pictographic, so only a Prepend scalar (GB9b) or, for LF, a CR
///   (GB3) before it joins it to a cluster; those cuts are refused. The segmentation after *s* never looks back
///   past it (no rule joins across a control, a space or punctuation).
///
/// An edit changes the text of the document; recognition is redone between the last cut before the edit and
/// the first cut after it. A cut before the edit reads only unchanged text, so it cuts the old document too,
/// whose entities before it stay valid. A cut after the edit must also cut the old document: its separator must
/// hold no entity there (its old attribute says so, and then the old scan reached it afresh), and a separator
/// that may sit in a host label needs its `:`-free scalars after the edit.
enum EntityCut {
  /// How many scalars without `#` (and, for a separator a host label may hold, without `:`) must come before a
  /// separator that cuts: more than a topic reads after its `#` (65) and a host label after a scheme's `:` (66).
  static let quietScalarCount = 70

  /// Whether `scalar` may end the stretch live recognition reads: a line break, a space or tab, a space
  /// separator (Zs), or punctuation that no mention, topic opening or URL path holds and that clusters never join
  /// to what is before it (see ``EntityCut``).
  ///
  /// Only the blocks where posts have their spaces and punctuation are looked up (Latin-1, General Punctuation,
  /// CJK Symbols and Punctuation, the CJK forms and the fullwidth forms): fewer separators only make a stretch
  /// longer, and a scalar elsewhere (a letter of most scripts) costs no table lookup.
  static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar == " " || scalar == "\t" || LineBreaks.isLineBreak(scalar) }
    let value = scalar.value
    switch value {
    case 0x85, 0x2028, 0x2029: return true
    case 0xA0...0xBF: return lookedUpSeparators[Int(value - 0xA0)]
    case 0x2000...0x206F: return lookedUpSeparators[Int(value - 0x2000) + 32]
    case 0x3000...0x303F: return lookedUpSeparators[Int(value - 0x3000) + 144]
    case 0xFE10...0xFE6F: return lookedUpSeparators[Int(value - 0xFE10) + 208]
    case 0xFF00...0xFF65: return lookedUpSeparators[Int(value - 0xFF00) + 304]
    default: return false
    }
  }

  /// The blocks ``isSeparator(_:)`` looks up, in order (their answers are `lookedUpSeparators`, one after another).
  static let lookedUpBlocks: [ClosedRange<UInt32>] = [
    0xA0...0xBF, 0x2000...0x206F, 0x3000...0x303F, 0xFE10...0xFE6F, 0xFF00...0xFF65,
  ]

  /// ``isLookedUpSeparator(_:)`` of every scalar of `lookedUpBlocks`, computed once.
  // Note: the general category and the grapheme table cost ~190 instructions a scalar; full-width punctuation
  // comes every few characters of a post.
  private static let lookedUpSeparators: [Bool] = lookedUpBlocks.flatMap { block in
    block.map { Unicode.Scalar($0).map(isLookedUpSeparator) ?? false }
  }

  /// Whether `scalar`, of a block that posts have their spaces and punctuation in, is a separator: a space
  /// separator (Zs), or punctuation that no URL path holds and that clusters never join to what is before it.
  static func isLookedUpSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch ScalarCategories.generalCategory(of: scalar) {
    case .spaceSeparator: return true
    case .dashPunctuation, .startPunctuation, .endPunctuation, .otherPunctuation, .initialPunctuation,
      .finalPunctuation:
      let entry = GraphemeTable.shared.entry(scalar.value)
      let kind = GraphemeTable.kind(entry)
      return !scalar.isURLPathCharacter && (kind == .other || kind == .control)
        && entry & (GraphemeTable.extendedPictographic | GraphemeTable.linkingConsonant) == 0
    default: return false
    }
  }

  /// The UTF-8 length of the scalar at `index` of valid UTF-8 when that scalar is quiet: no separator
  /// (``isSeparator(_:)`` is false for it) and no `@`, `#`, `:` or `.`, so that reading it only counts it; nil
  /// otherwise. Decided from the lead byte, and for three-byte scalars near a looked-up block from the second:
  /// quiet are printable ASCII but those four, U+00C0–U+07FF (Latin, Greek, Cyrillic, Hebrew, Arabic…),
  /// U+2080–U+2FFF (symbols, most BMP emoji), U+3040–U+FDFF (kana, CJK ideographs, Yi, Hangul, private use) and
  /// U+FF80–U+FFFF. `EntityStretchFastPathTests` checks every scalar.
  @inline(__always)
  static func quietLength(of bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let lead = bytes[index]
    switch lead {
    case 0x21...0x7F: return lead == 0x23 || lead == 0x2E || lead == 0x3A || lead == 0x40 ? nil : 1
    case 0xC3...0xDF: return 2
    case 0xE4...0xEE: return 3
    case 0xE2: return bytes[index &+ 1] >= 0x82 ? 3 : nil
    case 0xE3: return bytes[index &+ 1] >= 0x81 ? 3 : nil
    case 0xEF: return bytes[index &+ 1] < 0xB8 || bytes[index &+ 1] >= 0xBE ? 3 : nil
    default: return nil
    }
  }

  /// Whether grapheme clusters break between `previous` and the separator `scalar`.
  static func breaks(between previous: Unicode.Scalar, and scalar: Unicode.Scalar) -> Bool {
    if previous == "\r" { return scalar != "\n" }
    // Note: a control (tab, a line break) breaks after anything (GB5); a space or punctuation not after Prepend.
    if GraphemeTable.kind(GraphemeTable.shared.entry(scalar.value)) != .other { return true }
    return GraphemeTable.kind(GraphemeTable.shared.entry(previous.value)) != .prepend
  }
}

extension RichText {
  /// The stretch around `utf16Range` (the edited text of this document) that live recognition reads again: from
  /// the last cut before the range to the first cut after it (see ``EntityCut``), and whether anything in it
  /// may be or hold an entity (an entity attribute, an `@`, `#`, `:` or `.`); when nothing may, recognition can
  /// skip it.
  /// - Complexity: linear in the stretch, plus at most one leaf before it.
  ///
  /// `skippingQuietScalars` false reads every scalar one by one (the general path that
  /// `EntityStretchFastPathTests` compares the byte fast path with).
  func entityStretch(
    around utf16Range: Range<Int>, skippingQuietScalars: Bool = true
  ) -> EntityStretch {
    // Note: a cut needs `quietScalarCount` scalars read before it, so the walk starts further back than that.
    var lookback = EntityCut.quietScalarCount + 48
    while true {
      let start = scalarBoundary(atOrBefore: max(utf16Range.lowerBound - lookback, 0))
      var scan = EntityCutScan(
        edit: utf16Range, start: start, documentEnd: utf16Count, skipsQuietScalars: skippingQuietScalars)
      forEachPiece(in: start..<utf16Count) { scan.read($0) }
      if let lower = scan.lower {
        return EntityStretch(
          range: lower..<(scan.upper ?? utf16Count), mayHoldEntity: scan.mayHoldEntity,
          lowerCutNeedsUnitAfter: scan.lowerNeedsUnitAfter,
          upperCutNeedsUnitBefore: scan.upper != nil && scan.upperNeedsUnitBefore)
      }
      lookback *= 4
    }
  }

  /// Recognizes entities around `utf16Range` (the text an edit changed) with ``recognizingEntities(urls:)``'s
  /// rules, replacing what was recognized there before: only the stretch between the cuts around the range is
  /// read (see ``EntityCut``), and only the part of it whose entities changed is replaced.
  /// - Returns: What changed (text replaced by the same text with other entities) and what it replaced, or nil; and
  ///   the stretch read when nothing in it may be or hold an entity (then nothing changed), for the editor to
  ///   remember (see ``QuietEntityStretch``); and the stretch read.
  mutating func recognizeEntities(
    around utf16Range: Range<Int>
  ) -> (recorded: Editor.RecordedChange?, quiet: QuietEntityStretch?, stretch: Range<Int>) {
    let found = entityStretch(around: utf16Range)
    guard found.mayHoldEntity else { return (nil, QuietEntityStretch(found), found.range) }
    let stretch = found.range
    guard !entitiesAreCurrent(in: stretch) else { return (nil, nil, stretch) }
    let old = slice(stretch)
    let recognized = old.removingEntities().recognizingEntities()
    // Note: compared unit by unit, so a mention that grows by the typed letter reports the letter only.
    let before = old.entityKinds()
    let after = recognized.entityKinds()
    guard before != after else { return (nil, nil, stretch) }
    var lower = 0
    while before[lower] == after[lower] { lower += 1 }
    var upper = before.count
    while before[upper - 1] == after[upper - 1] { upper -= 1 }
    let replaced = old.slice(lower..<upper)
    let change = replaceSubrange((lower..<upper).shifted(by: stretch.lowerBound), with: recognized.slice(lower..<upper))
    return (Editor.RecordedChange(change: change, replaced: replaced), nil, stretch)
  }

  /// Whether recognizing `stretch` again (its entities removed first) would mark exactly the entities it has: then
  /// an edit changed none, which is what most keystrokes do, and nothing needs to be built.
  ///
  /// Reads the stretch's text runs as recognition groups them (attachments and host attributes end a run; an
  /// entity's edge does not) and compares, run by run, the entities the scanner finds with those marked, touching
  /// entities of one kind joined on both sides (the document joins them), so that equal lists mean the same
  /// entity for every unit.
  /// - Complexity: linear in the stretch; a run is copied only when it holds an entity or a byte one needs.
  func entitiesAreCurrent(in stretch: Range<Int>) -> Bool {
    var run = RecognitionRun()
    var isCurrent = true
    forEachPiece(in: stretch) { piece in
      guard case .text(var attributes) = piece.content else {
        isCurrent = run.isCurrent()
        run.reset(attributes: nil)
        return isCurrent
      }
      let entity = attributes.entity
      attributes.entity = nil
      if run.attributes != attributes {
        isCurrent = run.isCurrent()
        run.reset(attributes: attributes)
      }
      run.append(piece.utf8, entity: entity)
      return isCurrent
    }
    return isCurrent && run.isCurrent()
  }

  /// The entity of each UTF-16 unit (nil for plain text and attachments).
  func entityKinds() -> [TextAttributes.Entity?] {
    var kinds: [TextAttributes.Entity?] = []
    kinds.reserveCapacity(utf16Count)
    forEachPiece { piece in
      let kind: TextAttributes.Entity? =
        if case .text(let attributes) = piece.content { attributes.entity } else { nil }
      kinds.append(contentsOf: repeatElement(kind, count: piece.utf16Count))
      return true
    }
    return kinds
  }
}

/// One text run of a stretch as recognition reads it, for ``RichText/entitiesAreCurrent(in:)``: its bytes and the
/// entities marked in it.
private struct RecognitionRun {
  /// The run's attributes without entity; nil when no text run is being read.
  var attributes: TextAttributes?
  var bytes: [UInt8] = []
  /// The marked entities, in UTF-8 offsets of `bytes`, touching ones of a kind joined.
  var marked: [EntityScanner.Match] = []

  mutating func reset(attributes: TextAttributes?) {
    self.attributes = attributes
    bytes.removeAll(keepingCapacity: true)
    marked.removeAll(keepingCapacity: true)
  }

  mutating func append(_ utf8: UnsafeBufferPointer<UInt8>, entity: TextAttributes.Entity?) {
    if let entity {
      Self.join(EntityScanner.Match(kind: entity, utf8Range: bytes.count..<bytes.count + utf8.count), to: &marked)
    }
    bytes.append(contentsOf: utf8)
  }

  /// Whether the scanner finds exactly the marked entities in the run.
  func isCurrent() -> Bool {
    guard attributes != nil else { return true }
    let mayHoldEntity = bytes.withUnsafeBufferPointer(EntityScanner.mayHoldEntity)
    guard mayHoldEntity || !marked.isEmpty else { return true }
    var found: [EntityScanner.Match] = []
    for match in EntityScanner.entities(in: String(decoding: bytes, as: UTF8.self), urls: .weibo) {
      Self.join(match, to: &found)
    }
    return found == marked
  }

  /// Appends `match` to `matches`, joined with the last one when it is of the same kind and touches it.
  private static func join(_ match: EntityScanner.Match, to matches: inout [EntityScanner.Match]) {
    if let last = matches.last, last.kind == match.kind, last.utf8Range.upperBound == match.utf8Range.lowerBound {
      matches[matches.count - 1].utf8Range = last.utf8Range.lowerBound..<match.utf8Range.upperBound
    } else {
      matches.append(match)
    }
  }
}

/// The walk of ``RichText/entityStretch(around:)``: reads pieces from `start` and notes the last cut before the
/// edit and the first after it (see ``EntityCut``).
private struct EntityCutScan {
  let edit: Range<Int>
  let start: Int
  let documentEnd: Int
  /// The last cut before the edit found so far.
  var lower: Int?
  /// The first cut after the edit, once found.
  var upper: Int?
  /// Whether `lower` stands only while the unit at it is unchanged (a separator, a change of attributes), and
  /// `upper` only while the unit before it is (a separator, whose cluster break and cut depend on it; a change of
  /// attributes); an attachment's edge depends on the attachment only.
  var lowerNeedsUnitAfter = false
  var upperNeedsUnitBefore = false
  /// Whether the text since `lower` holds an entity attribute or a byte an entity needs.
  var mayHoldEntity = false
  /// Scalars since the last `#`, and since the last `:` (and, for `sinceColonAfterEdit`, since the edit's end).
  var sinceHash: Int
  var sinceColon: Int
  var sinceColonAfterEdit = 0
  /// The attributes (without entity) of the text run being read, nil after an attachment or at the start.
  var runAttributes: TextAttributes?
  /// The content of the last text piece read, and whether it is an entity.
  var runContentIndex = RunContentIndex.plainText
  var runIsMarked = false
  /// The last scalar read in the current run.
  var previous: Unicode.Scalar?
  /// Whether runs of quiet scalars (``EntityCut/quietLength(of:at:)``) are read by the byte fast path.
  let skipsQuietScalars: Bool

  init(edit: Range<Int>, start: Int, documentEnd: Int, skipsQuietScalars: Bool) {
    self.edit = edit
    self.start = start
    self.documentEnd = documentEnd
    self.skipsQuietScalars = skipsQuietScalars
    // Note: before `start` is unknown (no cut until enough is read), but the document's start is a cut.
    let quiet = start == 0 ? EntityCut.quietScalarCount : 0
    sinceHash = quiet
    sinceColon = quiet
    if start == 0 { lower = 0 }
  }

  /// Notes a cut at `utf16Offset` that holds in the old document too: the edge of a run, which depends on the unit
  /// before it (an attachment's end), the unit after it (an attachment's start) or both (a change of attributes),
  /// and holds on both sides only where those units lie outside the edit.
  private mutating func hardCut(at utf16Offset: Int, dependsOnUnitBefore: Bool, dependsOnUnitAfter: Bool) {
    if utf16Offset < edit.lowerBound || (utf16Offset == edit.lowerBound && !dependsOnUnitAfter) {
      lower = utf16Offset
      lowerNeedsUnitAfter = dependsOnUnitAfter
      mayHoldEntity = false
    } else if utf16Offset > edit.upperBound || (utf16Offset == edit.upperBound && !dependsOnUnitBefore) {
      upper = utf16Offset
      upperNeedsUnitBefore = dependsOnUnitBefore
    }
  }

  /// Reads one piece; returns false once the cut after the edit is found.
  mutating func read(_ piece: borrowing RichText.RunPiece) -> Bool {
    // Note: a piece of the content of the text piece before it (a run cut across leaves) goes on with its run.
    let contentIndex = piece.contentIndex
    if runAttributes == nil || contentIndex != runContentIndex {
      guard startRun(piece) else { return false }
    }
    return readScalars(of: piece)
  }

  /// Notes the cuts at the start of `piece`, whose content differs from the text piece before it (if any): an
  /// attachment's edges, or a new text run's start; returns false once the cut after the edit is found.
  private mutating func startRun(_ piece: borrowing RichText.RunPiece) -> Bool {
    let pieceStart = piece.utf16Start
    // Note: plain text (most pieces) and attachments are told apart by the content index: no attributes copied.
    let content: RunDescriptor.Content? =
      piece.isAttachment ? nil : piece.contentIndex == .plainText ? .text(.plain) : piece.content
    guard case .text(var attributes) = content else {
      // Note: an attachment is a run of its own: its start and end cut (its end, even at the edit's start,
      // since the attachment before it is unchanged).
      hardCut(at: pieceStart, dependsOnUnitBefore: false, dependsOnUnitAfter: true)
      guard upper == nil else { return false }
      hardCut(at: pieceStart + 1, dependsOnUnitBefore: true, dependsOnUnitAfter: false)
      guard upper == nil else { return false }
      runAttributes = nil
      previous = nil
      (sinceHash, sinceColon) = (EntityCut.quietScalarCount, EntityCut.quietScalarCount)
      return true
    }
    runContentIndex = piece.contentIndex
    runIsMarked = attributes.entity != nil
    attributes.entity = nil
    if runAttributes != attributes {
      // Note: a new run (not a leaf edge, nor an entity's edge): nothing is read across it.
      // Note: after an attachment its end was the cut; at the walk's start the run before is unknown.
      if runAttributes != nil || pieceStart == 0 {
        hardCut(at: pieceStart, dependsOnUnitBefore: true, dependsOnUnitAfter: true)
        guard upper == nil else { return false }
        (sinceHash, sinceColon) = (EntityCut.quietScalarCount, EntityCut.quietScalarCount)
        previous = nil
      }
      runAttributes = attributes
    }
    return true
  }

  /// Reads the scalars of the text piece `piece`, in the run `startRun(_:)` noted; returns false once the cut after
  /// the edit is found.
  private mutating func readScalars(of piece: borrowing RichText.RunPiece) -> Bool {
    guard !piece.isAttachment else { return true }
    let isMarked = runIsMarked
    let bytes = piece.utf8
    let pieceStart = piece.utf16Start
    var index = 0
    var utf16Offset = pieceStart
    while index < bytes.count {
      if skipsQuietScalars {
        // Note: the byte fast path: a stretch of quiet scalars (no separator, nothing an entity needs) only moves
        // the counters; the last one is decoded, as a separator after it asks whether clusters break there.
        var quiet = 0
        var lastStart = index
        while index < bytes.count, let length = EntityCut.quietLength(of: bytes, at: index) {
          lastStart = index
          index &+= length
          quiet &+= 1
        }
        if quiet > 0 {
          sinceHash &+= quiet
          sinceColon &+= quiet
          // Note: each quiet scalar is one unit; those at or after the edit's end count since its end.
          sinceColonAfterEdit &+= max(0, utf16Offset + quiet - max(utf16Offset, edit.upperBound))
          if isMarked { mayHoldEntity = true }
          previous = Unicode.Scalar(GraphemeBreaks.scalar(in: bytes, at: lastStart).0) ?? "\u{FFFD}"
          utf16Offset &+= quiet
          guard index < bytes.count else { break }
        }
      }
      let lead = bytes[index]
      let scalar: Unicode.Scalar
      let length: Int
      if lead < 0x80 {
        scalar = Unicode.Scalar(lead)
        length = 1
      } else {
        length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      }
      if EntityCut.isSeparator(scalar), let previous, EntityCut.breaks(between: previous, and: scalar) {
        noteSeparator(scalar, at: utf16Offset, isMarked: isMarked)
        guard upper == nil else { return false }
      }
      sinceHash &+= 1
      sinceColon &+= 1
      if utf16Offset >= edit.upperBound { sinceColonAfterEdit &+= 1 }
      if scalar == "#" { sinceHash = 0 }
      if scalar == ":" { (sinceColon, sinceColonAfterEdit) = (0, 0) }
      if isMarked || scalar == "@" || scalar == "#" || scalar == ":" || scalar == "." { mayHoldEntity = true }
      previous = scalar
      index += length
      utf16Offset += length == 4 ? 2 : 1
    }
    return true
  }

  /// Notes the separator `scalar` at `utf16Offset` as a cut when the scalars before it allow (see ``EntityCut``).
  private mutating func noteSeparator(_ scalar: Unicode.Scalar, at utf16Offset: Int, isMarked: Bool) {
    let quiet = EntityCut.quietScalarCount
    guard LineBreaks.isLineBreak(scalar) || sinceHash >= quiet else { return }
    let mayBeInHostLabel = scalar.isURLUnicodeDomainCharacter
    if utf16Offset < edit.lowerBound {
      guard !mayBeInHostLabel || sinceColon >= quiet else { return }
      lower = utf16Offset
      lowerNeedsUnitAfter = true
      mayHoldEntity = false
    } else if utf16Offset >= edit.upperBound {
      guard !isMarked, !mayBeInHostLabel || sinceColonAfterEdit >= quiet else { return }
      upper = utf16Offset
      upperNeedsUnitBefore = true
    }
  }
}
