import Foundation
import Testing

@testable import Emotext
@testable import EmotextUnicode

/// `render --html` without flags and with `--emoji-images`, and `demo TEXT`, through the built binary.
@Suite("CLI render and demo")
struct CLIRenderDemoTests {
  @Test func emojiImages() throws {
    let output = try CLIProcess.run([
      "render", "--html", "--emoji-images", "https://t.example/svg", "--text", "好👍🏽 1# ©",
    ])
    #expect(output.status == 0)
    #expect(
      output.stdout
        == "好<img class=\"emoji\" src=\"https://t.example/svg/1f44d-1f3fd.svg\" alt=\"👍🏽\" draggable=\"false\"> 1# ©\n")
  }

  @Test func emojiImagesGoWithHTML() throws {
    let output = try CLIProcess.run(["render", "--emoji-images", "x", "好"])
    #expect(output.status == 2)
    #expect(output.stderr.contains("--emoji-images go with --html"))
  }

  @Test(.enabled(if: TestPaths.hasSharedWeiboFixture, TestPaths.sharedWeiboFixtureMissing))
  func catalogWithoutImageFilesRendersFallbacksNotBrokenImages() throws {
    let fixture = TestPaths.sharedFixtures.appendingPathComponent("weibo-emoticons").path
    let output = try CLIProcess.run(["render", "--html", "--catalog", fixture, "--text", "好[哈哈][笑哈哈]"])
    #expect(output.status == 0)
    #expect(!output.stdout.contains("<img"), "the fixture ships no images: \(output.stdout)")
    #expect(
      output.stdout
        == "好<span class=\"emoticon\" title=\"哈哈\">😆</span><span class=\"emoticon\" title=\"笑哈哈\">[笑哈哈]</span>\n")
  }

  @Test func catalogImagesThatExistAreUsed() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emotext-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appendingPathComponent("smile.png"))
    let catalog = #"""
      {"version":1,"packs":[{"id":"p","directory":".","emoticons":[
      {"code":"[笑]","png":"smile.png","fallback":"😄"},{"code":"[哭]","png":"cry.png","fallback":"😢"}]}]}
      """#
    try Data(catalog.utf8).write(to: folder.appendingPathComponent("catalog.json"))
    let output = try CLIProcess.run([
      "render", "--html", "--catalog", folder.appendingPathComponent("catalog.json").path, "--text", "[笑][哭]",
    ])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.hasPrefix("<img class=\"emoticon\" src=\""))
    #expect(output.stdout.contains("/smile.png\" alt=\"[笑]\" title=\"笑\">"))
    #expect(output.stdout.hasSuffix("<span class=\"emoticon\" title=\"哭\">😢</span>\n"), "cry.png is missing")
  }

  @Test func demoLabelsStepsByWhatTheyDidAndAlignsByCells() throws {
    let output = try CLIProcess.run(["demo", "--text", "ab👍🏽"])
    #expect(output.status == 0)
    let lines = output.stdout.split(separator: "\n").map(String.init)
    let steps = lines.drop { $0 != "editing (caret at the end):" }.dropFirst().prefix { $0.hasPrefix("  ") }
    #expect(
      steps.map { $0.components(separatedBy: "  caret ")[0].trimmingCharacters(in: .whitespaces) } == [
        "type \"好\"", "insert [哈哈] (one attachment)", "Backspace: removes the emoticon [哈哈] whole",
        "Backspace: removes \"好\" (1 code point, 1 cluster)", "Backspace: removes \"👍🏽\" (2 code points, 1 cluster)",
        "undo: restores \"👍🏽好\" (3 code points, 2 clusters)",
      ])
    // Every step's caret column and text column start at the same terminal cell.
    let caretColumns = Set(steps.map { TerminalCellWidth.ofText($0.components(separatedBy: "caret ")[0]) })
    #expect(caretColumns.count == 1, "\(steps)")
    let textColumns = Set(
      steps.map { step in
        let beforeText =
          step.components(separatedBy: "caret ")[0] + "caret "
          + step.components(separatedBy: "caret ")[1].prefix { $0 != " " }
        let rest = step.dropFirst(beforeText.count).prefix { $0 == " " }
        return TerminalCellWidth.ofText(beforeText) + rest.count
      })
    #expect(textColumns.count == 1, "\(steps)")
    #expect(lines.last == "post text out: ab👍🏽好")
  }
}
