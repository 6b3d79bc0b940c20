extension RichText {
  /// The runs, canonical: no empty text run, no two adjacent text runs with equal attributes.
  ///
  /// A view over the document's tree rather than a stored array: iterating it builds each run's `String`
  /// from the bytes in the tree (a text run cut across leaves comes out whole).
  ///
  /// ```swift
  /// for run in post.runs {
  ///   switch run {
  ///   case .text(let text, let attributes): …
  ///   case .emoticon(let attachment): …
  ///   }
  /// }
  /// Array(post.runs)   // when an array is needed
  /// ```
  public var runs: Runs { Runs(document: self) }

  /// The runs of a document, in order: a bidirectional collection whose index is the run's start.
  public struct Runs: BidirectionalCollection, Sendable {
    let document: RichText
    var utf16Count: Int { document.utf16Count }

    /// A run's position: where it starts, in UTF-16 units.
    public struct Index: Comparable, Hashable, Sendable {
      /// The UTF-16 offset where the run starts (the document's length for the end index).
      public let utf16Offset: Int

      public static func < (lhs: Index, rhs: Index) -> Bool { lhs.utf16Offset < rhs.utf16Offset }
    }

    public var startIndex: Index { Index(utf16Offset: 0) }
    public var endIndex: Index { Index(utf16Offset: utf16Count) }

    /// The run starting at `position`.
    /// - Complexity: O(log *n*) plus the run's length.
    public subscript(position: Index) -> Run {
      precondition(position.utf16Offset < utf16Count, "RichText.Runs index out of bounds")
      return document.run(containing: position.utf16Offset).run
    }

    /// - Complexity: O(log *n*) plus the run's length in leaves.
    public func index(after position: Index) -> Index {
      precondition(position.utf16Offset < utf16Count, "RichText.Runs index out of bounds")
      return Index(utf16Offset: document.runExtent(containing: position.utf16Offset).utf16Range.upperBound)
    }

    /// - Complexity: O(log *n*) plus the run's length in leaves.
    public func index(before position: Index) -> Index {
      precondition(position.utf16Offset > 0, "RichText.Runs index out of bounds")
      return Index(
        utf16Offset: document.runExtent(containing: position.utf16Offset - 1).utf16Range.lowerBound)
    }

    /// The number of runs.
    /// - Complexity: O(*n*) in the number of leaves.
    public var count: Int {
      // Note: a document of one leaf (a post) has a run per descriptor; the walk's set-up cost ~750 instructions, half
      // of tokenizing a post.
      if case .leaf(let leaf) = document.root { return leaf.descriptors.count }
      var count = 0
      document.forEachLeafChunk { chunk in
        count += chunk.descriptors.count - (chunk.firstContinuesRun ? 1 : 0)
        return true
      }
      return count
    }

    public func makeIterator() -> Iterator { Iterator(document) }

    /// Walks the runs in order, leaf by leaf.
    public struct Iterator: IteratorProtocol {
      private var leaves: LeafWalk
      private let contents: RunContentTable
      private var step: LeafStep?
      private var index = 0
      private var utf8Offset = 0

      init(_ document: RichText) {
        leaves = LeafWalk(document.root)
        contents = document.contents
        step = document.isEmpty ? nil : leaves.next()
      }

      public mutating func next() -> Run? { nextWithLength()?.run }

      /// The next run and its UTF-16 length.
      mutating func nextWithLength() -> (run: Run, utf16Count: Int)? {
        guard let (descriptor, piece, endsRun) = nextPiece() else { return nil }
        switch contents[descriptor.contentIndex] {
        case .emoticon(let emoticon):
          return (.emoticon(EmoticonAttachment(emoticon, token: String(piece))), 1)
        case .text(let attributes):
          var text = String(piece)
          var utf16Count = Int(descriptor.utf16Count)
          var ended = endsRun
          while !ended, let (next, more, endsRun) = nextPiece() {
            text.append(contentsOf: more)
            utf16Count += Int(next.utf16Count)
            ended = endsRun
          }
          return (.text(text, attributes), utf16Count)
        }
      }

      /// The next descriptor, its bytes, and whether its run ends with it.
      private mutating func nextPiece() -> (RunDescriptor, Substring, endsRun: Bool)? {
        // Note: through `step!` rather than a copy of the step, which would retain its leaf's storage.
        guard step != nil else { return nil }
        let descriptor = step!.leaf.descriptors[index]
        let text = step!.leaf.text
        let start = text.utf8.index(text.startIndex, offsetBy: utf8Offset)
        let end = text.utf8.index(start, offsetBy: Int(descriptor.utf8Count))
        let isLast = index == step!.leaf.descriptors.count - 1
        let endsRun = !(isLast && step!.lastContinuesRun)
        if isLast {
          step = leaves.next()
          index = 0
          utf8Offset = 0
        } else {
          index += 1
          utf8Offset += Int(descriptor.utf8Count)
        }
        return (descriptor, text[start..<end], endsRun)
      }
    }
  }
}
