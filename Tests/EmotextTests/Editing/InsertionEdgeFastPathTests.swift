import EmotextTestSupport
import Testing

@testable import Emotext

/// Text typed in place knows its edges (`RichText.InsertionEdges`): after an attachment or at the document's start,
/// text without `[` completes no bracket token, so canonicalization is skipped; and before an attachment, at the
/// document's end or where the scalars on either side decide it, the caret after it is a cluster boundary, so it is
/// not snapped. The editor with those shortcuts against one that looks again (`trustsInsertionEdges` off), on random
/// typing of every script and emoji piece, bracket pieces and emoticons, at random carets in documents full of
/// attachments, with both catalogs of `CanonicalFastPathTests`: after every step the two editors must have the same
/// document, selection and ``Editor/lastChange``.
@Suite("Typing: the insertion's edges against looking again")
struct InsertionEdgeFastPathTests {
  /// What is typed: the canonicalization tests' pieces (brackets, tokens whole and cut) and single scalars that join
  /// the clusters around them (marks, joiners, selectors, skin tones, flags' halves, Hangul jamo, a Prepend).
  static let joiners = [
    "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{1F1E8}", "\u{1F1F3}", "\u{1100}", "\u{1161}", "\u{11A8}",
    "\u{0600}", "\u{094D}", "\u{0915}", "e", "👩", "\u{E0067}",
  ]

  @Test(arguments: 0..<2) func edgesAgreeWithLookingAgain(catalog: Int) {
    let tokenizer = CanonicalFastPathTests.tokenizers[catalog]
    let pieces = CanonicalFastPathTests.pieces(tokenizer) + Self.joiners
    let emoticons = tokenizer.catalog.packs.flatMap(\.emoticons).filter {
      if case .image = $0.kind { true } else { false }
    }
    let tokens = tokenizer.catalog.tokens.keys.filter { $0.count >= 4 }.sorted()
    var random = SeededGenerator(seed: 0x6564_6765_7374_7970 &+ UInt64(catalog))
    var atHardEdge = 0
    var knownBoundaries = 0
    for _ in 0..<150 {
      let document = CanonicalFastPathTests.document(&random, tokenizer: tokenizer, pieces: pieces)
      var fast = Editor(document: document, tokenizer: tokenizer)
      var general = fast
      general.trustsInsertionEdges = false
      for step in 0..<40 {
        let action = Int.random(in: 0..<10, using: &random)
        let caret = fast.document.randomScalarRange(using: &random).lowerBound
        let emoticon = emoticons.randomElement(using: &random)!
        let piece =
          Bool.random(using: &random)
          ? pieces.randomElement(using: &random)! : GraphemeLocalBreakTests.text(&random)
        // A catalog token cut where one character is missing, typed at the end; then the character typed in the gap
        // (inside text, not at a hard edge) completes it.
        let token = Array(tokens.randomElement(using: &random)!)
        let gap = Int.random(in: 1..<(token.count - 1), using: &random)
        let cut = String(token[..<gap] + token[(gap + 1)...])
        if action >= 4 && action < 9 && !piece.contains("[") && fast.startsAtHardEdge { atHardEdge += 1 }
        for index in 0..<2 {
          func apply(_ editor: inout Editor) {
            switch action {
            case 0: editor.select(caret..<caret)
            case 1...2: editor.insert(emoticon: emoticon)
            case 3: editor.deleteBackward()
            case 9:
              let end = editor.document.utf16Count
              editor.select(end..<end)
              editor.insert(cut)
              let seam = end + String(token[..<gap]).utf16.count
              editor.select(seam..<seam)
              editor.insert(String(token[gap]))
            default: editor.insert(piece)
            }
          }
          if index == 0 { apply(&fast) } else { apply(&general) }
        }
        if action >= 4 && action < 9 && fast.caretKnownOnBoundary != nil { knownBoundaries += 1 }
        #expect(Array(fast.document.runs) == Array(general.document.runs), "step \(step)")
        #expect(fast.selection == general.selection, "step \(step)")
        #expect(fast.lastChange == general.lastChange, "step \(step)")
        if Array(fast.document.runs) != Array(general.document.runs) || fast.selection != general.selection { return }
      }
    }
    // Note: the shortcuts must be taken often, or the test compares nothing.
    #expect(atHardEdge > 500, "\(atHardEdge) insertions at a hard edge")
    #expect(knownBoundaries > 1_000, "\(knownBoundaries) carets known on a boundary")
  }
}

extension Editor {
  /// Whether the caret is at the document's start or right after an attachment (what `InsertionEdges` calls a hard
  /// edge), read naively from the runs.
  fileprivate var startsAtHardEdge: Bool {
    guard selection.isEmpty else { return false }
    guard caret > 0 else { return true }
    var offset = 0
    for run in document.runs {
      offset += run.utf16Count
      if offset == caret { return run.isEmoticon }
      if offset > caret { return false }
    }
    return false
  }
}
