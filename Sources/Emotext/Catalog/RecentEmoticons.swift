import Foundation

/// The emoticons used lately, most recent first, without duplicates, at most `capacity` of them.
///
/// ```swift
/// var recents = RecentEmoticons.load(from: path, catalog: .default).recents
/// recents.use(EmoticonCatalog.default.emoticon(forCode: "[哈哈]")!)
/// try recents.save(to: path)   // {"version":1,"codes":["[哈哈]",…]}, written atomically
/// ```
public struct RecentEmoticons: Hashable, Sendable {
  /// The most emoticons kept; using one more drops the oldest.
  public let capacity: Int
  /// The emoticons, most recently used first; no two share a code.
  public private(set) var emoticons: [Emoticon]

  /// An empty list that keeps at most `capacity` (at least 1) emoticons.
  public init(capacity: Int = 20) {
    precondition(capacity >= 1, "RecentEmoticons capacity must be at least 1, got \(capacity)")
    self.capacity = capacity
    emoticons = []
  }

  /// Puts `emoticon` first, removing an earlier use of the same code and, past capacity, the oldest.
  /// - Complexity: O(`capacity`).
  public mutating func use(_ emoticon: Emoticon) {
    emoticons.removeAll { $0.code == emoticon.code }
    emoticons.insert(emoticon, at: 0)
    if emoticons.count > capacity { emoticons.removeLast(emoticons.count - capacity) }
  }

  /// The list as saved: `{"version":1,"codes":[…]}`, most recent first.
  public var jsonText: String {
    JSONValue.object([("version", .integer(1)), ("codes", .array(emoticons.map { .string($0.code) }))]).serialized
  }
}

/// What ``RecentEmoticons/load(from:catalog:capacity:)`` found.
public struct RecentsLoadResult: Sendable {
  /// The list read, or an empty one when the file is missing or unusable.
  public var recents: RecentEmoticons
  /// Why the list is empty instead of read, if it is.
  public var problem: RecentsLoadProblem?
  /// Codes in the file that the catalog no longer has, dropped from the list.
  public var droppedCodes: [String]
}

/// Why a recents file was not used; the list starts empty instead.
public enum RecentsLoadProblem: Hashable, Sendable, CustomStringConvertible {
  /// There is no file yet (the normal first run).
  case missingFile(path: String)
  /// The file is not a recents list: bad JSON, wrong shape or version.
  case malformed(path: String, detail: String)
  /// The path names something other than a regular file: `found` says what ("a directory", "a FIFO", …).
  case notARegularFile(path: String, found: String)
  /// The file holds more than ``RecentEmoticons/maximumFileByteCount`` bytes: `byteCount` or more.
  case fileTooLarge(path: String, byteCount: Int, maximumByteCount: Int)
  /// The file could not be opened or read: the system's reason (`Permission denied`).
  case unreadableFile(path: String, reason: String)

  public var description: String {
    switch self {
    case .missingFile(let path): "\(path): no recents file yet"
    case .notARegularFile(let path, let found): "\(path): ignored, expected a regular file, found \(found)"
    case .fileTooLarge(let path, let byteCount, let maximumByteCount):
      "\(path): ignored, expected a file of at most \(maximumByteCount) bytes, found \(byteCount) bytes"
    case .unreadableFile(let path, let reason): "\(path): ignored, cannot read the file: \(reason)"
    case .malformed(let path, let detail): "\(path): ignored, expected {\"version\":1,\"codes\":[…]}: \(detail)"
    }
  }
}

/// A recents file that could not be written; the previous file, if any, is intact.
public enum RecentsSaveError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A system call failed: which step, on which file, and the system's reason.
  case writeFailed(path: String, step: String, reason: String)

  public var description: String {
    switch self {
    case .writeFailed(let path, let step, let reason): "\(path): could not \(step): \(reason)"
    }
  }
}

extension RecentEmoticons {
  /// The most bytes a recents file may hold (1 MiB, thousands of times a list of 20 codes): a bigger one is
  /// ignored before it is read whole.
  public static let maximumFileByteCount = 1 << 20

  /// Reads the list saved at `path`, keeping the codes `catalog` still has (in order, duplicates and
  /// anything past `capacity` dropped). A missing or corrupt file gives an empty list and the reason, and so
  /// does anything but a regular file of at most ``maximumFileByteCount`` bytes (nothing is read from a FIFO or
  /// a device).
  public static func load(from path: String, catalog: EmoticonCatalog, capacity: Int = 20) -> RecentsLoadResult {
    var recents = RecentEmoticons(capacity: capacity)
    let data: Data
    switch BoundedFile.read(path, maximumByteCount: maximumFileByteCount) {
    case .success(let contents): data = contents
    case .failure(let problem):
      let reported: RecentsLoadProblem =
        switch problem {
        case .missing: .missingFile(path: path)
        case .notRegularFile(let kind): .notARegularFile(path: path, found: kind)
        case .tooLarge(let byteCount, let maximumByteCount):
          .fileTooLarge(path: path, byteCount: byteCount, maximumByteCount: maximumByteCount)
        case .unreadable(let reason): .unreadableFile(path: path, reason: reason)
        }
      return RecentsLoadResult(recents: recents, problem: reported, droppedCodes: [])
    }
    func malformed(_ detail: String) -> RecentsLoadResult {
      RecentsLoadResult(recents: recents, problem: .malformed(path: path, detail: detail), droppedCodes: [])
    }
    guard let object = try? JSONSerialization.jsonObject(with: data) else { return malformed("not valid JSON") }
    guard let file = object as? [String: Any] else { return malformed("the top level is not an object") }
    guard let version = file["version"] as? NSNumber, version.doubleValue == 1,
      String(cString: version.objCType) != "c"
    else { return malformed("version: expected 1") }
    guard let codes = file["codes"] as? [Any] else { return malformed("codes: expected an array of strings") }
    var dropped: [String] = []
    var kept: [Emoticon] = []
    for (index, value) in codes.enumerated() {
      guard let code = value as? String else { return malformed("codes[\(index)]: expected a string") }
      guard let emoticon = catalog.emoticon(forCode: code) else {
        dropped.append(code)
        continue
      }
      if kept.count < capacity, !kept.contains(where: { $0.code == emoticon.code }) { kept.append(emoticon) }
    }
    recents.emoticons = kept
    return RecentsLoadResult(recents: recents, problem: nil, droppedCodes: dropped)
  }

  /// Writes the list to `path` atomically: to a new temporary file in the same folder, flushed to disk,
  /// then renamed over `path`. Readers see the old file or the new one, never a torn one, even when
  /// several processes save at once or the writer dies mid-write.
  public func save(to path: String) throws(RecentsSaveError) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let temporaryPath = folder + "/.\(url.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp"
    let bytes = Array(jsonText.utf8)
    func failure(_ step: String, _ file: String) -> RecentsSaveError {
      .writeFailed(path: file, step: step, reason: String(cString: strerror(errno)))
    }
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else { throw failure("create a temporary file", temporaryPath) }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let error = failure("write", temporaryPath)
        close(descriptor)
        unlink(temporaryPath)
        throw error
      }
      written += count
    }
    guard fsync(descriptor) == 0 else {
      let error = failure("flush", temporaryPath)
      close(descriptor)
      unlink(temporaryPath)
      throw error
    }
    close(descriptor)
    guard rename(temporaryPath, path) == 0 else {
      let error = failure("rename the temporary file over", path)
      unlink(temporaryPath)
      throw error
    }
  }
}
