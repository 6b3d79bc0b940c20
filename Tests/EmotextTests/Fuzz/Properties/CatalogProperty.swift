import Foundation

@testable import Emotext

/// The catalog target: arbitrary bytes as a JSON catalog, a bundle's `emoticons.plist`, a pack's
/// `info.plist` or `info.json`, loaded from memory (`validate(jsonData:)`, `validate(bundleFiles:)`).
///
/// Loading gives a catalog or errors, each naming a file; every image code and alias is a bracket token
/// that tokenizes back to its emoticon; every image path is relative with no `..`; and the catalog
/// exported as JSON loads back to the same packs. `swift test` also writes the files to a fresh folder and
/// checks that loading them from disk gives the same report (the fuzz binary does not: the files and the
/// system calls cost more than the rest of the check, and the reader is the same).
enum CatalogProperty {
  static let listing = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>packages</key><array><dict><key>id</key><string>com.fuzz</string></dict></array></dict></plist>
    """

  /// The files an input stands for, by path relative to the catalog's root, and whether they are a bundle (else
  /// a JSON catalog, `catalog.json`).
  static func files(of bytes: [UInt8]) -> (files: [String: Data], isBundle: Bool) {
    let content = Data(bytes.dropFirst())
    switch bytes.first.map({ $0 % 4 }) ?? 0 {
    case 0: return (["catalog.json": content], false)
    case 1: return (["emoticons.plist": Data(listing.utf8), "com.fuzz/info.plist": content], true)
    case 2: return (["emoticons.plist": content], true)
    default: return (["emoticons.plist": Data(listing.utf8), "com.fuzz/info.json": content], true)
    }
  }

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let (files, isBundle) = files(of: bytes)
    let report =
      isBundle
      ? EmoticonCatalog.validate(bundleFiles: files) : EmoticonCatalog.validate(jsonData: files["catalog.json"]!)
    #if !EMOTEXT_FUZZ
      try checkDiskReaderAgrees(with: report, files: files, isBundle: isBundle)
    #endif
    try check(report)
  }

  /// The checks of what loading gave (a report of its own for `PlantedDifferenceTests`): errors that name a file,
  /// safe image paths, tokens that tokenize back to their emoticons, an export that loads back to the same packs.
  static func check(_ report: CatalogReport) throws(PropertyFailure) {
    for problem in report.errors {
      try require(!problem.location.file.isEmpty && !problem.description.isEmpty, "an error names no file: \(problem)")
    }
    let catalog = report.catalog
    let tokenizer = BracketTokenizer(catalog: catalog)
    for emoticon in catalog.packs.flatMap(\.emoticons) {
      guard case .image(let png, let gif) = emoticon.kind else { continue }
      for file in [png] + (gif.map { [$0] } ?? []) {
        let components = file.split(separator: "/", omittingEmptySubsequences: false)
        try require(!file.hasPrefix("/") && !components.contains(".."), "image path \(file) escapes its pack folder")
      }
      for token in [emoticon.code] + emoticon.aliases {
        try require(EmoticonCatalog.isValidImageToken(token), "image token \(Array(token.utf8)) is not a bracket token")
        let runs = Array(tokenizer.tokenize(token).runs)
        guard runs.count == 1, case .emoticon(let attachment) = runs[0] else {
          throw PropertyFailure(description: "token \(Array(token.utf8)) does not tokenize to one attachment")
        }
        try require(
          attachment.emoticon == catalog.emoticon(forToken: token), "token \(token) tokenizes to another emoticon")
      }
    }

    let reloaded = EmoticonCatalog.validate(jsonData: Data(catalog.jsonText.utf8), fileName: "exported.json")
    try require(reloaded.errors.isEmpty, "the exported catalog does not load: \(reloaded.errors)\n\(catalog.jsonText)")
    func shape(_ catalog: EmoticonCatalog) -> [String] {
      catalog.packs.map { "\($0.id)|\($0.displayName)|\($0.isDisplayOnly)" }
    }
    try require(shape(reloaded.catalog) == shape(catalog), "export → load changed the packs\n\(catalog.jsonText)")
    try require(
      reloaded.catalog.packs.map(\.emoticons) == catalog.packs.map(\.emoticons),
      "export → load changed the emoticons\n\(catalog.jsonText)")
  }

  #if !EMOTEXT_FUZZ
    /// `files` written to a fresh folder and loaded from there (the folder, or `catalog.json` in it) give the
    /// report loaded from memory: the same errors, warnings and packs, but for the packs' directories (on disk,
    /// the folders' paths; in memory, none).
    static func checkDiskReaderAgrees(with report: CatalogReport, files: [String: Data], isBundle: Bool)
      throws(PropertyFailure)
    {
      let folder = FileManager.default.temporaryDirectory.appending(
        path: "emotext-fuzz-catalog-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: folder) }
      do {
        for (path, contents) in files {
          let file = folder.appending(path: path)
          try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
          try contents.write(to: file)
        }
      } catch {
        throw PropertyFailure(description: "could not write the catalog's files in \(folder.path): \(error)")
      }
      let fromDisk = EmoticonCatalog.validate(
        contentsOf: isBundle ? folder.path : folder.appending(path: "catalog.json").path)
      func withoutDirectories(_ catalog: EmoticonCatalog) -> [EmoticonPack] {
        catalog.packs.map { pack in
          var pack = pack
          pack.directory = nil
          return pack
        }
      }
      try require(
        fromDisk.errors == report.errors && fromDisk.warnings == report.warnings
          && withoutDirectories(fromDisk.catalog) == withoutDirectories(report.catalog),
        "from disk: \(fromDisk.lines), \(fromDisk.catalog.packs)\nfrom memory: \(report.lines), \(report.catalog.packs)"
      )
    }
  #endif
}
