import EmotextUnicode
import Foundation

/// Everything `validate` found in a catalog: what loads, the errors (entries skipped) and the warnings.
///
/// ```swift
/// let report = EmoticonCatalog.validate(contentsOf: "Emoticons.bundle")
/// for line in report.lines { print(line) }   // "error: com.sina.default/info.plist: emoticons[17].png: …"
/// ```
public struct CatalogReport: Sendable {
  /// The catalog with every entry that has an error left out.
  public var catalog: EmoticonCatalog
  /// Problems that make an entry, a pack or the whole catalog unusable, in file order.
  public var errors: [CatalogError]
  /// Problems that load anyway, such as duplicate codes (the first definition wins).
  public var warnings: [CatalogWarning]

  /// One line per problem: `error: …` lines, then `warning: …` lines.
  public var lines: [String] {
    errors.map { "error: \($0)" } + warnings.map { "warning: \($0)" }
  }
}

extension EmoticonCatalog {
  /// Loads a catalog from disk: a tutorial `Emoticons.bundle` folder or a JSON catalog file.
  ///
  /// A folder is read as the tutorials' bundle: `emoticons.plist` lists packs (`packages` = `[{id}]`),
  /// each in `<id>/info.plist` (or `<id>/info.json`); `DisplayOnly/display_only.plist` lists display-only
  /// packs under `DisplayOnly/`; folders under `additional/` and `additional/DisplayOnly/` are extra packs
  /// (YYKit's layout). The listed id wins over the id an info file declares; a pack whose id is already
  /// taken gets its folder path (e.g. `additional/com.sina.default`) as id. Image emoticons get the
  /// embedded default catalog's fallback for the same code. A bundle's `emoticons.plist` file also names
  /// the bundle; any other file is read as the JSON catalog format.
  ///
  /// Every file is read bounded: a regular file (a FIFO, a device or a folder where a file should be is
  /// ``CatalogError/notARegularFile(_:found:)``) of at most ``maximumFileByteCount`` bytes
  /// (``CatalogError/fileTooLarge(_:byteCount:maximumByteCount:)``). A JSON pack's `directory` must stay inside
  /// the JSON file's folder (relative, no `..`, no link out: ``CatalogError/unsafePackDirectory(_:directory:)``);
  /// ``init(contentsOf:allowingPackDirectoriesOutside:)`` loads one that does not, such as an export's absolute
  /// directories.
  ///
  /// - Parameter path: A folder or a file, absolute or relative to the current directory.
  /// - Throws: The first ``CatalogError``; ``validate(contentsOf:)`` lists them all. Warnings do not throw.
  public init(contentsOf path: String) throws(CatalogError) {
    try self.init(loading: Self.validate(contentsOf: path))
  }

  /// Loads a catalog like ``init(contentsOf:)``; with `allowingPackDirectoriesOutside`, a JSON pack's
  /// `directory` may also be absolute or lead outside the file's folder (a catalog you trust, such as
  /// `emotext catalog export` wrote: its directories are absolute).
  public init(contentsOf path: String, allowingPackDirectoriesOutside: Bool) throws(CatalogError) {
    try self.init(
      loading: Self.validate(contentsOf: path, allowingPackDirectoriesOutside: allowingPackDirectoriesOutside))
  }

  /// Loads a catalog like ``init(contentsOf:)`` but collects every problem instead of throwing.
  public static func validate(contentsOf path: String) -> CatalogReport {
    CatalogReader.read(path: path)
  }

  /// Loads a catalog like ``init(contentsOf:allowingPackDirectoriesOutside:)`` but collects every problem
  /// instead of throwing.
  public static func validate(contentsOf path: String, allowingPackDirectoriesOutside: Bool) -> CatalogReport {
    CatalogReader.read(path: path, allowingPackDirectoriesOutside: allowingPackDirectoriesOutside)
  }

  /// The most bytes a catalog file may hold (16 MiB, a hundred times a large catalog): a bigger one is refused
  /// before it is read whole.
  public static let maximumFileByteCount = 16 << 20

  /// Loads a JSON catalog from its bytes, without touching the file system: what ``init(contentsOf:)`` reads
  /// from a JSON catalog file, with the same checks.
  ///
  /// Errors name `fileName` (with the line and column where the JSON does not parse). A pack's relative
  /// `directory` stays as written (on disk it is resolved against the file's folder); image paths are checked
  /// as written (relative, no `..`), since no link can take them elsewhere.
  ///
  /// - Parameters:
  ///   - jsonData: The file's contents, UTF-8 JSON.
  ///   - fileName: The name errors give the file.
  /// - Throws: The first ``CatalogError``; ``validate(jsonData:fileName:)`` lists them all.
  public init(jsonData: Data, fileName: String = "catalog.json") throws(CatalogError) {
    try self.init(loading: Self.validate(jsonData: jsonData, fileName: fileName))
  }

  /// Loads a JSON catalog from its bytes like ``init(jsonData:fileName:)``; with
  /// `allowingPackDirectoriesOutside`, a pack's `directory` may be absolute or hold `..` (an export's).
  public init(jsonData: Data, fileName: String = "catalog.json", allowingPackDirectoriesOutside: Bool)
    throws(CatalogError)
  {
    try self.init(
      loading: Self.validate(
        jsonData: jsonData, fileName: fileName, allowingPackDirectoriesOutside: allowingPackDirectoriesOutside))
  }

  /// Loads a JSON catalog from its bytes like ``init(jsonData:fileName:)`` but collects every problem instead of
  /// throwing.
  public static func validate(jsonData: Data, fileName: String = "catalog.json") -> CatalogReport {
    validate(jsonData: jsonData, fileName: fileName, allowingPackDirectoriesOutside: false)
  }

  /// Loads a JSON catalog from its bytes like ``init(jsonData:fileName:allowingPackDirectoriesOutside:)`` but
  /// collects every problem instead of throwing.
  public static func validate(jsonData: Data, fileName: String = "catalog.json", allowingPackDirectoriesOutside: Bool)
    -> CatalogReport
  {
    CatalogReader.read(
      jsonCatalog: fileName, in: .memory([fileName: jsonData]),
      allowingPackDirectoriesOutside: allowingPackDirectoriesOutside)
  }

  /// Loads a tutorial bundle from its files' contents, without touching the file system: what
  /// ``init(contentsOf:)`` reads from a bundle folder, with the same layout, checks and errors.
  ///
  /// A folder exists when a file's path goes through it (for `additional/<id>/`). Packs get no
  /// ``EmoticonPack/directory``: their images are nowhere on disk (give renderers an `imageBaseURL`).
  ///
  /// ```swift
  /// let catalog = try EmoticonCatalog(bundleFiles: [
  ///   "emoticons.plist": listData,               // packages = [{id: "com.sina.default"}]
  ///   "com.sina.default/info.plist": infoData,
  /// ])
  /// ```
  ///
  /// - Parameter bundleFiles: Each file's contents by its path relative to the bundle folder, `/`-separated
  ///   (`emoticons.plist`, `com.sina.default/info.plist`), as errors name them.
  /// - Throws: The first ``CatalogError``; ``validate(bundleFiles:)`` lists them all.
  public init(bundleFiles: [String: Data]) throws(CatalogError) {
    try self.init(loading: Self.validate(bundleFiles: bundleFiles))
  }

  /// Loads a tutorial bundle from its files' contents like ``init(bundleFiles:)`` but collects every problem
  /// instead of throwing.
  public static func validate(bundleFiles: [String: Data]) -> CatalogReport {
    CatalogReader.read(bundle: .memory(bundleFiles))
  }

  /// The catalog of `report`, or its first error.
  private init(loading report: CatalogReport) throws(CatalogError) {
    if let error = report.errors.first { throw error }
    self = report.catalog
  }

  /// Whether `token` can be an image emoticon's code or alias: `[`, 1 or more characters other than
  /// `[`, `]` and line breaks, then `]` — the only spellings the bracket tokenizer can find.
  public static func isValidImageToken(_ token: String) -> Bool {
    let scalars = Array(token.unicodeScalars)
    guard scalars.count >= 3, scalars.first == "[", scalars.last == "]" else { return false }
    return scalars.dropFirst().dropLast().allSatisfy { scalar in
      scalar != "[" && scalar != "]" && !LineBreaks.isLineBreak(scalar)
    }
  }
}
