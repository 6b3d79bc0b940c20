/// What Backspace and forward delete remove next to a mention or topic.
///
/// ```swift
/// var editor = Editor(catalog: .default)
/// editor.entityDeletion = .whole
/// editor.insert("你好@小明")
/// editor.deleteBackward()
/// editor.document.postText   // "你好"
/// ```
public enum EntityDeletion: String, Hashable, Sendable, CaseIterable {
  /// One character (or cluster, per ``BackspaceMode``) at a time, as everywhere else. The default.
  case characters
  /// Backspace right after a `@mention` or `#topic#`, or forward delete right before one, removes it whole
  /// in one step, as WeChat and QQ do; so does an Android `deleteSurroundingText` that reaches into one from the
  /// selection. Links are still deleted character by character.
  case whole
}

extension Editor {
  /// The mention or topic that ends at `caret`, when ``entityDeletion`` deletes entities whole.
  func wholeEntity(endingAt caret: Int) -> Range<Int>? {
    wholeEntity(around: caret) { $0.upperBound == caret }
  }

  /// The mention or topic that starts at `caret`, when ``entityDeletion`` deletes entities whole.
  func wholeEntity(startingAt caret: Int) -> Range<Int>? {
    wholeEntity(around: caret) { $0.lowerBound == caret }
  }

  /// `leading` (which ends at the selection) and `trailing` (which starts at it), each widened to the whole of
  /// a mention or topic it reaches into, when ``entityDeletion`` deletes entities whole.
  func widenedToWholeEntities(_ leading: Range<Int>, _ trailing: Range<Int>) -> (Range<Int>, Range<Int>) {
    var leading = leading
    var trailing = trailing
    if !leading.isEmpty, let entity = wholeEntity(endingAt: leading.upperBound) {
      leading = min(entity.lowerBound, leading.lowerBound)..<leading.upperBound
    }
    if !trailing.isEmpty, let entity = wholeEntity(startingAt: trailing.lowerBound) {
      trailing = trailing.lowerBound..<max(entity.upperBound, trailing.upperBound)
    }
    return (leading, trailing)
  }

  /// The mention or topic on the line around `caret` whose UTF-16 range satisfies `isWanted`.
  // Note: found by the batch rules on the caret's line (the stretch no entity crosses), not from the runs'
  // entity attributes, so it works whether or not the editor recognizes entities as they are typed, and two
  // mentions written together (`@a@b`, one run) are still two.
  private func wholeEntity(around caret: Int, where isWanted: (Range<Int>) -> Bool) -> Range<Int>? {
    guard entityDeletion == .whole else { return nil }
    let line = document.lineRange(around: caret..<caret)
    let text = document.slice(line).postText
    for match in EntityScanner.entities(in: text, urls: .weibo) where match.kind != .link {
      let lower = line.lowerBound + text.utf16Offset(ofUTF8Offset: match.utf8Range.lowerBound)
      let upper = line.lowerBound + text.utf16Offset(ofUTF8Offset: match.utf8Range.upperBound)
      if isWanted(lower..<upper) { return lower..<upper }
    }
    return nil
  }
}
