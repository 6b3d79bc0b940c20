import Foundation
import Testing

@testable import Emotext

/// `Codable` and `documentJSON` are one writer: both give the same JSON for every kind of run.
@Suite("Document JSON writer")
struct DocumentJSONWriterTests {
  @Test func encoderAndDocumentJSONAgree() throws {
    let haha = EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!
    let document = RichText(runs: [
      .text("好", .plain),
      .text("@小明", TextAttributes(entity: .mention)),
      .text("x", TextAttributes(hostAttributes: ["font": "bold", "color": "red"])),
      .emoticon(EmoticonAttachment(haha, token: "[哈哈]")),
      .text("#话题#", TextAttributes(entity: .topic, hostAttributes: ["a": "\"\n"])),
    ])
    let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as? NSDictionary
    let written = try JSONSerialization.jsonObject(with: Data(document.documentJSON.utf8)) as? NSDictionary
    #expect(encoded != nil)
    #expect(encoded == written)
    #expect(try RichText(documentJSON: document.documentJSON) == document)
  }

  @Test func jsonValueEncodesAsItself() throws {
    let value = JSONValue.object([
      ("a", .array([.null, .bool(true), .integer(-3), .string("é")])), ("b", .object([])),
    ])
    let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? NSDictionary
    let written = try JSONSerialization.jsonObject(with: Data(value.serialized.utf8)) as? NSDictionary
    #expect(encoded == written)
  }
}
