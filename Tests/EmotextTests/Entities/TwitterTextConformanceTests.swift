import Foundation
import Testing

@testable import Emotext

/// twitter-text's own conformance suite (`validate.yml`, `extract.yml` as JSON), read from
/// `../shared/conformance/twitter-text/` when it is there; the tests report a skip when it is not.
enum TwitterTextConformance {
  struct Case: Sendable, CustomTestStringConvertible {
    var description: String
    var text: String
    /// `expected.weightedLength` of a validate case.
    var weightedLength: Int?
    /// `expected` of an extract case: the URLs, each with its scalar offsets when the section gives `indices`.
    var expectedURLs: [ExpectedURL] = []
    var testDescription: String { description }
  }

  struct ExpectedURL: Equatable, Sendable, CustomStringConvertible {
    var url: String
    var scalarOffsets: [Int]?
    init(url: String, scalarOffsets: [Int]?) {
      self.url = url
      self.scalarOffsets = scalarOffsets
    }
    init(_ json: Any) {
      let object = json as? [String: Any]
      url = object?["url"] as? String ?? json as? String ?? ""
      scalarOffsets = object?["indices"] as? [Int]
    }
    var description: String { scalarOffsets.map { "\(url)@\($0)" } ?? url }
  }

  static let folder = TestPaths.twitterTextConformance
  static let isAvailable = FileManager.default.fileExists(
    atPath: folder.appendingPathComponent("extract.json").path)
  static let skipMessage: Comment = "../shared/conformance/twitter-text is not beside this package: skipped"

  /// The cases of `tests.<section>` in `file`; none when the folder is absent.
  static func cases(_ file: String, _ section: String) -> [Case] {
    guard isAvailable, let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let tests = root["tests"] as? [String: Any], let list = tests[section] as? [[String: Any]]
    else { return [] }
    return list.map { item in
      Case(
        description: item["description"] as? String ?? "", text: item["text"] as? String ?? "",
        weightedLength: (item["expected"] as? [String: Any])?["weightedLength"] as? Int,
        expectedURLs: (item["expected"] as? [Any] ?? []).map(ExpectedURL.init))
    }
  }
}

@Suite("twitter-text conformance") struct TwitterTextConformanceTests {
  @Test(.enabled(if: TwitterTextConformance.isAvailable, TwitterTextConformance.skipMessage))
  func weightedLength() {
    let cases =
      TwitterTextConformance.cases("validate.json", "WeightedTweetsWithDiscountedEmojiCounterTest")
      + TwitterTextConformance.cases("validate.json", "UnicodeDirectionalMarkerCounterTest")
    #expect(cases.count == 24)
    for item in cases {
      #expect(RichText(item.text).length(by: .weighted(.twitter)) == item.weightedLength, "\(item.description)")
    }
  }

  /// Every case of the URL sections of `extract.yml`, with `.twitter`'s finder and the entity links it gives.
  @Test(
    .enabled(if: TwitterTextConformance.isAvailable, TwitterTextConformance.skipMessage),
    arguments: ["urls", "urls_with_indices", "urls_with_directional_markers", "tco_urls_with_params"])
  func extractURLs(section: String) {
    let cases = TwitterTextConformance.cases("extract.json", section)
    #expect(!cases.isEmpty)
    var passed = 0
    for item in cases {
      let ranges = URLFinder.twitter.urlRanges(in: item.text)
      let found = ranges.map { range in
        let url = String(item.text.utf8Slice(range))
        let start = item.text.utf8Slice(0..<range.lowerBound).unicodeScalars.count
        let offsets = item.expectedURLs.first?.scalarOffsets == nil ? nil : [start, start + url.unicodeScalars.count]
        return TwitterTextConformance.ExpectedURL(url: url, scalarOffsets: offsets)
      }
      let links = RichText(item.text).recognizingEntities(urls: .twitter).runs.compactMap { run -> String? in
        guard case .text(let text, let attributes) = run, attributes.entity == .link else { return nil }
        return text
      }
      #expect(links == found.map(\.url), "entity links and the finder disagree on \(item.text.debugDescription)")
      if found == item.expectedURLs {
        passed += 1
      } else {
        Issue.record("\(item.description): \(item.text.debugDescription) gave \(found), expected \(item.expectedURLs)")
      }
    }
    print("twitter-text extract \(section): \(passed) of \(cases.count)")
  }
}
