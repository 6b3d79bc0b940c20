import Foundation
import Testing

@Suite("emotext edit --help, --links")
struct CLITextViewTests {
  /// Every command the protocol knows, as its error for an unknown command lists them, appears in `--help`.
  @Test func editHelpListsEveryCommand() throws {
    let refused = try CLIProcess.run(["edit", "--text", #"{"nope": 1}"#])
    let answer = try #require(
      try JSONSerialization.jsonObject(with: Data(refused.stdout.utf8)) as? [String: Any])
    let list = try #require((answer["error"] as? String)?.components(separatedBy: "expected ").last)
    let names = list.components(separatedBy: CharacterSet(charactersIn: " ,")).filter { !$0.isEmpty && $0 != "or" }
    #expect(names.count >= 19, "\(names)")
    let help = try CLIProcess.run(["edit", "--help"])
    let text = help.stdout + help.stderr
    for name in names {
      #expect(text.contains("{\"\(name)\""), "emotext edit --help does not list \(name)")
    }
  }

  @Test func parseAndRenderTakeTheTwitterLinkRules() throws {
    let parsed = try CLIProcess.run(["parse", "--entities", "--links", "twitter", "--json", "--text", "看 example.com"])
    #expect(parsed.stdout == #"{"version":1,"runs":[{"text":"看 "},{"text":"example.com","entity":"link"}]}"# + "\n")
    let weibo = try CLIProcess.run(["parse", "--entities", "--json", "--text", "看 example.com"])
    #expect(weibo.stdout == #"{"version":1,"runs":[{"text":"看 example.com"}]}"# + "\n")
    let rendered = try CLIProcess.run(["render", "--html", "--links", "twitter", "--text", "x example.com"])
    #expect(rendered.stdout == #"x <bdi><a class="link" href="http://example.com">example.com</a></bdi>"# + "\n")
    let wrong = try CLIProcess.run(["render", "--links", "mastodon", "--text", "x"])
    #expect(wrong.status != 0 && wrong.stderr.contains("--links takes weibo or twitter"))
    let alone = try CLIProcess.run(["parse", "--links", "twitter", "--text", "x"])
    #expect(alone.status != 0 && alone.stderr.contains("--links goes with --entities"))
  }
}
