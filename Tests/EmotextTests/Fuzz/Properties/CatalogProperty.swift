import Foundation

@testable import Emotext

/// The catalog target: arbitrary bytes as a JSON catalog, a bundle's `emoticons.plist`, a pack's
/// `info.plist` or `info.json`, written to a fresh folder and loaded.
///
/// Loading gives a catalog or errors, each naming a file; every image code and alias is a bracket token
/// that tokenizes back to its emoticon; every image path is relative with no `..`; and the catalog
/// exported as JSON loads back to the same packs.
enum CatalogProperty {
  static let listing = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>packages</key><array><dict><key>id</key><string>com.fuzz</string></dict></array></dict></plist>
    """

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let folder = FileManager.default.temporaryDirectory.appending(path: "emotext-fuzz-catalog-\(UUID().uuidString)")
    defer { try? FileManager.default.removeFuzzFolder(folder) }
    let content = Data(bytes.dropFirst())
    let path: String
    do {
      try FileManager.default.createDirectory(at: folder.appending(path: "com.fuzz"), withIntermediateDirectories: true)
      switch bytes.first.map({ $0 % 4 }) ?? 0 {
      case 0:
        path = folder.appending(path: "catalog.json").path
        try content.write(to: URL(filePath: path))
      case 1:
        path = folder.path
        try Data(listing.utf8).write(to: folder.appending(path: "emoticons.plist"))
        try content.write(to: folder.appending(path: "com.fuzz/info.plist"))
      case 2:
        path = folder.path
        try content.write(to: folder.appending(path: "emoticons.plist"))
      default:
        path = folder.path
        try Data(listing.utf8).write(to: folder.appending(path: "emoticons.plist"))
        try content.write(to: folder.appending(path: "com.fuzz/info.json"))
      }
    } catch {
      throw PropertyFailure(description: "could not write the fuzz catalog: \(error)")
    }

    let report = EmoticonCatalog.validate(contentsOf: path)
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

    let exported = folder.appending(path: "exported.json")
    do {
      try Data(catalog.jsonText.utf8).write(to: exported)
    } catch {
      throw PropertyFailure(description: "could not write the exported catalog: \(error)")
    }
    let reloaded = EmoticonCatalog.validate(contentsOf: exported.path)
    try require(reloaded.errors.isEmpty, "the exported catalog does not load: \(reloaded.errors)\n\(catalog.jsonText)")
    func shape(_ catalog: EmoticonCatalog) -> [String] {
      catalog.packs.map { "\($0.id)|\($0.displayName)|\($0.isDisplayOnly)" }
    }
    try require(shape(reloaded.catalog) == shape(catalog), "export → load changed the packs\n\(catalog.jsonText)")
    try require(
      reloaded.catalog.packs.map(\.emoticons) == catalog.packs.map(\.emoticons),
      "export → load changed the emoticons\n\(catalog.jsonText)")
  }
}

extension FileManager {
  fileprivate func removeFuzzFolder(_ url: URL) throws { try removeItem(at: url) }
}
