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
