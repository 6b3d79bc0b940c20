import Foundation
import Testing

/// Every Swift example in README.md and the DocC articles is run by a test: each of its statements (comments
/// dropped; `print(x)` as `x`) appears in a test's source, so an example edited in the documentation but not in
/// its test, or one added without a test, fails here. An example marked `// Apple platforms only` on its first
/// line cannot compile on Linux and is skipped.
@Suite("Documentation examples") struct DocumentationExamplesTests {
  @Test func everySwiftExampleIsInATest() throws {
    let tests = try Self.testSources()
    let documents = try [("README.md", DocumentationText.readme())] + Self.articles()
    var blocks = 0
    for (name, text) in documents {
      for block in Self.swiftBlocks(in: text) where !(block.lines.first?.hasPrefix("// Apple platforms only") ?? false)
      {
        blocks += 1
        for (offset, line) in block.lines.enumerated() {
          for statement in Self.statements(of: line) where !tests.contains(statement) {
            Issue.record("\(name):\(block.firstLine + offset): \(statement) — in no test under Tests/EmotextTests")
          }
        }
      }
    }
    // Note: the README and the articles hold a dozen examples; finding none means the reading broke.
    #expect(blocks >= 10)
  }

  @Test func statementsDropCommentsAndSplitAtSemicolons() {
    #expect(
      Self.statements(of: #"editor.insert("看"); apply(editor)   // a comment"#) == [
        #"editor.insert("看")"#, "apply(editor)",
      ])
    #expect(Self.statements(of: #"let url = "https://a.example" // b"#) == [#"let url = "https://a.example""#])
    #expect(Self.statements(of: "print(editor.document.postText)  // x") == ["editor.document.postText"])
    #expect(Self.statements(of: "import Emotext").isEmpty)
    #expect(Self.statements(of: "  }").isEmpty)
    #expect(Self.statements(of: "// only a comment").isEmpty)
  }

  /// The articles of the DocC catalog, by file name.
  static func articles() throws -> [(String, String)] {
    try FileManager.default.contentsOfDirectory(atPath: DocumentationText.catalog.path).sorted()
      .filter { $0.hasSuffix(".md") }
      .map { ($0, try String(contentsOf: DocumentationText.catalog.appendingPathComponent($0), encoding: .utf8)) }
  }

  /// Every `.swift` file under Tests/EmotextTests, concatenated, with each run of white space one space.
  static func testSources() throws -> String {
    let root = TestPaths.packageRoot.appendingPathComponent("Tests/EmotextTests")
    let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
    return try files.filter { $0.hasSuffix(".swift") }.sorted()
      .map { collapsingWhiteSpace(try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
      .joined(separator: "\n")
  }

  /// The fenced ```swift blocks of a Markdown text: their lines and the 1-based line number of the first.
  static func swiftBlocks(in text: String) -> [(firstLine: Int, lines: [String])] {
    var blocks: [(firstLine: Int, lines: [String])] = []
    var current: (firstLine: Int, lines: [String])?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
        current = (index + 2, [])
      } else if let block = current, line.trimmingCharacters(in: .whitespaces) == "```" {
        blocks.append(block)
        current = nil
      } else {
        current?.lines.append(String(line))
      }
    }
    return blocks
  }

  /// A line's statements: its comment dropped (a `//` outside a string literal, at the start or after a space),
  /// split at `;` outside string literals, `print(x)` taken as `x`; imports and lines of brackets alone dropped.
  static func statements(of line: String) -> [String] {
    var statements: [String] = []
    var current = ""
    var inString = false
    var previous: Character = " "
    var characters = line[...]
    while let character = characters.first {
      if !inString, character == "/", characters.hasPrefix("//"), previous == " " { break }
      if character == "\"", previous != "\\" { inString.toggle() }
      if !inString, character == ";" {
        statements.append(current)
        current = ""
      } else {
        current.append(character)
      }
      previous = character
      characters = characters.dropFirst()
    }
    statements.append(current)
    return statements.map { collapsingWhiteSpace($0).trimmingCharacters(in: .whitespaces) }
      .map { $0.hasPrefix("print(") && $0.hasSuffix(")") ? String($0.dropFirst(6).dropLast()) : $0 }
      .filter { !$0.isEmpty && !$0.hasPrefix("import ") && !$0.allSatisfy { "{}()[]".contains($0) } }
  }

  static func collapsingWhiteSpace(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
  }
}
