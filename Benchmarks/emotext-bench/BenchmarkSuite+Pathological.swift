import Emotext
import Foundation

extension BenchmarkSuite {
  /// Pathological inputs at a small and a large size: the per-byte time must stay flat.
  mutating func runPathological() {
    let task = "pathological"
    guard shouldRun(task) else { return }
    let small = checkOnly ? 16 << 10 : 256 << 10
    let large = checkOnly ? 64 << 10 : 4 << 20
    let shrink = checkOnly ? 64 : 1
    let cases: [(name: String, make: (Int) -> String)] = [
      ("[ repeated", { Input.repeated("[", utf8Count: $0) }),
      ("[a repeated", { Input.repeated("[a", utf8Count: $0) }),
      ("] repeated", { Input.repeated("]", utf8Count: $0) }),
      // Note: the large ZWJ chain is 10⁵ scalars and the large run of marks 10⁶, as the issue asks; the
      // small ones are 16 times shorter, like 256 KB against 4 MB.
      ("ZWJ chain", { Input.zwjChain(scalarCount: ($0 == large ? 100_000 : 100_000 / 16) / shrink) }),
      ("combining marks", { Input.combiningMarks(count: ($0 == large ? 1_000_000 : 1_000_000 / 16) / shrink) }),
    ]
    let tokenizer = tokenizer
    for (name, make) in cases {
      for operation in ["tokenize", "count graphemes", "Backspace at end"] {
        var perByte: [Double] = []
        for size in [small, large] {
          let text = make(size)
          let bytes = text.utf8.count
          let document = RichText(text)
          let editor = Editor(document: document, catalog: .default)
          let contender = "Emotext \(operation)"
          let input = "\(name) \(formatBytes(bytes))"
          let task = "\(task) \(operation)"
          let seconds: Double?
          switch operation {
          case "tokenize":
            seconds = measure(
              task, input: input, inputBytes: bytes, contender: contender,
              check: { difference($0.postText, text) }
            ) { tokenizer.tokenize(text) }.flatMap { _ in
              measurements.last?.medianSeconds
            }
          case "count graphemes":
            seconds = measure(
              task, input: input, inputBytes: bytes, contender: contender,
              check: { $0 == text.count ? nil : "\($0) clusters instead of \(text.count)" },
              {
                document.graphemeCount
              }
            ).flatMap { _ in measurements.last?.medianSeconds }
          default:
            seconds = measure(
              task, input: input, inputBytes: bytes, contender: contender,
              check: { $0.document.utf16Count < document.utf16Count ? nil : "nothing deleted" },
              {
                var copy = editor
                copy.deleteBackward()
                return copy
              }
            ).flatMap { _ in measurements.last?.medianSeconds }
          }
          if let seconds { perByte.append(seconds / Double(bytes)) }
        }
        if perByte.count == 2 && !checkOnly {
          let ratio = perByte[1] / perByte[0]
          measurements[measurements.count - 1].note = String(format: "per-byte time large/small: %.2f×", ratio)
          say(
            String(
              format: "  → %@ %@: per-byte time at the large size is %.2f× that at the small size%@", name,
              operation, ratio, ratio <= 1.5 ? "" : "  ** over the 1.5× target **"))
        }
      }
    }
  }
}
