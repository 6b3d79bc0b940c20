import CICU

/// An ICU transliterator (`utrans`), open for the lifetime of the value; used where a batch of strings is
/// transliterated at once (a catalog's pinyin), never stored in a shared value.
package final class Transliterator {
  private let handle: OpaquePointer

  /// Opens the transliterator with the compound ID `identifier`, such as `Han-Latin; Latin-ASCII`.
  /// - Throws: ``TransliterationError`` when ICU does not accept the ID; a failure no ID causes (a broken ICU
  ///   installation, memory exhaustion) traps, by the failure policy (the Errors article, "ICU failures").
  package init(_ identifier: String) throws(TransliterationError) {
    var units = Array(identifier.utf16)
    var status: Int32 = 0
    guard let opened = cicu_transliterator_open(&units, Int32(units.count), &status) else {
      ICUStatus.trapOnEnvironmentFailure(status, "opening a transliterator")
      throw TransliterationError(identifier: identifier, icuErrorName: ICUStatus.name(status))
    }
    handle = opened
  }

  deinit { cicu_transliterator_close(handle) }

  /// `text` transliterated. An open transliterator takes any text, so a failure (a broken ICU installation,
  /// memory exhaustion) traps, by the failure policy (the Errors article, "ICU failures").
  package func transliterate(_ text: String) -> String {
    let source = Array(text.utf16)
    var capacity = source.count * 4 + 16
    while true {
      var buffer = source + [UInt16](repeating: 0, count: capacity - source.count)
      var status: Int32 = 0
      let length = cicu_transliterator_transform(handle, &buffer, Int32(source.count), Int32(capacity), &status)
      if length < 0 { ICUStatus.environmentFailure(status, "transliterating") }
      if Int(length) <= capacity { return String(decoding: buffer[..<Int(length)], as: UTF16.self) }
      capacity = max(Int(length), capacity * 2)
    }
  }

  /// Tone-free lowercase pinyin for Han characters, other letters made ASCII: `哈哈` → `ha ha`, `愛` → `ai`.
  package static let pinyinIdentifier = "Han-Latin; Latin-ASCII; Any-Lower"
}

/// A transliterator ID ICU does not accept, e.g. `No-Such-Transliterator`.
package struct TransliterationError: Error, Equatable, CustomStringConvertible {
  /// The ID as given.
  package var identifier: String
  /// ICU's name for the error, e.g. `U_INVALID_ID`.
  package var icuErrorName: String

  /// `unknown transliterator ID "No-Such-Transliterator" (U_INVALID_ID)`.
  package var description: String { "unknown transliterator ID \(identifier.debugDescription) (\(icuErrorName))" }
}
