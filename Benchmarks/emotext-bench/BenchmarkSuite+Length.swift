import Emotext

extension BenchmarkSuite {
  /// Weighted length and truncation of a tokenized document, with `String.count` on the same text as the
  /// reference speed (it computes something simpler, so there is no output to compare).
  mutating func runWeightedLength() {
    let task = "weighted length"
    guard shouldRun(task) || shouldRun("truncate") else { return }
    let tokenizer = tokenizer
    for corpus in corpora {
      let text = input(corpus)
      let input = corpus.name
      let bytes = text.utf8.count
      let document = tokenizer.tokenize(text)
      if shouldRun(task) {
        measure(task, input: input, inputBytes: bytes, contender: "Emotext length(by: .weighted(.weibo))") {
          document.length(by: .weighted(.weibo))
        }
        measure(task, input: input, inputBytes: bytes, contender: "Emotext length(by: .weighted(.twitter))") {
          document.length(by: .weighted(.twitter))
        }
        measure(task, input: input, inputBytes: bytes, contender: "Emotext URLFinder.twitter (the URL part)") {
          URLFinder.twitter.urlRanges(in: text).count
        }
        measure(
          task, input: input, inputBytes: bytes, contender: "Swift String.count (reference)",
          note: "counts Characters only: speed reference"
        ) { text.count }
      }
      if shouldRun("truncate") {
        let limit = document.length(by: .weighted(.weibo)) / 2
        measure(
          "truncate to half", input: input, inputBytes: bytes, contender: "Emotext truncated(toFit:by: .weibo)",
          check: { $0.length(by: .weighted(.weibo)) <= limit ? nil : "longer than the limit" },
          {
            document.truncated(toFit: limit, by: .weighted(.weibo), ellipsis: "…")
          })
      }
    }
  }
}
