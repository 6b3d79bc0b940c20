import Emotext

extension EmoticonCatalog {
  /// The catalog at `path` (a tutorial bundle folder or a JSON catalog file), or the embedded default catalog when
  /// `path` is `nil`: what `--catalog PATH` loads, for every subcommand and for the C ABI.
  /// - Throws: ``CommandFailure`` saying `cannot load catalog PATH: …`.
  package static func loaded(from path: String?) throws(CommandFailure) -> EmoticonCatalog {
    guard let path else { return .default }
    do {
      return try EmoticonCatalog(contentsOf: path)
    } catch {
      throw CommandFailure("cannot load catalog \(path): \(error)")
    }
  }
}
