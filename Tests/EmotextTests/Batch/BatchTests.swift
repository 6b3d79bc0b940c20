import Foundation
import Testing

@testable import Emotext
@testable import EmotextCLISupport

@Suite("Batch input") struct BatchTests {
  @Test func linesKeepTheirCRAndTheLastLineNeedsNoLF() throws {
    var decoder = UTF8LineDecoder()
    var lines = try decoder.decode(Array("a[哈哈]\r\n\nb".utf8))
    #expect(lines == ["a[哈哈]\r", ""])
    lines = try decoder.finish()
    #expect(lines == ["b"])
    #expect(decoder.lineCount == 3)
  }

  @Test func linesSplitAcrossChunks() throws {
    var decoder = UTF8LineDecoder()
    let bytes = Array("今天\n好开心😀\n".utf8)
    var lines: [String] = []
    for byte in bytes { lines += try decoder.decode([byte]) }
    lines += try decoder.finish()
    #expect(lines == ["今天", "好开心😀"])
  }

  @Test(
    arguments: [
      ([0x61, 0x0A, 0x62, 0xFF], "2:2: invalid UTF-8 (byte 0xFF)"),
      ([0xE5, 0xA5, 0x0A], "1:1: invalid UTF-8 (byte 0xE5)"),
      ([0x61, 0xE5, 0x41, 0xBD], "1:3: invalid UTF-8 (byte 0x41)"),
      ([0xC0, 0x80], "1:1: invalid UTF-8 (byte 0xC0)"),
      ([0xED, 0xA0, 0x80], "1:2: invalid UTF-8 (byte 0xA0)"),
      ([0xF4, 0x90, 0x80, 0x80], "1:2: invalid UTF-8 (byte 0x90)"),
      ([0x80], "1:1: invalid UTF-8 (byte 0x80)"),
    ] as [([UInt8], String)])
  func invalidUTF8NamesTheLineAndByte(bytes: [UInt8], message: String) {
    var decoder = UTF8LineDecoder()
    do {
      _ = try decoder.decode(bytes)
      _ = try decoder.finish()
      Issue.record("expected an error")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func theLinesBeforeABadOneAreNotLost() throws {
    var decoder = UTF8LineDecoder()
    #expect(try decoder.decode(Array("ok\n好\n".utf8) + [0xE5, 0x93, 0x0A, 0x61]) == ["ok", "好"])
    #expect(throws: LineDecodingError(line: 3, utf8Offset: 0, reason: .invalidUTF8(byte: 0xE5))) {
      try decoder.decode(Array("more\n".utf8))
    }
    #expect(throws: LineDecodingError.self) { try decoder.finish() }
  }

  @Test func wholeTextErrorsNameTheLineAndTheByteInIt() throws {
    #expect(try UTF8LineDecoder.text(of: Array("好\n[哈哈]".utf8)) == "好\n[哈哈]")
    #expect(throws: LineDecodingError(line: 3, utf8Offset: 3, reason: .invalidUTF8(byte: 0x28))) {
      try UTF8LineDecoder.text(of: Array("a\nb\nok".utf8) + [0xC3, 0x28])
    }
  }

  @Test func aLineOverTheLimitIsAnError() {
    var decoder = UTF8LineDecoder(maxLineUTF8Count: 4)
    do {
      #expect(try decoder.decode(Array("abcd\nabcde".utf8)) == ["abcd"])
      _ = try decoder.finish()
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "2: longer than the limit of 4 bytes")
    }
  }

  @Test func validationAgreesWithTheStandardLibrary() {
    var random = TokenizerTestRandom(test: "validationAgreesWithTheStandardLibrary")
    for _ in 0..<3000 {
      let bytes = (0..<Int.random(in: 0...8, using: &random)).map { _ in
        [UInt8(0x41), 0x80, 0xBF, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xA0, 0x90, 0xFF].randomElement(using: &random)!
      }
      let valid = String(validating: bytes, as: UTF8.self) != nil
      #expect((UTF8Validation.firstInvalidOffset(in: bytes) == nil) == valid, "\(bytes)")
    }
  }

  @Test func parallelMapKeepsOrder() {
    let items = Array(0..<10_001)
    #expect(ParallelMap.map(items, jobs: 4) { $0 * 2 } == items.map { $0 * 2 })
    #expect(ParallelMap.map([Int](), jobs: 3) { $0 } == [])
  }

  @Test func lineSourceReadsAFileInBatches() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotext-lines-\(UInt32.random(in: 0...UInt32.max)).txt")
    try Data("one\ntwo\r\nthree".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var source = try LineSource(path: url.path)
    #expect(source.totalUTF8Count == 14)
    #expect(try source.nextBatch(maxLines: 2) == ["one", "two\r"])
    #expect(try source.nextBatch(maxLines: 2) == ["three"])
    #expect(try source.nextBatch(maxLines: 2) == nil)
  }

  @Test func lineSourceErrorsNameTheFile() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotext-bad-\(UInt32.random(in: 0...UInt32.max)).txt")
    try Data([0x61, 0x0A, 0x62, 0xC3]).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var source = try LineSource(path: url.path)
    #expect(try source.nextBatch(maxLines: 10) == ["a"], "the line before the bad one is not lost")
    #expect(throws: BatchError(BatchLocation(file: url.path, line: 2, utf8Offset: 1), "invalid UTF-8 (byte 0xC3)")) {
      _ = try source.nextBatch(maxLines: 10)
    }
    do {
      _ = try LineSource(path: "/nonexistent/emotext")
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "/nonexistent/emotext: No such file or directory")
    }
  }

  /// Issue 36: a line that is no record is reported at the byte (1-based column) where it stops being one,
  /// saying what was expected there.
  @Test(arguments: [
    ("not json", 1, "expected a JSON object, found 'not'"),
    ("[]", 1, "expected a JSON object, found an array"),
    (#"  {"text":"#, 11, "expected a JSON value, found end of line"),
    (#"{"text": "好", 3: 1}"#, 17, "expected a member name in quotes, found '3'"),
    (#"{"text": 1}"#, 10, #"expected a string as "text", found a number"#),
    (#"{"text": {"a": [1, "b"]}}"#, 10, #"expected a string as "text", found an object"#),
    (#"{"txt": "a"}"#, 1, #"expected a "text" member in the object"#),
    (#"{"text": "a\q"}"#, 13, #"expected an escape (\" \\ \/ \b \f \n \r \t \uXXXX), found 'q'"#),
    (#"{"text": "a"} x"#, 15, "expected the end of the line after the object, found 'x'"),
    (#"{"text": "a" "n": 1}"#, 14, "expected ',' or '}' after a member, found '\"'"),
    (#"{"text": "a", "n": [1 2]}"#, 23, "expected ',' or ']' after an element, found '2'"),
    (#"{"text": "a", "n": -x}"#, 21, "expected a digit, found 'x'"),
    (#"{"text": "\uD83D"}"#, 17, #"expected a low surrogate escape (\uDC00-\uDFFF) after a high one, found '"'"#),
    (#"{"text": tru}"#, 10, "expected a JSON value, found 'tru'"),
    ("{\"text\": \"a\tb\"}", 12, "expected a control character escaped (\\n, \\t, \\u0001), found U+0009"),
  ])
  func aLineThatIsNoRecordIsReportedWhereItGoesWrong(line: String, column: Int, expected: String) {
    #expect(throws: LineProblem(#"not a record {"text": …}: "# + expected, utf8Offset: column - 1)) {
      _ = try JSONLines.text(ofRecord: line)
    }
  }

  @Test func aMemberNameIsComparedUnescaped() throws {
    #expect(try JSONLines.text(ofRecord: #"{"te\u0078t": "a"}"#) == "a")
    let problem = LineProblem(
      #"not a record {"text": …}: expected a string as "text", found a literal"#, utf8Offset: 27)
    #expect(throws: problem) { _ = try JSONLines.text(ofRecord: #"{"id": 1.5e3, "te\u0078t": true}"#) }
  }

  @Test func jsonLinesRecords() throws {
    #expect(try JSONLines.text(ofRecord: #"{"text":"好\n[哈哈]","id":3}"#) == "好\n[哈哈]")
    #expect(throws: LineProblem(#"not a record {"text": …}: expected a "text" member in the object"#, utf8Offset: 0)) {
      _ = try JSONLines.text(ofRecord: #"{"txt":"a"}"#)
    }
    #expect(JSONLines.record(text: "a\"b", extra: [("n", .integer(2))]) == #"{"text":"a\"b","n":2}"#)
  }

  /// The fast path for `{"text": …}` must agree with `JSONDecoder` on every record, and the byte writer with
  /// `JSONValue.serialized`.
  @Test(arguments: [
    #"{"text":"好[哈哈]"}"#, #" { "text" : "a\"b\\c\/d" } "#, #"{"text":"\u597d\ud83d\ude00\n\t\b\f\r"}"#,
    #"{"text":""}"#, #"{"text":"\ud83d"}"#, #"{"text":"a","text":"b"}"#, #"{"text":"a"}x"#, #"{"text":"a\x"}"#,
    #"{"text":"a"#, #"{"text":"a\"#, "{\"text\":\"a\u{1}\"}", #"{"text":5}"#, #"{"text":"a"} "#, "",
  ])
  func recordFastPathAgreesWithJSONDecoder(line: String) throws {
    struct Record: Decodable { var text: String }
    let expected = try? JSONDecoder().decode(Record.self, from: Data(line.utf8)).text
    #expect((try? JSONLines.text(ofRecord: line)) == expected)
  }

  @Test(arguments: ["", "a\"b\\", "\n\r\t\u{0}\u{1F}\u{7F}", "\u{2028}x\u{2029}", "好[哈哈]😀", "\u{E2}\u{80}"])
  func recordWriterEscapesAsJSONValue(text: String) {
    #expect(
      JSONLines.record(
        text: text, extra: [("n", .integer(1_234_567_890_123)), ("m", .integer(-5)), ("z", .integer(0))])
        == JSONValue.object([
          ("text", .string(text)), ("n", .integer(1_234_567_890_123)), ("m", .integer(-5)), ("z", .integer(0)),
        ]).serialized)
  }

  /// The eight-bytes-at-a-time scans against JSONDecoder and a scalar-by-scalar reference escaper, on random
  /// strings where the characters that matter fall at every offset of a word.
  @Test func wordScansAgreeWithReferences() throws {
    struct Record: Decodable { var text: String }
    func reference(_ text: String) -> String {
      var output = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case "\u{2028}": output += "\\u2028"
        case "\u{2029}": output += "\\u2029"
        case _ where scalar.value < 0x20: output += String(format: "\\u%04x", scalar.value)
        default: output.unicodeScalars.append(scalar)
        }
      }
      return output + "\""
    }
    var random = TokenizerTestRandom(test: "wordScansAgreeWithReferences")
    let alphabet: [String] = ["a", "好", "\"", "\\", "\n", "\u{1}", "\u{2028}", "\u{2029}", "\u{2010}", "😀", "/", " "]
    for _ in 0..<2000 {
      let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
        .joined()
      var bytes: [UInt8] = []
      JSONLines.appendString(text, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == reference(text), "\(text.debugDescription)")
      let line = #"{"text":"# + String(decoding: bytes, as: UTF8.self) + "}"
      #expect(try JSONLines.text(ofRecord: line) == text)
      let raw = #"{"text":""# + text + #""}"#
      let decoded = try? JSONDecoder().decode(Record.self, from: Data(raw.utf8)).text
      #expect((try? JSONLines.text(ofRecord: raw)) == decoded, "\(raw.debugDescription)")
    }
  }

  @Test(arguments: [1, 2, 3])
  func orderedBatchesKeepOrderAndStopWhenAsked(jobs: Int) throws {
    let lines = (1...5000).map(String.init)
    var source = LineSource(name: "mem", lines: lines)
    var seen: [Int] = []
    try OrderedBatches.map(&source, jobs: jobs, batchLines: 7) { batch, first in
      batch.enumerated().map { Int($0.element)! * 10 + ($0.offset + first == Int($0.element)! ? 1 : 0) }
    } consume: { batch, _ in
      seen += batch
      return seen.count < 3000
    }
    #expect(seen == (1...3003).map { $0 * 10 + 1 }, "every line in order, with its number; nothing after the stop")
  }

  @Test(arguments: [1, 2])
  func lineAnswersWriteEveryLineBeforeTheFirstFailure(jobs: Int) {
    var source = LineSource(name: "mem", lines: (1...5000).map { $0 == 3000 ? "bad" : String($0) })
    var written: [UInt8] = []
    do {
      try LineAnswers.run(&source, jobs: jobs) { line, _, output throws(LineProblem) in
        guard line != "bad" else { throw LineProblem("not a number", utf8Offset: 1) }
        output.append(contentsOf: (line + "\n").utf8)
      } write: { bytes, _ in
        written += bytes
      }
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "mem:3000:2: not a number")
    }
    #expect(String(decoding: written, as: UTF8.self) == (1..<3000).map { "\($0)\n" }.joined())
  }

  @Test func locationsAreWrittenAsCompilersWriteThem() {
    #expect(BatchLocation(file: "-", line: 2, utf8Offset: 12).description == "<stdin>:2:13")
    #expect(BatchLocation(file: "a.txt", line: 3).description == "a.txt:3")
    #expect(BatchLocation(file: "a.txt").description == "a.txt")
  }
}
