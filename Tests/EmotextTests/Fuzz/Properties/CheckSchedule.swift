@testable import Emotext

/// Which steps of a fuzz input get the full O(document) checks: about one in `period`, picked by a generator
/// seeded from the input's bytes, so replaying an input (in the fuzz binary or in `FuzzRegressionTests`)
/// repeats exactly its checks. The properties run the full checks at the picked steps and always at the end,
/// and their cheap local checks at every step.
///
/// In the fuzz binary a step that is not picked also runs without the library's own O(document) check after
/// every edit (``InternalChecks/afterEveryEdit``); the tests never turn those off.
struct CheckSchedule {
  private var state: UInt64
  /// nil: no step is picked (the full checks run only at the end).
  private let period: UInt64?

  /// A schedule seeded by `bytes` (FNV-1a) that picks about one step in `period`, or none when `period` is nil.
  init(_ bytes: [UInt8], period: Int?) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    state = hash
    self.period = period.map { UInt64(max(1, $0)) }
    Self.setLibraryChecks(true)
  }

  /// Whether the next step gets the full checks; sets the library's per-edit checks for that step to match.
  mutating func nextStep() -> Bool {
    // Note: the generator advances either way, so the positions a schedule samples do not depend on the period.
    let number = next()
    let picked = period.map { number % $0 == 0 } ?? false
    Self.setLibraryChecks(picked)
    return picked
  }

  /// A number in `0..<count` (0 when `count` is 0), for a property that samples positions.
  mutating func number(below count: Int) -> Int { count <= 0 ? 0 : Int(next() % UInt64(count)) }

  /// SplitMix64.
  private mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
    return mixed ^ (mixed >> 31)
  }

  /// Turns the library's per-edit checks back on, for the checks at the end of an input and for what follows.
  func finish() { Self.setLibraryChecks(true) }

  private static func setLibraryChecks(_ on: Bool) {
    #if EMOTEXT_FUZZ && EMOTEXT_INTERNAL_CHECKS
      InternalChecks.afterEveryEdit = on
    #endif
  }
}
