import Testing

@testable import Emotext
@testable import EmotextUnicode

@Suite("Backspace")
struct BackspaceTests {
  /// (before, after in platform mode, after in grapheme-cluster mode)
  @Test(arguments: [
    ("ab‸", "a‸", "a‸"),
    ("[哈哈]‸", "‸", "‸"),
    ("好[哈哈]‸[爱你]", "好‸[爱你]", "好‸[爱你]"),
    ("[愛你]‸", "‸", "‸"),
    ("e\u{301}‸", "e‸", "‸"),  // a combining mark goes alone
    ("e\u{301}\u{302}‸", "e\u{301}‸", "‸"),
    ("\u{1100}\u{1161}\u{11A8}‸", "\u{1100}\u{1161}‸", "‸"),  // a decomposed Hangul syllable, jamo by jamo
    ("กี่‸", "กี‸", "‸"),  // Thai: the tone mark alone
    ("कि‸", "क‸", "‸"),  // Devanagari: the vowel sign alone
    ("a\r\n‸", "a‸", "a‸"),  // CR LF together
    ("a\n‸", "a‸", "a‸"),
    ("🇯🇵🇺🇸‸", "🇯🇵‸", "🇯🇵‸"),  // an even run of regional indicators: one flag
    ("🇯🇵🇺‸", "🇯🇵‸", "🇯🇵‸"),  // an odd run: the unpaired indicator
    ("#️⃣‸", "‸", "‸"),  // keycap with VS16
    ("#⃣‸", "‸", "‸"),  // keycap without VS16
    ("x\u{20E3}‸", "x‸", "‸"),  // an enclosing keycap on a non-keycap base goes alone
    ("👍🏽‸", "‸", "‸"),
    ("a🏽‸", "a‸", "‸"),  // a modifier without an emoji base goes alone
    ("❤️‸", "‸", "‸"),
    ("a\u{FE0F}‸", "‸", "‸"),  // a variation selector takes its starter base
    ("e\u{301}\u{FE0E}‸", "e\u{301}‸", "‸"),  // but not a combining base
    ("👨‍👩‍👧‍👦‸", "‸", "‸"),
    ("🧑🏻‍❤️‍💋‍🧑🏼‸", "‸", "‸"),
    ("x‍‸", "x‸", "‸"),  // a ZWJ after a non-emoji goes alone; as Extend (GB9) it is in x's cluster
    ("🏴󠁧󠁢󠁳󠁣󠁴󠁿‸", "‸", "‸"),  // a tag sequence with its base
    ("a\u{E0067}\u{E007F}‸", "a\u{E0067}‸", "‸"),  // tags without an emoji base: only the cancel tag
    ("😀😀‸", "😀‸", "😀‸"),
  ])
  func deletesOneUnit(before: String, platform: String, graphemeCluster: String) {
    var editor = Marked.editor(before, mode: .platform)
    editor.deleteBackward()
    #expect(Marked.render(editor) == platform, "platform")
    editor.document.checkInvariants()

    editor = Marked.editor(before, mode: .graphemeCluster)
    editor.deleteBackward()
    #expect(Marked.render(editor) == graphemeCluster, "graphemeCluster")
  }

  @Test func atTheStartDoesNothing() {
    var editor = Marked.editor("‸ab")
    editor.deleteBackward()
    #expect(Marked.render(editor) == "‸ab")
    #expect(!editor.canUndo)
  }

  @Test func removesTheSelectionInsteadWhenThereIsOne() {
    var editor = Marked.editor("a‸b[哈哈]‸c")
    editor.deleteBackward()
    #expect(Marked.render(editor) == "a‸c")
  }

  @Test func deletionThatLeavesACaretInsideAClusterSnapsItBackward() {
    // Deleting the final consonant of 각 (L V T) before a V leaves L V V, one cluster: the caret goes to its start.
    var editor = Marked.editor("\u{1100}\u{1161}\u{11A8}‸\u{1161}")
    editor.deleteBackward()
    #expect(Marked.render(editor) == "‸\u{1100}\u{1161}\u{1161}")
  }

  @Test func forwardDeleteRemovesOneClusterOrAttachment() {
    var editor = Marked.editor("a‸e\u{301}[哈哈]")
    editor.deleteForward()
    #expect(Marked.render(editor) == "a‸[哈哈]")
    editor.deleteForward()
    #expect(Marked.render(editor) == "a‸")
    editor.deleteForward()
    #expect(Marked.render(editor) == "a‸")
  }
}
