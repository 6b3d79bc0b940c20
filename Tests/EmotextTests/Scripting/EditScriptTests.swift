import Testing

@testable import Emotext

@Suite("emotext edit protocol")
struct EditScriptTests {
  @Test func answersEachCommandWithTheState() {
    var script = EditScript()
    #expect(
      script.apply(#"{"insert": "好开心"}"#)
        == #"{"text":"好开心","selection":[3,0],"utf16Length":3,"graphemes":3,"runs":[{"text":"好开心"}]}"#)
    #expect(
      script.apply(#"{"emoticon": "[哈哈]"}"#)
        == #"{"text":"好开心[哈哈]","selection":[4,0],"utf16Length":4,"graphemes":4,"runs":[{"text":"好开心"},{"emoticon":"[哈哈]"}]}"#
    )
    #expect(script.apply(#"{"emoticon": "[愛你]"}"#).hasPrefix(#"{"text":"好开心[哈哈][愛你]","selection":[5,0]"#))
    #expect(script.apply(#"{"backspace": 2}"#).hasPrefix(#"{"text":"好开心","selection":[3,0]"#))
    #expect(script.apply(#"{"undo": 1}"#).hasPrefix(#"{"text":"好开心[哈哈]","#))
    #expect(script.apply(#"{"redo": 1}"#).hasPrefix(#"{"text":"好开心","#))
    #expect(script.apply(#"{"select": [1, 1]}"#).hasPrefix(#"{"text":"好开心","selection":[1,1]"#))
    #expect(script.apply(#"{"insert": "不"}"#).hasPrefix(#"{"text":"好不心","selection":[2,0]"#))
    #expect(script.apply(#"{"move": "start"}"#).hasPrefix(#"{"text":"好不心","selection":[0,0]"#))
    #expect(script.apply(#"{"delete": 1}"#).hasPrefix(#"{"text":"不心","selection":[0,0]"#))
    #expect(script.apply(#"{"mode": "graphemeCluster"}"#).hasPrefix(#"{"text":"不心""#))
    #expect(script.editor.backspaceMode == .graphemeCluster)
    #expect(!script.hasFailed)
  }

  @Test(arguments: [
    (#"{"insert": 1}"#, #"{"error":"\"insert\" takes a string","line":1}"#),
    ("not json", #"{"error":"not valid JSON: not json","line":1}"#),
    (
      #"{"insert": "a", "move": "left"}"#,
      #"{"error":"expected an object with exactly one command, such as {\"insert\": \"text\"}","line":1}"#
    ),
    (#"{"emoticon": "[没有]"}"#, #"{"error":"unknown emoticon [没有]: not in the catalog","line":1}"#),
    (
      #"{"select": [0, 5]}"#,
      #"{"error":"selection [0, 5] is out of range: the text is 0 UTF-16 units long","line":1}"#
    ),
    (#"{"select": [0]}"#, #"{"error":"\"select\" takes [utf16Location, utf16Length]","line":1}"#),
    (#"{"backspace": -1}"#, #"{"error":"\"backspace\" takes a count from 0 to 1000000","line":1}"#),
    (#"{"undo": true}"#, #"{"error":"\"undo\" takes a count from 0 to 1000000","line":1}"#),
    (#"{"move": "up"}"#, #"{"error":"\"move\" takes \"left\", \"right\", \"start\" or \"end\"","line":1}"#),
    (#"{"mode": "fast"}"#, #"{"error":"\"mode\" takes \"platform\" or \"graphemeCluster\"","line":1}"#),
    (
      #"{"paste": "x"}"#,
      #"{"error":"unknown command \"paste\"; expected insert, emoticon, backspace, delete, select, move, undo, redo or mode","line":1}"#
    ),
  ])
  func aLineThatCannotBeAppliedIsAnErrorAndChangesNothing(line: String, answer: String) {
    var script = EditScript()
    #expect(script.apply(line) == answer)
    #expect(script.hasFailed)
    #expect(script.editor.document.isEmpty)
    #expect(script.apply(#"{"insert": "a"}"#).hasPrefix(#"{"text":"a""#), "processing continues")
    #expect(script.lineNumber == 2)
  }

  @Test func aFailingRepeatedCommandIsAllOrNothing() {
    var script = EditScript()
    _ = script.apply(#"{"insert": "ab"}"#)
    _ = script.apply(#"{"select": [0, 9]}"#)
    #expect(script.editor.selection == 2..<2)
  }

  @Test func selectionInsideAClusterIsSnapped() {
    var script = EditScript()
    _ = script.apply(#"{"insert": "a👍🏽b"}"#)
    #expect(script.apply(#"{"select": [2, 1]}"#).hasPrefix(#"{"text":"a👍🏽b","selection":[1,4]"#))
  }
}
