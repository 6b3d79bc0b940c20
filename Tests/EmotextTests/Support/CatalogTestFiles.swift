import Foundation
import Testing

/// Paths to the shared catalog fixtures and scratch bundles written for one test.
enum CatalogTestFiles {
  /// `../shared/fixtures` beside the package root, as a standardized absolute path.
  static let fixtures = TestPaths.sharedFixtures.standardizedFileURL.path

  static var weibo: String { fixtures + "/weibo-emoticons" }
  static var yykit: String { fixtures + "/yykit-emoticon-weibo" }

  /// Whether `../shared/fixtures` is there: it is beside the developers' clones, not beside a user's, so
  /// the tests that read it are skipped (and say why) without it; `Tests/Fixtures/catalogs` covers the same
  /// behaviours in every clone.
  static let hasSharedFixtures =
    FileManager.default.fileExists(atPath: weibo + "/emoticons.plist")
    && FileManager.default.fileExists(atPath: yykit + "/emoticons.plist")
  /// Why those tests are skipped.
  static let sharedFixturesMissing: Comment =
    "../shared/fixtures is not beside this clone (a user's clone): Tests/Fixtures/catalogs covers the same cases"

  /// `Tests/Fixtures/catalogs`: small bundles written for this project, with the real copies' quirks.
  static let projectFixtures = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/catalogs").path
  /// A Weibo-tutorial bundle: plist quirks, a pack id mismatch, display-only packs, the `emoticon_group_*` scheme.
  static var tutorialQuirks: String { projectFixtures + "/tutorial-quirks" }
  /// YYKit's layout: `additional/…/info.json` and `additional/DisplayOnly/…/info.json`.
  static var yykitLayout: String { projectFixtures + "/yykit-layout" }

  /// A new empty folder under the system's temporary folder.
  static func scratchFolder() -> String {
    let path = NSTemporaryDirectory() + "emotext-catalog-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
  }

  /// Writes `files` (relative path → contents) into a new scratch folder and returns the folder.
  static func bundle(_ files: [String: String]) -> String {
    let root = scratchFolder()
    for (path, contents) in files {
      let url = URL(fileURLWithPath: root + "/" + path)
      try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try! Data(contents.utf8).write(to: url)
    }
    return root
  }

  /// A property list document with `body` (the XML inside `<plist>`).
  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    \(body)
    </plist>
    """
  }

  /// An `emoticons.plist` listing `ids`.
  static func packageList(_ ids: [String]) -> String {
    plist(
      "<dict><key>packages</key><array>"
        + ids.map { "<dict><key>id</key><string>\($0)</string></dict>" }.joined() + "</array></dict>")
  }

  /// An `info.plist` with `entries` (each the XML of one emoticon dictionary's keys).
  static func info(id: String, name: String = "Pack", entries: [String], extra: String = "") -> String {
    plist(
      "<dict><key>id</key><string>\(id)</string><key>group_name_cn</key><string>\(name)</string>\(extra)"
        + "<key>emoticons</key><array>" + entries.map { "<dict>\($0)</dict>" }.joined() + "</array></dict>")
  }

  /// The XML keys of an image entry.
  static func image(
    _ chs: String, cht: String? = nil, png: String = "x.png", gif: String? = nil, type: String = "<string>0</string>"
  )
    -> String
  {
    "<key>chs</key><string>\(chs)</string>" + (cht.map { "<key>cht</key><string>\($0)</string>" } ?? "")
      + "<key>png</key><string>\(png)</string>" + (gif.map { "<key>gif</key><string>\($0)</string>" } ?? "")
      + "<key>type</key>\(type)"
  }

  /// A one-pack bundle (`p`) with the given entries.
  static func onePackBundle(_ entries: [String], extra: String = "") -> String {
    bundle(["emoticons.plist": packageList(["p"]), "p/info.plist": info(id: "p", entries: entries, extra: extra)])
  }
}
