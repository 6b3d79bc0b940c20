import Testing

@testable import EmotextCLISupport

/// `UTF8Validation.isValid`, the batch commands' validation without a string, against the standard library's
/// `String(validating:as:)` (the general path: the line's string).
@Suite("UTF-8 validation without a string (fast path)") struct UTF8FastValidationTests {
  /// The values where UTF-8's rules change: ASCII, the ends of the continuation bytes and of their sub-ranges that
  /// E0, ED, F0 and F4 allow, and every lead byte class (C0/C1 and F5–FF never lead).
  static let boundaryBytes: [UInt8] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
    0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
  ]

  func expectAgreement(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    let expected = String(validating: bytes, as: UTF8.self) != nil
    let answer = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
    #expect(answer == expected, "\(bytes.map { String($0, radix: 16) })", sourceLocation: sourceLocation)
  }

  /// Every sequence of one to three boundary bytes and every four starting with a four-byte lead, alone and after
  /// seven ASCII bytes (so that the eight-byte step runs into it), and followed by ASCII.
  @Test func everyShortSequenceOfBoundaryBytesAgrees() {
    let bytes = Self.boundaryBytes
    var sequences: [[UInt8]] = bytes.map { [$0] }
    for length in 2...4 {
      sequences += sequences.filter { $0.count == length - 1 && (length < 4 || $0[0] >= 0xF0) }.flatMap { prefix in
        bytes.map { prefix + [$0] }
      }
    }
    for sequence in sequences {
      expectAgreement(sequence)
      expectAgreement(Array("abcdefg".utf8) + sequence)
      expectAgreement(sequence + Array("abcdefgh".utf8))
    }
  }

  /// Every two-byte prefix alone and with one and two continuations after it (the scalar's length for a lead of
  /// two, three and four bytes), so that each lead's allowed second bytes are tested exactly.
  @Test func everyLeadAndSecondByteAgrees() {
    for lead in 0...255 {
      for second in 0...255 {
        // Note: alone, and followed by eight ASCII bytes (the word-at-a-time tests need eight bytes).
        for continuations in 0...2 {
          let sequence = [UInt8(lead), UInt8(second)] + Array(repeating: 0x80, count: continuations)
          expectAgreement(sequence)
          expectAgreement(sequence + Array("abcdefgh".utf8))
        }
      }
    }
  }

  @Test func randomTextAndBytesAgree() {
    var random = TokenizerTestRandom(test: "randomTextAndBytesAgree")
    for _ in 0..<3000 {
      var bytes = Array(PostTextPieces.random(using: &random).utf8)
      // Note: half the texts get a byte or two changed, cut or inserted, most into the middle of a scalar.
      if Bool.random(using: &random) && !bytes.isEmpty {
        for _ in 0...Int.random(in: 0...1, using: &random) {
          let index = Int.random(in: 0..<bytes.count, using: &random)
          let byte = Self.boundaryBytes.randomElement(using: &random)!
          switch Int.random(in: 0..<3, using: &random) {
          case 0: bytes[index] = byte
          case 1: bytes.insert(byte, at: index)
          default: bytes.removeSubrange(index...)
          }
          if bytes.isEmpty { break }
        }
      }
      expectAgreement(bytes)
    }
  }
}
