import Emotext
import Foundation
import Testing

/// The Foundation example of the Interop article (Interop.md), verbatim but for the expectations, so it keeps
/// compiling and saying the truth. (The UIKit snippet is Apple-only and cannot compile here.)
@Suite("Interop article examples") struct InteropArticleTests {
  @Test func attributedString() throws {
    let catalog = EmoticonCatalog.default
    let post = BracketTokenizer(catalog: catalog).tokenize("@小明 好开心[愛你]").recognizingEntities()

    let attributed = AttributedString(post)  // "@小明 好开心\u{FFFC}"
    let runs = Array(attributed.runs)
    #expect(String(attributed.characters) == "@小明 好开心\u{FFFC}")
    #expect(runs.first?.entity == .mention)
    #expect(runs.last?.emoticon == .init(token: "[愛你]", code: "[爱你]"))
    let back = try RichText(attributed, catalog: catalog)  // == post
    #expect(back == post)
  }

  /// README and Getting Started claim only what a test here shows: no "Apple platforms" support claim.
  @Test func platformsAreStatedAsTested() throws {
    for text in [try DocumentationText.readme(), try DocumentationText.article("GettingStarted")] {
      #expect(!text.contains("on Linux and Apple platforms"))
      #expect(text.contains("**Linux is what is built and tested**"))
    }
  }
}
