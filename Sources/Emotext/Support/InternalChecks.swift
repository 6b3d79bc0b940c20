#if EMOTEXT_INTERNAL_CHECKS
  /// The O(document) checks the library makes after every edit in builds with `EMOTEXT_INTERNAL_CHECKS`.
  package enum InternalChecks {
    /// Whether ``RichText`` and ``Editor`` call `checkInvariants()` after every edit (on unless turned off).
    ///
    /// The fuzz binary turns it off for the steps of an input it does not sample (see `CheckSchedule` in the
    /// fuzz properties), so an input's cost is not dominated by these checks; the tests never change it.
    // Note: unsynchronized; only the fuzz binary, which runs one input at a time on one thread, writes it.
    nonisolated(unsafe) package static var afterEveryEdit = true
  }
#endif
