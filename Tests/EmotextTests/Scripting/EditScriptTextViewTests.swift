import Foundation
import Testing

@testable import Emotext
@testable import EmotextCLISupport

@Suite("emotext edit protocol: limit, clipboard, entity deletion")
struct EditScriptTextViewTests {
  @Test func limitIsSetReportedAndRemoved() {
    var script = EditScript()
    #expect(
      script.apply(#"{"limit": {"rule": "graphemes", "maximum": 3}}"#)
        == #"{"text":"","selection":[0,0],"utf16Length":0,"graphemes":0,"runs":[],"change":null,"limit":{"length":0,"maximum":3}}"#
    )
    #expect(script.editor.lengthLimit == LengthLimit(measure: .graphemeClusters, maximum: 3))
    #expect(script.apply(#"{"insert": "今天好开心"}"#).hasSuffix(#""change":[0,0,3],"limit":{"length":3,"maximum":3}}"#))
    _ = script.apply(#"{"limit": {"rule": "weibo", "maximum": 140, "enforcement": "enforced"}}"#)
    #expect(script.editor.lengthLimit == LengthLimit(measure: .weighted(.weibo), maximum: 140, enforcement: .enforced))
    #expect(script.apply(#"{"limit": null}"#).hasSuffix(#""change":null}"#))
    #expect(script.editor.lengthLimit == nil)
    #expect(!script.hasFailed)
  }

  @Test func copyCutAndPasteEveryFlavour() throws {
    var script = EditScript()
    _ = script.apply(#"{"insert": "好开心[哈哈]"}"#)
    _ = script.apply(#"{"select": [2, 2]}"#)
    let copied = script.apply(#"{"copy": true}"#)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(copied.utf8)) as? [String: Any])
    let clipboard = try #require(object["clipboard"] as? [String: Any])
    #expect(clipboard["text"] as? String == "心[哈哈]")
    let html = try #require(clipboard["html"] as? String)
    #expect(html.contains(#"alt="[哈哈]""#))
    let json = try #require(clipboard["json"] as? [String: Any])
    #expect(json["version"] as? Int == 1)
    #expect(copied.contains(#""json":{"version":1,"runs":[{"text":"心"},{"emoticon":"[哈哈]"}]}}"#))
    #expect(script.apply(#"{"cut": true}"#).hasPrefix(#"{"text":"好开","selection":[2,0]"#))
    let jsonData = try JSONSerialization.data(withJSONObject: ["paste": ["json": json]])
    #expect(script.apply(String(decoding: jsonData, as: UTF8.self)).hasPrefix(#"{"text":"好开心[哈哈]","#))
    let htmlData = try JSONSerialization.data(withJSONObject: ["paste": ["html": html]])
    #expect(script.apply(String(decoding: htmlData, as: UTF8.self)).hasPrefix(#"{"text":"好开心[哈哈]心[哈哈]","#))
    #expect(script.apply(#"{"paste": {"text": "[哈哈]\uFFFC"}}"#).hasPrefix(#"{"text":"好开心[哈哈]心[哈哈][哈哈]","#))
    #expect(!script.hasFailed)
  }

  @Test func entityDeletion() {
    var script = EditScript()
    _ = script.apply(#"{"insert": "你好@小明"}"#)
    _ = script.apply(#"{"entityDeletion": "whole"}"#)
    #expect(script.apply(#"{"backspace": 1}"#).hasPrefix(#"{"text":"你好","#))
    _ = script.apply(#"{"entityDeletion": "characters"}"#)
    _ = script.apply(#"{"insert": "@小明"}"#)
    #expect(script.apply(#"{"backspace": 1}"#).hasPrefix(#"{"text":"你好@小","#))
  }

  @Test(arguments: [
    (#"{"limit": 3}"#, "\"limit\" takes null or {"),
    (#"{"limit": {"rule": "weibo"}}"#, "\"maximum\" takes a whole number of 0 or more"),
    (#"{"limit": {"rule": "bytes", "maximum": 3}}"#, "\"rule\" takes weibo, twitter, utf16, scalars or graphemes"),
    (#"{"limit": {"rule": "weibo", "maximum": 3, "enforcement": "strict"}}"#, "\"limit\" takes null or {"),
    (#"{"copy": 1}"#, "\"copy\" takes true"),
    (#"{"entityDeletion": "all"}"#, "\"entityDeletion\" takes \"whole\" or \"characters\""),
    (#"{"paste": "x"}"#, "\"paste\" takes {\"text\""),
    (#"{"paste": {"json": {"runs": []}}}"#, "\"paste\": the document JSON does not decode: version: missing"),
  ])
  func badCommandsAreRefused(line: String, message: String) {
    var script = EditScript()
    let answer = script.apply(line)
    #expect(answer.hasPrefix(#"{"error":"#), "\(answer)")
    #expect(answer.contains(message.replacingOccurrences(of: "\"", with: "\\\"")), "\(answer)")
    #expect(script.hasFailed)
  }
}
