import Foundation
import Testing

/// The conventions of issue 21 finished in the second pass: --keep-going, header rows, catalog search's columns.
@Suite("CLI conventions")
struct CLIConventionTests {
  // MARK: --keep-going

  /// Lines 1…count as {"text": …} records, every seventh line not a record.
  static func records(count: Int) -> [String] {
    (1...count).map { $0 % 7 == 0 ? "not json \($0)" : #"{"text":"好[哈哈]\#($0)"}"# }
  }

  @Test(arguments: [1, 3])
  func keepGoingAnswersEachBadLineInItsPlaceWithJSONLines(jobs: Int) throws {
    // Note: 3,000 lines are three batches (1,024 lines each), so the bad lines fall in every batch and the
    // workers finish out of order with --jobs 3.
    let lines = Self.records(count: 3000)
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    let output = try CLIProcess.run(["count", "--jsonl", "--keep-going", "--jobs", "\(jobs)"], stdin: input)
    #expect(output.status == 1)
    #expect(output.stderr.isEmpty, "\(output.stderr)")
    let answers = output.stdout.split(separator: "\n").map(String.init)
    try #require(answers.count == 3000)
    for (index, answer) in answers.enumerated() {
      let number = index + 1
      if number % 7 == 0 {
        #expect(
          answer
            == #"{"error":"not a record {\"text\": …}: expected a JSON object, found 'not'","line":\#(number),"column":1}"#
        )
      } else {
        #expect(answer.hasPrefix(#"{"text":"好[哈哈]\#(number)","#), "line \(number): \(answer)")
      }
    }
  }

  @Test(arguments: [1, 3])
  func keepGoingAnswersLinesOfInvalidUTF8InTheirPlace(jobs: Int) throws {
    // Note: 3,000 lines of about 25 bytes are two 64 KiB reads and three batches, so invalid lines fall in
    // every read and every batch.
    var input: [UInt8] = []
    for number in 1...3000 {
      if number % 11 == 0 {
        input += Array(#"{"text":"好"#.utf8) + [0xFF] + Array(#"\#(number)"}"#.utf8)
      } else if number % 7 == 0 {
        input += Array("not json \(number)".utf8)
      } else {
        input += Array(#"{"text":"好[哈哈]\#(number)"}"#.utf8)
      }
      input.append(UInt8(ascii: "\n"))
    }
    let output = try CLIProcess.run(["count", "--jsonl", "--keep-going", "--jobs", "\(jobs)"], stdin: Data(input))
    #expect(output.status == 1)
    #expect(output.stderr.isEmpty, "\(output.stderr)")
    let answers = output.stdout.split(separator: "\n").map(String.init)
    try #require(answers.count == 3000)
    for (index, answer) in answers.enumerated() {
      let number = index + 1
      if number % 11 == 0 {
        #expect(answer == #"{"error":"invalid UTF-8 (byte 0xFF)","line":\#(number),"column":13}"#)
      } else if number % 7 == 0 {
        #expect(
          answer
            == #"{"error":"not a record {\"text\": …}: expected a JSON object, found 'not'","line":\#(number),"column":1}"#
        )
      } else {
        #expect(answer.hasPrefix(#"{"text":"好[哈哈]\#(number)","#), "line \(number): \(answer)")
      }
    }
    let stopping = try CLIProcess.run(["count", "--jsonl"], stdin: Data(input))
    #expect(
      stopping.stderr == "emotext count: <stdin>:7:1: not a record {\"text\": …}: expected a JSON object, found 'not'\n"
    )
  }

  @Test func withoutKeepGoingTheFirstBadLineStillStops() throws {
    let input = Data((Self.records(count: 20).joined(separator: "\n") + "\n").utf8)
    let output = try CLIProcess.run(["count", "--jsonl"], stdin: input)
    #expect(output.status == 1)
    #expect(output.stdout.split(separator: "\n").count == 6)
    #expect(
      output.stderr == "emotext count: <stdin>:7:1: not a record {\"text\": …}: expected a JSON object, found 'not'\n")
  }

  @Test func keepGoingNamesALineOfInvalidUTF8OnStandardError() throws {
    let output = try CLIProcess.run(
      ["encode-emoji", "--keep-going"], stdin: Data([0x61, 0x0A, 0x62, 0xC0, 0x0A, 0x63]))
    #expect(output.status == 1)
    #expect(output.stdout == "a\n\nc\n")  // an empty line in place of the bad one
    #expect(output.stderr == "emotext encode-emoji: <stdin>:2:2: invalid UTF-8 (byte 0xC0)\n")
    let stopping = try CLIProcess.run(["encode-emoji"], stdin: Data([0x61, 0x0A, 0x62, 0xC0, 0x0A, 0x63]))
    #expect(stopping.stdout == "a\n")
  }

  @Test(arguments: [1, 3])
  func keepGoingKeepsOutputLinesAlignedWithInputLinesWithoutJSONLines(jobs: Int) throws {
    var input: [UInt8] = []
    for number in 1...3000 {
      input += Array("好[哈哈]\(number)".utf8) + (number % 11 == 0 ? [0xFF] : []) + [UInt8(ascii: "\n")]
    }
    let output = try CLIProcess.run(["count", "--keep-going", "--jobs", "\(jobs)"], stdin: Data(input))
    #expect(output.status == 1)
    let answers = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    try #require(answers.count == 3000)
    for (index, answer) in answers.enumerated() where (index + 1) % 11 == 0 {
      #expect(answer.isEmpty, "line \(index + 1): \(answer)")
    }
    #expect(answers.filter(\.isEmpty).count == 3000 / 11)
    #expect(output.stderr.split(separator: "\n").count == 3000 / 11)
  }

  @Test func keepGoingNamesEachBadLineOnStandardErrorWithoutJSONLines() throws {
    let output = try CLIProcess.run(
      [
        "decode-emoji", "--keep-going", "--text", "a[emoji:zz]", "--text", "ok", "--text", "b[emoji:1f600", "--text",
        "c",
      ])
    #expect(output.status == 1)
    #expect(output.stdout == "\nok\n\nc\n")
    #expect(
      output.stderr == """
        emotext decode-emoji: --text:1:2: malformed emoji escape: 'zz' is not a Unicode scalar in hex
        emotext decode-emoji: --text:3:2: malformed emoji escape: '[emoji:' without a closing ']'

        """, "\(output.stderr)")
  }

  @Test(arguments: [
    (["truncate", "--max", "1"], #"{"text":"好"}"#),
    (["parse"], #"{"text":"好","version":1,"runs":[{"text":"好"}]}"#),
    (["encode-emoji"], #"{"text":"好"}"#),
    (["decode-emoji"], #"{"text":"好"}"#),
  ])
  func everyJSONLinesCommandKeepsGoing(command: [String], goodAnswer: String) throws {
    let output = try CLIProcess.run(
      command + ["--jsonl", "--keep-going", "--text", "[1]", "--text", #"{"text":"好"}"#])
    #expect(output.status == 1, "\(command): \(output.stderr)")
    #expect(
      output.stdout
        == #"{"error":"not a record {\"text\": …}: expected a JSON object, found an array","line":1,"column":1}"# + "\n"
        + goodAnswer
        + "\n",
      "\(command)")
  }

  @Test func serializeKeepsGoingPastADocumentThatDoesNotParse() throws {
    let output = try CLIProcess.run(
      ["serialize", "--keep-going", "--text", "{}", "--text", #"{"version":1,"runs":[{"text":"好"}]}"#])
    #expect(output.status == 1)
    #expect(output.stdout == "\n好\n")
    #expect(output.stderr.hasPrefix("emotext serialize: --text:1"), "\(output.stderr)")
  }

  @Test func roundtripKeepsGoingPastALineThatIsNoRecord() throws {
    let input = Data("{\"text\":\"a\"}\nbad\n{\"text\":\"b[哈哈]\"}\n".utf8)
    let stopping = try CLIProcess.run(["roundtrip", "--jsonl"], stdin: input)
    #expect(stopping.stdout.contains(#""posts":1,"#), "\(stopping.stdout)")
    let going = try CLIProcess.run(["roundtrip", "--jsonl", "--keep-going"], stdin: input)
    #expect(going.status == 1)
    #expect(going.stdout == #"{"file":"<stdin>","posts":2,"tokens":1,"unknownTokens":0,"mismatches":0}"# + "\n")
    #expect(
      going.stderr
        == "emotext roundtrip: <stdin>:2:1: not a record {\"text\": …}: expected a JSON object, found 'bad'\n")
  }

  @Test func keepGoingWithGoodLinesOnlyExitsZero() throws {
    let output = try CLIProcess.run(["count", "--keep-going", "--text", "a"])
    #expect(output.status == 0)
    #expect(output.stdout == "1\t1\t1\t1\n")
  }

  // MARK: Header rows

  @Test func countPrintsAHeaderRowNamingItsColumns() throws {
    let output = try CLIProcess.run(["count", "--header", "--rule", "twitter", "--text", "a[哈哈]"])
    #expect(output.stdout == "twitter\tutf16\tscalars\tgraphemes\n7\t2\t2\t2\n")
    let jsonl = try CLIProcess.run(["count", "--header", "--jsonl", "--text", #"{"text":"a"}"#])
    #expect(jsonl.status == 2)
  }

  @Test func catalogListPrintsAHeaderRowNamingItsColumns() throws {
    let packs = try CLIProcess.run(["catalog", "list", "--header"])
    let packLines = packs.stdout.split(separator: "\n")
    #expect(packLines.first == "pack\tname\temoticons\tdisplay-only")
    #expect(packLines.dropFirst().first == "com.sina.default\t默认\t111\tno")  // a number under "emoticons"
    #expect(packLines.dropFirst().allSatisfy { $0.split(separator: "\t").count == 4 })
    let emoticons = try CLIProcess.run(["catalog", "list", "--emoticons", "--header"])
    let emoticonLines = emoticons.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(emoticonLines.first == "pack\tcode\taliases\tkind\tfallback")
    #expect(emoticonLines[1].split(separator: "\t", omittingEmptySubsequences: false).count == 5)
    let unheaded = try CLIProcess.run(["catalog", "list"])
    #expect(!unheaded.stdout.hasPrefix("pack\t"))
  }

  // MARK: catalog search

  @Test func searchPrintsFallbackAndNamesBesideTheCode() throws {
    let output = try CLIProcess.run(["catalog", "search", "aini", "--limit", "1"])
    #expect(output.status == 0)
    #expect(output.stdout == "[爱你]\t😍\t爱你,愛你\n")
  }

  @Test func searchWithoutAMatchExitsOneWithAMessage() throws {
    let output = try CLIProcess.run(["catalog", "search", "zzzzqqq"])
    #expect(output.status == 1)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr == "emotext catalog: no emoticon matches 'zzzzqqq'\n")
  }

  // MARK: A JSON catalog that does not parse

  @Test func aJSONCatalogThatDoesNotParseIsNamedByLineAndColumn() throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "emotext-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data("{\"version\":1,\n \"packs\": [\n  {\"id\": \"p\",, }\n]}".utf8).write(to: file)
    let output = try CLIProcess.run(["count", "--catalog", file.path, "--text", "a"])
    #expect(output.status == 1)
    #expect(output.stderr.hasSuffix(": malformed file: line 3, column 14: invalid value\n"), "\(output.stderr)")
  }
}
