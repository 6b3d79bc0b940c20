/// What one press of Backspace removes from text.
public enum BackspaceMode: String, Hashable, Sendable, CaseIterable, Codable {
  /// The rule Android's Backspace and Chromium's editing engine share: a whole emoji sequence, CR LF
  /// together, but one code point of anything else (a combining mark, a Hangul jamo, an Indic vowel sign),
  /// which is what typists of those scripts expect.
  case platform
  /// Exactly one extended grapheme cluster, as UIKit's text views and YYText do.
  case graphemeCluster
}

package enum Backspace {
  /// The UTF-8 offset where the text that one Backspace press removes before `utf8Offset` starts.
  ///
  /// - Precondition: `0 < utf8Offset <= text.utf8.count`, on a scalar boundary.
  package static func deletionStart(before utf8Offset: Int, in text: String, mode: BackspaceMode) -> Int {
    switch mode {
    case .graphemeCluster:
      return GraphemeBreaks.boundary(before: utf8Offset, in: text)
    case .platform:
      let end = text.utf8.index(text.utf8.startIndex, offsetBy: utf8Offset)
      let scalars = text.unicodeScalars[..<end]
      let start = platformDeletionStart(in: scalars)
      return text.utf8.distance(from: text.utf8.startIndex, to: start)
    }
  }

  private enum State {
    case start, lineFeed, beforeKeycap, beforeVariationSelectorAndKeycap, beforeEmojiModifier
    case beforeVariationSelectorAndEmojiModifier, beforeVariationSelector, beforeEmoji, beforeZWJ
    case beforeVariationSelectorAndZWJ, inTagSequence, finished
  }

  /// Walks back from the end of `scalars` by code point (the state machine of Android's
  /// `BaseKeyListener`, with ICU's properties) and returns where the deletion starts.
  // Note: positions are kept as indices, not counts, so no UTF-16 arithmetic is needed.
  private static func platformDeletionStart(in scalars: Substring.UnicodeScalarView) -> String.Index {
    var state = State.start
    var position = scalars.endIndex
    var deletionStart = scalars.endIndex
    // The tag characters seen after a cancel tag, kept apart because without a base only the cancel tag goes.
    var cancelTagStart = scalars.endIndex

    while position > scalars.startIndex && state != .finished {
      let scalarStart = scalars.index(before: position)
      let scalar = scalars[scalarStart]
      position = scalarStart
      switch state {
      case .start:
        deletionStart = scalarStart
        if scalar == "\n" {
          state = .lineFeed
        } else if scalar.icuIsVariationSelector {
          state = .beforeVariationSelector
        } else if scalar.icuIsRegionalIndicator {
          // A flag is a pair: count the run of indicators ending here; an odd run's last one stands alone.
          var runStart = scalarStart
          var runLength = 1
          while runStart > scalars.startIndex, scalars[scalars.index(before: runStart)].icuIsRegionalIndicator {
            runStart = scalars.index(before: runStart)
            runLength += 1
          }
          if runLength.isMultiple(of: 2) { deletionStart = scalars.index(before: scalarStart) }
          state = .finished
        } else if scalar.icuIsEmojiModifier {
          state = .beforeEmojiModifier
        } else if scalar == "\u{20E3}" {
          state = .beforeKeycap
        } else if scalar.icuIsEmoji {
          state = .beforeEmoji
        } else if scalar == "\u{E007F}" {
          cancelTagStart = scalarStart
          state = .inTagSequence
        } else {
          state = .finished
        }
      case .lineFeed:
        if scalar == "\r" { deletionStart = scalarStart }
        state = .finished
      case .beforeKeycap:
        if scalar.icuIsVariationSelector {
          state = .beforeVariationSelectorAndKeycap
        } else {
          if isKeycapBase(scalar) { deletionStart = scalarStart }
          state = .finished
        }
      case .beforeVariationSelectorAndKeycap:
        if isKeycapBase(scalar) { deletionStart = scalarStart }
        state = .finished
      case .beforeEmojiModifier:
        if scalar.icuIsVariationSelector {
          state = .beforeVariationSelectorAndEmojiModifier
        } else if scalar.icuIsEmojiModifierBase {
          deletionStart = scalarStart
          state = .beforeEmoji
        } else {
          state = .finished
        }
      case .beforeVariationSelectorAndEmojiModifier:
        if scalar.icuIsEmojiModifierBase { deletionStart = scalarStart }
        state = .finished
      case .beforeVariationSelector:
        if scalar.icuIsEmoji {
          deletionStart = scalarStart
          state = .beforeEmoji
        } else {
          if !scalar.icuIsVariationSelector && scalar.icuCombiningClass == 0 { deletionStart = scalarStart }
          state = .finished
        }
      case .beforeEmoji:
        state = scalar == "\u{200D}" ? .beforeZWJ : .finished
      case .beforeZWJ:
        if scalar.icuIsEmoji {
          deletionStart = scalarStart
          state = scalar.icuIsEmojiModifier ? .beforeEmojiModifier : .beforeEmoji
        } else if scalar.icuIsVariationSelector {
          state = .beforeVariationSelectorAndZWJ
        } else {
          state = .finished
        }
      case .beforeVariationSelectorAndZWJ:
        if scalar.icuIsEmoji {
          deletionStart = scalarStart
          state = .beforeEmoji
        } else {
          state = .finished
        }
      case .inTagSequence:
        if ("\u{E0020}"..."\u{E007E}").contains(scalar) {
          deletionStart = scalarStart
        } else if scalar.icuIsEmoji {
          deletionStart = scalarStart
          state = .finished
        } else {
          deletionStart = cancelTagStart  // no tag base: only the cancel tag goes
          state = .finished
        }
      case .finished:
        break
      }
    }
    if state == .inTagSequence { deletionStart = cancelTagStart }  // the text began inside the tag sequence
    return deletionStart
  }

  private static func isKeycapBase(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar) || scalar == "#" || scalar == "*"
  }
}

extension Backspace {
  /// ``deletionStart(before:in:mode:)`` on valid UTF-8 read in place (`0 < utf8Offset <= utf8.count`, on a scalar
  /// boundary), deciding from the scalars before the offset without ICU or a `String` where they suffice (see
  /// ``Local``).
  package static func deletionStart(
    before utf8Offset: Int, inUTF8 utf8: UnsafeBufferPointer<UInt8>, mode: BackspaceMode
  ) -> Int {
    if let start = Local.deletionStart(before: utf8Offset, inUTF8: utf8, mode: mode) { return start }
    switch mode {
    case .graphemeCluster: return GraphemeBreaks.boundary(before: utf8Offset, inUTF8: utf8)
    case .platform:
      // Note: Android's rule walks back by scalars on a `String`; only the text before the offset is built.
      let text = String(decoding: UnsafeBufferPointer(rebasing: utf8[..<utf8Offset]), as: UTF8.self)
      return deletionStart(before: utf8Offset, in: text, mode: mode)
    }
  }

  /// Backspace before a scalar that the rules treat alone: what the scalars before the offset decide, or nil.
  ///
  /// In `.platform` mode a scalar of Grapheme_Cluster_Break Other that is not Emoji goes alone: Android's walk
  /// starts anything longer only at a line feed, a variation selector, a regional indicator, an emoji modifier, a
  /// keycap, an Emoji scalar or a cancel tag, and none of those is such a scalar. In `.graphemeCluster` mode it is
  /// the last cluster boundary, when ``GraphemeBreaks/Local`` decides it. `GraphemeLocalBreakTests` compares every
  /// answer with the general path on random text of every script.
  package enum Local {
    @inline(__always)
    package static func deletionStart(
      before utf8Offset: Int, inUTF8 utf8: UnsafeBufferPointer<UInt8>, mode: BackspaceMode
    ) -> Int? {
      switch mode {
      case .graphemeCluster: return GraphemeBreaks.Local.boundary(before: utf8Offset, inUTF8: utf8)
      case .platform:
        let start = GraphemeBreaks.Local.scalarStart(before: utf8Offset, in: utf8)
        let entry = GraphemeTable.shared.withLookup { $0.entry(in: utf8, at: start).entry }
        return GraphemeTable.kind(entry) == .other && entry & GraphemeTable.emoji == 0 ? start : nil
      }
    }
  }
}
