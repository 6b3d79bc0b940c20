import Foundation

/// Reading a tutorial `Emoticons.bundle` folder: `emoticons.plist`, each pack's `info.plist`.
extension CatalogReader {
  mutating func readBundle() {
    guard let list = dictionary(file: "emoticons.plist") else { return }
    readPackageList(list, file: "emoticons.plist", folder: "", displayOnly: false)
    let displayOnlyList = "DisplayOnly/display_only.plist"
    if files.exists(displayOnlyList), let list = dictionary(file: displayOnlyList) {
      readPackageList(list, file: displayOnlyList, folder: "DisplayOnly/", displayOnly: true)
    }
    // Note: YYKit's bundle keeps newer packs as JSON under `additional/`, found by listing the folder.
    for name in files.subfolders(of: "additional") where name != "DisplayOnly" {
      readPack(folder: "additional/" + name, listedID: nil, displayOnly: false)
    }
    for name in files.subfolders(of: "additional/DisplayOnly") {
      readPack(folder: "additional/DisplayOnly/" + name, listedID: nil, displayOnly: true)
    }
  }

  mutating func readPackageList(_ list: [String: Any], file: String, folder: String, displayOnly: Bool) {
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
      readPack(folder: folder + id, listedID: id, displayOnly: displayOnly || listedDisplayOnly == true)
    }
  }

  func isFolderName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
  }

  /// Reads `<folder>/info.plist` (or `info.json`) as one pack.
  mutating func readPack(folder: String, listedID: String?, displayOnly: Bool) {
    if let resolvedFolder = files.resolvedOutsideRoot(folder) {
      errors.append(.packFolderOutsideBundle(CatalogLocation(file: folder), resolvedPath: resolvedFolder))
      return
    }
    let directory = files.path(of: folder)
    let plistFile = folder + "/info.plist"
    let jsonFile = folder + "/info.json"
    let file = files.exists(plistFile) ? plistFile : files.exists(jsonFile) ? jsonFile : plistFile
    guard let info = dictionary(file: file) else { return }
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
  mutating func appendPack(
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
  mutating func tutorialEmoticon(
    _ element: Any, at location: CatalogLocation, packID: String, directory: String?
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
  enum EntryKind { case image, emoji, unspecified, invalid }

  /// `type` as written in the wild: `"0"` / `0` image, `"1"` / `1` emoji, `""` not said.
  func entryKind(_ value: Any) -> EntryKind {
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

  mutating func emojiEmoticon(
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
}
