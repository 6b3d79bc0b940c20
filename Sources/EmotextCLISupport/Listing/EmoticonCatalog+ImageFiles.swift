import Emotext
import Foundation

/// The image files a catalog names, checked on disk, for `emotext catalog validate` and `render --html`.
extension EmoticonCatalog {
  /// One warning line per image file a pack names in its `directory` that is not there (one line for a
  /// pack none of whose files is there), and per pack of image emoticons without a `directory`.
  ///
  /// ```swift
  /// catalog.missingImageFileLines   // ["warning: /srv/face/./cry.png: image file of [哭] in pack p is missing"]
  /// ```
  package var missingImageFileLines: [String] {
    var lines: [String] = []
    for pack in packs {
      var files: [(code: String, path: String)] = []
      for emoticon in pack.emoticons {
        guard case .image(let png, let gif) = emoticon.kind else { continue }
        for file in [png, gif].compactMap({ $0 }) where !file.isEmpty {
          files.append((emoticon.code, file))
        }
      }
      guard !files.isEmpty else { continue }
      guard let directory = pack.directory, !directory.isEmpty else {
        lines.append(
          "warning: pack \(pack.id) has no \"directory\": its \(files.count) image file\(files.count == 1 ? "" : "s")"
            + " are found only through render --image-base URL")
        continue
      }
      let folder = directory.hasSuffix("/") ? directory : directory + "/"
      let missing = files.filter { !FileManager.default.fileExists(atPath: folder + $0.path) }
      if missing.count == files.count && files.count > 1 {
        lines.append("warning: \(directory): none of the \(files.count) image files of pack \(pack.id) is there")
      } else {
        for file in missing {
          lines.append("warning: \(folder + file.path): image file of \(file.code) in pack \(pack.id) is missing")
        }
      }
    }
    return lines
  }

  /// Whether some image emoticon has an image file a renderer can link to (``imagePath(for:baseURL:animated:)``
  /// without a base URL); when none has, `render --html` shows every emoticon by its fallback.
  package var hasImageFiles: Bool {
    packs.contains { pack in
      pack.emoticons.contains { imagePath(for: $0) != nil }
    }
  }
}
