/// The catalog's tokens by their UTF-8 bytes, so the tokenizer can look a candidate up without making
/// a `String` of it (and without `String`'s Unicode-aware hashing and comparison).
///
/// `String` equality is canonical equivalence, so a byte lookup is exact only for text already in NFC.
/// A candidate made only of ASCII and U+4000–U+9FFF (CJK ideographs: no decomposition, no composition,
/// combining class 0) is in NFC; when every catalog token is made of those too, two such spellings are
/// equal as strings exactly when their bytes are. Anything else falls back to the catalog's dictionary.
struct TokenTable: Sendable {
  private var slots: [Int32]  // an index into `entries`, or -1; open addressing, linear probing
  private var entries: [(bytes: [UInt8], token: String, emoticon: Emoticon)] = []
  /// Whether every token is plain (ASCII and U+4000–U+9FFF), which makes a miss of a plain candidate final.
  private let tokensArePlain: Bool

  init(catalog: EmoticonCatalog) {
    let tokens = catalog.tokens.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    var capacity = 16
    while capacity < tokens.count * 2 { capacity *= 2 }
    slots = Array(repeating: -1, count: capacity)
    var allPlain = true
    for (token, emoticon) in tokens {
      let bytes = Array(token.utf8)
      let (hash, isPlain) = bytes.withUnsafeBufferPointer { Self.hash($0) }
      allPlain = allPlain && isPlain
      var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
      while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
      slots[slot] = Int32(entries.count)
      entries.append((bytes, token, emoticon))
    }
    tokensArePlain = allPlain
  }

  /// The outcome of a byte lookup.
  enum Lookup {
    /// The token with exactly these bytes: the catalog's spelling and its emoticon.
    case found(String, Emoticon)
    /// No token is equal to these bytes, even up to canonical equivalence.
    case absent
    /// The bytes may equal a token only up to canonical equivalence: ask the catalog with a `String`.
    case unsure
  }

  func lookUp(_ bytes: UnsafeBufferPointer<UInt8>) -> Lookup {
    let (hash, isPlain) = Self.hash(bytes)
    var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
    while slots[slot] >= 0 {
      let entry = entries[Int(slots[slot])]
      if entry.bytes.count == bytes.count && entry.bytes.elementsEqual(bytes) {
        return .found(entry.token, entry.emoticon)
      }
      slot = (slot + 1) & (slots.count - 1)
    }
    return isPlain && tokensArePlain ? .absent : .unsure
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
