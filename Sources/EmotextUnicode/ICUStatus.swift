import CICU

/// The one policy for ICU failures (the Errors article, "ICU failures"): a failure that the caller's input causes is a typed error
/// of the API that took the input; a failure that no input can cause — a broken ICU installation (missing or
/// corrupt data, an internal error) or memory exhaustion — traps with a message naming ICU's error and what was
/// being done.
package enum ICUStatus {
  /// ICU's name for `status`, e.g. `U_MEMORY_ALLOCATION_ERROR`.
  package static func name(_ status: Int32) -> String { String(cString: cicu_error_name(status)) }

  /// Whether `status` is a failure that no input can cause (CICU's `cicu_is_environment_failure`).
  package static func isEnvironmentFailure(_ status: Int32) -> Bool { cicu_is_environment_failure(status) != 0 }

  /// Traps when `status` is a failure that no input can cause; returns otherwise.
  package static func trapOnEnvironmentFailure(_ status: Int32, _ what: String) {
    if isEnvironmentFailure(status) { environmentFailure(status, what) }
  }

  /// Traps: ICU failed at `what` (e.g. "iterating grapheme clusters") with `status`, which no valid input causes.
  package static func environmentFailure(_ status: Int32, _ what: String) -> Never {
    fatalError("ICU failed \(what): \(name(status)) (a broken ICU installation or out of memory)")
  }
}
