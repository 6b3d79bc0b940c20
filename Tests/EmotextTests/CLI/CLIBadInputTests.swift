import Foundation
import Testing

/// Bad input through the built `emotext` binary: each case asserts the message, where it goes, and the exit status.
@Suite("CLI bad input")
struct CLIBadInputTests {
  @Test func unknownCommandPrintsTheErrorAndAHint() throws {
    let output = try CLIProcess.run(["frobnicate"])
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr == "emotext: unknown command 'frobnicate'\nrun 'emotext --help' for usage\n")
    let typo = try CLIProcess.run(["cuont", "--text", "好"])
    #expect(typo.status == 2)
    #expect(typo.stderr == "emotext: unknown command 'cuont'; did you mean 'count'?\nrun 'emotext --help' for usage\n")
  }

  @Test(arguments: [
    (["parse", "--tex", "好"], "emotext parse: unknown option '--tex'; did you mean '--text'?"),
    (["count", "--jsnl"], "emotext count: unknown option '--jsnl'; did you mean '--jsonl'?"),
    (
      ["render", "--mention-ur=x", "--html"],
      "emotext render: unknown option '--mention-ur=x'; did you mean '--mention-url'?"
    ),
    (["catalog", "list", "--emoticon"], "emotext catalog: unknown option '--emoticon'; did you mean '--emoticons'?"),
  ])
  func unknownOptionSuggestsTheNearestOne(arguments: [String], message: String) throws {
    let output = try CLIProcess.run(arguments)
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr == message + "\nrun 'emotext \(arguments[0]) --help' for usage\n")
  }

  @Test func helpCommandPrintsACommandsHelp() throws {
    let output = try CLIProcess.run(["help", "count"])
    #expect(output.status == 0)
    #expect(output.stdout.hasPrefix("usage: emotext count "))
    let unknown = try CLIProcess.run(["help", "frob"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr == "emotext: unknown command 'frob'\nrun 'emotext --help' for usage\n")
  }

  @Test func noCommandPrintsUsageOnStderr() throws {
    let output = try CLIProcess.run([])
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.contains("usage: emotext <command> [options]"))
  }

  @Test(arguments: [
    "edit", "render", "compose", "parse", "serialize", "roundtrip", "count", "truncate --max 5", "encode-emoji",
    "decode-emoji", "demo", "catalog", "catalog list", "catalog validate x",
  ])
  func unknownFlagPrintsTheErrorAndAHint(commandLine: String) throws {
    let words = commandLine.split(separator: " ").map(String.init)
    let command = words[0]
    let output = try CLIProcess.run(words + ["--frobnicate"])
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    #expect(
      output.stderr
        == "emotext \(command): unknown option '--frobnicate'\nrun 'emotext \(command) --help' for usage\n")
  }

  @Test(arguments: [
    (
      ["catalog", "frob"],
      "emotext catalog: unknown subcommand 'frob'; expected list, validate, pages, export or search\n"
    ),
    (["demo", "extra"], "emotext demo: unexpected argument 'extra'\n"),
    (["render", "--html", "--ansi"], "emotext render: choose one of --html, --ansi, --plain and --spoken\n"),
  ])
  func misuseNamesTheMistakeAndAHint(arguments: [String], message: String) throws {
    let output = try CLIProcess.run(arguments)
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr == message + "run 'emotext \(arguments[0]) --help' for usage\n")
  }

  @Test(arguments: [
    "edit", "parse", "roundtrip", "count", "encode-emoji", "decode-emoji", "render", "truncate --max 5",
  ])
  func invalidUTF8NamesLineAndByte(commandLine: String) throws {
    let words = commandLine.split(separator: " ").map(String.init)
    let command = words[0]
    // Line 2 is `{"insert":"b` then 0xFF: byte offset 12 in the line, column 13.
    let output = try CLIProcess.run(
      words, stdin: Data("{\"insert\":\"a\"}\n{\"insert\":\"b".utf8) + [0xFF] + Data("\"}\n".utf8))
    #expect(output.status == 1)
    #expect(output.stderr == "emotext \(command): <stdin>:2:13: invalid UTF-8 (byte 0xFF)\n")
  }

  @Test func truncatedUTF8AtTheEndIsAnError() throws {
    // The input ends inside 哈 (E5 93 88): the last line stops after two of its three bytes.
    let output = try CLIProcess.run(["edit"], stdin: Data("{\"insert\":\"a\"}\n{\"insert\":\"".utf8) + [0xE5, 0x93])
    #expect(output.status == 1)
    #expect(
      output.stdout
        == #"{"text":"a","selection":[1,0],"utf16Length":1,"graphemes":1,"runs":[{"text":"a"}],"change":[0,0,1]}"#
        + "\n")
    #expect(output.stderr == "emotext edit: <stdin>:2:12: invalid UTF-8 (byte 0xE5)\n")
  }

  @Test func invalidUTF8InAFileNamesTheFile() throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "emotext-bad-\(UUID().uuidString).txt")
    // Line 2 is é (2 bytes), then 0xC3 0x28: 0x28 cannot continue the sequence 0xC3 starts.
    try (Data("好[哈哈]\n\u{00E9}".utf8) + [0xC3, 0x28] + Data("\n".utf8)).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let output = try CLIProcess.run(["roundtrip", file.path])
    #expect(output.status == 1)
    #expect(output.stderr == "emotext roundtrip: \(file.path):2:4: invalid UTF-8 (byte 0x28)\n")
    #expect(output.stdout == "\(file.path): 1 post, 1 token, 0 unknown tokens, 0 mismatches\n")
  }

  @Test(arguments: ["edit", "parse", "render", "render --whole", "count", "serialize"])
  func oversizedLineHitsTheLimit(commandLine: String) throws {
    let words = commandLine.split(separator: " ").map(String.init)
    let command = words[0]
    let limit = 16 << 20
    let output = try CLIProcess.run(words, stdin: Data(repeating: UInt8(ascii: "["), count: limit + 1))
    #expect(output.status == 1)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr == "emotext \(command): <stdin>:1: longer than the limit of \(limit) bytes\n")
  }

  @Test func malformedJSONLinesToEditAreReportedPerLine() throws {
    let lines = [
      "nope", #"{"insert": 5}"#, #"{"insert": "a", "backspace": 1}"#, "[]", #"{"frobnicate": 1}"#,
      #"{"select": [0, 99]}"#, #"{"backspace": -1}"#, #"{"move": "up"}"#, #"{"emoticon": "[未知]"}"#, #"{"insert": "好"}"#,
    ]
    let output = try CLIProcess.run(["edit"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(output.status == 1)
    #expect(output.stderr.isEmpty)
    let answers = output.stdout.split(separator: "\n").map(String.init)
    #expect(
      answers == [
        #"{"error":"not valid JSON: nope","line":1}"#,
        #"{"error":"\"insert\" takes a string","line":2}"#,
        #"{"error":"expected an object with exactly one command, such as {\"insert\": \"text\"}","line":3}"#,
        #"{"error":"expected an object with exactly one command, such as {\"insert\": \"text\"}","line":4}"#,
        #"{"error":"unknown command \"frobnicate\"; expected insert, emoticon, backspace, delete, select, move, undo, "#
          + #"redo, mode, mark, unmark, deleteSurrounding, deleteSurroundingCodePoints, complete, limit, "#
          + #"entityDeletion, copy, cut or paste","line":5}"#,
        #"{"error":"selection [0, 99] is out of range: the text is 0 UTF-16 units long","line":6}"#,
        #"{"error":"\"backspace\" takes a count from 0 to 1000000","line":7}"#,
        #"{"error":"\"move\" takes \"left\", \"right\", \"start\" or \"end\"","line":8}"#,
        #"{"error":"unknown emoticon [未知]: not in the catalog","line":9}"#,
        #"{"text":"好","selection":[1,0],"utf16Length":1,"graphemes":1,"runs":[{"text":"好"}],"change":[0,0,1]}"#,
      ])
  }

  @Test func unreadableFilesAreNamed() throws {
    let missing = try CLIProcess.run(["roundtrip", "/nonexistent/posts.txt"])
    #expect(missing.status == 1)
    #expect(missing.stderr == "emotext roundtrip: /nonexistent/posts.txt: No such file or directory\n")

    let folder = try CLIProcess.run(["count", "/"])
    #expect(folder.status == 1)
    #expect(folder.stderr == "emotext count: /: Is a directory\n")

    let catalog = try CLIProcess.run(["catalog", "list", "--catalog", "/nonexistent/bundle"])
    #expect(catalog.status == 1)
    #expect(
      catalog.stderr
        == "emotext catalog: cannot load catalog /nonexistent/bundle: /nonexistent/bundle: file not found (expected a readable file)\n"
    )
  }

  /// Root reads any file, so as root (CI) the binary runs as `nobody`, for whom the mode applies.
  @Test func fileWithoutReadPermissionIsNamed() throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "emotext-locked-\(UUID().uuidString).txt")
    try Data("好\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
    let output = try CLIProcess.run(["roundtrip", file.path], withoutRoot: true)
    #expect(output.status == 1)
    #expect(output.stderr == "emotext roundtrip: \(file.path): Permission denied\n")
  }

  @Test func malformedDocumentJSONNamesThePath() throws {
    let output = try CLIProcess.run(
      ["serialize"], stdin: Data(#"{"version":1,"runs":[{"text":"a"},{"emoticon":"[zz]"}]}"#.utf8 + [0x0A]))
    #expect(output.status == 1)
    #expect(output.stderr == "emotext serialize: <stdin>:1: runs[1].emoticon: unknown emoticon \"[zz]\"\n")
  }

  @Test func catalogImageSymlinkEscapingTheFolderIsAnError() throws {
    let bundle = try CatalogBundle(images: ["evil.png": "/etc/passwd"])
    defer { bundle.remove() }
    let output = try CLIProcess.run(["catalog", "validate", bundle.root.path])
    #expect(output.status == 1)
    #expect(
      output.stdout.contains(
        #"error: p/info.plist: emoticons[0].png: expected a relative path inside the pack folder, found "evil.png""#))
    let list = try CLIProcess.run(["catalog", "list", "--catalog", bundle.root.path])
    #expect(list.status == 1)
    #expect(list.stderr.contains("p/info.plist: emoticons[0].png: expected a relative path inside the pack folder"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
  func corruptRecentsFileIsReportedAndIgnored() throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "emotext-recents-\(UUID().uuidString).json")
    try Data("{\"version\":1,\"codes\":[".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    // Esc cancels the composer (exit 1) once it has started.
    let output = try CLIProcess.run(["compose", "--recents", file.path], terminalKeys: Data([0x1B]))
    #expect(output.status == 1)
    #expect(
      output.stdout.contains(
        "emotext compose: \(file.path): ignored, expected {\"version\":1,\"codes\":[…]}: not valid JSON"))
  }
}

/// A tutorial bundle in a temporary folder: pack `p` with `[a]` → `evil.png` and `[b]` → `b.png`, where
/// `images` maps file names in the pack folder to symbolic link targets.
struct CatalogBundle {
  let root: URL

  init(images: [String: String]) throws {
    root = FileManager.default.temporaryDirectory.appending(path: "emotext-bundle-\(UUID().uuidString)")
    let pack = root.appending(path: "p")
    try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>packages</key><array><dict><key>id</key><string>p</string></dict></array></dict></plist>
      """.utf8
    ).write(to: root.appending(path: "emoticons.plist"))
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>id</key><string>p</string><key>group_name_cn</key><string>P</string>
      <key>emoticons</key><array>
      <dict><key>chs</key><string>[a]</string><key>png</key><string>evil.png</string><key>type</key><string>0</string></dict>
      <dict><key>chs</key><string>[b]</string><key>png</key><string>b.png</string><key>type</key><string>0</string></dict>
      </array></dict></plist>
      """.utf8
    ).write(to: pack.appending(path: "info.plist"))
    _ = FileManager.default.createFile(atPath: pack.appending(path: "b.png").path, contents: Data())
    for (name, target) in images {
      try FileManager.default.createSymbolicLink(atPath: pack.appending(path: name).path, withDestinationPath: target)
    }
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}
