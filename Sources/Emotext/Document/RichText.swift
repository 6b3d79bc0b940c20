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
///
/// The post text is stored once, as UTF-8, in the leaves of a B-tree whose nodes sum up their lengths
/// (see <doc:DocumentModel#Storage>): a position is found, and an edit made, in O(log *n*), and a post is a
/// single leaf that shares the bytes of the string it was tokenized from.
public struct RichText: Sendable {
  /// The tree; a leaf when the document is small.
  var root: Node
  /// The attribute sets and emoticons the tree's descriptors refer to.
  var contents: RunContentTable

  init(root: Node, contents: RunContentTable) {
    self.root = root
    self.contents = contents
  }

  /// The document `builder` built.
  init(_ builder: consuming LeafBuilder) {
    root = builder.finishTree()
    contents = builder.contents
  }

  /// An empty document.
  public init() { self.init(root: .empty, contents: .plain) }

  /// A document of one text run (not tokenized: `[哈哈]` stays text; see ``BracketTokenizer``).
  ///
  /// The document shares `text`'s bytes until it is edited.
  public init(_ text: String, attributes: TextAttributes = .plain) {
    // Note: plain text that fits one leaf (a typed key) is that leaf, without a builder.
    if attributes.isPlain, let leaf = Leaf(wholeText: text) {
      self.init(root: .leaf(leaf), contents: .plain)
      return
    }
    self.init(building: text, attributes: attributes)
  }

  /// ``init(_:attributes:)`` through a `LeafBuilder`: the general path.
  init(building text: String, attributes: TextAttributes) {
    var builder = LeafBuilder(slicing: text)
    var source = text
    source.withUTF8 { builder.appendText(sourceRange: 0..<$0.count, of: $0, attributes: attributes) }
    self.init(consume builder)
  }

  /// A document of one emoticon attachment.
  public init(attachment: EmoticonAttachment) {
    var contents = RunContentTable()
    let content = contents.index(of: .emoticon(attachment.emoticon))
    self.init(attachmentToken: attachment.token, content: content, sharing: contents)
  }

  /// A document of one attachment written as `token`, whose emoticon is `content` in `table`. Given a document's table
  /// (the emoticon added to it first, in place), the attachment then goes into that document with no lookup of its
  /// content (what inserting an emoticon pastes, every time).
  init(attachmentToken token: String, content: RunContentIndex, sharing table: RunContentTable) {
    // Note: its one leaf made directly, not by a `LeafBuilder`.
    let descriptor = RunDescriptor(utf8Count: Int32(token.utf8.count), utf16Count: 1, contentIndex: content)
    self.init(
      root: .leaf(Leaf(text: token[...], descriptors: [descriptor], utf16Count: 1, scalarCount: 1)), contents: table)
  }

  /// A document of `runs`, made canonical (empty runs dropped, equal neighbours joined).
  public init(runs: some Sequence<Run>) {
    var builder = LeafBuilder()
    for run in runs {
      switch run {
      case .text(let text, let attributes): builder.appendText(text[...], attributes: attributes)
      case .emoticon(let attachment): builder.appendAttachment(attachment.emoticon, token: attachment.token[...])
      }
    }
    self.init(consume builder)
  }

  /// Whether the document's text may hold a `[` (where a bracket token starts): false only for a document of one leaf
  /// without one (what typing inserts).
  var mayHoldOpenBracket: Bool {
    guard case .leaf(let leaf) = root else { return true }
    var text = leaf.text
    return text.withUTF8 { $0.contains(UInt8(ascii: "[")) }
  }

  /// Whether the document has no runs.
  public var isEmpty: Bool { root.summary.utf8 == 0 }

  /// Whether the document is one attachment and nothing else.
  var isOneAttachment: Bool {
    guard case .leaf(let leaf) = root, leaf.descriptors.count == 1 else { return false }
    return !leaf.descriptors[0].isText
  }

  /// The length in UTF-16 code units, each attachment counting 1.
  /// - Complexity: O(1).
  public var utf16Count: Int { root.summary.utf16 }

  /// The text sent to the server: each text run as it is, each attachment as its token.
  /// - Complexity: O(*n*) in the UTF-8 length: one allocation and a copy of each leaf's bytes; none at all
  ///   for a one-leaf document that was not edited since it was made from a string.
  public var postText: String {
    if case .leaf(let leaf) = root {
      let text = leaf.text
      if text.startIndex == text.base.startIndex && text.endIndex == text.base.endIndex { return text.base }
      return String(text)
    }
    // Note: the leaves' bytes in order, whatever their runs, so no run continuation to work out: a plain leaf
    // walk, whose cost per leaf is a fraction of `forEachLeafChunk`'s, which shows against a copy at memcpy
    // speed.
    var result = ""
    result.reserveCapacity(root.summary.utf8)
    var leaves = LeafIterator(root)
    while let leaf = leaves.next() { result.append(contentsOf: leaf.text) }
    return result
  }

  /// Appends `other`, joining the seam if needed.
  /// - Complexity: O(log *n*) plus the length of `other`.
  public mutating func append(_ other: RichText) {
    replaceSubrange(utf16Count..<utf16Count, with: other)
  }
}

extension RichText: ExpressibleByStringLiteral {
  /// Plain text, not tokenized.
  public init(stringLiteral value: String) { self.init(value) }
}
