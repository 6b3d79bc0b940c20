import CICU

/// An ICU call that failed; the status is ICU's UErrorCode.
public enum SerializationError: Error, Equatable {
  case icu(status: Int32)
}

extension String {
  /// The NFC form of this string, through ICU's `unorm2`.
  /// - Throws: ``SerializationError/icu(status:)`` when ICU fails (out of memory).
  package func nfcNormalized() throws(SerializationError) -> String {
    // Note: ASCII is always NFC; skipping ICU here keeps the common case free.
    if utf8.allSatisfy({ $0 < 0x80 }) { return self }
    let source = Array(utf16)
    var status: Int32 = 0
    let isNFC = cicu_is_nfc(source, Int32(source.count), &status)
    if isNFC < 0 { throw .icu(status: status) }
    if isNFC == 1 { return self }
    var capacity = source.count + 16
    while true {
      var destination = [UInt16](repeating: 0, count: capacity)
      let written = cicu_normalize_nfc(source, Int32(source.count), &destination, Int32(capacity), &status)
      if written < 0 { throw .icu(status: status) }
      if Int(written) <= capacity { return String(decoding: destination[..<Int(written)], as: UTF16.self) }
      capacity = Int(written)
    }
  }
}
