/// What the user is in the middle of typing before the caret, for a candidate list.
///
/// ```swift
/// var editor = Editor(catalog: .default)
/// editor.insert("今天[哈")
/// editor.completion   // Completion(kind: .emoticon, utf16Range: 2..<4, query: "哈")
/// editor.complete(with: "[哈哈]")
/// editor.document.postText   // "今天[哈哈]"
/// ```
public struct Completion: Hashable, Sendable {
  /// What is being typed.
  public enum Kind: String, Hashable, Sendable {
    /// A partial emoticon token: `[` and a query (`[哈`); candidates come from ``EmoticonCatalog/search(_:limit:)``.
    case emoticon
    /// `@` and the start of a name (`@小`).
    case mention
    /// An opening `#` and the start of a topic (`#春`).
    case topic
  }

  /// What is being typed.
  public var kind: Kind
  /// The UTF-16 range from the trigger character (`[`, `@`, `#`) to the caret: what ``Editor/complete(with:)`` replaces.
  public var utf16Range: Range<Int>
  /// The text between the trigger character and the caret (possibly empty).
  public var query: String

  /// A completion of `kind` over `utf16Range`, with `query` typed after the trigger character.
  public init(kind: Kind, utf16Range: Range<Int>, query: String) {
    self.kind = kind
    self.utf16Range = utf16Range
    self.query = query
  }
}

extension Editor {
  /// The longest query a completion looks back for, in Unicode scalars.
  static let completionQueryLimit = 64

  /// What the user is typing before the caret: a partial emoticon token (`[哈`), a mention (`@小`) or a
  /// topic (`#春`), or nil (a selection, or none of these).
  ///
  /// The trigger nearest the caret wins, on the caret's line and after the last attachment before it:
  /// - emoticon: a `[` with no `[` or `]` after it;
  /// - mention: an `@` that may start a mention (not after an ASCII letter or digit) followed only by name
  ///   characters, as ``RichText/recognizingEntities(urls:)`` defines them;
  /// - topic: a `#` that does not close a topic, with no `#` after it.
  ///
  /// Marked text counts: a pinyin composition after `[` is the query (`[haha`), which the catalog's pinyin
  /// search understands.
  public var completion: Completion? {
    guard selection.isEmpty else { return nil }
    let caret = head
    let lineStart = document.lineRange(around: caret..<caret).lowerBound
    let start = document.snappedToScalar(max(lineStart, caret - 4 * Self.completionQueryLimit))
    let scalars = Array(document.slice(start..<caret).postText.unicodeScalars)
    var utf16Offset = caret
    var index = scalars.count
    while index > 0 && scalars.count - index <= Self.completionQueryLimit {
      let scalar = scalars[index - 1]
      let after = scalars[index...]
      let query = String(String.UnicodeScalarView(after))
      let range = (utf16Offset - scalar.utf16.count)..<caret
      switch scalar {
      case "]": return nil
      case "[": return Completion(kind: .emoticon, utf16Range: range, query: query)
      case "@":
        let precededByAlphanumeric = index >= 2 && EntityScanner.isASCIIAlphanumeric(scalars[index - 2])
        if !precededByAlphanumeric && after.allSatisfy(EntityScanner.isNameScalar) {
          return Completion(kind: .mention, utf16Range: range, query: query)
        }
      case "#":
        // Note: a `#` that the batch rules pair with an earlier one closes a topic.
        let through = String(String.UnicodeScalarView(scalars[..<index]))
        let closesTopic = EntityScanner.entities(in: through, urls: .weibo).contains {
          $0.kind == .topic && $0.utf8Range.upperBound == through.utf8.count
        }
        return closesTopic ? nil : Completion(kind: .topic, utf16Range: range, query: query)
      default: break
      }
      index -= 1
      utf16Offset -= scalar.utf16.count
    }
    return nil
  }

  /// Replaces the ``completion`` range with `replacement`: for an emoticon, the emoticon whose code or
  /// alias `replacement` is (`"[哈哈]"`, inserted as with ``insert(emoticon:token:)``); for a mention, `@`,
  /// the name and a space (`"小明"` gives `@小明 `, so the mention ends); for a topic, `#`, the topic and
  /// the closing `#`. One undo step; marked text is committed first.
  ///
  /// - Returns: false (and nothing changes) when there is no completion, `replacement` is not a code or
  ///   alias in the catalog for an emoticon completion, or none of it fits the ``lengthLimit``.
  @discardableResult
  public mutating func complete(with replacement: String) -> Bool {
    beginCall()
    commitMarkedText()
    guard let completion else { return false }
    let content: RichText
    switch completion.kind {
    case .emoticon:
      guard let emoticon = tokenizer.catalog.emoticon(forCode: replacement) else { return false }
      content = self.content(of: emoticon, token: replacement)
    case .mention: content = RichText("@" + replacement + " ")
    case .topic: content = RichText("#" + replacement + "#")
    }
    let fitting = limited(content, replacing: completion.utf16Range)
    guard !fitting.isEmpty else { return false }  // Note: at the limit, the query stays rather than vanish.
    openGroup = nil
    placeCaret(edit(completion.utf16Range, with: fitting, group: nil), joiningBackward: false)
    return true
  }
}
