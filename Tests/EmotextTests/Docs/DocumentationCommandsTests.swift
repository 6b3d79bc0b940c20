import Foundation
import Testing

/// README's "The command line in ten lines", run as written by `bash` with the built `emotext` first on `PATH`
/// (but for the build line and the interactive composer): every line succeeds, and the outputs its comments
/// give are what it prints.
@Suite("README command lines")
struct DocumentationCommandsTests {
  /// What a line containing the key prints, checked beside its exit status.
  static let expectations: [String: @Sendable (String) -> Bool] = [
    "emotext --help": { $0.contains("commands:") },
    "parse --text": { $0 == "text \"今天好开心\"\nemoticon \"[哈哈]\"\nemoticon \"[愛你]\" code \"[爱你]\"\n" },
    "count --rule twitter": { $0 == "42\t30\t28\t27\n" },
    "truncate --max 5": { $0 == "今天好开…\n" },
    "count --jsonl": { $0.hasPrefix(#"{"text":"好[哈哈]","rule":"weibo","weighted":4,"#) },
    "emotext edit": { $0.split(separator: "\n").last?.contains(#"{"emoticon":"[哈哈]"}"#) == true },
    "render --width 30": { $0 == "//@小明: 今天好开心😆 #春天#\nhttps://weibo.com\n" },
    "render --html --page": { $0.isEmpty },
  ]

  @Test func everyLineRunsAsWritten() throws {
    let binary = try #require(CLIProcess.binary, CLIProcess.missingReason)
    let readme = try DocumentationText.readme()
    let section = try #require(readme.range(of: "## The command line in ten lines"))
    let block = try #require(readme[section.upperBound...].split(separator: "```").dropFirst().first)
    let lines = block.split(separator: "\n").dropFirst().map(String.init)  // the "sh" of the fence
    #expect(lines.count == 10)
    let folder = FileManager.default.temporaryDirectory.appending(path: "emotext-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var checked = Set<String>()
    for line in lines where !line.hasPrefix("swift build") && !line.contains("emotext compose") {
      let process = Process()
      process.executableURL = URL(filePath: "/bin/bash")
      process.arguments = ["-c", line]
      process.currentDirectoryURL = folder
      var environment = ProcessInfo.processInfo.environment
      environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
      process.environment = environment
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(line)")
      for (key, expectation) in Self.expectations where line.contains(key) {
        checked.insert(key)
        #expect(expectation(printed), "\(line) printed \(printed)")
      }
    }
    #expect(checked == Set(Self.expectations.keys), "lines the expectations name are missing from README")
    let page = try String(contentsOf: folder.appending(path: "post.html"), encoding: .utf8)
    #expect(page.contains("<!DOCTYPE html>") && page.contains("好开心"))
  }
}
