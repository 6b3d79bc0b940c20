import EmotextUnicode

/// The lengths of one post that `emotext count` prints: by a measure, and in UTF-16 units, scalars and grapheme
/// clusters (an emoticon counts 1 in each of the three).
package struct PostLengths: Hashable, Sendable {
  /// The length by the measure asked for.
  package var measured: Int
  package var utf16: Int
  package var scalars: Int
  package var graphemes: Int

  package init(measured: Int, utf16: Int, scalars: Int, graphemes: Int) {
    self.measured = measured
    self.utf16 = utf16
    self.scalars = scalars
    self.graphemes = graphemes
  }
}

extension BracketTokenizer {
  /// The lengths of `tokenize(text)` by `measure` and in UTF-16 units, scalars and grapheme clusters, read from
  /// `text` in one walk without building the document.
  ///
  /// The batch job's path (`emotext count`): a document of one post is built, walked three times and dropped per
  /// post, which took about a third of the job. Here the token scan's tally gives the UTF-16 units and scalars, and
  /// each stretch of text between tokens is counted and weighed as the document's text run would be (a run is the
  /// text between two tokens, and a cluster or URL never spans two runs), each token as its attachment.
  /// `LengthFastPathTests` compares it with the document's ``RichText/length(by:)``.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  package func lengths(of text: String, by measure: LengthMeasure) -> PostLengths {
    var text = text
    return text.withUTF8 { lengths(ofValidUTF8: $0, by: PreparedLengthMeasure(measure)) }
  }

  /// ``lengths(of:by:)`` of the bytes of a text, which must be valid UTF-8 (a batch job validates a line's bytes and
  /// needs no string), by a prepared measure: a batch job's call, with no set-up per post.
  package func lengths(ofValidUTF8 bytes: UnsafeBufferPointer<UInt8>, by measure: borrowing PreparedLengthMeasure)
    -> PostLengths
  {
    // Note: the probe outside the weigher's closure: around the token loop, which calls `addText`, it made the
    // locals that function captures checked for exclusive access at run time (+5 % instructions a post).
    tokenTable.withProbe { probe in
      LengthWeigher.with(measure) { weigher in
        let weighs = weigher.unit == .weighted
        var scan = tokenScan(of: bytes)
        var graphemes = 0
        var weight = 0
        var tokens = 0
        /// The UTF-16 units and scalars of the tokens' bytes, which count 1 each as attachments.
        var tokenUTF16 = 0
        var tokenScalars = 0
        var textStart = 0
        func addText(upTo end: Int) {
          guard end > textStart else { return }
          let utf8 = UnsafeBufferPointer(rebasing: bytes[textStart..<end])
          var cursor = GraphemeBreaks.Cursor()
          graphemes &+= cursor.countClusterStarts(inUTF8: utf8, using: weigher.tables)
          if weighs { weight &+= weigher.weight(ofWeightedText: utf8) }
        }
        while let (utf8Range, _) = nextToken(&scan, probe) {
          addText(upTo: utf8Range.lowerBound)
          scan.tally.advance(to: utf8Range.lowerBound, in: bytes)
          let before = (utf16: scan.tally.utf16, scalars: scan.tally.scalars)
          scan.tally.advance(to: utf8Range.upperBound, in: bytes)
          tokenUTF16 &+= scan.tally.utf16 &- before.utf16
          tokenScalars &+= scan.tally.scalars &- before.scalars
          tokens &+= 1
          if weighs { weight &+= weigher.weight(ofAttachmentToken: UnsafeBufferPointer(rebasing: bytes[utf8Range])) }
          textStart = utf8Range.upperBound
        }
        addText(upTo: bytes.count)
        scan.tally.advance(to: bytes.count, in: bytes)
        let utf16 = scan.tally.utf16 &- tokenUTF16 &+ tokens
        let scalars = scan.tally.scalars &- tokenScalars &+ tokens
        graphemes &+= tokens
        let measured =
          switch weigher.unit {
          case .utf16: utf16
          case .unicodeScalars: scalars
          case .graphemeClusters: graphemes
          case .weighted: (weight + measure.unitsPerCharacter - 1) / measure.unitsPerCharacter
          }
        return PostLengths(measured: measured, utf16: utf16, scalars: scalars, graphemes: graphemes)
      }
    }
  }
}
