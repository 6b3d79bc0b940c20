import Emotext
import Foundation

extension BenchmarkSuite {
  /// Peak memory while tokenizing a 64 MB document, measured in a child process so earlier tasks
  /// do not pollute it.
  mutating func runMemory() {
    let task = "memory of a document"
    guard shouldRun(task), !checkOnly else { return }
    let size = quick ? 8 << 20 : 64 << 20
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--memory-probe", String(size)]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch {
      say("  !! could not start the memory probe: \(error)")
      return
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard process.terminationStatus == 0, fields.count == 3 else {
      say("  !! the memory probe failed (status \(process.terminationStatus))")
      return
    }
    let (bytes, peak, retained) = (fields[0], fields[1], fields[2])
    for (contender, value) in [("Emotext peak while tokenizing", peak), ("Emotext document retained", retained)] {
      record(
        Measurement(
          task: task, input: "mixed \(formatBytes(size))", inputBytes: bytes, contender: contender,
          samplesSeconds: [], unit: "bytes/byte", value: Double(value) / Double(bytes),
          note: "\(value >> 20) MiB above the input string"))
    }
  }

  /// The child side of ``runMemory()``: prints the input size, the peak resident growth while tokenizing,
  /// and the growth that stays while the document is alive (bytes, from /proc/self/status).
  static func memoryProbe(utf8Count: Int) {
    let text = Input.mixed(utf8Count: utf8Count)
    let tokenizer = BracketTokenizer(catalog: .default)
    _ = tokenizer.tokenize("warm [哈哈] up")
    let before = residentBytes("VmRSS")
    // Note: writing 5 to clear_refs resets the peak (VmHWM) to the current resident size.
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let document = tokenizer.tokenize(text)
    let peak = residentBytes("VmHWM")
    let after = residentBytes("VmRSS")
    withExtendedLifetime(document) {
      say(text.utf8.count, max(peak, after) - before, after - before)
    }
    if ProcessInfo.processInfo.environment["EMOTEXT_BENCH_VERBOSE"] != nil {
      FileHandle.standardError.write(
        Data("runs \(document.runs.count)\n".utf8)
      )
    }
  }

  private static func residentBytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
      let kilobytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) } ?? 0
      return kilobytes << 10
    }
    return 0
  }
}
