import EmotextUnicode

/// One line of text laid out in visual order by the Unicode Bidirectional Algorithm (UAX #9, through ICU's
/// `ubidi`), for a program that draws text itself: a terminal, a game engine, a canvas.
///
/// The text is taken as one paragraph laid out as one line. Its direction comes from its first strong character
/// (rules P2 and P3) unless one is given. Emoticon attachments take part as U+FFFC does (a neutral), and every
/// offset is logical, in UTF-16 units, as everywhere in Emotext: a caret, a selection and an edit never see the
/// visual order. Draw ``visualClusters`` from left to right, each cluster's scalars mirrored by rule L4 when it
/// is right-to-left (``mirroredText(of:)``), so `(` in Arabic text shows as `)`.
///
/// ```swift
/// let line = BidiLine("abc שלום!")
/// line.isRightToLeft          // false: the first strong character is "a"
/// line.visualText             // "abc !םולש"
/// let hebrew = BidiLine("שלום (abc)")
/// hebrew.isRightToLeft        // true
/// hebrew.visualText           // "(abc) םולש"
/// ```
public struct BidiLine: Hashable, Sendable {
  /// The paragraph direction the algorithm starts from.
  public enum Direction: Hashable, Sendable {
    /// Rules P2 and P3: the direction of the first strong character, left-to-right when there is none.
    case firstStrong
    /// Left-to-right (paragraph level 0).
    case leftToRight
    /// Right-to-left (paragraph level 1).
    case rightToLeft
  }

  /// One grapheme cluster (or attachment) of the line, where it is in the text and at which level it is drawn.
  public struct Cluster: Hashable, Sendable {
    /// Where the cluster is in the text, in UTF-16 units (logical).
    public let utf16Range: Range<Int>
    /// The embedding level of its first unit; odd is right-to-left.
    public let level: UInt8
    /// Whether the cluster is drawn right to left (its glyphs mirrored by rule L4).
    public var isRightToLeft: Bool { level % 2 == 1 }
  }

  /// The line's text; an attachment is U+FFFC.
  public let text: String
  /// 0 for a left-to-right paragraph, 1 for a right-to-left one.
  public let paragraphLevel: Int
  /// The resolved embedding level of each UTF-16 unit of ``text`` (rules X1–I2 and L1); odd is right-to-left.
  /// Units that rule X9 removes (embedding controls, boundary neutrals) get ICU's level for them, the level of
  /// the unit before.
  public let levels: [UInt8]
  /// The logical UTF-16 offset of the unit at each visual position, from left to right (rule L2), every unit
  /// included.
  public let visualOrder: [Int]
  /// The grapheme clusters (ICU's boundaries; an attachment is one) in visual order, from left to right; a
  /// cluster is never split.
  public let visualClusters: [Cluster]

  /// Whether the paragraph is right-to-left.
  public var isRightToLeft: Bool { paragraphLevel == 1 }

  /// Lays out `text` (one line: a line break in it is taken as a paragraph separator of the same paragraph).
  /// - Complexity: O(*n*) in the length of `text`.
  public init(_ text: String, direction: Direction = .firstStrong) {
    self.text = text
    let resolution = BidiResolver.resolve(Array(text.utf16), direction: direction.resolverDirection)
    paragraphLevel = resolution.paragraphLevel
    levels = resolution.levels
    visualOrder = resolution.visualOrder
    var clusters: [Cluster] = []
    var utf16Offset = 0
    for cluster in text.graphemeClusters {
      let count = cluster.utf16.count
      clusters.append(Cluster(utf16Range: utf16Offset..<utf16Offset + count, level: levels[utf16Offset]))
      utf16Offset += count
    }
    visualClusters = BidiResolver.visualOrder(levels: clusters.map(\.level)).map { clusters[$0] }
  }

  /// Lays out one line of a document, each attachment as U+FFFC.
  public init(_ line: RichText, direction: Direction = .firstStrong) {
    var text = ""
    for run in line.runs {
      switch run {
      case .text(let string, _): text += string
      case .emoticon: text += "\u{FFFC}"
      }
    }
    self.init(text, direction: direction)
  }

  /// The text of `cluster` as drawn: mirrored by rule L4 (`(` ↔ `)`, `«` ↔ `»`) when it is right-to-left.
  public func mirroredText(of cluster: Cluster) -> String {
    let utf16 = text.utf16
    let start = utf16.index(utf16.startIndex, offsetBy: cluster.utf16Range.lowerBound)
    let end = utf16.index(start, offsetBy: cluster.utf16Range.count)
    let string = String(text[start..<end])
    return cluster.isRightToLeft ? BidiResolver.mirrored(string) : string
  }

  /// The line as drawn from left to right: ``visualClusters`` joined, each right-to-left one mirrored.
  public var visualText: String { visualClusters.map { mirroredText(of: $0) }.joined() }
}

extension BidiLine.Direction {
  var resolverDirection: BidiResolver.Direction {
    switch self {
    case .firstStrong: .firstStrong
    case .leftToRight: .leftToRight
    case .rightToLeft: .rightToLeft
    }
  }
}
