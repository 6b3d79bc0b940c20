import Emotext
import EmotextCLISupport

/// Removes `--catalog PATH` and loads that catalog (a tutorial bundle folder or a JSON catalog file);
/// without the option, the embedded default catalog. For every subcommand that uses a catalog.
func loadCatalog(_ arguments: inout Arguments) throws -> EmoticonCatalog {
  try loadCatalog(at: try arguments.option("--catalog"))
}

/// The catalog at `path`, or the embedded default catalog when `path` is `nil`.
func loadCatalog(at path: String?) throws -> EmoticonCatalog {
  try EmoticonCatalog.loaded(from: path)
}
