import Emotext
import EmotextCLISupport

extension LengthRuleOption {
  /// Removes `--rule NAME` and returns the name and its measure (default weibo).
  static func parse(_ arguments: inout Arguments) throws(UsageError) -> (name: String, measure: LengthMeasure) {
    try named(try arguments.option("--rule"))
  }
}
