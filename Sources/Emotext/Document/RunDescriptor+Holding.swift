/// Where a run descriptor starts in its leaf: its number and its first unit's UTF-16 and UTF-8 offsets.
struct DescriptorStart {
  var index: Int
  var utf16: Int
  var utf8: Int
}

extension RandomAccessCollection where Element == RunDescriptor, Index == Int {
  /// The descriptor holding the unit at `utf16Offset` (counted from the leaf's start) and where it starts: the one
  /// walk from a leaf's start to an offset that reading a run, its extent and a scalar boundary share.
  /// - Precondition: `utf16Offset` is less than the leaf's UTF-16 length.
  @inline(__always)
  func start(ofDescriptorHolding utf16Offset: Int) -> DescriptorStart {
    var start = DescriptorStart(index: startIndex, utf16: 0, utf8: 0)
    while utf16Offset >= start.utf16 + Int(self[start.index].utf16Count) {
      start.utf16 += Int(self[start.index].utf16Count)
      start.utf8 += Int(self[start.index].utf8Count)
      start.index += 1
    }
    return start
  }
}
