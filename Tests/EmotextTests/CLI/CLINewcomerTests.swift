import Foundation
import Testing

/// The rough edges of issue 21 (the command line as a newcomer meets it), through the built binary.
@Suite("CLI newcomer defects")
struct CLINewcomerTests {
  static let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

  // MARK: 7. Write errors

  @Test(arguments: [
    ["count", "--text", "好[哈哈]"],
    ["render", "--html", "--no-images", "--text", "好[哈哈]"],
    ["render", "--html", "--page", "--no-images", "--text", "好[哈哈]"],
    ["edit", "--text", #"{"insert": "好"}"#],
    ["encode-emoji", "--text", "好😀"],
    ["catalog", "export"],
    ["catalog", "list"],
    ["demo"],
    ["parse", "--text", "好"],
    ["roundtrip", "--text", "好"],
  ])
  func writeErrorIsReportedWithExitStatus1(arguments: [String]) throws {
    let output = try CLIProcess.run(arguments, stdoutPath: "/dev/full")
    #expect(output.status == 1, "\(arguments)")
    #expect(output.stderr == "emotext \(arguments[0]): write error: No space left on device\n")
  }

  @Test func helpAndVersionReportWriteErrorsToo() throws {
    let help = try CLIProcess.run(["count", "--help"], stdoutPath: "/dev/full")
    #expect(help.status == 1)
    #expect(help.stderr == "emotext count: write error: No space left on device\n")
    let version = try CLIProcess.run(["--version"], stdoutPath: "/dev/full")
    #expect(version.status == 1)
    #expect(version.stderr == "emotext: write error: No space left on device\n")
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh"), "needs /bin/sh"))
  func closedPipeStaysAQuietSIGPIPE() throws {
    let binary = try #require(CLIProcess.binary)
    let process = Process()
    process.executableURL = URL(filePath: "/bin/sh")
    let script = "yes 好[哈哈] | head -n 200000 | '\(binary.path)' count | head -n 1"
    process.arguments = ["-c", script]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(printed == "4\t2\t2\t2\n")
    #expect(complaints.isEmpty, "a closed pipe is not a write error: \(complaints)")
  }

  // MARK: 1. A corrupt recents file is kept

  @Test(.enabled(if: hasScript, "needs script(1) for a terminal"))
  func corruptRecentsFileIsNeverOverwritten() throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "emotext-recents-\(UUID().uuidString).json")
    let corrupt = "{\"version\":1,\"codes\":[\"[哈哈]\""
    try Data(corrupt.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    // Tab opens the keyboard, Enter inserts its first emoticon (which makes it recent), Ctrl-D sends.
    let output = try CLIProcess.run(["compose", "--recents", file.path], terminalKeys: Data("\t\r\u{04}".utf8))
    #expect(output.status == 0, "\(output.stdout)")
    #expect(try String(contentsOf: file, encoding: .utf8) == corrupt, "the file that did not parse is kept")
    #expect(output.stdout.contains("emotext compose: \(file.path): not saved, to keep the file that did not load"))
  }

  // MARK: 8. Blank lines in JSON Lines; roundtrip --jsonl

  @Test func editSkipsBlankLinesAndKeepsCountingThem() throws {
    let input = "{\"insert\": \"好\"}\n\n   \n\t\nnope\n{\"insert\": \"a\"}\n"
    let output = try CLIProcess.run(["edit"], stdin: Data(input.utf8))
    #expect(output.status == 1)
    let answers = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(answers.count == 4, "\(answers)")
    #expect(answers[0].hasPrefix(#"{"text":"好","#))
    #expect(answers[1] == #"{"error":"not valid JSON: nope","line":5}"#)
    #expect(answers[2].hasPrefix(#"{"text":"好a","#))
    #expect(answers[3] == "")
  }

  @Test func roundtripWithJSONLinesPrintsJSON() throws {
    let output = try CLIProcess.run(
      ["roundtrip", "--jsonl", "--text", #"{"text": "好[哈哈][未知]"}"#, "--text", #"{"text": "a"}"#])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == #"{"file":"--text","posts":2,"tokens":1,"unknownTokens":1,"mismatches":0}"# + "\n")
  }

  // MARK: 4. An ellipsis longer than the maximum

  @Test func ellipsisLongerThanTheMaximumIsAUsageError() throws {
    let output = try CLIProcess.run(["truncate", "--max", "2", "--ellipsis", "......", "--text", "今天好开心"])
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    #expect(
      output.stderr.hasPrefix(
        "emotext truncate: --ellipsis '......' is 3 long by the weibo rule, longer than --max 2\n"),
      "\(output.stderr)")
    let fits = try CLIProcess.run(
      ["truncate", "--max", "3", "--rule", "graphemes", "--ellipsis", "...", "--text", "今天好开心"])
    #expect(fits.status == 0)
    #expect(fits.stdout == "...\n")
  }

  // MARK: 6. Link templates with other schemes

  @Test(arguments: ["--mention-url", "--topic-url"])
  func linkTemplateWithAnUnsafeSchemeIsRefused(option: String) throws {
    let output = try CLIProcess.run(["render", "--html", option, "javascript:{name}", "--text", "@小明 #春天#"])
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    #expect(
      output.stderr.hasPrefix(
        "emotext render: \(option) 'javascript:{name}' is not allowed: links must be http: or https: URLs, or relative ones\n"
      ), "\(output.stderr)")
  }

  // MARK: 3. demo aligns the 🇨🇳 row

  @Test func demoAlignsTheFlagRowAsATerminalDoes() throws {
    let output = try CLIProcess.run(["demo"])
    #expect(output.status == 0)
    let steps = output.stdout.split(separator: "\n").map(String.init).filter { $0.contains("  caret ") }
    #expect(steps.count == 6)
    // wcwidth's cells, as a terminal (tmux, xterm, VTE) advances: 2 for wide and emoji presentation scalars,
    // 0 for ZWJ, variation selectors and emoji modifiers after a base, 1 otherwise; a regional indicator is 1.
    func cells(_ text: Substring) -> Int {
      text.unicodeScalars.reduce(0) { total, scalar in
        let value = scalar.value
        if value == 0x200D || (0xFE00...0xFE0F).contains(value) { return total }
        if (0x1F1E6...0x1F1FF).contains(value) { return total + 1 }
        let wide =
          (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
          || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value)
          || (0x1F300...0x1FAFF).contains(value)
        return total + (wide ? 2 : 1)
      }
    }
    let columns = steps.map { cells($0[..<$0.range(of: "  caret ")!.lowerBound]) }
    #expect(Set(columns).count == 1, "caret columns \(columns) in \(steps)")
  }

  // MARK: 2. The progress bar and the output on one terminal

  @Test(.enabled(if: hasScript, "needs script(1) for a terminal"))
  func noProgressBarWhenOutputGoesToTheSameTerminal() throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "emotext-posts-\(UUID().uuidString).txt")
    try Data(String(repeating: "今天好开心[哈哈]\n", count: 20_000).utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let output = try CLIProcess.run(["count", file.path], terminalKeys: Data())
    #expect(output.status == 0)
    #expect(output.stdout.contains("8\t6\t6\t6"), "\(output.stdout.prefix(200))")
    #expect(!output.stdout.contains("% \(file.path)"), "the bar is drawn among the output lines")
  }

  @Test(.enabled(if: hasScript, "needs script(1) for a terminal"))
  func progressBarStaysOnOneRowAndIsClearedWhenOutputGoesElsewhere() throws {
    let binary = try #require(CLIProcess.binary)
    let folder = FileManager.default.temporaryDirectory.appending(path: "emotext-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let posts = folder.appending(path: "posts.txt")
    try Data(String(repeating: "今天好开心[哈哈]\n", count: 20_000).utf8).write(to: posts)
    let counts = folder.appending(path: "counts.txt")
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/script")
    process.arguments = [
      "-qec", "stty cols 24 rows 10; '\(binary.path)' count '\(posts.path)' > '\(counts.path)'", "/dev/null",
    ]
    let terminal = Pipe()
    process.standardOutput = terminal
    process.standardInput = Pipe()
    try process.run()
    let screen = String(decoding: terminal.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(try String(contentsOf: counts, encoding: .utf8).hasPrefix("8\t6\t6\t6\n"))
    #expect(screen.contains("%"), "a bar is drawn: \(screen.debugDescription)")
    for drawing in screen.split(separator: "\r") where !drawing.hasPrefix("\u{1B}") {
      #expect(
        drawing.replacingOccurrences(of: "\u{1B}[K", with: "").count < 24,
        "a bar row wraps at 24 columns: \(drawing.debugDescription)")
    }
    #expect(screen.hasSuffix("\r\u{1B}[K"), "the bar is cleared: \(screen.suffix(80).debugDescription)")
  }

  // MARK: 5. Image files

  @Test func validateWarnsAboutMissingImageFiles() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "emotext-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appending(path: "smile.png"))
    let catalog = #"""
      {"version":1,"packs":[{"id":"p","directory":".","emoticons":[
      {"code":"[笑]","png":"smile.png","fallback":"😄"},{"code":"[哭]","png":"cry.png","fallback":"😢"}]}]}
      """#
    let path = folder.appending(path: "catalog.json").path
    try Data(catalog.utf8).write(to: URL(filePath: path))
    let output = try CLIProcess.run(["catalog", "validate", path])
    #expect(output.status == 0)
    #expect(
      output.stdout.hasPrefix("warning: ")
        && output.stdout.hasSuffix("/cry.png: image file of [哭] in pack p is missing\n"),
      "\(output.stdout)")
    #expect(output.stdout.split(separator: "\n").count == 1, "smile.png is there: \(output.stdout)")
    #expect(!output.stdout.contains("ok"), "\(output.stdout)")
  }

  /// Issue 36: README's `echo '好开心[哈哈]' | emotext render --html --page > post.html` is quiet: the embedded
  /// catalog has no image files by design. A catalog given without image files is said once.
  @Test func htmlWithTheEmbeddedCatalogIsQuiet() throws {
    for arguments in [["--page"], [], ["--page", "--whole"]] {
      let output = try CLIProcess.run(["render", "--html"] + arguments, stdin: Data("好开心[哈哈]\n[爱你]\n".utf8))
      #expect(output.status == 0)
      #expect(output.stdout.contains("😆"), "\(arguments): \(output.stdout)")
      #expect(output.stderr.isEmpty, "\(arguments): \(output.stderr)")
    }
  }

  @Test func htmlWithAGivenCatalogWithoutAnyImageFileWarnsOnce() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "emotext-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let catalog = #"""
      {"version":1,"packs":[{"id":"p","emoticons":[
      {"code":"[哈哈]","png":"haha.png","fallback":"😆"},{"code":"[爱你]","png":"love.png","fallback":"😍"}]}]}
      """#
    let path = folder.appending(path: "catalog.json").path
    try Data(catalog.utf8).write(to: URL(filePath: path))
    for page in [[], ["--page"]] {
      let output = try CLIProcess.run(
        ["render", "--html", "--catalog", path] + page + ["--text", "好[哈哈]", "--text", "[爱你]"])
      #expect(output.status == 0)
      let warnings = output.stderr.split(separator: "\n")
      #expect(warnings.count == 1, "\(page): \(output.stderr)")
      #expect(warnings.first?.hasPrefix("emotext render: warning: the catalog has no image files") == true)
      #expect(output.stderr.contains("directory"))
      #expect(output.stderr.contains("--image-base"))
    }
    for quiet in [["--no-images"], ["--image-base", "https://img.example/face"]] {
      let output = try CLIProcess.run(["render", "--html", "--catalog", path] + quiet + ["--text", "好[哈哈]"])
      #expect(output.status == 0)
      #expect(output.stderr.isEmpty, "\(quiet): \(output.stderr)")
    }
    let noEmoticons = try CLIProcess.run(["render", "--html", "--catalog", path, "--text", "好"])
    #expect(noEmoticons.stderr.isEmpty, "no emoticon fell back: \(noEmoticons.stderr)")
  }

  /// Issue 36: `--page`'s `lang` follows `--locale`; a locale that is none of the four is refused, naming them.
  @Test(arguments: [
    ([], "zh"), (["--locale", "en"], "en"), (["--locale", "ja"], "ja"), (["--locale", "zh_Hant"], "zh-Hant"),
    (["--locale", "zh-TW"], "zh-Hant"), (["--locale", "zh-Hans-CN"], "zh"),
  ])
  func pageLanguageFollowsTheLocale(locale: [String], tag: String) throws {
    let output = try CLIProcess.run(["render", "--html", "--page"] + locale + ["--text", "好[哈哈]"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("<html lang=\"\(tag)\">"), "\(locale): \(output.stdout.prefix(40))")
  }

  @Test func anUnknownLocaleIsAUsageError() throws {
    let output = try CLIProcess.run(["render", "--html", "--page", "--locale", "fr", "--text", "好"])
    #expect(output.status == 2)
    #expect(output.stderr.contains("--locale 'fr' is not one of zh, zh_Hant (zh-TW, zh-HK), en and ja"))
    #expect(output.stdout.isEmpty)
  }

  @Test(arguments: ["render", "catalog"])
  func helpDocumentsThePackDirectory(command: String) throws {
    let output = try CLIProcess.run([command, "--help"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("\"directory\""), "\(output.stdout)")
  }

  // MARK: Conventions

  @Test func pluralsAgreeWithTheirNumbers() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "emotext-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appending(path: "catalog.json").path
    try Data(#"{"version":1,"packs":[{"id":"p","emoticons":[{"code":"👍","emoji":"👍"}]}]}"#.utf8)
      .write(to: URL(filePath: path))
    let validate = try CLIProcess.run(["catalog", "validate", path])
    #expect(validate.stdout == "ok: 1 pack, no problems\n")
    let list = try CLIProcess.run(["catalog", "list", "--catalog", path])
    #expect(list.stdout == "p\tp\t1 emoticon\n")
    let roundtrip = try CLIProcess.run(["roundtrip", "--text", "好[哈哈][未知]"])
    #expect(roundtrip.stdout == "--text: 1 post, 1 token, 1 unknown token, 0 mismatches\n")
  }

  @Test func catalogValidateTakesTheCatalogOption() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "emotext-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appending(path: "catalog.json").path
    try Data(#"{"version":1,"packs":[{"id":"p","emoticons":[{"code":"👍","emoji":"👍"}]}]}"#.utf8)
      .write(to: URL(filePath: path))
    for arguments in [["catalog", "validate", "--catalog", path], ["catalog", "validate", path]] {
      let output = try CLIProcess.run(arguments)
      #expect(output.status == 0, "\(arguments): \(output.stderr)")
      #expect(output.stdout == "ok: 1 pack, no problems\n")
    }
    let both = try CLIProcess.run(["catalog", "validate", "--catalog", path, path])
    #expect(both.status == 2)
  }

  @Test func renderUsageListsEveryOption() throws {
    let output = try CLIProcess.run(["render", "--help"])
    let synopsis = output.stdout.components(separatedBy: "\n\n")[0]
    for option in [
      "--catalog", "--html", "--page", "--title", "--image-base", "--mention-url", "--topic-url", "--no-images",
      "--emoji-images", "--ansi", "--plain", "--width", "--codes", "--color", "--whole", "--text", "--spoken",
      "--visual", "--locale",
    ] {
      #expect(
        [" ", "]", "\n"].contains { synopsis.contains(option + $0) } || synopsis.hasSuffix(option),
        "\(option) in \(synopsis)")
    }
  }
}
