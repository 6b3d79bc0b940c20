import Foundation

/// Checks shared by both formats: image codes, image paths inside the catalog, duplicates.
extension CatalogReader {
  mutating func isValidImageCode(_ code: String, at location: CatalogLocation) -> Bool {
    if code.isEmpty {
      errors.append(.emptyCode(location))
      return false
    }
    if !EmoticonCatalog.isValidImageToken(code) {
      errors.append(.codeWithoutBrackets(location, code: code))
      return false
    }
    return true
  }

  /// A path is safe when it is relative, has no `..` component, and (if it exists on disk, and the catalog is read
  /// from disk) does not resolve outside `directory` through a symbolic link.
  mutating func isSafeImagePath(_ path: String, directory: String?, at location: CatalogLocation) -> Bool {
    if path.isEmpty {
      errors.append(
        .wrongValue(location, expected: "an image file name such as \"d_haha.png\"", found: "an empty string"))
      return false
    }
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    if path.hasPrefix("/") || path.contains("\0") || components.contains("..") {
      errors.append(.unsafeImagePath(location, path: path))
      return false
    }
    if files.isOnDisk, let directory, let resolvedImage = CatalogFiles.realPath(directory + "/" + path),
      let resolvedFolder = CatalogFiles.realPath(directory),
      !resolvedImage.hasPrefix(resolvedFolder.hasSuffix("/") ? resolvedFolder : resolvedFolder + "/")
    {
      errors.append(.unsafeImagePath(location, path: path))
      return false
    }
    return true
  }

  mutating func reportDuplicates() {
    var owners: [String: String] = [:]  // token → pack id of the first emoticon using it
    for (pack, locations) in zip(packs, emoticonLocations) {
      for (emoticon, location) in zip(pack.emoticons, locations) {
        for token in [emoticon.code] + emoticon.aliases {
          if let owner = owners[token] {
            warnings.append(.duplicateCode(location, code: token, firstPackID: owner))
          } else {
            owners[token] = pack.id
          }
        }
      }
    }
  }
}
