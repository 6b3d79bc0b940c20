import Foundation

/// Reads a catalog — a tutorial `Emoticons.bundle` folder or a JSON catalog file, from disk or from memory — and
/// collects every problem instead of stopping at the first, so `validate` can list them all.
///
/// Entries with an error are skipped; everything else loads. Nothing here traps on bad input: every
/// value from a file is type-checked before use.
struct CatalogReader {
  /// Where the catalog's files are read from.
  let files: CatalogFiles
  /// Whether a JSON pack's `directory` may be absolute, climb with `..` or lead outside the catalog's folder.
  var allowsPackDirectoriesOutside = false
  var errors: [CatalogError] = []
  var warnings: [CatalogWarning] = []
  var packs: [EmoticonPack] = []
  /// The location of each emoticon of `packs`, for duplicate warnings.
  var emoticonLocations: [[CatalogLocation]] = []

  /// A reader of the catalog in `files`, which has read nothing yet.
  private init(files: CatalogFiles) { self.files = files }

  /// What loaded from `path` (a folder or its `emoticons.plist`: tutorial bundle; another file: JSON catalog),
  /// with the errors and warnings.
  static func read(path: String, allowingPackDirectoriesOutside: Bool = false) -> CatalogReport {
    // Note: symlinks are resolved so the same folder always has the same path, however it was named.
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) {
      return CatalogReport(
        catalog: EmoticonCatalog(packs: []), errors: [.missingFile(CatalogLocation(file: path))], warnings: [])
    }
    if isDirectory.boolValue {
      return read(bundle: .folder(absolute))
    }
    let file = (absolute as NSString).lastPathComponent
    let folder = CatalogFiles.folder((absolute as NSString).deletingLastPathComponent)
    return file == "emoticons.plist"
      ? read(bundle: folder)
      : read(jsonCatalog: file, in: folder, allowingPackDirectoriesOutside: allowingPackDirectoriesOutside)
  }

  /// What loaded from the bundle whose root `files` is, with the errors and warnings.
  static func read(bundle files: CatalogFiles) -> CatalogReport {
    var reader = CatalogReader(files: files)
    reader.readBundle()
    return reader.report()
  }

  /// What loaded from the JSON catalog `file` of `files`, with the errors and warnings.
  static func read(jsonCatalog file: String, in files: CatalogFiles, allowingPackDirectoriesOutside: Bool = false)
    -> CatalogReport
  {
    var reader = CatalogReader(files: files)
    reader.allowsPackDirectoriesOutside = allowingPackDirectoriesOutside
    reader.readJSONCatalog(file: file)
    return reader.report()
  }

  /// The packs read, after the duplicate warnings, with the errors and warnings.
  private mutating func report() -> CatalogReport {
    reportDuplicates()
    return CatalogReport(catalog: EmoticonCatalog(packs: packs), errors: errors, warnings: warnings)
  }
}
