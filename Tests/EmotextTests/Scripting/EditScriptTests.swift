import Testing

@testable import Emotext
@testable import EmotextCLISupport

@Suite("emotext edit protocol")
struct EditScriptTests {
  @Test func answersEachCommandWithTheState() {
    var script = EditScript()
    #expect(
      script.apply(#"{"insert": "好开心"}"#)
        == #"{"text":"好开心","selection":[3,0],"utf16Length":3,"graphemes":3,"runs":[{"text":"好开心"}],"change":[0,0,3]}"#)
    #expect(
      script.apply(#"{"emoticon": "[哈哈]"}"#)
        == #"{"text":"好开心[哈哈]","selection":[4,0],"utf16Length":4,"graphemes":4,"runs":[{"text":"好开心"},{"emoticon":"[哈哈]"}],"change":[3,0,1]}"#
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
      #"{"shout": "x"}"#,
      #"{"error":"unknown command \"shout\"; expected insert, emoticon, backspace, delete, select, move, undo, redo, mode, mark, unmark, deleteSurrounding, deleteSurroundingCodePoints, complete, limit, entityDeletion, copy, cut or paste","line":1}"#
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

  @Test func anOutOfRangeSelectionChangesNothing() {
    var script = EditScript()
    _ = script.apply(#"{"insert": "ab"}"#)
    _ = script.apply(#"{"select": [0, 9]}"#)
    #expect(script.editor.selection == 2..<2)
  }

  /// A repeated command whose count is refused runs no repetition at all; a valid count runs every one.
  @Test func aFailingRepeatedCommandIsAllOrNothing() {
    var script = EditScript()
    _ = script.apply(#"{"insert": "abc"}"#)
    for refused in [#"{"backspace": 1000001}"#, #"{"backspace": -1}"#, #"{"backspace": 1.5}"#] {
      #expect(script.apply(refused).contains("error"), "\(refused)")
      #expect(script.editor.document.postText == "abc", "\(refused)")
      #expect(script.editor.selection == 3..<3, "\(refused)")
    }
    _ = script.apply(#"{"backspace": 2}"#)
    #expect(script.editor.document.postText == "a")
    _ = script.apply(#"{"undo": 1}"#)
    #expect(script.editor.document.postText == "abc", "the repetitions were one undo step")
  }

  @Test func selectionInsideAClusterIsSnapped() {
    var script = EditScript()
    _ = script.apply(#"{"insert": "a👍🏽b"}"#)
    #expect(script.apply(#"{"select": [2, 1]}"#).hasPrefix(#"{"text":"a👍🏽b","selection":[1,4]"#))
  }
}

@Suite("emotext edit protocol: input methods, deltas, entities, completion")
struct EditScriptHostTests {
  @Test func markedTextIsReportedUntilCommitted() {
    var script = EditScript()
    _ = script.apply(#"{"insert": "今天"}"#)
    #expect(
      script.apply(#"{"mark": "[哈哈]"}"#)
        == #"{"text":"今天[哈哈]","selection":[6,0],"utf16Length":6,"graphemes":6,"runs":[{"text":"今天[哈哈]"}],"change":[2,0,4],"marked":[2,4]}"#
    )
    #expect(script.apply(#"{"mark": "ni hao", "selected": [0, 2]}"#).contains(#""selection":[2,2]"#))
    #expect(
      script.apply(#"{"mark": "[哈哈]"}"#).hasSuffix(#""change":[2,6,4],"marked":[2,4]}"#))
    #expect(
      script.apply(#"{"unmark": true}"#)
        == #"{"text":"今天[哈哈]","selection":[3,0],"utf16Length":3,"graphemes":3,"runs":[{"text":"今天"},{"emoticon":"[哈哈]"}],"change":[2,4,1]}"#
    )
    #expect(script.apply(#"{"undo": 1}"#).hasPrefix(#"{"text":"今天","selection":[2,0]"#))
  }

  @Test func surroundingCodePointsAreNotUTF16Units() {
    var script = EditScript()
    _ = script.apply(#"{"insert": "😀😀x"}"#)
    _ = script.apply(#"{"select": [4, 0]}"#)
    // Note: two code points before the caret are both emoji (four UTF-16 units); two units would be one.
    #expect(script.apply(#"{"deleteSurroundingCodePoints": [2, 0]}"#).hasSuffix(#""change":[0,4,0]}"#))
  }

  @Test func aCommandOfManyCallsReportsOneChangeCoveringThemAll() {
    var script = EditScript()
    _ = script.apply(#"{"insert": "abcd"}"#)
    #expect(script.apply(#"{"backspace": 2}"#).hasSuffix(#""change":[2,2,0]}"#))
  }

  @Test func deleteSurroundingKeepsTheSelection() {
    var script = EditScript()
    _ = script.apply(#"{"insert": "ab[哈哈]cd"}"#)
    _ = script.apply(#"{"select": [3, 0]}"#)
    #expect(script.apply(#"{"deleteSurrounding": [1, 1]}"#).hasPrefix(#"{"text":"abd","selection":[2,0]"#))
    #expect(script.apply(#"{"deleteSurroundingCodePoints": [5, 0]}"#).hasSuffix(#""change":[0,2,0]}"#))
  }

  @Test func entitiesAndCompletionAreInTheState() {
    var script = EditScript()
    #expect(
      script.apply(#"{"insert": "@小明 #春"}"#)
        == #"{"text":"@小明 #春","selection":[6,0],"utf16Length":6,"graphemes":6,"runs":[{"text":"@小明","entity":"mention"},{"text":" #春"}],"change":[0,0,6],"restyle":[0,3],"completion":{"kind":"topic","range":[4,2],"query":"春"}}"#
    )
    #expect(script.apply(#"{"complete": "春天"}"#).contains(##"{"text":"#春天#","entity":"topic"}"##))
    _ = script.apply(#"{"insert": "[哈"}"#)
    #expect(script.apply(#"{"complete": "[哈哈]"}"#).hasSuffix(#"{"emoticon":"[哈哈]"}],"change":[8,2,1]}"#))
  }

  @Test func aCommandThatChangesNoTextHasANullChange() {
    var script = EditScript()
    _ = script.apply(#"{"insert": "ab"}"#)
    #expect(script.apply(#"{"move": "left"}"#).hasSuffix(#""change":null}"#))
    #expect(script.apply(#"{"backspace": 5}"#).hasSuffix(#""change":[0,1,0]}"#))  // one covering change
  }

  @Test(arguments: [
    (#"{"mark": 1}"#, #"{"error":"\"mark\" takes a string","line":1}"#),
    (
      #"{"mark": "ab", "selected": [1, 5]}"#,
      #"{"error":"\"selected\" takes [utf16Location, utf16Length] inside the marked text (2 UTF-16 units)","line":1}"#
    ),
    (
      #"{"insert": "a", "selected": [0, 0]}"#,
      #"{"error":"expected an object with exactly one command, such as {\"insert\": \"text\"}","line":1}"#
    ),
    (#"{"unmark": 1}"#, #"{"error":"\"unmark\" takes true","line":1}"#),
    (
      #"{"deleteSurrounding": [-1, 0]}"#,
      #"{"error":"\"deleteSurrounding\" takes [before, after], two counts of 0 or more","line":1}"#
    ),
    (
      #"{"complete": "[哈哈]"}"#,
      #"{"error":"nothing to complete: the caret is not after a partial [emoticon, @mention or #topic","line":1}"#
    ),
  ])
  func badNewCommandsAreErrors(line: String, answer: String) {
    var script = EditScript()
    #expect(script.apply(line) == answer)
    #expect(script.editor.document.isEmpty)
  }

  @Test func anUnknownEmoticonCannotComplete() {
    var script = EditScript()
    _ = script.apply(#"{"insert": "[哈"}"#)
    #expect(
      script.apply(#"{"complete": "[没有]"}"#) == #"{"error":"unknown emoticon [没有]: not in the catalog","line":2}"#)
    #expect(script.editor.document.postText == "[哈")
  }
}
