import Foundation
import Testing

/// `emotext parse --entities` through the built binary: the runs carry `"entity"` as the document JSON writes it.
@Suite("CLI entities")
struct CLIEntitiesTests {
  @Test func parseJSONMarksMentionsTopicsAndLinks() throws {
    let post = "//@小明: 看 #春天# https://en.wikipedia.org/wiki/Hatfield–McCoy_feud[哈哈] foo.com\n"
    let output = try CLIProcess.run(["parse", "--json", "--entities"], stdin: Data(post.utf8))
    #expect(output.status == 0)
    #expect(output.stderr.isEmpty)
    #expect(
      output.stdout == """
        {"version":1,"runs":[{"text":"//"},{"text":"@小明","entity":"mention"},{"text":": 看 "},\
        {"text":"#春天#","entity":"topic"},{"text":" "},\
        {"text":"https://en.wikipedia.org/wiki/Hatfield–McCoy_feud","entity":"link"},{"emoticon":"[哈哈]"},\
        {"text":" foo.com"}]}

        """)
  }

  @Test func withoutTheFlagNoEntities() throws {
    let output = try CLIProcess.run(["parse", "--json"], stdin: Data("@小明 http://a.com\n".utf8))
    #expect(output.status == 0)
    #expect(output.stdout == #"{"version":1,"runs":[{"text":"@小明 http://a.com"}]}"# + "\n")
  }

  @Test func twitterLinksFindLinksWithoutAScheme() throws {
    let output = try CLIProcess.run(
      ["parse", "--json", "--entities", "--links", "twitter"], stdin: Data("看 foo.com\n".utf8))
    #expect(output.status == 0)
    #expect(output.stdout == #"{"version":1,"runs":[{"text":"看 "},{"text":"foo.com","entity":"link"}]}"# + "\n")
  }

  @Test(arguments: [
    (["--entities", "--links", "bing"], "--links takes weibo or twitter, not 'bing'"),
    (["--links", "twitter"], "--links goes with --entities"),
  ])
  func badLinkRulesAreUsageErrors(arguments: [String], message: String) throws {
    let output = try CLIProcess.run(["parse", "--json"] + arguments, stdin: Data("x\n".utf8))
    #expect(output.status == 2)
    #expect(output.stderr.hasPrefix("emotext parse: \(message)\n"))
  }

  @Test func helpListsTheFlag() throws {
    let output = try CLIProcess.run(["parse", "--help"])
    #expect(output.stdout.contains("--entities") || output.stderr.contains("--entities"))
  }
}
