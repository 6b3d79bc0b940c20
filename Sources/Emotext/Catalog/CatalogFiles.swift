import Foundation

/// Where ``CatalogReader`` reads a catalog's files from: a folder on disk, or the files' contents in memory by
/// their path relative to the catalog's root. Everything the reader knows of files goes through here, so both
/// read the same formats with the same checks and name the same relative files in their errors.
enum CatalogFiles {
  /// A folder on disk, as an absolute path with symbolic links resolved.
  case folder(String)
  /// Each file's contents by its `/`-separated path relative to the root (`com.sina.default/info.plist`).
  case memory([String: Data])

  /// Whether the files are on disk, where symbolic links can take a path elsewhere.
  var isOnDisk: Bool {
    if case .folder = self { return true }
    return false
  }

  /// The contents of `file` (relative to the root): on disk, a regular file of at most `maximumByteCount` bytes.
  func contents(of file: String, maximumByteCount: Int) -> Result<Data, FileReadProblem> {
    switch self {
    case .folder(let root): BoundedFile.read(root + "/" + file, maximumByteCount: maximumByteCount)
    case .memory(let files): files[file].map { .success($0) } ?? .failure(.missing)
    }
  }

  /// Whether `file` (relative to the root) exists.
  func exists(_ file: String) -> Bool {
    switch self {
    case .folder(let root): FileManager.default.fileExists(atPath: root + "/" + file)
    case .memory(let files): files[file] != nil
    }
  }

  /// The names of the folders directly inside `folder` (relative to the root), sorted; in memory, a folder is
  /// there when a file's path goes through it.
  func subfolders(of folder: String) -> [String] {
    switch self {
    case .folder(let root):
      let path = root + "/" + folder
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
      return names.filter { name in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
          && isDirectory.boolValue
      }.sorted()
    case .memory(let files):
      let prefix = folder + "/"
      let names = files.keys.compactMap { file -> Substring? in
        guard file.hasPrefix(prefix) else { return nil }
        let rest = file.dropFirst(prefix.count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        return rest[..<slash]
      }
      return Set(names.map(String.init)).sorted()
    }
  }

  /// The absolute path of `folder` (relative to the root) on disk, a pack's ``EmoticonPack/directory``; nil in
  /// memory, where image files have no place.
  func path(of folder: String) -> String? {
    switch self {
    case .folder(let root): folder.isEmpty ? root : root + "/" + folder
    case .memory: nil
    }
  }

  /// Where `folder` (relative to the root) really is when a symbolic link takes it outside the root; nil when it
  /// stays inside, does not exist, or the files are in memory (which has no links).
  func resolvedOutsideRoot(_ folder: String) -> String? {
    guard case .folder(let root) = self, let resolvedFolder = Self.realPath(root + "/" + folder),
      let resolvedRoot = Self.realPath(root)
    else { return nil }
    return resolvedFolder == resolvedRoot
      || resolvedFolder.hasPrefix(resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/")
      ? nil : resolvedFolder
  }

  /// The path with every symbolic link resolved, or `nil` when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
