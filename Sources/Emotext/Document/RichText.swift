/// Text mixed with emoticon attachments: the document a composer edits and a renderer draws.
///
/// ```swift
/// var text = RichText("今天好开心")
/// text.append(RichText(attachment: EmoticonAttachment(haha)))
/// text.utf16Count   // 6: the attachment is one unit, like U+FFFC
/// text.postText     // "今天好开心[哈哈]"
/// ```
///
/// Positions are UTF-16 offsets (what UIKit's `selectedRange`, Android and JavaScript use), with each
/// attachment exactly one unit wide. Documents are canonical: no empty text runs and no two adjacent
/// text runs with equal attributes, so `==` means "same content".
public struct RichText: Hashable, Sendable {
  /// The runs, canonical.
  ///
  /// Setting them recomputes every run's UTF-16 length; edits inside the module go through
  /// `replaceRuns(_:with:)`, which updates only what changed.
  public internal(set) var runs: [Run] {
    get { runStorage }
    set {
      runStorage = newValue
      runUTF16Ends = Self.utf16Ends(of: newValue)
    }
  }

  /// The runs (see ``runs``).
  // Note: internal so `replaceRuns(_:with:)` can keep the two arrays in step; nothing else writes them.
  var runStorage: [Run]
  /// Where each run ends, in UTF-16 units from the start of the document, so a UTF-16 offset finds its
  /// run by binary search instead of a walk over every run.
  var runUTF16Ends: [Int]

  /// An empty document.
  public init() {
    runStorage = []
    runUTF16Ends = []
  }

  /// A document of one text run (not tokenized: `[哈哈]` stays text; see ``BracketTokenizer``).
  public init(_ text: String, attributes: TextAttributes = .plain) {
    self.init()
    if !text.isEmpty { appendCoalescing(.text(text, attributes)) }
  }

  /// A document of one emoticon attachment.
  public init(attachment: EmoticonAttachment) {
    self.init()
    appendCoalescing(.emoticon(attachment))
  }

  /// A document of `runs`, made canonical (empty runs dropped, equal neighbours joined).
  public init(runs: some Sequence<Run>) {
    self.init()
    for run in runs { appendCoalescing(run) }
  }

  /// Whether the document has no runs.
  public var isEmpty: Bool { runs.isEmpty }

  /// The length in UTF-16 code units, each attachment counting 1.
  /// - Complexity: O(1).
  public var utf16Count: Int { runUTF16Ends.last ?? 0 }

  /// The text sent to the server: each text run as it is, each attachment as its token.
  public var postText: String {
    var result = ""
    // Note: one allocation of the final size instead of a doubling one (measured: 64 MB documents
    // serialized at a third of the speed of 1 MB ones without it).
    result.reserveCapacity(runStorage.reduce(0) { $0 + $1.postText.utf8.count })
    for run in runStorage { result += run.postText }
    return result
  }

  /// Appends `other`, joining the seam if needed.
  public mutating func append(_ other: RichText) {
    for run in other.runs { appendCoalescing(run) }
  }

  private mutating func appendCoalescing(_ run: Run) {
    if case .text(let text, let attributes) = run {
      if text.isEmpty { return }
      if case .text(var previous, attributes)? = runStorage.last {
        // Note: drops the array's reference so the append is in place.
        runStorage[runStorage.count - 1] = .text("", attributes)
        previous += text
        runStorage[runStorage.count - 1] = .text(previous, attributes)
        runUTF16Ends[runUTF16Ends.count - 1] += text.utf16.count
        return
      }
    }
    runStorage.append(run)
    runUTF16Ends.append(utf16Count + run.utf16Count)
  }
}

extension RichText: ExpressibleByStringLiteral {
  /// Plain text, not tokenized.
  public init(stringLiteral value: String) { self.init(value) }
}
