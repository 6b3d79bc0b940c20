import Foundation

/// Reads a catalog from disk — a tutorial `Emoticons.bundle` folder or a JSON catalog file — and
/// collects every problem instead of stopping at the first, so `validate` can list them all.
///
/// Entries with an error are skipped; everything else loads. Nothing here traps on bad input: every
/// value from a file is type-checked before use.
struct CatalogReader {
  private(set) var errors: [CatalogError] = []
  private(set) var warnings: [CatalogWarning] = []
  private var packs: [EmoticonPack] = []
  /// The location of each emoticon of `packs`, for duplicate warnings.
  private var emoticonLocations: [[CatalogLocation]] = []

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

  // MARK: Tutorial bundles

  private mutating func readBundle(root: String) {
    guard let list = dictionary(root: root, file: "emoticons.plist") else { return }
    readPackageList(list, root: root, file: "emoticons.plist", folder: "", displayOnly: false)
    let displayOnlyList = "DisplayOnly/display_only.plist"
    if FileManager.default.fileExists(atPath: root + "/" + displayOnlyList),
      let list = dictionary(root: root, file: displayOnlyList)
    {
      readPackageList(list, root: root, file: displayOnlyList, folder: "DisplayOnly/", displayOnly: true)
    }
    // Note: YYKit's bundle keeps newer packs as JSON under `additional/`, found by listing the folder.
    for name in subfolders(of: root + "/additional") where name != "DisplayOnly" {
      readPack(root: root, folder: "additional/" + name, listedID: nil, displayOnly: false)
    }
    for name in subfolders(of: root + "/additional/DisplayOnly") {
      readPack(root: root, folder: "additional/DisplayOnly/" + name, listedID: nil, displayOnly: true)
    }
  }

  private func subfolders(of path: String) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
    return names.filter { name in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }.sorted()
  }

  private mutating func readPackageList(
    _ list: [String: Any], root: String, file: String, folder: String, displayOnly: Bool
  ) {
    let location = CatalogLocation(file: file)
    guard let packages = array(list, "packages", at: location) else { return }
    for (index, element) in packages.enumerated() {
      let entry = location.appending("packages").appending(index: index)
      guard let package = element as? [String: Any] else {
        errors.append(.wrongValue(entry, expected: "a dictionary with an id", found: describe(element)))
        continue
      }
      guard let id = string(package, "id", at: entry) else { continue }
      guard isFolderName(id) else {
        errors.append(.wrongValue(entry.appending("id"), expected: "a folder name without \"/\"", found: quoted(id)))
        continue
      }
      let listedDisplayOnly = package["display_only"].map(truthValue) ?? false
      readPack(root: root, folder: folder + id, listedID: id, displayOnly: displayOnly || listedDisplayOnly == true)
    }
  }

  private func isFolderName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
  }

  /// Reads `<folder>/info.plist` (or `info.json`) as one pack.
  private mutating func readPack(root: String, folder: String, listedID: String?, displayOnly: Bool) {
    let directory = root + "/" + folder
    if let resolvedFolder = realPath(directory), let resolvedRoot = realPath(root),
      !resolvedFolder.hasPrefix(resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/")
    {
      errors.append(.packFolderOutsideBundle(CatalogLocation(file: folder), resolvedPath: resolvedFolder))
      return
    }
    let plistFile = folder + "/info.plist"
    let jsonFile = folder + "/info.json"
    let file =
      FileManager.default.fileExists(atPath: root + "/" + plistFile)
      ? plistFile : FileManager.default.fileExists(atPath: root + "/" + jsonFile) ? jsonFile : plistFile
    guard let info = dictionary(root: root, file: file) else { return }
    let location = CatalogLocation(file: file)

    let declaredID = ["id", "emoticon_group_identifier"].lazy.compactMap { info[$0] as? String }.first
    if let listedID, let declaredID, declaredID != listedID {
      warnings.append(.packIDMismatch(location.appending("id"), listed: listedID, declared: declaredID))
    }
    var id = listedID ?? declaredID.flatMap { $0.isEmpty ? nil : $0 } ?? folder
    // Note: a pack extending one already loaded (YYKit's additional/com.sina.default) keeps its own
    // folder, so it becomes a pack of its own, named like the one it extends.
    let namesake = packs.first { $0.id == id }
    if namesake != nil { id = folder }
    let nameKeys = ["group_name_cn", "emoticon_group_name_cn", "group_name", "emoticon_group_name", "group_name_en"]
    let displayName =
      nameKeys.lazy.compactMap { info[$0] as? String }.first { !$0.isEmpty } ?? namesake?.displayName ?? id
    let isDisplayOnly = displayOnly || info["display_only"].map(truthValue) == true

    let emoticonsKey =
      info["emoticons"] == nil && info["emoticon_group_emoticons"] != nil
      ? "emoticon_group_emoticons" : "emoticons"
    guard let entries = array(info, emoticonsKey, at: location) else { return }
    let pack = EmoticonPack(
      id: id, displayName: displayName, emoticons: [], isDisplayOnly: isDisplayOnly, directory: directory)
    appendPack(pack, entries: entries, at: location.appending(emoticonsKey)) { reader, element, entry in
      reader.tutorialEmoticon(element, at: entry, packID: id, directory: directory)
    }
  }

  /// Appends `pack` with the emoticons `readEntry` makes of `entries`, remembering where each came from.
  private mutating func appendPack(
    _ pack: EmoticonPack, entries: [Any], at location: CatalogLocation,
    readEntry: (inout CatalogReader, Any, CatalogLocation) -> Emoticon?
  ) {
    var pack = pack
    var locations: [CatalogLocation] = []
    for (index, element) in entries.enumerated() {
      let entry = location.appending(index: index)
      if let emoticon = readEntry(&self, element, entry) {
        pack.emoticons.append(emoticon)
        locations.append(entry)
      }
    }
    packs.append(pack)
    emoticonLocations.append(locations)
  }

  /// One `{chs, cht, png, gif, type, code}` entry; `type` may be "0", "1", "", 0 or 1.
  private mutating func tutorialEmoticon(
    _ element: Any, at location: CatalogLocation, packID: String, directory: String
  ) -> Emoticon? {
    guard let entry = element as? [String: Any] else {
      errors.append(.wrongValue(location, expected: "a dictionary", found: describe(element)))
      return nil
    }
    let isEmoji: Bool
    switch entry["type"].map(entryKind) ?? .unspecified {
    case .image: isEmoji = false
    case .emoji: isEmoji = true
    // Note: an empty or missing type is inferred: a `code` without a `png` is an emoji.
    case .unspecified: isEmoji = entry["code"] != nil && entry["png"] == nil
    case .invalid:
      errors.append(
        .wrongValue(
          location.appending("type"), expected: "\"0\" (image), \"1\" (emoji) or \"\"", found: describe(entry["type"]!))
      )
      return nil
    }
    if isEmoji {
      return emojiEmoticon(entry, codeKey: "code", at: location, packID: packID, fallback: nil)
    }
    guard let code = string(entry, "chs", at: location), isValidImageCode(code, at: location.appending("chs")) else {
      return nil
    }
    var aliases: [String] = []
    if let cht = optionalString(entry, "cht", at: location), !cht.isEmpty, cht != code {
      guard isValidImageCode(cht, at: location.appending("cht")) else { return nil }
      aliases.append(cht)
    }
    guard let png = string(entry, "png", at: location),
      isSafeImagePath(png, directory: directory, at: location.appending("png"))
    else { return nil }
    var gif = optionalString(entry, "gif", at: location)
    if gif?.isEmpty == true { gif = nil }
    if let gif, !isSafeImagePath(gif, directory: directory, at: location.appending("gif")) { return nil }
    let fallback = EmoticonCatalog.default.emoticon(forToken: code)?.fallback
    return Emoticon(code: code, aliases: aliases, kind: .image(png: png, gif: gif), fallback: fallback, packID: packID)
  }

  /// What a tutorial entry's `type` says.
  private enum EntryKind { case image, emoji, unspecified, invalid }

  /// `type` as written in the wild: `"0"` / `0` image, `"1"` / `1` emoji, `""` not said.
  private func entryKind(_ value: Any) -> EntryKind {
    if let text = value as? String {
      switch text {
      case "0": return .image
      case "1": return .emoji
      case "": return .unspecified
      default: return .invalid
      }
    }
    if let number = value as? NSNumber, !isBoolean(number) {
      if number.doubleValue == 0 { return .image }
      if number.doubleValue == 1 { return .emoji }
    }
    return .invalid
  }

  private mutating func emojiEmoticon(
    _ entry: [String: Any], codeKey: String, at location: CatalogLocation, packID: String, fallback: String?
  ) -> Emoticon? {
    guard let code = string(entry, codeKey, at: location) else { return nil }
    do throws(EmojiCodeError) {
      let emoji = try EmojiCode.parse(code)
      return Emoticon(code: emoji, kind: .emoji(emoji), fallback: fallback, packID: packID)
    } catch {
      errors.append(.invalidEmojiCode(location.appending(codeKey), code: code, reason: error))
      return nil
    }
  }

  // MARK: JSON catalogs

  private mutating func readJSONCatalog(path: String) {
    let folder = (path as NSString).deletingLastPathComponent
    let file = (path as NSString).lastPathComponent
    guard let catalog = dictionary(root: folder, file: file) else { return }
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
      readJSONPack(element, at: location.appending("packs").appending(index: index), folder: folder)
    }
  }

  private mutating func readJSONPack(_ element: Any, at location: CatalogLocation, folder: String) {
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
    if let relative = directory, !relative.hasPrefix("/") {
      directory = URL(fileURLWithPath: folder + "/" + relative).resolvingSymlinksInPath().path
    }
    guard let entries = array(pack, "emoticons", at: location) else { return }
    let header = EmoticonPack(
      id: id, displayName: displayName, emoticons: [], isDisplayOnly: isDisplayOnly, directory: directory)
    appendPack(header, entries: entries, at: location.appending("emoticons")) { reader, element, entry in
      reader.jsonEmoticon(element, at: entry, packID: id, directory: directory)
    }
  }

  /// `{"code", "aliases"?, "png", "gif"?, "fallback"?}` or `{"code", "emoji", "fallback"?}`.
  private mutating func jsonEmoticon(
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

  // MARK: Checks

  private mutating func isValidImageCode(_ code: String, at location: CatalogLocation) -> Bool {
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

  /// A path is safe when it is relative, has no `..` component, and (if it exists) does not resolve
  /// outside `directory` through a symbolic link.
  private mutating func isSafeImagePath(_ path: String, directory: String?, at location: CatalogLocation) -> Bool {
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
    if let directory, let resolvedImage = realPath(directory + "/" + path), let resolvedFolder = realPath(directory),
      !resolvedImage.hasPrefix(resolvedFolder.hasSuffix("/") ? resolvedFolder : resolvedFolder + "/")
    {
      errors.append(.unsafeImagePath(location, path: path))
      return false
    }
    return true
  }

  /// The path with every symbolic link resolved, or `nil` when it does not exist.
  private func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private mutating func reportDuplicates() {
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

  // MARK: Values

  /// The top-level dictionary of `root/file`, a property list or JSON (by extension).
  private mutating func dictionary(root: String, file: String) -> [String: Any]? {
    let location = CatalogLocation(file: file)
    guard let data = FileManager.default.contents(atPath: root + "/" + file) else {
      errors.append(.missingFile(location))
      return nil
    }
    let value: Any
    do {
      value =
        file.hasSuffix(".json")
        ? try JSONSerialization.jsonObject(with: data, options: [])
        : try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
      errors.append(.malformedFile(location, detail: detail))
      return nil
    }
    guard let dictionary = value as? [String: Any] else {
      errors.append(
        .malformedFile(location, detail: "expected a dictionary at the top level, found \(describe(value))"))
      return nil
    }
    return dictionary
  }

  private mutating func string(_ dictionary: [String: Any], _ key: String, at location: CatalogLocation) -> String? {
    guard let value = dictionary[key] else {
      errors.append(.missingKey(location.appending(key)))
      return nil
    }
    guard let text = value as? String else {
      errors.append(.wrongValue(location.appending(key), expected: "a string", found: describe(value)))
      return nil
    }
    return text
  }

  private mutating func optionalString(_ dictionary: [String: Any], _ key: String, at location: CatalogLocation)
    -> String?
  {
    guard dictionary[key] != nil else { return nil }
    return string(dictionary, key, at: location)
  }

  private mutating func array(_ dictionary: [String: Any], _ key: String, at location: CatalogLocation) -> [Any]? {
    guard let value = dictionary[key] else {
      errors.append(.missingKey(location.appending(key)))
      return nil
    }
    guard let array = value as? [Any] else {
      errors.append(.wrongValue(location.appending(key), expected: "an array", found: describe(value)))
      return nil
    }
    return array
  }

  /// A flag written as a boolean, a number or a string (`1`, `"1"`, `true`, `"true"`).
  private func truthValue(_ value: Any) -> Bool? {
    if let number = value as? NSNumber { return number.doubleValue != 0 }
    if let text = value as? String { return ["1", "true", "yes"].contains(text.lowercased()) }
    return nil
  }

  private func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }

  /// A short description of a value for error messages: `a number 3`, `a string "x"`, `an array`.
  private func describe(_ value: Any) -> String {
    switch value {
    case let text as String: text.isEmpty ? "an empty string" : "the string \(quoted(String(text.prefix(40))))"
    case let number as NSNumber: isBoolean(number) ? "the boolean \(number.boolValue)" : "the number \(number)"
    case is [Any]: "an array"
    case is [String: Any], is [AnyHashable: Any]: "a dictionary"
    case is NSNull: "null"
    case is Data: "data"
    case is Date: "a date"
    default: "a value of type \(type(of: value))"
    }
  }
}
