/// Where a run's content is in its document's ``RunContentTable``, and whether it is an emoticon (so that
/// walks tell text from attachments without reading the table). 0 is plain text, in every table.
struct RunContentIndex: Hashable, Sendable {
  /// The position in the table shifted left by one, the low bit set for an emoticon.
  private let rawValue: UInt32

  /// Plain text: no entity, no host attributes.
  static let plainText = RunContentIndex(rawValue: 0)

  private init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The index of entry `position` of a table, which is an emoticon when `isEmoticon`.
  init(position: Int, isEmoticon: Bool) {
    precondition(position < Int(UInt32.max >> 1), "a document with more than 2³¹ attribute sets and emoticons")
    rawValue = UInt32(position) << 1 | (isEmoticon ? 1 : 0)
  }

  /// Whether the content is an emoticon (an attachment) rather than text attributes.
  var isEmoticon: Bool { rawValue & 1 != 0 }
  /// The entry's position in the table.
  var position: Int { Int(rawValue >> 1) }
}

/// The attribute sets and emoticons of a document's runs, each once: descriptors refer to them by
/// ``RunContentIndex``, so they hold no reference-counted payload.
///
/// A value (two arrays that copy on write): a copy of a document shares its table, and the tokenizer's
/// documents all share the tokenizer's (the catalog's emoticons, made once). Entries are only added, never
/// removed, so an index stays valid for the document's life; documents compare their runs' content, never
/// indices.
struct RunContentTable: Sendable {
  /// The entries; entry 0 is plain text.
  private var contents: [RunDescriptor.Content] = [.text(.plain)]
  /// An open-addressing hash table of the entries, to add content once: at the slot its hash picks, or the first free
  /// one after, an entry's position + 1 (0 is a free slot). Empty while the table is small enough to search; at most
  /// half full.
  // Note: an emoticon's hash is the one it was made with, so a lookup hashes nothing (a `Dictionary` ran `Hasher` over
  // it on every insertion of an emoticon: ~500 instructions).
  private var slots: [Int32] = []
  /// Up to how many entries a lookup compares them one by one rather than hashing.
  // Note: most documents have a few attribute sets and emoticons; an attachment made on its own
  // (`RichText(attachment:)`, what inserting an emoticon pastes) then costs no hash table and no hash.
  private static let searchedEntries = 8

  /// A table of plain text only.
  static let plain = RunContentTable()

  /// The content `index` stands for.
  subscript(index: RunContentIndex) -> RunDescriptor.Content { contents[index.position] }

  /// The index of `content`, added to the table when it is not there yet.
  mutating func index(of content: RunDescriptor.Content) -> RunContentIndex {
    if let index = existingIndex(of: content) { return index }
    let index = Self.index(ofEntry: contents.count, content)
    contents.append(content)
    if !slots.isEmpty && contents.count * 2 <= slots.count {
      place(entry: contents.count - 1)
    } else if contents.count > Self.searchedEntries {
      slots = Array(repeating: 0, count: max(32, slots.count * 2))
      for entry in contents.indices { place(entry: entry) }
    }
    return index
  }

  /// The index of `content` when the table has it.
  func existingIndex(of content: RunDescriptor.Content) -> RunContentIndex? {
    if case .text(let attributes) = content, attributes.isPlain { return .plainText }
    guard !slots.isEmpty else { return contents.firstIndex(of: content).map { Self.index(ofEntry: $0, content) } }
    let mask = slots.count - 1
    var slot = content.tableHash & mask
    while slots[slot] != 0 {
      let entry = Int(slots[slot]) - 1
      if contents[entry] == content { return Self.index(ofEntry: entry, content) }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Puts entry number `entry` in the first free slot from the one its hash picks.
  private mutating func place(entry: Int) {
    let mask = slots.count - 1
    var slot = contents[entry].tableHash & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = Int32(entry + 1)
  }

  /// The index of `content`, entry number `position`.
  private static func index(ofEntry position: Int, _ content: RunDescriptor.Content) -> RunContentIndex {
    let isEmoticon = if case .emoticon = content { true } else { false }
    return RunContentIndex(position: position, isEmoticon: isEmoticon)
  }

  /// The index in this table of `index` of `other` (added when this table lacks its content).
  mutating func index(of index: RunContentIndex, in other: borrowing RunContentTable) -> RunContentIndex {
    if index == .plainText || isIdentical(to: other) { return index }
    return self.index(of: other[index])
  }

  /// Whether the two tables are one storage (so their indices mean the same), in O(1).
  func isIdentical(to other: borrowing RunContentTable) -> Bool {
    contents.withUnsafeBufferPointer { own in
      other.contents.withUnsafeBufferPointer { $0.baseAddress == own.baseAddress }
    }
  }

  /// Calls `body` with the entries in place, for walks that resolve many indices.
  func withContents<Result>(_ body: (UnsafeBufferPointer<RunDescriptor.Content>) throws -> Result) rethrows -> Result {
    try contents.withUnsafeBufferPointer(body)
  }
}

extension TextAttributes {
  /// Whether these are ``plain`` (checked without hashing).
  var isPlain: Bool { entity == nil && hostAttributes.isEmpty }
}
