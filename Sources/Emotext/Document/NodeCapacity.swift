/// How big nodes get. With `EMOTEXT_INTERNAL_CHECKS` the nodes are tiny, so the tests' small documents
/// have deep trees, many leaves and runs cut across leaves.
enum NodeCapacity {
  #if EMOTEXT_INTERNAL_CHECKS
    static let leafUTF8 = 24
    static let leafDescriptors = 4
    static let children = 4
  #else
    /// A leaf's bytes: a post fits in one; an edit copies at most this much text.
    // Note: every leaf costs a fixed ~1,000 instructions to make (its descriptor array, its `Substring`, the cut of
    // the run that overflows it) and ~300 bytes besides its text. Tokenizing 1 MB (callgrind, instructions a byte,
    // mixed / realistic), by leaf size: 512 6.02 / 6.90, 1,024 4.98 / 5.89, 2,048 4.45 / 5.37, 4,096 4.18 / 5.15;
    // a document's memory 0.67 → 0.24–0.37 bytes a byte from 512 to 2,048. An edit inside a leaf moves at most the
    // leaf's bytes after it (in place when the leaf is owned), so a keystroke barely feels the size (the keystroke
    // bench's presses at 2,048: 1 KB +9 % instructions, 1 MB −7 %) once the reads of a position in a long run pass
    // whole blocks (`utf8Offset(movingUTF16:from:)`).
    static let leafUTF8 = 2048
    /// A leaf's runs: room for what 2,048 bytes of real posts hold (an emoticon every ~70 bytes, ~60 runs) and for
    /// composed text (an emoticon after every few characters) to fill the leaf's bytes before its runs.
    static let leafDescriptors = 128
    static let children = 16
  #endif
}
