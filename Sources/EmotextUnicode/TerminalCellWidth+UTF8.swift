extension TerminalCellWidth {
  /// ``ofText(_:)`` on valid UTF-8 read in place: the cells the text takes on one line, the sum over its
  /// grapheme clusters (line breaks count 0).
  /// - Complexity: O(*n*) in the UTF-8 length.
  package static func ofText(utf8: UnsafeBufferPointer<UInt8>) -> Int {
    var cells = 0
    var clusterStart = 0
    GraphemeBreaks.forEachBoundary(inUTF8: utf8) { clusterEnd in
      defer { clusterStart = clusterEnd }
      let lead = utf8[clusterStart]
      if clusterEnd - clusterStart == 1 {
        // Note: the common case, decided without ICU: printable ASCII is 1, controls 0.
        cells &+= lead < 0x20 || lead == 0x7F ? 0 : 1
        return true
      }
      cells &+= of(cluster: UnsafeBufferPointer(rebasing: utf8[clusterStart..<clusterEnd]))
      return true
    }
    return cells
  }

  /// ``of(_:)`` for one cluster of valid UTF-8 of more than one byte.
  static func of(cluster utf8: UnsafeBufferPointer<UInt8>) -> Int {
    // Note: a cluster that starts with a control (CR LF) is 0.
    if utf8[0] < 0x20 || utf8[0] == 0x7F { return 0 }
    var base: Unicode.Scalar?
    var previous: Unicode.Scalar?
    var index = 0
    while index < utf8.count {
      let (value, length) = GraphemeBreaks.scalar(in: utf8, at: index)
      index &+= length
      let scalar = Unicode.Scalar(value).unsafelyUnwrapped
      if scalar.icuIsEmojiPresentation { return 2 }
      if scalar == "\u{FE0F}", let previous, previous.icuIsEmoji { return 2 }
      if base == nil, !isZeroWidth(scalar) { base = scalar }
      previous = scalar
    }
    guard let base else { return 0 }
    switch base.icuEastAsianWidth {
    case .fullwidth, .wide: return 2
    default: return 1
    }
  }
}
