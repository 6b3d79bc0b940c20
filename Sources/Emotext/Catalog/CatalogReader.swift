import Foundation

/// Reads a catalog — a tutorial `Emoticons.bundle` folder or a JSON catalog file, from disk or from memory — and
/// collects every problem instead of stopping at the first, so `validate` can list them all.
///
/// Entries with an error are skipped; everything else loads. Nothing here traps on bad input: every
/// value from a file is type-checked before use.
struct CatalogReader {
  /// Where the catalog's files are read from.
  var files: CatalogFiles = .memory([:])
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
      return EmoticonCatalog(packs: [])
    }
    if isDirectory.boolValue {
      return read(bundle: .folder(absolute))
    }
    let file = (absolute as NSString).lastPathComponent
    let folder = CatalogFiles.folder((absolute as NSString).deletingLastPathComponent)
    return file == "emoticons.plist" ? read(bundle: folder) : read(jsonCatalog: file, in: folder)
  }

  /// Reads the bundle whose root `files` is and returns what loaded.
  mutating func read(bundle files: CatalogFiles) -> EmoticonCatalog {
    self.files = files
    readBundle()
    reportDuplicates()
    return EmoticonCatalog(packs: packs)
  }

  /// Reads the JSON catalog `file` of `files` and returns what loaded.
  mutating func read(jsonCatalog file: String, in files: CatalogFiles) -> EmoticonCatalog {
    self.files = files
    readJSONCatalog(file: file)
    reportDuplicates()
    return EmoticonCatalog(packs: packs)
  }
}
