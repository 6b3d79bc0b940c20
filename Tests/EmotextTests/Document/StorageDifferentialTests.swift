import EmotextTestSupport
import Testing

@testable import Emotext

/// The document against the array-of-runs oracle (`Tests/EmotextTests/Oracle/`): random
/// edit scripts through ``StorageProperty``, the check the `storage` fuzz target runs.
@Suite("Storage against the array-of-runs oracle") struct StorageDifferentialTests {
  @Test(arguments: Array(1...6) as [UInt64])
  func randomScriptsAgreeWithTheOracle(seed: UInt64) {
    print("StorageDifferentialTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    // Note: about three bytes a step, so a few hundred steps per seed.
    let bytes = (0..<900).map { _ in UInt8.random(in: 0...255, using: &random) }
    #expect(throws: Never.self, "seed \(seed)") { try StorageProperty.check(bytes) }
  }

  /// Edits that form a token around the caret, where the editor's local re-tokenizing and caret mapping do
  /// their work, against the oracle, which tokenizes every text run again and carries the caret by its post-text
  /// offset: typing the `[` or `]` that completes a token (the caret lands after the attachment), deleting what
  /// separated its halves, pasting over one, undoing and redoing each.
  @Test(
    arguments: [
      ("a哈哈]b", 1..<1, "["), ("a[哈哈b", 4..<4, "]"), ("[微x笑]", 2..<3, ""), ("[微x笑]", 3..<3, nil),
      ("[a][a", 3..<3, "]x[ab"), ("x[a]y", 0..<5, "[哈哈]"), ("[[ab]]", 3..<4, ""), ("[a]A]", 3..<4, nil),
    ] as [(String, Range<Int>, String?)])
  func tokensFormingAroundTheCaretAgreeWithTheOracle(start: String, range: Range<Int>, typed: String?) {
    let catalog = FuzzCatalogs.small
    let tokenizer = BracketTokenizer(catalog: catalog)
    var editor = Editor(document: tokenizer.tokenize(start), catalog: catalog)
    var oracle = ArrayEditor(document: StorageProperty.oracleTokenize(start, tokenizer), catalog: catalog)
    func agree(_ step: String) {
      #expect(Array(editor.document.runs) == oracle.document.runs, "\(start) \(step)")
      #expect(editor.selection == oracle.selection, "\(start) \(step)")
    }
    editor.select(range)
    oracle.select(range)
    agree("select")
    if let typed {
      editor.insert(typed)
      oracle.insert(typed)
    } else {
      editor.deleteBackward()
      oracle.deleteBackward()
    }
    agree("edit")
    editor.undo()
    oracle.undo()
    agree("undo")
    editor.redo()
    oracle.redo()
    agree("redo")
  }

  @Test func theCheckRejectsADifference() {
    // The oracle itself would pass; a document that differs must not.
    var oracle = ArrayRichText("ab")
    oracle.append(ArrayRichText("c"))
    #expect(RichText("abc") == RichText(runs: oracle.runs))
    #expect(RichText("abd") != RichText(runs: oracle.runs))
  }
}
