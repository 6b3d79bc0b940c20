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
  /// Every token's bytes, one after the other; entry `i` is `bytes[byteStarts[i]..<byteStarts[i + 1]]`.
  // Note: plain arrays of bytes and offsets, so a lookup compares in place and retains nothing.
  private var bytes: [UInt8] = []
  private var byteStarts: [Int32] = [0]
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
    var capacity = 16
    while capacity < tokens.count * 2 { capacity *= 2 }
    slots = Array(repeating: -1, count: capacity)
    var allPlain = true
    for (token, emoticon) in tokens {
      let tokenBytes = Array(token.utf8)
      let (hash, isPlain) = tokenBytes.withUnsafeBufferPointer { Self.hash($0) }
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

  @inline(__always)
  func lookUp(_ candidate: UnsafeBufferPointer<UInt8>) -> Lookup {
    let (hash, isPlain) = Self.hash(candidate)
    return slots.withUnsafeBufferPointer { slots in
      byteStarts.withUnsafeBufferPointer { starts in
        bytes.withUnsafeBufferPointer { bytes in
          let mask = slots.count - 1
          var slot = Int(truncatingIfNeeded: hash) & mask
          while slots[slot] >= 0 {
            let entry = Int(slots[slot])
            let start = Int(starts[entry])
            if Int(starts[entry + 1]) - start == candidate.count
              && memcmp(bytes.baseAddress! + start, candidate.baseAddress!, candidate.count) == 0
            {
              return .found(entry)
            }
            slot = (slot + 1) & mask
          }
          return isPlain && tokensArePlain ? .absent : .unsure
        }
      }
    }
  }

  /// FNV-1a of the bytes, and whether they are plain (ASCII and U+4000–U+9FFF only).
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, Bool) {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var isPlain = true
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      // Note: a lead byte E4…E9 starts U+4000–U+9FFF; continuation bytes (80…BF) only follow accepted leads.
      if byte >= 0xC0 && !(0xE4...0xE9).contains(byte) { isPlain = false }
    }
    return (hash, isPlain)
  }
}
