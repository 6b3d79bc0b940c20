import Testing

@testable import Emotext

/// The table of a document's attribute sets and emoticons: each content once, found again by content whether the
/// emoticon is the very value that was added or an equal one made apart (emoticons hash by a value computed once).
@Suite("Run content table")
struct RunContentTableTests {
  static func emoticon(_ number: Int) -> Emoticon {
    Emoticon(code: "[e\(number)]", kind: .image(png: "e\(number).png", gif: nil), packID: "p")
  }

  @Test func contentIsFoundAgainByIdentityAndByValue() {
    let emoticons = (0..<40).map(Self.emoticon)
    var table = RunContentTable()
    var indices: [RunContentIndex] = []
    // Note: past the size the table searches one by one, so lookups hash.
    for emoticon in emoticons { indices.append(table.index(of: .emoticon(emoticon))) }
    let bold = table.index(of: .text(TextAttributes(hostAttributes: ["b": "1"])))
    #expect(Set(indices.map(\.position)).count == emoticons.count && indices.allSatisfy(\.isEmoticon))
    for (number, emoticon) in emoticons.enumerated() {
      #expect(table.existingIndex(of: .emoticon(emoticon)) == indices[number])
      // An equal emoticon made apart: another storage, the same entry.
      #expect(table.existingIndex(of: .emoticon(Self.emoticon(number))) == indices[number])
      #expect(table.index(of: .emoticon(Self.emoticon(number))) == indices[number])
      guard case .emoticon(let stored) = table[indices[number]] else {
        Issue.record("entry \(number) is not an emoticon")
        continue
      }
      #expect(stored == emoticon)
    }
    #expect(table.existingIndex(of: .emoticon(Self.emoticon(99))) == nil)
    #expect(table.existingIndex(of: .text(TextAttributes(hostAttributes: ["b": "1"]))) == bold && !bold.isEmoticon)
    #expect(table.existingIndex(of: .text(.plain)) == .plainText)
  }

  /// Emoticons made and dropped again and again (their storage's addresses reused) are found when the table has
  /// their content, and only then.
  @Test func aDifferentEmoticonIsNeverTakenForAnother() {
    var table = RunContentTable()
    for number in 0..<20 { _ = table.index(of: .emoticon(Self.emoticon(number))) }
    for round in 0..<2_000 {
      let number = round % 40
      let found = table.existingIndex(of: .emoticon(Self.emoticon(number)))
      #expect((found != nil) == (number < 20), "emoticon \(number)")
      if let found, case .emoticon(let stored) = table[found] { #expect(stored.code == "[e\(number)]") }
    }
  }
}
