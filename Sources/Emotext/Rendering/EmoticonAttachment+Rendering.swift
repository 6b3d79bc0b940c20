import Foundation

/// What a renderer needs to draw an emoticon attachment.
extension EmoticonAttachment {
  /// The alternative text: the token as written in the post (`[哈哈]`, or an alias such as `[愛你]`).
  public var altText: String { token }

  /// The emoticon's name: its code without the brackets (`哈哈` for `[哈哈]`).
  public var title: String { Self.title(of: emoticon) }

  /// The text to show when no image is drawn: the emoji fallback, an emoji emoticon's own text, or the token.
  public var fallbackText: String { Self.fallbackText(of: emoticon) ?? token }

  /// The name of `emoticon`: its code without the brackets. Renderers reading a document in place use it
  /// without building an attachment.
  static func title(of emoticon: Emoticon) -> String { emoticon.name }

  /// What `emoticon` shows when no image is drawn, or nil when that is the attachment's token.
  static func fallbackText(of emoticon: Emoticon) -> String? {
    if let fallback = emoticon.fallback, !fallback.isEmpty { return fallback }
    if case .emoji(let text) = emoticon.kind { return text }
    return nil
  }
}

extension EmoticonCatalog {
  /// Where `emoticon`'s image is, for a renderer: its file (the PNG, or the GIF when `animated` and there
  /// is one) joined to `baseURL` when given (a host serving the images), else to the pack's `directory`
  /// if the file is there. Nil for emoji emoticons, and when neither is known: the embedded default
  /// catalog ships no images, and a catalog folder may list images it does not ship, so those emoticons
  /// are shown by their fallback unless the host names where its images are.
  ///
  /// The result is not checked; ``HTMLRenderer`` accepts only relative and http(s) URLs.
  ///
  /// ```swift
  /// let haha = EmoticonCatalog.default.emoticon(forToken: "[哈哈]")!
  /// EmoticonCatalog.default.imagePath(for: haha, baseURL: "https://img.example/face")
  /// // "https://img.example/face/d_haha.png"
  /// ```
  public func imagePath(for emoticon: Emoticon, baseURL: String? = nil, animated: Bool = false) -> String? {
    guard case .image(let png, let gif) = emoticon.kind else { return nil }
    func joined(_ base: String, _ file: String) -> String { base.hasSuffix("/") ? base + file : base + "/" + file }
    let animatedFile = animated ? gif.flatMap { $0.isEmpty ? nil : $0 } : nil
    if let baseURL {
      guard !baseURL.isEmpty, let file = animatedFile ?? (png.isEmpty ? nil : png) else { return nil }
      return joined(baseURL, file)
    }
    guard let directory = pack(id: emoticon.packID)?.directory, !directory.isEmpty else { return nil }
    // Note: the GIF when asked for and present, else the PNG when present; a listed file that is missing
    // would be a broken image on the page.
    for file in [animatedFile, png].compactMap({ $0 }) where !file.isEmpty {
      let path = joined(directory, file)
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    return nil
  }
}
