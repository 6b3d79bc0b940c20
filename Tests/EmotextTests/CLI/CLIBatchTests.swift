import Foundation
import Testing

/// The batch commands through the built `emotext` binary: every line before a bad one is answered, in order,
/// before the error; every unreadable file of `roundtrip` is reported; one input convention everywhere.
@Suite("CLI batch input")
struct CLIBatchTests {
  /// A command, a good input line for line number `n`, a bad line, and the error it gets at line 3000.
  struct BadLineCase: Sendable, CustomStringConvertible {
    var arguments: [String]
    var good: @Sendable (Int) -> String
    var bad: String
    var message: String
    var description: String { arguments.joined(separator: " ") }
  }

  static let badLineCases: [BadLineCase] = [
    BadLineCase(
      arguments: ["count", "--jsonl"], good: { #"{"text":"好[哈哈]\#($0)"}"# }, bad: #"{"text":"#,
      message: #"<stdin>:3000:9: not a record {"text": …}: expected a JSON value, found end of line"#),
    BadLineCase(
      arguments: ["truncate", "--max", "3", "--jsonl"], good: { #"{"text":"好开心[哈哈]\#($0)"}"# }, bad: "nope",
      message: #"<stdin>:3000:1: not a record {"text": …}: expected a JSON object, found 'nope'"#),
    BadLineCase(
      arguments: ["encode-emoji", "--jsonl"], good: { #"{"text":"😀\#($0)"}"# }, bad: "[]",
      message: #"<stdin>:3000:1: not a record {"text": …}: expected a JSON object, found an array"#),
    BadLineCase(
      arguments: ["decode-emoji"], good: { "a[emoji:1f600]\($0)" }, bad: "b[emoji:zz]",
      message: "<stdin>:3000:2: malformed emoji escape: 'zz' is not a Unicode scalar in hex"),
    BadLineCase(
      arguments: ["serialize"], good: { #"{"version":1,"runs":[{"text":"a\#($0)"},{"emoticon":"[哈哈]"}]}"# },
      bad: #"{"version":2,"runs":[]}"#, message: "<stdin>:3000: version: unsupported version 2 (expected 1)"),
    BadLineCase(
      arguments: ["parse", "--jsonl"], good: { #"{"text":"[哈哈]\#($0)"}"# }, bad: #"{"text":1}"#,
      message: #"<stdin>:3000:9: not a record {"text": …}: expected a string as "text", found a number"#),
  ]

  @Test(arguments: badLineCases, [1, 2])
  func everyLineBeforeABadOneIsAnsweredInOrder(badLine: BadLineCase, jobs: Int) throws {
    let arguments = badLine.arguments + ["--jobs", "\(jobs)"]
    let before = (1..<3000).map(badLine.good)
    let after = (3001...5000).map(badLine.good)
    let expected = try CLIProcess.run(arguments, stdin: Data(before.map { $0 + "\n" }.joined().utf8))
    #expect(expected.status == 0)
    #expect(expected.stderr.isEmpty)

    let output = try CLIProcess.run(
      arguments, stdin: Data((before + [badLine.bad] + after).map { $0 + "\n" }.joined().utf8))
    #expect(output.status == 1)
    #expect(output.stderr == "emotext \(badLine.arguments[0]): \(badLine.message)\n")
    #expect(output.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 3000)
    #expect(output.stdout == expected.stdout, "the 2,999 answers before the bad line, in order")
  }

  @Test func theIssuesExamplesAnswerTheFirstLine() throws {
    let count = try CLIProcess.run(
      ["count", "--jsonl"],
      stdin: Data(#"{"text":"好[哈哈]"}"#.utf8 + [0x0A] + #"{"text":"#.utf8 + [0x0A] + #"{"text":"c"}"#.utf8))
    #expect(count.stdout == #"{"text":"好[哈哈]","rule":"weibo","weighted":4,"utf16":2,"scalars":2,"graphemes":2}"# + "\n")
    #expect(
      count.stderr
        == "emotext count: <stdin>:2:9: not a record {\"text\": …}: expected a JSON value, found end of line\n")
    let decode = try CLIProcess.run(["decode-emoji"], stdin: Data("a\nb[emoji:zz]\n".utf8))
    #expect(decode.stdout == "a\n")
    #expect(decode.status == 1)
  }

  @Test func roundtripReportsEachUnreadableFileAndGoesOn() throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "emotext-rt-\(UUID().uuidString).txt")
    try Data("好[哈哈]\nb\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let missing = "/nonexistent/emotext-\(UUID().uuidString).txt"
    let output = try CLIProcess.run(["roundtrip", file.path, missing, file.path])
    #expect(output.status == 1)
    #expect(output.stderr == "emotext roundtrip: \(missing): No such file or directory\n")
    let summary = "\(file.path): 2 posts, 1 token, 0 unknown tokens, 0 mismatches\n"
    #expect(output.stdout == summary + summary, "the third file is checked too")
  }

  @Test func renderRefusesALineOverTheLimitAndRendersOnePostPerLine() throws {
    let posts = try CLIProcess.run(["render", "--plain"], stdin: Data("好[哈哈]\n#春天#\n".utf8))
    #expect(posts.stdout == "好😆\n#春天#\n")
    let html = try CLIProcess.run(["render", "--html", "--no-images"], stdin: Data("a\nb\n".utf8))
    #expect(html.stdout == "a\nb\n", "one fragment per post")
    let whole = try CLIProcess.run(["render", "--html", "--whole"], stdin: Data("a\nb\n".utf8))
    #expect(whole.stdout == "a<br>\nb\n", "--whole: one post, its line break included")
    let page = try CLIProcess.run(["render", "--html", "--page"], stdin: Data("a\nb\n".utf8))
    #expect(page.status == 0)
    let article = #"<article class="post" dir="auto">"#
    #expect(page.stdout.contains("<body>\n\(article)a</article>\n\(article)b</article>\n</body>"))
    let wholePage = try CLIProcess.run(["render", "--html", "--page", "--whole"], stdin: Data("a\nb\n".utf8))
    #expect(wholePage.stdout.contains("<body>\n<article class=\"post\" dir=\"auto\">a<br>\nb</article>\n</body>"))
  }

  @Test func filesAreFilesAndTextNeedsTheFlag() throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "emotext-posts-\(UUID().uuidString).txt")
    try Data("好[哈哈]\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    for command in [
      "parse", "count", "render --plain", "truncate --max 9", "encode-emoji", "decode-emoji", "roundtrip",
    ] {
      let words = command.split(separator: " ").map(String.init)
      let fromFile = try CLIProcess.run(words + [file.path])
      let fromText = try CLIProcess.run(words + ["--text", "好[哈哈]"])
      let fromStdin = try CLIProcess.run(words + ["-"], stdin: Data("好[哈哈]\n".utf8))
      #expect(fromFile.status == 0, "\(command)")
      #expect(fromText.status == 0, "\(command)")
      if command != "roundtrip" {
        #expect(fromFile.stdout == fromText.stdout, "\(command)")
        #expect(fromFile.stdout == fromStdin.stdout, "\(command)")
      }
      let missing = try CLIProcess.run(words + ["nosuch.txt"])
      #expect(missing.status == 1, "\(command)")
      #expect(missing.stderr.hasSuffix(": nosuch.txt: No such file or directory\n"), "\(command)")
      let both = try CLIProcess.run(words + ["--text", "a", file.path])
      #expect(both.status == 2, "\(command)")
      #expect(both.stderr.hasPrefix("emotext \(words[0]): give FILEs or --text, not both\n"), "\(command)")
    }
    let parse = try CLIProcess.run(["parse", file.path])
    #expect(parse.stdout == "text \"好\"\nemoticon \"[哈哈]\"\n", "parse FILE parses the file, not its name")
  }

  @Test(arguments: ["weibo", "twitter", "utf16", "scalars", "graphemes"])
  func countAndTruncateTakeTheSameRules(rule: String) throws {
    let count = try CLIProcess.run(["count", "--rule", rule, "--text", "好[哈哈]ab"])
    #expect(count.status == 0)
    let truncate = try CLIProcess.run(["truncate", "--max", "100", "--rule", rule, "--text", "好[哈哈]ab"])
    #expect(truncate.stdout == "好[哈哈]ab\n")
    let bad = try CLIProcess.run(["count", "--rule", "frob", "--text", "a"])
    #expect(
      bad.stderr.hasPrefix("emotext count: --rule takes weibo, twitter, utf16, scalars or graphemes, not 'frob'\n"))
  }

  @Test func versionIsPrinted() throws {
    let output = try CLIProcess.run(["--version"])
    #expect(output.status == 0)
    #expect(output.stdout.hasPrefix("emotext "))
    #expect(output.stdout.split(separator: " ").last?.split(separator: ".").count == 3)
  }
}
