import Foundation

/// Reads a catalog from disk — a tutorial `Emoticons.bundle` folder or a JSON catalog file — and
/// collects every problem instead of stopping at the first, so `validate` can list them all.
///
/// Entries with an error are skipped; everything else loads. Nothing here traps on bad input: every
/// value from a file is type-checked before use.
struct CatalogReader {
  var errors: [CatalogError] = []
  var warnings: [CatalogWarning] = []
  var packs: [EmoticonPack] = []
  /// The location of each emoticon of `packs`, for duplicate warnings.
  var emoticonLocations: [[CatalogLocation]] = []

  /// Reads `path` (a folder or its `emoticons.plist`: tutorial bundle; another file: JSON catalog) and
  /// returns what loaded.
  mutating func read(path: String) -> EmoticonCatalog {
    // Note: symlinks are resolved so the same folder always has the same path, however it was named.
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) {
      errors.append(.missingFile(CatalogLocation(file: path)))
    } else if isDirectory.boolValue {
      readBundle(root: absolute)
    } else if (absolute as NSString).lastPathComponent == "emoticons.plist" {
      readBundle(root: (absolute as NSString).deletingLastPathComponent)
    } else {
      readJSONCatalog(path: absolute)
    }
    reportDuplicates()
    return EmoticonCatalog(packs: packs)
  }
}
