import EmotextUnicode

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
  /// - Parameter path: A folder or a file, absolute or relative to the current directory.
  /// - Throws: The first ``CatalogError``; ``validate(contentsOf:)`` lists them all. Warnings do not throw.
  public init(contentsOf path: String) throws(CatalogError) {
    let report = Self.validate(contentsOf: path)
    if let error = report.errors.first { throw error }
    self = report.catalog
  }

  /// Loads a catalog like ``init(contentsOf:)`` but collects every problem instead of throwing.
  public static func validate(contentsOf path: String) -> CatalogReport {
    var reader = CatalogReader()
    let catalog = reader.read(path: path)
    return CatalogReport(catalog: catalog, errors: reader.errors, warnings: reader.warnings)
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
