import EmotextTestSupport
import Testing

@testable import Emotext

/// Reading a document in place (`forEachLeafChunk`, `forEachPiece`) against `runs`, `postText` and `slice`, on
/// random documents whose text runs are cut across leaves.
@Suite("Chunk reading")
struct ChunkReadingTests {
  /// A run rebuilt from pieces, with the UTF-16 range the pieces said it spans.
  struct ReadRun: Equatable {
    var run: Run
    var utf16Range: Range<Int>
  }

  /// The pieces of `utf16Range`, joined into runs by `continuesRun` and `endsRun`, checking on the way that
  /// the pieces tile the range and that the two flags agree with each other.
  static func readRuns(_ document: RichText, _ utf16Range: Range<Int>?, _ context: String) -> [ReadRun] {
    var runs: [ReadRun] = []
    var open = false
    var utf16 = utf16Range?.lowerBound ?? 0
    var utf8: Int?
    document.forEachPiece(in: utf16Range) { piece in
      #expect(piece.utf16Start == utf16, "\(context): pieces leave a gap at \(utf16)")
      if let utf8 { #expect(piece.utf8Start == utf8, "\(context): UTF-8 gap at \(utf16)") }
      #expect(!piece.utf8.isEmpty && piece.utf16Count > 0, "\(context): an empty piece at \(utf16)")
      let bytes = String(decoding: piece.utf8, as: UTF8.self)
      let utf16Count = piece.content.isText ? bytes.utf16.count : 1
      #expect(piece.utf16Count == utf16Count, "\(context): the length at \(utf16)")
      if open {
        #expect(piece.continuesRun, "\(context): the run before \(utf16) did not end, but this piece starts one")
        guard case .text(let text, let attributes) = runs[runs.count - 1].run,
          case .text(let pieceAttributes) = piece.content, attributes == pieceAttributes
        else {
          Issue.record("\(context): a piece continues a run it does not match at \(utf16)")
          return false
        }
        runs[runs.count - 1].run = .text(text + bytes, attributes)
        runs[runs.count - 1].utf16Range = runs[runs.count - 1].utf16Range.lowerBound..<(utf16 + piece.utf16Count)
      } else {
        let run: Run
        switch piece.content {
        case .text(let attributes): run = .text(bytes, attributes)
        case .emoticon(let emoticon):
          #expect(piece.utf16Count == 1 && !piece.continuesRun && piece.endsRun, "\(context): attachment at \(utf16)")
          run = .emoticon(EmoticonAttachment(emoticon, token: bytes))
        }
        runs.append(ReadRun(run: run, utf16Range: utf16..<(utf16 + piece.utf16Count)))
      }
      open = !piece.endsRun
      utf16 += piece.utf16Count
      utf8 = piece.utf8Start + piece.utf8.count
      return true
    }
    #expect(utf16 == (utf16Range?.upperBound ?? document.utf16Count), "\(context): pieces end at \(utf16)")
    return runs
  }

  /// The runs of the whole document, with their ranges, from the `runs` view.
  static func expectedRuns(_ document: RichText) -> [ReadRun] {
    var start = 0
    return document.runs.map { run in
      defer { start += run.utf16Count }
      return ReadRun(run: run, utf16Range: start..<(start + run.utf16Count))
    }
  }

  static func randomDocument(_ random: inout SeededGenerator) -> RichText {
    var document = RichText(runs: DocumentTreeTests.randomRuns(&random, count: Int.random(in: 0...200, using: &random)))
    if Bool.random(using: &random) {
      document = BracketTokenizer(catalog: .default).tokenize(document.postText)
    }
    for _ in 0..<Int.random(in: 0...10, using: &random) {
      let lower = document.snapped(Int.random(in: 0...document.utf16Count, using: &random), .backward)
      let upper = document.snapped(Int.random(in: lower...document.utf16Count, using: &random), .forward)
      let count = Int.random(in: 0...20, using: &random)
      document.replaceSubrange(lower..<upper, with: RichText(runs: DocumentTreeTests.randomRuns(&random, count: count)))
    }
    return document
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func piecesOfTheWholeDocumentAreItsRuns(seed: UInt64) {
    print("ChunkReadingTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    for round in 0..<12 {
      let document = Self.randomDocument(&random)
      let context = "seed \(seed), round \(round)"
      #expect(Self.readRuns(document, nil, context) == Self.expectedRuns(document), "\(context)")
      #expect(document.runs.count == Self.expectedRuns(document).count, "\(context)")
    }
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func piecesOfARangeAreItsSlice(seed: UInt64) {
    print("ChunkReadingTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    for round in 0..<8 {
      let document = Self.randomDocument(&random)
      for trial in 0..<15 {
        let context = "seed \(seed), round \(round), trial \(trial)"
        let lower = document.snapped(Int.random(in: 0...document.utf16Count, using: &random), .backward)
        let upper = document.snapped(Int.random(in: lower...document.utf16Count, using: &random), .forward)
        let read = Self.readRuns(document, lower..<upper, context)
        let expected = Self.expectedRuns(document.slice(lower..<upper)).map {
          ReadRun(run: $0.run, utf16Range: ($0.utf16Range.lowerBound + lower)..<($0.utf16Range.upperBound + lower))
        }
        #expect(read == expected, "\(context): \(lower)..<\(upper)")
        guard lower < upper else { continue }
        // The first piece continues a run exactly when the range starts inside a text run, and the last ends
        // its run exactly when the range ends where a run does.
        var first: (continuesRun: Bool, endsRun: Bool)?
        var last: (continuesRun: Bool, endsRun: Bool)?
        document.forEachPiece(in: lower..<upper) { piece in
          if first == nil { first = (piece.continuesRun, piece.endsRun) }
          last = (piece.continuesRun, piece.endsRun)
          return true
        }
        let runAtLower = document.run(containing: lower)
        let runAtEnd = document.run(containing: upper - 1)
        #expect(first?.continuesRun == (runAtLower.utf16Range.lowerBound < lower), "\(context): first piece")
        #expect(last?.endsRun == (runAtEnd.utf16Range.upperBound == upper), "\(context): last piece")
      }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func leafChunksTileTheDocument(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for round in 0..<12 {
      let document = Self.randomDocument(&random)
      let context = "seed \(seed), round \(round)"
      var bytes: [UInt8] = []
      var utf16 = 0
      var scalars = 0
      var ordinal = 0
      var previousLast: RunDescriptor?
      var previousLastContinues = false
      document.forEachLeafChunk { chunk in
        #expect(chunk.ordinal == ordinal && chunk.utf8Start == bytes.count, "\(context): leaf \(ordinal)")
        #expect(chunk.utf16Start == utf16 && chunk.scalarStart == scalars, "\(context): leaf \(ordinal)")
        #expect(chunk.utf8.count == chunk.descriptors.reduce(0) { $0 + Int($1.utf8Count) }, "\(context)")
        let continues = previousLast.map { previous in
          let (before, first) = (chunk.contents[previous.contentIndex.position], chunk.content(of: 0))
          if case .text = before { return before == first }
          return false
        }
        #expect(chunk.firstContinuesRun == (continues ?? false), "\(context): leaf \(ordinal)")
        #expect(chunk.firstContinuesRun == previousLastContinues, "\(context): leaf \(ordinal)")
        bytes.append(contentsOf: chunk.utf8)
        utf16 += chunk.descriptors.reduce(0) { $0 + Int($1.utf16Count) }
        var utf8 = 0
        for descriptor in chunk.descriptors {
          let piece = chunk.utf8[utf8..<(utf8 + Int(descriptor.utf8Count))]
          scalars += descriptor.isText ? String(decoding: piece, as: UTF8.self).unicodeScalars.count : 1
          utf8 += Int(descriptor.utf8Count)
        }
        ordinal += 1
        previousLast = chunk.descriptors.last
        previousLastContinues = chunk.lastContinuesRun
        return true
      }
      #expect(!previousLastContinues, "\(context): the last leaf's run goes on")
      #expect(bytes.elementsEqual(document.postText.utf8), "\(context)")
      #expect(utf16 == document.utf16Count && scalars == document.scalarCount, "\(context)")
      #expect(ordinal == (document.isEmpty ? 0 : document.root.summary.leaves), "\(context)")
    }
  }

  @Test func aLongRunComesInPiecesThatJoinBack() {
    let long = String(repeating: "长", count: 2_000)
    let document = RichText(runs: [
      .text("ab", .plain), .text(long, TextAttributes(entity: .topic)), .text("c", .plain),
    ])
    #expect(document.root.summary.leaves > 2)
    let read = Self.readRuns(document, nil, "long run")
    #expect(read.map(\.run) == Array(document.runs))
    #expect(read.map(\.utf16Range) == [0..<2, 2..<2_002, 2_002..<2_003])
    var pieces = 0
    document.forEachPiece(in: 2..<2_002) { piece in
      pieces += 1
      return true
    }
    #expect(pieces > 1)
    #expect(document.run(containing: 1_000).utf16Range == 2..<2_002)
    #expect(document.runs.index(after: .init(utf16Offset: 2)).utf16Offset == 2_002)
    #expect(document.runs.index(before: .init(utf16Offset: 2_002)).utf16Offset == 2)
  }

  @Test func readingStopsWhenTheBodySaysSo() {
    let document = RichText(
      runs: (0..<50).map { .text("run \($0) ", TextAttributes(entity: $0 % 2 == 0 ? nil : .link)) })
    var pieces = 0
    document.forEachPiece { _ in
      pieces += 1
      return pieces < 3
    }
    #expect(pieces == 3)
    var leaves = 0
    document.forEachLeafChunk { _ in
      leaves += 1
      return false
    }
    #expect(leaves == 1)
  }

  @Test func anEmptyDocumentOrRangeHasNoPieces() {
    var calls = 0
    RichText().forEachPiece { _ in
      calls += 1
      return true
    }
    RichText().forEachLeafChunk { _ in
      calls += 1
      return true
    }
    RichText("abc").forEachPiece(in: 1..<1) { _ in
      calls += 1
      return true
    }
    #expect(calls == 0)
    #expect(RichText().postText.isEmpty && RichText().runs.count == 0)
  }

  @Test func aRangeCutsPiecesOnScalarBoundaries() {
    let document = RichText(runs: [.text("a😀b", .plain), .emoticon(EmoticonAttachment(DocumentTreeTests.haha))])
    var read: [(String, Int, Bool, Bool)] = []
    document.forEachPiece(in: 1..<5) { piece in
      read.append((String(decoding: piece.utf8, as: UTF8.self), piece.utf16Count, piece.continuesRun, piece.endsRun))
      return true
    }
    #expect(read.map(\.0) == ["😀b", "[哈哈]"])
    #expect(read.map(\.1) == [3, 1])
    #expect(read.map(\.2) == [true, false])
    #expect(read.map(\.3) == [true, true])
  }
}

extension RichText.LeafChunk {
  fileprivate func content(of index: Int) -> RunDescriptor.Content {
    contents[descriptors[index].contentIndex.position]
  }
}

extension RunDescriptor.Content {
  fileprivate var isText: Bool {
    if case .text = self { return true }
    return false
  }
}
