import Emotext
import Foundation

extension BenchmarkSuite {
  /// Peak and retained memory while tokenizing a 64 MB document of each profile, measured in a child process
  /// so earlier tasks do not pollute it.
  mutating func runMemory() {
    let task = "memory of a document"
    guard shouldRun(task) else { return }
    let size = checkOnly ? 1 << 20 : quick ? 8 << 20 : 64 << 20
    for profile in profiles {
      let input = "\(profile.rawValue) \(formatBytes(size))"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      process.arguments = ["--memory-probe", String(size), profile.rawValue]
      let pipe = Pipe()
      process.standardOutput = pipe
      do { try process.run() } catch {
        say("  !! could not start the memory probe: \(error)")
        return
      }
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
      guard process.terminationStatus == 0, fields.count == 5 else {
        mismatches.append(
          OutputMismatch(
            task: task, input: input, contender: "memory probe",
            detail: "the probe failed (status \(process.terminationStatus), output \(fields))"))
        say("  !! the memory probe failed (status \(process.terminationStatus))")
        continue
      }
      let (bytes, peak, retained, runs, peakReset) = (fields[0], fields[1], fields[2], fields[3], fields[4])
      if checkOnly {
        say("  ok  \(task) on \(input): probe reports \(runs) runs, \(retained >> 10) KiB retained")
        continue
      }
      let resetNote = peakReset == 1 ? "" : "; the peak could not be reset, so it includes generating the input"
      let rows = [
        ("Emotext peak while tokenizing", peak, "resident growth over the input string" + resetNote),
        ("Emotext document retained", retained, "resident growth while the document lives, freed memory returned"),
      ]
      for (contender, value, what) in rows {
        record(
          Measurement(
            task: task, input: input, inputBytes: bytes, contender: contender,
            samplesSeconds: [], unit: "bytes/byte", value: Double(value) / Double(bytes),
            note: "\(value >> 20) MiB: \(what)"))
      }
    }
  }

  /// The child side of ``runMemory()``: prints the input size, the peak resident growth while tokenizing,
  /// the resident growth that stays while the document is alive, the run count, and whether the peak could
  /// be reset (bytes, from /proc/self/status).
  static func memoryProbe(utf8Count: Int, profile: Profile) {
    let text = generate(profile, utf8Count: utf8Count)
    let tokenizer = BracketTokenizer(catalog: .default)
    _ = tokenizer.tokenize("warm [哈哈] up")
    // Note: generating the input freed memory (string growth) that malloc keeps resident; the tokenizer
    // could reuse it without the resident size growing, which would hide part of its peak. Return it first.
    trimHeap()
    let before = residentBytes("VmRSS")
    // Note: writing 5 to clear_refs resets the peak (VmHWM) to the current resident size.
    // (POSIX open and write: Foundation's String.write(toFile:) does not reach /proc files.)
    let clearRefs = open("/proc/self/clear_refs", O_WRONLY)
    if clearRefs >= 0 {
      _ = write(clearRefs, "5", 1)
      close(clearRefs)
    }
    let peakReset = residentBytes("VmHWM") <= before + (1 << 20)
    let document = tokenizer.tokenize(text)
    let peak = residentBytes("VmHWM")
    // Note: what the tokenizer allocated and freed again is not the document's; return it before measuring.
    trimHeap()
    let after = residentBytes("VmRSS")
    withExtendedLifetime(document) {
      say(text.utf8.count, max(peak, after) - before, after - before, document.runs.count, peakReset ? 1 : 0)
    }
  }

  /// Returns malloc's free memory to the system (glibc's `malloc_trim(0)`, looked up at run time: the Glibc
  /// module does not export <malloc.h>).
  private static func trimHeap() {
    typealias MallocTrim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
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
