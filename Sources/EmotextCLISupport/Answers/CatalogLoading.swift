import Emotext

extension EmoticonCatalog {
  /// The catalog at `path` (a tutorial bundle folder or a JSON catalog file), or the embedded default catalog when
  /// `path` is `nil`: what `--catalog PATH` loads, for every subcommand and for the C ABI.
  ///
  /// A JSON pack's `directory` may lead outside the file's folder (`emotext catalog export` writes absolute
  /// ones): the caller names the catalog it trusts. `emotext catalog validate` does not allow it, so it reports
  /// such a directory as an error.
  /// - Throws: ``CommandFailure`` saying `cannot load catalog PATH: …`.
  package static func loaded(from path: String?) throws(CommandFailure) -> EmoticonCatalog {
    guard let path else { return .default }
    do {
      return try EmoticonCatalog(contentsOf: path, allowingPackDirectoriesOutside: true)
    } catch {
      throw CommandFailure("cannot load catalog \(path): \(error)")
    }
  }
}
