import CICU

extension String {
  /// The NFC form of this string, through ICU's `unorm2`.
  ///
  /// Every string has one, so no input makes ICU fail here: a failure (a broken ICU installation, memory
  /// exhaustion) traps, by the failure policy (the Errors article, "ICU failures").
  package func nfcNormalized() -> String {
    // Note: ASCII is always NFC; skipping ICU here keeps the common case free.
    if utf8.allSatisfy({ $0 < 0x80 }) { return self }
    let source = Array(utf16)
    precondition(source.count <= Int(Int32.max), "Emotext supports text up to 2 GiB")
    var status: Int32 = 0
    let isNFC = cicu_is_nfc(source, Int32(source.count), &status)
    if isNFC < 0 { ICUStatus.environmentFailure(status, "checking for NFC") }
    if isNFC == 1 { return self }
    var capacity = source.count + 16
    while true {
      var destination = [UInt16](repeating: 0, count: capacity)
      let written = cicu_normalize_nfc(source, Int32(source.count), &destination, Int32(capacity), &status)
      if written < 0 { ICUStatus.environmentFailure(status, "normalizing to NFC") }
      if Int(written) <= capacity { return String(decoding: destination[..<Int(written)], as: UTF16.self) }
      capacity = Int(written)
    }
  }
}
