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
  public internal(set) var runs: [Run]

  /// An empty document.
  public init() { runs = [] }

  /// A document of one text run (not tokenized: `[哈哈]` stays text; see ``BracketTokenizer``).
  public init(_ text: String, attributes: TextAttributes = .plain) {
    runs = text.isEmpty ? [] : [.text(text, attributes)]
  }

  /// A document of one emoticon attachment.
  public init(attachment: EmoticonAttachment) { runs = [.emoticon(attachment)] }

  /// A document of `runs`, made canonical (empty runs dropped, equal neighbours joined).
  public init(runs: some Sequence<Run>) {
    self.runs = []
    for run in runs { appendCoalescing(run) }
  }

  /// Whether the document has no runs.
  public var isEmpty: Bool { runs.isEmpty }

  /// The length in UTF-16 code units, each attachment counting 1.
  /// - Complexity: O(*n*) in the number of runs.
  public var utf16Count: Int { runs.reduce(0) { $0 + $1.utf16Count } }

  /// The text sent to the server: each text run as it is, each attachment as its token.
  public var postText: String {
    var result = ""
    for run in runs { result += run.postText }
    return result
  }

  /// Appends `other`, joining the seam if needed.
  public mutating func append(_ other: RichText) {
    for run in other.runs { appendCoalescing(run) }
  }

  private mutating func appendCoalescing(_ run: Run) {
    if case .text(let text, let attributes) = run {
      if text.isEmpty { return }
      if case .text(var previous, attributes)? = runs.last {
        runs[runs.count - 1] = .text("", attributes)  // Note: drops the array's reference so the append is in place.
        previous += text
        runs[runs.count - 1] = .text(previous, attributes)
        return
      }
    }
    runs.append(run)
  }
}

extension RichText: ExpressibleByStringLiteral {
  /// Plain text, not tokenized.
  public init(stringLiteral value: String) { self.init(value) }
}
