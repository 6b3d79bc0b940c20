import Glibc

// The libFuzzer entry point. One binary serves every target; EMOTEXT_FUZZ_TARGET names the one to fuzz
// (Fuzz/run.sh sets it). The properties live in Tests/EmotextTests/Fuzz/Properties, shared with
// FuzzRegressionTests, which replays what this binary finds.

/// The target named by `EMOTEXT_FUZZ_TARGET`.
let selectedTarget: FuzzTarget = {
  let name = getenv("EMOTEXT_FUZZ_TARGET").map { String(cString: $0) } ?? ""
  guard let target = FuzzTarget(rawValue: name) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    fatalError("set EMOTEXT_FUZZ_TARGET to one of: \(names) (not '\(name)')")
  }
  return target
}()

/// Runs once before the first input: the one-time work is done here, not charged to an input (libFuzzer's
/// timeout is per input, and a starved process spent over 10 s reading the oracles' Unicode data files inside the
/// first `edit` input, which libFuzzer saved as a timeout).
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
  // Note: the Unicode data files only for the targets whose oracles read them (about a CPU second).
  if selectedTarget.usesUnicodeReference { _ = UnicodeReference.table }
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  do {
    try selectedTarget.check(bytes)
  } catch {
    fatalError("fuzz target \(selectedTarget.rawValue): property failed: \(error)")
  }
  return 0
}
