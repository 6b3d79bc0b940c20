import Emotext
import EmotextTestSupport
import Foundation

/// The attribute the NSAttributedString baselines keep an emoticon's token in, on a U+FFFC character.
let emoticonTokenKey = NSAttributedString.Key("EmotextEmoticonToken")

extension BenchmarkSuite {
  /// Serialize a document back to post text: `RichText.postText` vs. NSAttributedString enumeration.
  mutating func runSerialize() {
    let task = "serialize to post text"
    guard shouldRun(task) else { return }
    for corpus in corpora {
      let text = input(corpus)
      let input = corpus.name
      let bytes = text.utf8.count
      let document = tokenizer.tokenize(text)
      let attributed = Self.attributedString(document)
      guard
        measure(
          task, input: input, inputBytes: bytes, contender: "Emotext RichText.postText",
          check: { difference($0, text) }, { document.postText }) != nil
      else { continue }
      measure(
        task, input: input, inputBytes: bytes, contender: "NSAttributedString enumerateAttributes",
        check: { difference($0, text) },
        {
          Self.postText(of: attributed)
        })
    }
  }

  /// The document as the seeds' composers hold it: text, and U+FFFC carrying the token for each emoticon,
  /// appended run by run as a composer builds it.
  // Note: appended as a tree (runs into pieces of 128, pieces into bigger ones). Appending every run to
  // one string is quadratic in swift-corelibs-foundation (each append measures the whole string again),
  // which would make building a 64 MB document take hours. Building it from one string plus an
  // attribute per attachment is fast but gives a string that enumerates twice as slowly, which would
  // flatter Emotext. Not timed.
  static func attributedString(_ document: RichText) -> NSAttributedString {
    attributedString(Array(document.runs)[...])  // Note: Array(_:) keeps working if `runs` becomes a view.
  }

  private static func attributedString(_ runs: ArraySlice<Run>) -> NSMutableAttributedString {
    let result = NSMutableAttributedString(string: "")
    if runs.count <= 128 {
      for run in runs {
        switch run {
        case .text(let text, _): result.append(NSAttributedString(string: text))
        case .emoticon(let attachment):
          result.append(NSAttributedString(string: "\u{FFFC}", attributes: [emoticonTokenKey: attachment.token]))
        }
      }
      return result
    }
    let pieceSize = max(128, (runs.count + 127) / 128)  // at most 128 pieces
    for start in stride(from: runs.startIndex, to: runs.endIndex, by: pieceSize) {
      result.append(attributedString(runs[start..<min(start + pieceSize, runs.endIndex)]))
    }
    return result
  }

  /// Seed 002's `sendText`: enumerate the attributes, append the token of each attachment and the text
  /// of everything else.
  static func postText(of attributed: NSAttributedString) -> String {
    let string = NSString(string: attributed.string)
    var result = ""
    attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) { attributes, range, _ in
      if let token = attributes[emoticonTokenKey] as? String {
        // Note: equal neighbouring attributes coalesce, so one range can hold several U+FFFC.
        for _ in 0..<range.length { result += token }
      } else {
        result += string.substring(with: range)
      }
    }
    return result
  }

  // MARK: Composing

  /// One step of a composing script: where the caret is, then what is typed or picked there.
  struct ComposeStep {
    enum Content {
      case text(String)
      case emoticon(Emoticon)
    }
    var caretUTF16Offset: Int
    var content: Content
  }

  /// Build a document by inserting text and emoticons at a moving caret: `Editor` vs.
  /// NSMutableAttributedString `replaceCharacters(in:with:)`, at 1 000, 10 000 and 100 000 emoticons, with the
  /// time per insertion at each count (it should not grow with the document).
  mutating func runCompose() {
    let task = "compose at a moving caret"
    guard shouldRun(task) else { return }
    let images = Input.knownTokens.compactMap { tokenizer.catalog.emoticon(forToken: $0) }
    guard !images.isEmpty else { return }
    var perInsertion: [(emoticons: Int, seconds: Double)] = []
    var baselineSeconds: [Int: Double] = [:]
    for emoticonCount in checkOnly ? [200, 2_000] : quick ? [1_000, 10_000] : [1_000, 10_000, 100_000] {
      let (script, expected) = Self.composeScript(emoticonCount: emoticonCount, images: images)
      let input = "\(emoticonCount) emoticons"
      let insertions = Double(script.count)
      let editor = measure(
        task, input: input, inputBytes: expected.utf8.count, contender: "Emotext Editor", unit: "insertions/s",
        work: insertions, check: { difference($0.document.postText, expected) }, { Self.replayInEditor(script) })
      if editor != nil, !checkOnly, let last = measurements.last {
        perInsertion.append((emoticonCount, last.medianSeconds / insertions))
        measurements[measurements.count - 1].note = String(
          format: "%.2f µs per insertion", last.medianSeconds / insertions * 1e6)
      }
      // Note: NSMutableAttributedString's insertion costs grow with the document (each is O(length)), so its
      // run time grows with the square of the count; it runs only where that stays under a minute.
      if let previous = baselineSeconds.keys.max(), let seconds = baselineSeconds[previous] {
        let estimate = seconds * pow(Double(emoticonCount) / Double(previous), 2)
        if estimate > 60 && !checkOnly {
          say(
            String(
              format: "  NSMutableAttributedString at %d emoticons: not run (about %.0f s per run, from %.2f s at %d)",
              emoticonCount, estimate, seconds, previous))
          continue
        }
      }
      if measure(
        task, input: input, inputBytes: expected.utf8.count, contender: "NSMutableAttributedString",
        unit: "insertions/s", work: insertions, check: { difference(Self.postText(of: $0), expected) },
        {
          Self.replayInAttributedString(script)
        }) != nil, !checkOnly, let last = measurements.last
      {
        baselineSeconds[emoticonCount] = last.medianSeconds
      }
    }
    if let first = perInsertion.first, let last = perInsertion.last, perInsertion.count > 1 {
      let steps = perInsertion.map { String(format: "%.2f µs at %d", $0.seconds * 1e6, $0.emoticons) }
      say(
        String(
          format: "  → compose: time per insertion %@; %d/%d: %.2f×", steps.joined(separator: ", "), last.emoticons,
          first.emoticons, last.seconds / first.seconds))
    }
  }

  /// A deterministic script: short typed text, then an emoticon, with the caret jumping somewhere else
  /// every 8 steps. The carets are the ones `Editor` reports (on cluster boundaries), so both contenders
  /// insert at the same places.
  /// Also returns the post text the script produces.
  static func composeScript(emoticonCount: Int, images: [Emoticon]) -> ([ComposeStep], String) {
    var generator = SeededGenerator(seed: Input.seed ^ UInt64(emoticonCount))
    let typed = ["今天", "好开心", "ok ", "哈", "😀", "👍🏽", "我们走吧", "see you ", "。", "🇨🇳", "真的"]
    var editor = Editor(catalog: .default)
    var script: [ComposeStep] = []
    for index in 0..<(2 * emoticonCount) {
      if index.isMultiple(of: 8) && index > 0 {
        let target = Int.random(in: 0...editor.document.utf16Count, using: &generator)
        editor.select(target..<target)
      }
      let content: ComposeStep.Content =
        index.isMultiple(of: 2)
        ? .text(typed.randomElement(using: &generator)!) : .emoticon(images.randomElement(using: &generator)!)
      script.append(ComposeStep(caretUTF16Offset: editor.caret, content: content))
      switch content {
      case .text(let text): editor.insert(text)
      case .emoticon(let emoticon): editor.insert(emoticon: emoticon)
      }
    }
    return (script, editor.document.postText)
  }

  static func replayInEditor(_ script: [ComposeStep]) -> Editor {
    var editor = Editor(catalog: .default)
    for step in script {
      if editor.caret != step.caretUTF16Offset { editor.select(step.caretUTF16Offset..<step.caretUTF16Offset) }
      switch step.content {
      case .text(let text): editor.insert(text)
      case .emoticon(let emoticon): editor.insert(emoticon: emoticon)
      }
    }
    return editor
  }

  static func replayInAttributedString(_ script: [ComposeStep]) -> NSMutableAttributedString {
    let result = NSMutableAttributedString(string: "")
    for step in script {
      let inserted: NSAttributedString =
        switch step.content {
        case .text(let text): NSAttributedString(string: text)
        case .emoticon(let emoticon):
          NSAttributedString(string: "\u{FFFC}", attributes: [emoticonTokenKey: emoticon.code])
        }
      result.replaceCharacters(in: NSRange(location: step.caretUTF16Offset, length: 0), with: inserted)
    }
    return result
  }
}
