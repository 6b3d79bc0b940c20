#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The catalog's tokens by their UTF-8 bytes, so the tokenizer can look a candidate up without making
/// a `String` of it (and without `String`'s Unicode-aware hashing and comparison).
///
/// `String` equality is canonical equivalence, so a byte lookup is exact only for text already in NFC.
/// A candidate made only of ASCII and U+4000–U+9FFF (CJK ideographs: no decomposition, no composition,
/// combining class 0) is in NFC; when every catalog token is made of those too, two such spellings are
/// equal as strings exactly when their bytes are. Anything else falls back to the catalog's dictionary.
struct TokenTable: Sendable {
  private var slots: [Int32]  // an index into the entries, or -1; open addressing, linear probing
  /// Every token's bytes, one after the other, after and before 8 zero bytes (``words(at:count:)`` reads around
  /// them); entry `i` is `bytes[byteStarts[i]..<byteStarts[i + 1]]`.
  // Note: plain arrays of bytes and offsets, so a lookup compares in place and retains nothing.
  private var bytes = [UInt8](repeating: 0, count: 8)
  private var byteStarts: [Int32] = [8]
  /// The catalog's spelling of each entry.
  private(set) var tokens: [String] = []
  /// The emoticon of each entry.
  private(set) var emoticons: [Emoticon] = []
  /// The catalog's emoticons as a document's content table: what the tokenizer's documents start with.
  private(set) var contents = RunContentTable()
  /// Each entry's emoticon's index in `contents`.
  private var contentIndices: [RunContentIndex] = []
  /// Whether every token is plain (ASCII and U+4000–U+9FFF), which makes a miss of a plain candidate final.
  private let tokensArePlain: Bool

  init(catalog: EmoticonCatalog) {
    let tokens = catalog.tokens.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    // Note: at most a quarter of the slots used (was half): fewer candidates probe past a slot of another token, each
    // probe a branch mispredicted about half the time (−28 % simulated mispredictions of a bulk tokenize).
    var capacity = 16
    while capacity < tokens.count * 4 { capacity *= 2 }
    slots = Array(repeating: -1, count: capacity)
    var allPlain = true
    for (token, emoticon) in tokens {
      let tokenBytes = Array(token.utf8)
      let (hash, isPlain) = tokenBytes.withUnsafeBufferPointer { (Self.hash($0), Self.isPlain($0)) }
      allPlain = allPlain && isPlain
      var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
      while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
      slots[slot] = Int32(self.tokens.count)
      bytes.append(contentsOf: tokenBytes)
      byteStarts.append(Int32(bytes.count))
      self.tokens.append(token)
      emoticons.append(emoticon)
      contentIndices.append(contents.index(of: .emoticon(emoticon)))
    }
    bytes.append(contentsOf: repeatElement(0, count: 8))
    tokensArePlain = allPlain
  }

  /// A token found by the tokenizer: an entry of the table, or (for a spelling equal to a token only up to
  /// canonical equivalence) the catalog's emoticon.
  enum Entry {
    case table(Int)
    case catalog(Emoticon)
  }

  /// The emoticon of `entry`.
  /// The index in `contents` of the emoticon of the entry numbered `index`.
  func contentIndex(ofEntry index: Int) -> RunContentIndex { contentIndices[index] }

  func emoticon(of entry: Entry) -> Emoticon {
    switch entry {
    case .table(let index): emoticons[index]
    case .catalog(let emoticon): emoticon
    }
  }

  /// The outcome of a byte lookup.
  enum Lookup {
    /// The entry with exactly these bytes: its index in ``tokens`` and ``emoticons``.
    case found(Int)
    /// No token is equal to these bytes, even up to canonical equivalence.
    case absent
    /// The bytes may equal a token only up to canonical equivalence: ask the catalog with a `String`.
    case unsure
  }

  /// ``Probe/lookUp(_:in:)`` of `candidate` (all of its text).
  func lookUp(_ candidate: UnsafeBufferPointer<UInt8>) -> Lookup {
    withProbe { $0.lookUp(0..<candidate.count, in: candidate) }
  }

  /// Calls `body` with a probe of this table, valid only during the call.
  @inline(__always)
  func withProbe<Result>(_ body: (Probe) -> Result) -> Result {
    slots.withUnsafeBufferPointer { slots in
      byteStarts.withUnsafeBufferPointer { starts in
        bytes.withUnsafeBufferPointer { bytes in
          body(Probe(slots: slots, byteStarts: starts, bytes: bytes, tokensArePlain: tokensArePlain))
        }
      }
    }
  }

  /// The table's arrays by address, for a scan that looks many candidates up: each look-up reads them in place, with no
  /// copy of the table (its nine members were copied to the stack for every candidate, ~17 instructions) and no
  /// array access.
  struct Probe {
    let slots: UnsafeBufferPointer<Int32>
    let byteStarts: UnsafeBufferPointer<Int32>
    let bytes: UnsafeBufferPointer<UInt8>
    let tokensArePlain: Bool

    // Note: `@inline(__always)` is honoured only for a callee of at most 64 basic blocks (or a caller of fewer): the
    // whole look-up, with its short, long and missed candidates, had more, so every caller called it (14 % of the bulk
    // path's instructions). This part, for candidates of 4 to 16 bytes (nearly all: a CJK token of one to four
    // characters, or an ASCII name) that the table holds, stays small; the rest is `lookUpAnyLength(_:)`.
    /// The entry with exactly the bytes `range` of `text`, or whether a miss is final.
    // Note: the bytes around a candidate are read too (``TokenTable/words(at:count:)``) when the text has 4 before it
    // and 8 from its start; the rare candidates near the text's ends take `lookUpAnyLength(_:)`.
    @inline(__always)
    func lookUp(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Lookup {
      let count = range.count
      guard count >= 4 && count <= 16 && range.lowerBound >= 4 && range.lowerBound &+ 8 <= text.count,
        let base = text.baseAddress.map({ UnsafeRawPointer($0) + range.lowerBound })
      else {
        return lookUpAnyLength(UnsafeBufferPointer(rebasing: text[range]))
      }
      let words = TokenTable.words(at: base, count: count)
      let hash = TokenTable.hash(words, count: count)
      let mask = slots.count &- 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 {
        let entry = Int(truncatingIfNeeded: slots[slot])
        let start = Int(truncatingIfNeeded: byteStarts[entry])
        if Int(truncatingIfNeeded: byteStarts[entry &+ 1]) &- start == count
          && TokenTable.words(at: UnsafeRawPointer(bytes.baseAddress! + start), count: count) == words
        {
          return .found(entry)
        }
        slot = (slot &+ 1) & mask
      }
      return Self.missed(words: words, tokensArePlain: tokensArePlain)
    }

    /// ``lookUp(_:)`` of a candidate of any length (the general path): the table's entry, or whether a miss is final.
    @inline(never)
    func lookUpAnyLength(_ candidate: UnsafeBufferPointer<UInt8>) -> Lookup {
      let words = TokenTable.words(candidate)
      let hash = TokenTable.hash(words, count: candidate.count)
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 {
        let entry = Int(slots[slot])
        let start = Int(byteStarts[entry])
        if Int(byteStarts[entry + 1]) - start == candidate.count {
          let token = UnsafeBufferPointer(rebasing: bytes[start..<(start + candidate.count)])
          // Note: up to 16 bytes, the two words cover every byte.
          if candidate.count <= 16
            ? TokenTable.words(token) == words
            : memcmp(token.baseAddress!, candidate.baseAddress!, candidate.count) == 0
          {
            return .found(entry)
          }
        }
        slot = (slot + 1) & mask
      }
      return tokensArePlain && TokenTable.isPlain(candidate) ? .absent : .unsure
    }

    /// What a candidate of 4 to 16 bytes that no entry has exactly is, given as its ``words(at:count:)``, which hold
    /// each of its bytes (some twice) and, under 8 bytes, zero bytes: absent, or unsure when it may be a token up to
    /// canonical equivalence.
    // Note: a word at a time, visiting only the lead bytes; byte by byte, a miss cost ~100 instructions (a third of
    // mixed text's candidates miss).
    @inline(never)
    private static func missed(words: (UInt64, UInt64), tokensArePlain: Bool) -> Lookup {
      tokensArePlain && TokenTable.isPlain(words.0) && TokenTable.isPlain(words.1) ? .absent : .unsure
    }
  }

  /// Whether the 8 bytes of `word` are plain, as ``isPlain(_:)`` reads bytes: each lead byte (0xC0 and up) is E4…E9.
  @inline(__always)
  private static func isPlain(_ word: UInt64) -> Bool {
    // Note: a byte from 0xC0 up has its top two bits set; the loop visits those bytes only.
    var leads = word & (word &<< 1) & 0x8080_8080_8080_8080
    while leads != 0 {
      let lead = UInt8(truncatingIfNeeded: word &>> UInt64(leads.trailingZeroBitCount &- 7))
      // Note: below E4 wraps around to a large number.
      if lead &- 0xE4 > 5 { return false }
      leads &= leads &- 1
    }
    return true
  }

  /// The first and the last 8 bytes of `bytes` (overlapping when fewer than 16; when fewer than 8, its bytes in the low
  /// bytes of both words, the rest zero), or its bytes in the first word when it has fewer than 4: every byte of up to
  /// 16 is in them.
  private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
    let count = bytes.count
    guard count >= 4, let base = bytes.baseAddress.map(UnsafeRawPointer.init) else {
      var word: UInt64 = 0
      for (index, byte) in bytes.enumerated() { word |= UInt64(byte) &<< UInt64(8 &* index) }
      return (word, 0)
    }
    if count > 16 {
      return (base.loadUnaligned(as: UInt64.self), base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
    }
    // Note: a copy with room around it, which ``words(at:count:)`` reads.
    var padded = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    return withUnsafeMutableBytes(of: &padded) { room in
      room.baseAddress!.advanced(by: 8).copyMemory(from: base, byteCount: count)
      return words(at: UnsafeRawPointer(room.baseAddress!.advanced(by: 8)), count: count)
    }
  }

  /// ``words(_:)`` of the `count` bytes (4 to 16) at `base`, reading the 4 bytes before them and up to 8 from `base`
  /// (which must be readable), in two loads and without a branch on the count.
  // Note: a branch on `count >= 8` (an ASCII token or `[哈哈]`, 8 bytes) was mispredicted for a third of mixed text's
  // candidates.
  @inline(__always)
  private static func words(at base: UnsafeRawPointer, count: Int) -> (UInt64, UInt64) {
    // Note: under 8 bytes, the first word's bytes after the candidate are cleared and the last word's before it shifted
    // out.
    let shift = UInt64(truncatingIfNeeded: 8 &* (8 &- min(count, 8)))
    return (
      base.loadUnaligned(as: UInt64.self) & (~0 &>> shift),
      base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) &>> shift
    )
  }

  /// A hash of a candidate's `words` and byte count; its low bits pick the slot.
  @inline(__always)
  private static func hash(_ words: (UInt64, UInt64), count: Int) -> UInt64 {
    let mixed =
      (words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: count))
      &* 0xFF51_AFD7_ED55_8CCD
    return mixed ^ (mixed &>> 32)
  }

  /// A hash of `bytes` (the one ``lookUp(_:)`` computes).
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { hash(words(bytes), count: bytes.count) }

  /// Whether the bytes are plain (ASCII and U+4000–U+9FFF only); asked only when a look-up finds nothing.
  private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Note: a lead byte E4…E9 starts U+4000–U+9FFF; continuation bytes (80…BF) only follow accepted leads.
    !bytes.contains { $0 >= 0xC0 && !(0xE4...0xE9).contains($0) }
  }
}
