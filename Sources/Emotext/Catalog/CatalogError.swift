import EmotextUnicode

/// Where in a catalog a problem is: a file relative to the catalog root and a key path inside it.
///
/// ```swift
/// let location = CatalogLocation(file: "com.sina.default/info.plist", keyPath: "emoticons[17].png")
/// location.description   // "com.sina.default/info.plist: emoticons[17].png"
/// ```
public struct CatalogLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file, relative to the catalog folder (or the JSON file's name).
  public var file: String
  /// The key path inside the file, e.g. `emoticons[17].png`; empty for the whole file.
  public var keyPath: String

  public init(file: String, keyPath: String = "") {
    self.file = file
    self.keyPath = keyPath
  }

  /// The location of `key` inside this one: `emoticons[17]` + `png` → `emoticons[17].png`.
  func appending(_ key: String) -> CatalogLocation {
    CatalogLocation(file: file, keyPath: keyPath.isEmpty ? key : keyPath + "." + key)
  }

  /// The location of element `index` of the array at this location: `emoticons` → `emoticons[17]`.
  func appending(index: Int) -> CatalogLocation {
    CatalogLocation(file: file, keyPath: keyPath + "[\(index)]")
  }

  public var description: String { keyPath.isEmpty ? file : "\(file): \(keyPath)" }
}

/// A catalog file that cannot be loaded as it is, with where and what was expected.
///
/// ```swift
/// do { _ = try EmoticonCatalog(contentsOf: "Emoticons.bundle") } catch { print(error) }
/// // com.sina.default/info.plist: emoticons[17].png: expected a relative path inside the pack folder, found "/etc/x.png"
/// ```
public enum CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A file the catalog needs does not exist.
  case missingFile(CatalogLocation)
  /// A file the catalog needs is not a regular file: `found` says what it is ("a directory", "a FIFO", "a
  /// character device", …). Nothing is read from it.
  case notARegularFile(CatalogLocation, found: String)
  /// A file the catalog needs holds more than ``EmoticonCatalog/maximumFileByteCount`` bytes: `byteCount` or
  /// more. It is refused before it is read whole.
  case fileTooLarge(CatalogLocation, byteCount: Int, maximumByteCount: Int)
  /// A file the catalog needs could not be opened or read: the system's reason (`Permission denied`).
  case unreadableFile(CatalogLocation, reason: String)
  /// A file is not a property list / JSON document, or its top level is not a dictionary.
  case malformedFile(CatalogLocation, detail: String)
  /// A required key is absent.
  case missingKey(CatalogLocation)
  /// A value has the wrong type or an unknown value.
  case wrongValue(CatalogLocation, expected: String, found: String)
  /// An emoticon's code is empty.
  case emptyCode(CatalogLocation)
  /// An image emoticon's code or alias is not `[` + 1 or more characters other than `[`, `]` and line
  /// breaks + `]`, so the bracket tokenizer could never find it.
  case codeWithoutBrackets(CatalogLocation, code: String)
  /// An image path is absolute, climbs out of its pack folder with `..`, or resolves outside it
  /// through a symbolic link.
  case unsafeImagePath(CatalogLocation, path: String)
  /// A JSON pack's `directory` is absolute, has a `..` component, or resolves outside the catalog file's folder
  /// through a symbolic link (unless the catalog is loaded allowing pack directories outside its folder).
  case unsafePackDirectory(CatalogLocation, directory: String)
  /// A pack folder listed by a bundle resolves outside the bundle through a symbolic link.
  case packFolderOutsideBundle(CatalogLocation, resolvedPath: String)
  /// An emoji code does not spell Unicode scalars.
  case invalidEmojiCode(CatalogLocation, code: String, reason: EmojiCodeError)
  /// A JSON catalog declares a version this library does not read.
  case unsupportedVersion(CatalogLocation, found: String)

  /// Where the problem is.
  public var location: CatalogLocation {
    switch self {
    case .missingFile(let location), .notARegularFile(let location, _), .fileTooLarge(let location, _, _),
      .unreadableFile(let location, _), .unsafePackDirectory(let location, _),
      .malformedFile(let location, _), .missingKey(let location),
      .wrongValue(let location, _, _), .emptyCode(let location), .codeWithoutBrackets(let location, _),
      .unsafeImagePath(let location, _), .packFolderOutsideBundle(let location, _),
      .invalidEmojiCode(let location, _, _),
      .unsupportedVersion(let location, _):
      location
    }
  }

  public var description: String {
    switch self {
    case .missingFile(let location):
      "\(location): file not found (expected a readable file)"
    case .notARegularFile(let location, let found):
      "\(location): expected a regular file, found \(found)"
    case .fileTooLarge(let location, let byteCount, let maximumByteCount):
      "\(location): expected a file of at most \(maximumByteCount) bytes, found \(byteCount) bytes"
    case .unreadableFile(let location, let reason):
      "\(location): cannot read the file: \(reason)"
    case .unsafePackDirectory(let location, let directory):
      "\(location): expected a relative folder inside the catalog file's folder (no \"..\"), found \(quoted(directory))"
    case .malformedFile(let location, let detail):
      "\(location): malformed file: \(detail)"
    case .missingKey(let location):
      "\(location): missing (expected this key to be present)"
    case .wrongValue(let location, let expected, let found):
      "\(location): expected \(expected), found \(found)"
    case .emptyCode(let location):
      "\(location): expected a code such as \"[哈哈]\", found an empty string"
    case .codeWithoutBrackets(let location, let code):
      "\(location): expected \"[\", 1 or more characters other than brackets and line breaks, then \"]\", "
        + "found \(quoted(code))"
    case .unsafeImagePath(let location, let path):
      "\(location): expected a relative path inside the pack folder, found \(quoted(path))"
    case .packFolderOutsideBundle(let location, let resolvedPath):
      "\(location): expected a pack folder inside the bundle, found a link to \(quoted(resolvedPath))"
    case .invalidEmojiCode(let location, let code, let reason):
      "\(location): invalid emoji code \(quoted(code)): \(reason)"
    case .unsupportedVersion(let location, let found):
      "\(location): expected version 1, found \(found)"
    }
  }
}

/// Something in a catalog that loads but is probably a mistake.
public enum CatalogWarning: Hashable, Sendable, CustomStringConvertible {
  /// A code or alias already defined earlier; the earlier emoticon keeps it.
  case duplicateCode(CatalogLocation, code: String, firstPackID: String)
  /// A pack's info file declares an id other than the one it is listed under; the listed id is used.
  case packIDMismatch(CatalogLocation, listed: String, declared: String)

  /// Where the problem is.
  public var location: CatalogLocation {
    switch self {
    case .duplicateCode(let location, _, _), .packIDMismatch(let location, _, _): location
    }
  }

  public var description: String {
    switch self {
    case .duplicateCode(let location, let code, let firstPackID):
      "\(location): duplicate code \(quoted(code)), already defined in pack \(firstPackID) (the first one wins)"
    case .packIDMismatch(let location, let listed, let declared):
      "\(location): pack id \(quoted(declared)) differs from its listed id \(quoted(listed)) (the listed id is used)"
    }
  }
}

/// `text` in double quotes, with control characters escaped so a message stays on one line.
func quoted(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case _ where ScalarCategories.generalCategory(of: scalar) == .controlChar:
      result += "\\u{\(String(scalar.value, radix: 16))}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
