import Foundation
import Testing

@testable import Emotext
@testable import EmotextCLISupport

/// The batch reader's fast paths over bytes not yet validated (lines handed out as bytes, the record's text read
/// from them) against the general paths they replace: the line decoder that validated every line on the reading
/// thread, and `JSONDecoder` on the validated line.
@Suite("Batch input as bytes") struct LineBytesTests {
  private struct Record: Decodable { var text: String }

  /// What reading a record line gave before the fast path: the line validated by ``UTF8LineDecoder`` (its error
  /// for invalid UTF-8), then `JSONDecoder`.
  private func generalText(ofRecord bytes: [UInt8]) -> Result<String, LineProblem> {
    var decoder = UTF8LineDecoder()
    let line: String
    do {
      let lines = try decoder.decode(bytes + [0x0A])
      line = lines[0]
    } catch {
      return .failure(LineProblem(error.message, utf8Offset: error.utf8Offset))
    }
    guard let text = try? JSONDecoder().decode(Record.self, from: Data(line.utf8)).text else {
      // Note: what a rejected record is told is the problem finder's; this reference checks which lines fail.
      return .failure(JSONLines.problem(inRecord: line) ?? LineProblem(#"expected a JSON object with a string "text""#))
    }
    return .success(text)
  }

  /// Pieces of record bodies: every script, escapes (surrogate pairs, a lone surrogate, a bad escape), raw
  /// quotes, controls and bytes that are not UTF-8 (a lone continuation, a cut sequence, an encoded surrogate, an
  /// overlong form, 0xFF).
  private static let bodyPieces: [[UInt8]] =
    [
      "a", "iPhone 666", "好", "今天", "[哈哈]", "😀", "👍🏽", "🇨🇳", "e\u{301}", "مرحبا", "नमस्ते", "한국", "…", "\u{2028}",
      "\\n", "\\\"", "\\\\", "\\/", "\\u597d", "\\ud83d\\ude00", "\\ud83d", "\\x", "\"", "\u{1}", "\t", " ",
    ].map { Array($0.utf8) } + [
      [0x80], [0xC3], [0xE5, 0x93], [0xED, 0xA0, 0x80], [0xC0, 0x80], [0xFF], [0xF0, 0x9F],
    ]
  private static let prefixes = [#"{"text":""#, #" { "text" : ""#, #"{"text": ""#, #"{"txt":""#, #"["#, ""]
  private static let suffixes = [#""}"#, #""} "#, #"" }"#, #"","id":1}"#, #"""#, "", #""}x"#]

  @Test func recordTextFromBytesAgreesWithValidatingTheLineFirst() {
    var random = TokenizerTestRandom(test: "recordTextFromBytesAgreesWithValidatingTheLineFirst")
    var fastPathLines = 0
    for _ in 0..<4000 {
      var bytes = Array(Self.prefixes.randomElement(using: &random)!.utf8)
      // Note: half the bodies clean (the fast path: the first 14 pieces), half from every piece.
      let clean = Bool.random(using: &random)
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        let piece =
          clean
          ? Self.bodyPieces[Int.random(in: 0..<14, using: &random)] : Self.bodyPieces.randomElement(using: &random)!
        bytes += piece
      }
      bytes += Array(Self.suffixes.randomElement(using: &random)!.utf8)
      let fast = bytes.withUnsafeBufferPointer { line in
        Result { () throws(LineProblem) in try JSONLines.text(ofRecordUTF8: line) }
      }
      let general = generalText(ofRecord: bytes)
      #expect(fast == general, "\(bytes)")
      if case .success = fast, clean { fastPathLines += 1 }
    }
    #expect(fastPathLines > 500, "the fast path ran")
  }

  /// Lines read as bytes, then validated, against the line decoder on the same bytes: the same lines, and the
  /// same first error (invalid UTF-8 with its line and byte, or a line over the limit) after the same lines.
  @Test func lineBatchesAgreeWithTheLineDecoder() throws {
    var random = TokenizerTestRandom(test: "lineBatchesAgreeWithTheLineDecoder")
    let pieces: [[UInt8]] = Self.bodyPieces + [[0x0A], [0x0A], [0x0D, 0x0A], [0x0A, 0x0A]]
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotext-line-bytes-\(UInt32.random(in: 0...UInt32.max)).txt")
    defer { try? FileManager.default.removeItem(at: url) }
    for round in 0..<300 {
      var bytes: [UInt8] = []
      let clean = round % 3 != 0
      for _ in 0..<Int.random(in: 0...60, using: &random) {
        let piece = pieces.randomElement(using: &random)!
        if clean, String(validating: piece, as: UTF8.self) == nil { continue }
        bytes += piece
      }
      let limit = [8, 40, 1 << 20].randomElement(using: &random)!
      try Data(bytes).write(to: url)

      var decoder = UTF8LineDecoder(maxLineUTF8Count: limit)
      var expectedLines: [String] = []
      var expectedError: BatchError?
      do {
        var start = 0
        while start < bytes.count {
          let end = min(bytes.count, start + Int.random(in: 1...9, using: &random))
          expectedLines += try decoder.decode(bytes[start..<end])
          start = end
        }
        expectedLines += try decoder.finish()
      } catch {
        expectedError = error.batchError(file: url.path)
      }

      var source = try LineSource(path: url.path, maxLineUTF8Count: limit)
      var lines: [String] = []
      var error: BatchError?
      do {
        while let batch = try source.nextBatch(maxLines: Int.random(in: 1...4, using: &random)) { lines += batch }
      } catch let thrown {
        error = thrown
      }
      #expect(lines == expectedLines, "\(bytes), limit \(limit)")
      #expect(error == expectedError, "\(bytes), limit \(limit)")
    }
  }

  /// Answered from bytes on two threads with `--keep-going`'s callback, every line of invalid UTF-8 is reported in
  /// its place with the decoder's message, and the others answered.
  @Test func answersFromBytesReportInvalidLinesInPlace() throws {
    let lines: [[UInt8]] = (1...3000).map { $0 % 700 == 0 ? [0x61, 0xFF] : Array(String($0).utf8) }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotext-line-answers-\(UInt32.random(in: 0...UInt32.max)).txt")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(lines.joined(separator: [0x0A])).write(to: url)
    var source = try LineSource(path: url.path)
    var output = ""
    try LineAnswers.runUTF8(&source, jobs: 2, batchLines: 64) { line, _, output throws(LineProblem) in
      output += Array(try LineProblem.text(ofUTF8: line).utf8) + [0x0A]
    } write: { bytes, _ in
      output += String(decoding: bytes, as: UTF8.self)
    } rejected: { error in
      output += "\(error)\n"
    }
    let expected = (1...3000).map { $0 % 700 == 0 ? "\(url.path):\($0):2: invalid UTF-8 (byte 0xFF)\n" : "\($0)\n" }
    #expect(output == expected.joined())
  }
}
