import Testing

@testable import Emotext

/// The fuzz property checks themselves: they must reject what they are meant to catch, or replaying the
/// corpus proves nothing.
@Suite("Fuzz property checks") struct FuzzPropertyTests {
  @Test func referenceTokenizerLetsTheInnermostPairWin() {
    let bytes = Array("[[a]x[A]] [a\n] [哈哈]".utf8)
    let matches = TokenizeProperty.referenceMatches(in: bytes, catalog: FuzzCatalogs.small)
    #expect(matches.map(\.0) == [1..<4, 5..<8, 15..<23])
    #expect(matches.map(\.1.code) == ["[a]", "[a]", "[哈哈]"])
  }

  @Test func htmlCheckRejectsMarkupFromTheInput() {
    let document = RichText("x")
    #expect(throws: PropertyFailure.self) { try HTMLProperty.checkStructure("<b>x</b>", of: document, input: []) }
    #expect(throws: PropertyFailure.self) { try HTMLProperty.checkStructure("x\"", of: document, input: []) }
    #expect(throws: PropertyFailure.self) { try HTMLProperty.checkStructure("&amp", of: document, input: []) }
    // An injected line break or emoticon tag has the renderer's shape but not its count.
    #expect(throws: PropertyFailure.self) { try HTMLProperty.checkStructure("x<br>", of: document, input: []) }
    #expect(throws: PropertyFailure.self) {
      try HTMLProperty.checkStructure(#"<span class="emoticon" title="a">x</span>"#, of: document, input: [])
    }
    #expect(throws: PropertyFailure.self) {
      try HTMLProperty.checkStructure(
        #"<a class="link" href="javascript:x">x</a>"#, of: RichText("x", attributes: TextAttributes(entity: .link)),
        input: [])
    }
    #expect(throws: Never.self) { try HTMLProperty.checkStructure("&lt;b&gt;x&#39;", of: document, input: []) }
  }

  @Test func htmlCheckCountsAndNamesEmojiImages() {
    let images = EmojiImages(baseURL: "e")
    let thumbsUp = #"<img class="emoji" src="e/1f44d.svg" alt="👍" draggable="false">"#
    #expect(throws: Never.self) {
      try HTMLProperty.checkStructure(thumbsUp, of: RichText("👍"), emojiImages: images, input: [])
    }
    // An image the text does not call for, one under the wrong name, one for text that is not emoji.
    #expect(throws: PropertyFailure.self) {
      try HTMLProperty.checkStructure("x" + thumbsUp, of: RichText("x"), emojiImages: images, input: [])
    }
    #expect(throws: PropertyFailure.self) {
      try HTMLProperty.checkStructure(
        #"<img class="emoji" src="e/1f600.svg" alt="👍" draggable="false">"#, of: RichText("👍"),
        emojiImages: images, input: [])
    }
    #expect(throws: PropertyFailure.self) {
      try HTMLProperty.checkStructure(
        #"<img class="emoji" src="e/31.svg" alt="1" draggable="false">"#, of: RichText("1"), emojiImages: images,
        input: [])
    }
  }

  @Test func checkScheduleIsSeededByTheInput() {
    func picks(_ bytes: [UInt8], period: Int?) -> [Bool] {
      var schedule = CheckSchedule(bytes, period: period)
      return (0..<1000).map { _ in schedule.nextStep() }
    }
    let first = picks([1, 2, 3], period: 8)
    #expect(first == picks([1, 2, 3], period: 8))
    #expect(first != picks([1, 2, 4], period: 8))
    #expect((60...190).contains(first.count { $0 }), "about one step in eight: \(first.count { $0 })")
    #expect(picks([1, 2, 3], period: 1).allSatisfy { $0 })
    #expect(picks([1, 2, 3], period: nil).allSatisfy { !$0 }, "no period: only the end gets the full checks")
  }

  @Test func editScriptLinesWithLargeCountsAreLeftOut() {
    func bounded(_ line: String) -> Bool { EditScriptProperty.isBounded(Array(line.utf8)[...]) }
    #expect(bounded(#"{"backspace": 999}"#))
    #expect(bounded(#"{"select": [12, 3]}"#))
    #expect(!bounded(#"{"backspace": 1000}"#))
    #expect(!bounded(#"{"undo": 1e6}"#))
    #expect(!bounded(#"{"delete": 9E2}"#))
  }

  @Test func editModelTurnsATypedTokenIntoAnAttachment() {
    var model = EditModel(postText: Array("好".utf8), catalog: FuzzCatalogs.small, undoLimit: 100)
    model.insert(text: Array("[a".utf8))
    model.insert(text: Array("]".utf8))
    #expect(model.pieces == [.text(Array("好".utf8)), .attachment(token: Array("[a]".utf8))])
    #expect(model.selection == 2..<2)
    model.deleteBackward()
    #expect(model.postText == Array("好".utf8))
    model.undo()
    #expect(model.postText == Array("好[a]".utf8))
  }
}
