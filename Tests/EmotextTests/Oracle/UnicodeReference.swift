import Foundation

@testable import EmotextUnicode

/// Grapheme cluster boundaries and Backspace written from the specifications and the Unicode data files, for the
/// oracles to use instead of the library's ``GraphemeBreaks`` and ``Backspace``: a bug in those rules then shows as
/// a difference instead of being shared by the code and its check.
///
/// The properties come from the Unicode 15.0 files Debian's `unicode-data` package installs in
/// `/usr/share/unicode/` (ICU 72's version), read once: `GraphemeBreakProperty.txt`, `emoji-data.txt`,
/// `PropList.txt` (Variation_Selector) and `UnicodeData.txt` (the canonical combining class). The rules are
/// UAX #29's extended grapheme clusters (rules GB1–GB999 of Unicode 15.0) and the Backspace state machine of
/// Android's `BaseKeyListener.getOffsetForBackspaceKey`, counted in code points instead of UTF-16 units.
/// Everything is computed from scratch on the whole text, a scalar array at a time: slow and plain.
enum UnicodeReference {
  /// UAX #29's Grapheme_Cluster_Break values.
  enum ClusterBreak: UInt8 {
    case other, cr, lf, control, extend, zwj, regionalIndicator, prepend, spacingMark, l, v, t, lv, lvt
  }

  /// One scalar's properties, packed: the cluster break value in the low 4 bits, flags above.
  struct Properties {
    var bits: UInt16
    var clusterBreak: ClusterBreak { ClusterBreak(rawValue: UInt8(bits & 0xF))! }
    var isEmoji: Bool { bits & Self.emoji != 0 }
    var isEmojiModifier: Bool { bits & Self.emojiModifier != 0 }
    var isEmojiModifierBase: Bool { bits & Self.emojiModifierBase != 0 }
    var isExtendedPictographic: Bool { bits & Self.extendedPictographic != 0 }
    var isVariationSelector: Bool { bits & Self.variationSelector != 0 }
    var hasCombiningClassZero: Bool { bits & Self.nonzeroCombiningClass == 0 }
    var isLinkingConsonant: Bool { bits & Self.linkingConsonant != 0 }
    var isLinkingVirama: Bool { bits & Self.linkingVirama != 0 }
    /// Extend with a non-zero combining class, or ZWJ: what may stand around the virama of a conjunct.
    var isExtendWithCombiningClassOrZWJ: Bool {
      (clusterBreak == .extend && !hasCombiningClassZero) || clusterBreak == .zwj
    }

    static let emoji: UInt16 = 1 << 4
    static let emojiModifier: UInt16 = 1 << 5
    static let emojiModifierBase: UInt16 = 1 << 6
    static let extendedPictographic: UInt16 = 1 << 7
    static let variationSelector: UInt16 = 1 << 8
    static let nonzeroCombiningClass: UInt16 = 1 << 9
    static let linkingConsonant: UInt16 = 1 << 10
    static let linkingVirama: UInt16 = 1 << 11
  }

  static let directory = "/usr/share/unicode"

  /// Every code point's properties, indexed by its value.
  // Note: a flat table (2.2 MB) instead of a search, so the fuzz targets that call the oracle stay fast.
  static let table: [UInt16] = {
    var table = [UInt16](repeating: 0, count: 0x11_0000)
    let clusterBreakNames: [String: ClusterBreak] = [
      "CR": .cr, "LF": .lf, "Control": .control, "Extend": .extend, "ZWJ": .zwj,
      "Regional_Indicator": .regionalIndicator, "Prepend": .prepend, "SpacingMark": .spacingMark, "L": .l,
      "V": .v, "T": .t, "LV": .lv, "LVT": .lvt,
    ]
    for (range, value) in ranges(in: "auxiliary/GraphemeBreakProperty.txt") {
      guard let clusterBreak = clusterBreakNames[value] else { fatalError("unknown Grapheme_Cluster_Break \(value)") }
      for scalar in range { table[Int(scalar)] = table[Int(scalar)] & ~0xF | UInt16(clusterBreak.rawValue) }
    }
    let emojiFlags: [String: UInt16] = [
      "Emoji": Properties.emoji, "Emoji_Modifier": Properties.emojiModifier,
      "Emoji_Modifier_Base": Properties.emojiModifierBase, "Extended_Pictographic": Properties.extendedPictographic,
    ]
    for (range, value) in ranges(in: "emoji/emoji-data.txt") {
      guard let flag = emojiFlags[value] else { continue }
      for scalar in range { table[Int(scalar)] |= flag }
    }
    for (range, value) in ranges(in: "PropList.txt") where value == "Variation_Selector" {
      for scalar in range { table[Int(scalar)] |= Properties.variationSelector }
    }
    // The scripts of ICU 72's conjunct rule, and the consonants among them (IndicSyllabicCategory.txt).
    var conjunctScripts = [Bool](repeating: false, count: 0x11_0000)
    let scriptNames: Set = ["Gujarati", "Telugu", "Malayalam", "Oriya", "Bengali", "Devanagari"]
    for (range, value) in ranges(in: "Scripts.txt") where scriptNames.contains(value) {
      for scalar in range { conjunctScripts[Int(scalar)] = true }
    }
    // The linking viramas are Indic_Syllabic_Category=Virama (Unicode 15.1's InCB=Linker), not every combining
    // class 9 scalar: Malayalam's vertical bar and circular viramas (U+0D3B, U+0D3C) are Pure_Killer and link nothing.
    for (range, value) in ranges(in: "IndicSyllabicCategory.txt") {
      let property =
        value == "Consonant" ? Properties.linkingConsonant : value == "Virama" ? Properties.linkingVirama : 0
      for scalar in range where conjunctScripts[Int(scalar)] { table[Int(scalar)] |= property }
    }
    // UnicodeData.txt: "0301;COMBINING ACUTE ACCENT;Mn;230;…"; the ranges written as First/Last pairs all have
    // class 0, which is also the default.
    for line in lines(of: "UnicodeData.txt") {
      let fields = line.split(separator: ";", omittingEmptySubsequences: false)
      guard fields.count > 3, fields[3] != "0", let scalar = UInt32(fields[0], radix: 16) else { continue }
      table[Int(scalar)] |= Properties.nonzeroCombiningClass
    }
    return table
  }()

  static func properties(_ scalar: Unicode.Scalar) -> Properties { Properties(bits: table[Int(scalar.value)]) }

  /// The lines of a file under ``directory``; a missing file stops the program, naming the package to install.
  private static func lines(of file: String) -> [Substring] {
    let path = "\(directory)/\(file)"
    guard let data = FileManager.default.contents(atPath: path) else {
      fatalError("\(path) is missing: apt-get install -y unicode-data (the oracles' Unicode properties)")
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n")
  }

  /// The `XXXX..YYYY ; Value # comment` lines of a property file.
  private static func ranges(in file: String) -> [(ClosedRange<UInt32>, String)] {
    lines(of: file).compactMap { line in
      let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let fields = content.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count >= 2 else { return nil }
      let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
      guard let low = UInt32(bounds[0], radix: 16), let high = UInt32(bounds.last!, radix: 16) else {
        fatalError("unreadable line in \(file): \(line)")
      }
      return (low...high, fields[1])
    }
  }

  // MARK: Grapheme clusters (UAX #29, Unicode 15.0, and ICU 72's conjunct rule)

  /// The scalar indices where an extended grapheme cluster starts or the text ends: 0 (for non-empty text) and
  /// `scalars.count` included.
  ///
  /// The rules are Unicode 15.0's, plus the one ICU 72 adds ahead of Unicode 15.1's GB9c (which the library
  /// follows, as ICU is its definition): no break in `LinkingConsonant ExtCccZwj* Virama ExtCccZwj* ×
  /// LinkingConsonant`, where a linking consonant is an Indic_Syllabic_Category=Consonant and a virama an
  /// Indic_Syllabic_Category=Virama of Devanagari, Bengali, Gujarati, Oriya, Telugu or Malayalam, and ExtCccZwj is
  /// Extend with a non-zero combining class, or ZWJ.
  static func clusterBoundaries(in scalars: [Unicode.Scalar]) -> [Int] {
    guard !scalars.isEmpty else { return [0] }
    var result = [0]
    let breaks = scalars.map { properties($0) }
    // GB11: whether the text before the current position ends with ExtPict Extend* ZWJ (`pictographicZWJ`),
    // or with ExtPict Extend* (`pictographicRun`). GB12/13: the regional indicators right before it.
    var pictographicRun = breaks[0].isExtendedPictographic
    var pictographicZWJ = false
    var regionalIndicators = breaks[0].clusterBreak == .regionalIndicator ? 1 : 0
    // The conjunct rule: 1 after a linking consonant (and ExtCccZwj), 2 once a virama followed it, else 0.
    var conjunct = breaks[0].isLinkingConsonant ? 1 : 0
    for index in 1..<scalars.count {
      let before = breaks[index - 1].clusterBreak
      let after = breaks[index].clusterBreak
      let joinsConjunct = conjunct == 2 && breaks[index].isLinkingConsonant
      if !joinsConjunct
        && isBoundary(
          between: before, and: after, afterIsPictographic: breaks[index].isExtendedPictographic,
          pictographicZWJ: pictographicZWJ, regionalIndicators: regionalIndicators)
      {
        result.append(index)
      }
      if breaks[index].isLinkingConsonant {
        conjunct = 1
      } else if conjunct != 0 && breaks[index].isLinkingVirama {
        conjunct = 2
      } else if conjunct != 0 && breaks[index].isExtendWithCombiningClassOrZWJ {
        // stays
      } else {
        conjunct = 0
      }
      pictographicZWJ = pictographicRun && after == .zwj
      if breaks[index].isExtendedPictographic {
        pictographicRun = true
      } else if after != .extend {
        pictographicRun = false
      }
      regionalIndicators = after == .regionalIndicator ? regionalIndicators + 1 : 0
    }
    result.append(scalars.count)
    return result
  }

  private static func isBoundary(
    between before: ClusterBreak, and after: ClusterBreak, afterIsPictographic: Bool, pictographicZWJ: Bool,
    regionalIndicators: Int
  ) -> Bool {
    if before == .cr && after == .lf { return false }  // GB3
    if before == .control || before == .cr || before == .lf { return true }  // GB4
    if after == .control || after == .cr || after == .lf { return true }  // GB5
    if before == .l && [.l, .v, .lv, .lvt].contains(after) { return false }  // GB6
    if (before == .lv || before == .v) && (after == .v || after == .t) { return false }  // GB7
    if (before == .lvt || before == .t) && after == .t { return false }  // GB8
    if after == .extend || after == .zwj { return false }  // GB9
    if after == .spacingMark { return false }  // GB9a
    if before == .prepend { return false }  // GB9b
    if pictographicZWJ && afterIsPictographic { return false }  // GB11
    if after == .regionalIndicator && regionalIndicators % 2 == 1 { return false }  // GB12, GB13
    return true  // GB999
  }

  // MARK: Backspace

  /// The scalar index where the text one Backspace press removes before `end` starts.
  ///
  /// - `.graphemeCluster`: the start of the cluster that ends at or contains `end - 1`.
  /// - `.platform`: Android's `getOffsetForBackspaceKey`, transcribed state for state. One deliberate
  ///   difference, which the library documents: when the text starts inside a tag sequence (tags and a cancel
  ///   tag with no base before them), only the cancel tag goes, as when a non-emoji precedes the tags; Android
  ///   removes all the tags then.
  static func backspaceStart(before end: Int, in scalars: [Unicode.Scalar], mode: BackspaceMode) -> Int {
    precondition(end > 0 && end <= scalars.count, "nothing before \(end) to delete")
    switch mode {
    case .graphemeCluster:
      return clusterBoundaries(in: scalars).last { $0 < end }!
    case .platform:
      return end - platformDeleteCount(before: end, in: scalars)
    }
  }

  private enum AndroidState {
    case start, lf, beforeKeycap, beforeVSAndKeycap, beforeEmojiModifier, beforeVSAndEmojiModifier, beforeVS
    case beforeEmoji, beforeZWJ, beforeVSAndZWJ, oddNumberedRIs, evenNumberedRIs, inTagSequence, finished
  }

  /// How many code points one press removes before `end` (Android counts UTF-16 units; every step below adds
  /// whole code points, so the count carries over).
  private static func platformDeleteCount(before end: Int, in scalars: [Unicode.Scalar]) -> Int {
    var deleteCount = 0
    var lastSeenVSCount = 0
    var state = AndroidState.start
    var offset = end
    repeat {
      offset -= 1
      let codePoint = scalars[offset]
      let property = properties(codePoint)
      switch state {
      case .start:
        deleteCount = 1
        if codePoint == "\n" {
          state = .lf
        } else if property.isVariationSelector {
          state = .beforeVS
        } else if isRegionalIndicatorSymbol(codePoint) {
          state = .oddNumberedRIs
        } else if property.isEmojiModifier {
          state = .beforeEmojiModifier
        } else if codePoint == "\u{20E3}" {
          state = .beforeKeycap
        } else if property.isEmoji {
          state = .beforeEmoji
        } else if codePoint == "\u{E007F}" {
          state = .inTagSequence
        } else {
          state = .finished
        }
      case .lf:
        if codePoint == "\r" { deleteCount += 1 }
        state = .finished
      case .oddNumberedRIs:
        if isRegionalIndicatorSymbol(codePoint) {
          deleteCount += 1
          state = .evenNumberedRIs
        } else {
          state = .finished
        }
      case .evenNumberedRIs:
        if isRegionalIndicatorSymbol(codePoint) {
          deleteCount -= 1
          state = .oddNumberedRIs
        } else {
          state = .finished
        }
      case .beforeKeycap:
        if property.isVariationSelector {
          lastSeenVSCount = 1
          state = .beforeVSAndKeycap
        } else {
          if isKeycapBase(codePoint) { deleteCount += 1 }
          state = .finished
        }
      case .beforeVSAndKeycap:
        if isKeycapBase(codePoint) { deleteCount += lastSeenVSCount + 1 }
        state = .finished
      case .beforeEmojiModifier:
        if property.isVariationSelector {
          lastSeenVSCount = 1
          state = .beforeVSAndEmojiModifier
        } else if property.isEmojiModifierBase {
          deleteCount += 1
          state = .beforeEmoji
        } else {
          state = .finished
        }
      case .beforeVSAndEmojiModifier:
        if property.isEmojiModifierBase { deleteCount += lastSeenVSCount + 1 }
        state = .finished
      case .beforeVS:
        if property.isEmoji {
          deleteCount += 1
          state = .beforeEmoji
        } else {
          if !property.isVariationSelector && property.hasCombiningClassZero { deleteCount += 1 }
          state = .finished
        }
      case .beforeEmoji:
        state = codePoint == "\u{200D}" ? .beforeZWJ : .finished
      case .beforeZWJ:
        if property.isEmoji {
          deleteCount += 1 + 1  // and the ZWJ
          state = property.isEmojiModifier ? .beforeEmojiModifier : .beforeEmoji
        } else if property.isVariationSelector {
          lastSeenVSCount = 1
          state = .beforeVSAndZWJ
        } else {
          state = .finished
        }
      case .beforeVSAndZWJ:
        if property.isEmoji {
          deleteCount += lastSeenVSCount + 1 + 1  // and the ZWJ
          lastSeenVSCount = 0
          state = .beforeEmoji
        } else {
          state = .finished
        }
      case .inTagSequence:
        if ("\u{E0020}"..."\u{E007E}").contains(codePoint) {
          deleteCount += 1
        } else if property.isEmoji {
          deleteCount += 1
          state = .finished
        } else {
          deleteCount = 1  // no tag base: only the cancel tag
          state = .finished
        }
      case .finished:
        break
      }
    } while offset > 0 && state != .finished
    if state == .inTagSequence { deleteCount = 1 }  // the text began inside the tag sequence (see above)
    return deleteCount
  }

  private static func isRegionalIndicatorSymbol(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  private static func isKeycapBase(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar) || scalar == "#" || scalar == "*"
  }

  // MARK: On UTF-8 offsets into a String

  /// The UTF-8 offset of each scalar of `text`, and the text's UTF-8 count last.
  private static func utf8Starts(of scalars: [Unicode.Scalar]) -> [Int] {
    var starts = [0]
    starts.reserveCapacity(scalars.count + 1)
    for scalar in scalars { starts.append(starts.last! + UTF8.width(scalar)) }
    return starts
  }

  /// Every cluster boundary of `text` after 0, in UTF-8 offsets, ascending; the last is `text.utf8.count`.
  static func clusterBoundaries(in text: String) -> [Int] {
    #if EMOTEXT_FUZZ
      let utf8Count = text.utf8.count
      for memo in recentBoundaries where memo.text.utf8.count == utf8Count && memo.text.utf8.elementsEqual(text.utf8) {
        return memo.boundaries
      }
    #endif
    let scalars = Array(text.unicodeScalars)
    guard !scalars.isEmpty else { return [] }
    let starts = utf8Starts(of: scalars)
    let boundaries = Array(clusterBoundaries(in: scalars).dropFirst().map { starts[$0] })
    #if EMOTEXT_FUZZ
      if recentBoundaries.count < recentBoundariesLimit {
        recentBoundaries.append((text, boundaries))
      } else {
        recentBoundaries[nextReplaced] = (text, boundaries)
        nextReplaced = (nextReplaced + 1) % recentBoundariesLimit
      }
    #endif
    return boundaries
  }

  #if EMOTEXT_FUZZ
    /// The fuzz binary's memo of the last texts asked about (compared byte for byte) and their boundaries: the
    /// array-of-runs oracle asks about the same runs' texts several times a step, and about the runs of two
    /// documents (the editor's and the one edited directly) in turn, and a full comparison about every run
    /// several times. The fuzz binary checks one input at a time, on one thread; the tests, which run in parallel,
    /// do not keep it.
    nonisolated(unsafe) private static var recentBoundaries: [(text: String, boundaries: [Int])] = []
    /// The entry the next new text replaces once the memo is full (the oldest).
    nonisolated(unsafe) private static var nextReplaced = 0
    private static let recentBoundariesLimit = 16
  #endif

  /// The UTF-8 offset where the text one Backspace press removes before `utf8Offset` starts.
  ///
  /// - Precondition: `0 < utf8Offset <= text.utf8.count`, on a scalar boundary.
  static func backspaceStart(before utf8Offset: Int, in text: String, mode: BackspaceMode) -> Int {
    let scalars = Array(text.unicodeScalars)
    let starts = utf8Starts(of: scalars)
    guard let end = starts.firstIndex(of: utf8Offset), end > 0 else {
      preconditionFailure("UTF-8 offset \(utf8Offset) is not after a scalar of the text")
    }
    return starts[backspaceStart(before: end, in: scalars, mode: mode)]
  }
}
