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

  /// The files an input can write, relative to its folder; each input starts with none of them.
  static let files = ["catalog.json", "emoticons.plist", "com.fuzz/info.plist", "com.fuzz/info.json", "exported.json"]

  #if EMOTEXT_FUZZ
    /// One folder for the whole run (in memory when /dev/shm exists): the fuzz binary checks one input at a time.
    static let sharedFolder: URL = {
      let base =
        FileManager.default.fileExists(atPath: "/dev/shm")
        ? URL(filePath: "/dev/shm") : FileManager.default.temporaryDirectory
      let folder = base.appending(path: "emotext-fuzz-catalog-\(getpid())")
      try? FileManager.default.createDirectory(
        at: folder.appending(path: "com.fuzz"), withIntermediateDirectories: true)
      return folder
    }()

    /// The paths of ``files`` in ``sharedFolder``.
    static let sharedPaths = files.map { sharedFolder.appending(path: $0).path }
  #endif

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    // Note: the tests run inputs in parallel, each in a folder of its own; the fuzz binary reuses one.
    #if EMOTEXT_FUZZ
      // Note: the folder and its com.fuzz/ were made once; the previous input's files go.
      let folder = sharedFolder
      for file in sharedPaths { unlink(file) }
    #else
      let folder = FileManager.default.temporaryDirectory.appending(
        path: "emotext-fuzz-catalog-\(UUID().uuidString)")
      defer { try? FileManager.default.removeFuzzFolder(folder) }
      try FileManager.default.createFuzzFolder(folder.appending(path: "com.fuzz"))
    #endif
    let content = bytes.dropFirst()
    let path: String
    // Note: paths by string, not `URL.appending` (which costs more than writing the file).
    let folderPath = folder.path
    func inFolder(_ name: String) -> String { folderPath + "/" + name }
    switch bytes.first.map({ $0 % 4 }) ?? 0 {
    case 0:
      path = inFolder("catalog.json")
      try write(content, to: path)
    case 1:
      path = folderPath
      try write(Array(listing.utf8)[...], to: inFolder("emoticons.plist"))
      try write(content, to: inFolder("com.fuzz/info.plist"))
    case 2:
      path = folderPath
      try write(content, to: inFolder("emoticons.plist"))
    default:
      path = folderPath
      try write(Array(listing.utf8)[...], to: inFolder("emoticons.plist"))
      try write(content, to: inFolder("com.fuzz/info.json"))
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

    let exported = inFolder("exported.json")
    try write(Array(catalog.jsonText.utf8)[...], to: exported)
    let reloaded = EmoticonCatalog.validate(contentsOf: exported)
    try require(reloaded.errors.isEmpty, "the exported catalog does not load: \(reloaded.errors)\n\(catalog.jsonText)")
    func shape(_ catalog: EmoticonCatalog) -> [String] {
      catalog.packs.map { "\($0.id)|\($0.displayName)|\($0.isDisplayOnly)" }
    }
    try require(shape(reloaded.catalog) == shape(catalog), "export → load changed the packs\n\(catalog.jsonText)")
    try require(
      reloaded.catalog.packs.map(\.emoticons) == catalog.packs.map(\.emoticons),
      "export → load changed the emoticons\n\(catalog.jsonText)")
  }

  /// Writes `bytes` to a new file at `path` with plain POSIX calls: `Data.write` syncs to disk, which costs
  /// more than the rest of a check.
  private static func write(_ bytes: ArraySlice<UInt8>, to path: String) throws(PropertyFailure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw PropertyFailure(description: "could not create \(path): errno \(errno)") }
    defer { close(descriptor) }
    let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw PropertyFailure(description: "could not write \(path): errno \(errno)") }
  }
}

extension FileManager {
  fileprivate func removeFuzzFolder(_ url: URL) throws { try removeItem(at: url) }

  fileprivate func createFuzzFolder(_ url: URL) throws(PropertyFailure) {
    do {
      try createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw PropertyFailure(description: "could not create \(url.path): \(error)")
    }
  }
}
