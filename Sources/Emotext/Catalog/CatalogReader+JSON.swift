import Foundation

/// Reading a JSON catalog file (the format `emotext catalog export` writes).
extension CatalogReader {
  mutating func readJSONCatalog(file: String) {
    guard let catalog = dictionary(file: file, isJSON: true) else { return }
    let location = CatalogLocation(file: file)
    guard let version = catalog["version"] else {
      errors.append(.missingKey(location.appending("version")))
      return
    }
    guard let number = version as? NSNumber, !isBoolean(number), number.doubleValue == 1 else {
      errors.append(.unsupportedVersion(location.appending("version"), found: describe(version)))
      return
    }
    guard let packList = array(catalog, "packs", at: location) else { return }
    for (index, element) in packList.enumerated() {
      readJSONPack(element, at: location.appending("packs").appending(index: index))
    }
  }

  mutating func readJSONPack(_ element: Any, at location: CatalogLocation) {
    guard let pack = element as? [String: Any] else {
      errors.append(.wrongValue(location, expected: "a pack dictionary", found: describe(element)))
      return
    }
    guard let id = string(pack, "id", at: location) else { return }
    guard !id.isEmpty, !packs.contains(where: { $0.id == id }) else {
      errors.append(
        .wrongValue(location.appending("id"), expected: "a non-empty id no earlier pack uses", found: quoted(id)))
      return
    }
    let displayName = optionalString(pack, "displayName", at: location) ?? id
    let isDisplayOnly = pack["displayOnly"].map(truthValue) == true
    var directory = optionalString(pack, "directory", at: location)
    if let written = directory, !allowsPackDirectoriesOutside, !isConfinedDirectory(written) {
      errors.append(.unsafePackDirectory(location.appending("directory"), directory: written))
      return
    }
    // Note: a relative directory is relative to the JSON file's folder on disk; read from memory, it stays as
    // it is written.
    if let relative = directory, !relative.hasPrefix("/"), let folder = files.path(of: "") {
      directory = URL(fileURLWithPath: folder + "/" + relative).resolvingSymlinksInPath().path
    }
    guard let entries = array(pack, "emoticons", at: location) else { return }
    let header = EmoticonPack(
      id: id, displayName: displayName, emoticons: [], isDisplayOnly: isDisplayOnly, directory: directory)
    appendPack(header, entries: entries, at: location.appending("emoticons")) { reader, element, entry in
      reader.jsonEmoticon(element, at: entry, packID: id, directory: directory)
    }
  }

  /// Whether a pack's `directory` as written stays inside the catalog file's folder: relative, no `..`
  /// component, and (on disk) no symbolic link taking it elsewhere.
  private func isConfinedDirectory(_ directory: String) -> Bool {
    let components = directory.split(separator: "/", omittingEmptySubsequences: true)
    guard !directory.hasPrefix("/"), !directory.contains("\0"), !components.contains("..") else { return false }
    return files.resolvedOutsideRoot(directory) == nil
  }

  /// `{"code", "aliases"?, "png", "gif"?, "fallback"?}` or `{"code", "emoji", "fallback"?}`.
  mutating func jsonEmoticon(
    _ element: Any, at location: CatalogLocation, packID: String, directory: String?
  ) -> Emoticon? {
    guard let entry = element as? [String: Any] else {
      errors.append(.wrongValue(location, expected: "an emoticon dictionary", found: describe(element)))
      return nil
    }
    guard let code = string(entry, "code", at: location) else { return nil }
    guard !code.isEmpty else {
      errors.append(.emptyCode(location.appending("code")))
      return nil
    }
    let fallback = optionalString(entry, "fallback", at: location)
    if entry["emoji"] != nil {
      guard let emoji = string(entry, "emoji", at: location) else { return nil }
      guard !emoji.isEmpty else {
        errors.append(.wrongValue(location.appending("emoji"), expected: "the emoji text", found: "an empty string"))
        return nil
      }
      return Emoticon(code: code, kind: .emoji(emoji), fallback: fallback, packID: packID)
    }
    guard isValidImageCode(code, at: location.appending("code")) else { return nil }
    var aliases: [String] = []
    if let list = entry["aliases"] {
      guard let strings = list as? [Any] else {
        errors.append(
          .wrongValue(location.appending("aliases"), expected: "an array of strings", found: describe(list)))
        return nil
      }
      for (index, alias) in strings.enumerated() {
        let aliasLocation = location.appending("aliases").appending(index: index)
        guard let alias = alias as? String else {
          errors.append(.wrongValue(aliasLocation, expected: "a string", found: describe(alias)))
          return nil
        }
        guard isValidImageCode(alias, at: aliasLocation) else { return nil }
        aliases.append(alias)
      }
    }
    guard let png = string(entry, "png", at: location),
      isSafeImagePath(png, directory: directory, at: location.appending("png"))
    else { return nil }
    let gif = optionalString(entry, "gif", at: location)
    if let gif, !isSafeImagePath(gif, directory: directory, at: location.appending("gif")) { return nil }
    return Emoticon(code: code, aliases: aliases, kind: .image(png: png, gif: gif), fallback: fallback, packID: packID)
  }
}
