/// The two-stage layout of a per-scalar table (Unicode's usual compression, UTS #10 / TR #44 style): the
/// code space in blocks of 256 scalars, each distinct block stored once, and an index from block number to
/// where its entries start (divided by 256).
///
/// `entries` holds one entry per scalar value, 0 through 0x10FFFF. A lookup is then
/// `blocks[Int(blockIndex[value >> 8]) << 8 | value & 0xFF]`.
/// - Complexity: O(*n*) in the 0x110000 entries, once per table.
func twoStageBlocks<Entry: Hashable>(of entries: [Entry]) -> (blockIndex: [UInt16], blocks: [Entry]) {
  precondition(entries.count == 0x110000, "a per-scalar table has one entry per code point")
  var blockIndex: [UInt16] = []
  blockIndex.reserveCapacity(0x1100)
  var blocks: [Entry] = []
  var known: [ArraySlice<Entry>: UInt16] = [:]
  for start in stride(from: 0, to: 0x110000, by: 256) {
    let block = entries[start..<(start + 256)]
    if let index = known[block] {
      blockIndex.append(index)
    } else {
      let index = UInt16(known.count)
      known[block] = index
      blockIndex.append(index)
      blocks.append(contentsOf: block)
    }
  }
  return (blockIndex, blocks)
}
