import EmotextUnicode

/// The lengths of one post read from its text by ``BracketTokenizer/lengths(of:by:)-(String,PreparedLengthMeasure)``:
/// the values that the post's document, `tokenize(text)`, gives for ``RichText/length(by:)-(PreparedLengthMeasure)``,
/// ``RichText/utf16Count``, ``RichText/scalarCount`` and ``RichText/graphemeCount`` (an emoticon counts 1 in each
/// of the three counts, so they are the post's counts as shown, not its text's).
///
/// ```swift
/// let lengths = BracketTokenizer(catalog: .default).lengths(of: "好👍🏽[哈哈]", by: .weighted(.twitter))
/// lengths.length          // 10: 2 + 2 + 6 (an emoticon weighs its code text)
/// lengths.utf16Count      // 6
/// lengths.scalarCount     // 4
/// lengths.graphemeCount   // 3
/// ```
public struct PostLengths: Hashable, Sendable {
  /// The length by the measure asked for.
  public var length: Int
  /// The number of UTF-16 code units, an emoticon counting 1.
  public var utf16Count: Int
  /// The number of Unicode scalars, an emoticon counting 1.
  public var scalarCount: Int
  /// The number of grapheme clusters, an emoticon counting 1.
  public var graphemeCount: Int

  /// Lengths with these values.
  public init(length: Int, utf16Count: Int, scalarCount: Int, graphemeCount: Int) {
    self.length = length
    self.utf16Count = utf16Count
    self.scalarCount = scalarCount
    self.graphemeCount = graphemeCount
  }
}

extension BracketTokenizer {
  /// The lengths of the post `text` by `measure`, and in UTF-16 units, scalars and grapheme clusters, read from
  /// `text` in one walk without building its document: those of ``tokenize(_:attributes:)``'s document.
  ///
  /// Prepares `measure` on each call, which looks its rule's tables up in a cache behind a lock; to count many
  /// posts, prepare it once and call ``lengths(of:by:)-(String,PreparedLengthMeasure)``.
  ///
  /// ```swift
  /// BracketTokenizer(catalog: .default).lengths(of: "今天好开心[哈哈]", by: .weighted(.weibo)).length   // 8
  /// ```
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  public func lengths(of text: String, by measure: LengthMeasure) -> PostLengths {
    lengths(of: text, by: PreparedLengthMeasure(measure))
  }

  /// The lengths of the post `text` by a prepared measure, and in UTF-16 units, scalars and grapheme clusters, read
  /// from `text` in one walk without building its document: those of ``tokenize(_:attributes:)``'s document.
  ///
  /// The call of a job that counts many posts: no document is built, and the measure's tables are its own, so
  /// threads sharing one tokenizer and one prepared measure take no lock and count no reference per post.
  ///
  /// ```swift
  /// let tokenizer = BracketTokenizer(catalog: .default)
  /// let weibo = PreparedLengthMeasure(.weighted(.weibo))
  /// tokenizer.lengths(of: "今天好开心[哈哈]", by: weibo).graphemeCount   // 6
  /// ```
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  // Note: how. The token scan's tally gives the UTF-16 units and scalars, and each stretch of text between tokens is
  // counted and weighed as the document's text run would be (a run is the text between two tokens, and a cluster or
  // URL never spans two runs), each token as its attachment. `LengthFastPathTests` and `PreparedLengthMeasureTests`
  // compare it with the document's lengths.
  public func lengths(of text: String, by measure: PreparedLengthMeasure) -> PostLengths {
    var text = text
    return text.withUTF8 { lengths(ofValidUTF8: $0, by: measure) }
  }

  /// ``lengths(of:by:)-(String,PreparedLengthMeasure)`` of the bytes of a text, which must be valid UTF-8 (a batch job validates a line's bytes and
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
        return PostLengths(length: measured, utf16Count: utf16, scalarCount: scalars, graphemeCount: graphemes)
      }
    }
  }
}
