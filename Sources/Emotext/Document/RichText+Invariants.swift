extension RichText {
  /// Stops with a message when the document is not canonical. Tests call it after every step.
  package func checkInvariants() {
    precondition(runUTF16Ends == Self.utf16Ends(of: runStorage), "the cached run ends are out of step with the runs")
    for (index, run) in runs.enumerated() {
      switch run {
      case .text(let text, let attributes):
        precondition(!text.isEmpty, "run \(index) is an empty text run")
        if index > 0, case .text(_, let previous) = runs[index - 1] {
          precondition(previous != attributes, "runs \(index - 1) and \(index) are text with equal attributes")
        }
      case .emoticon(let attachment):
        precondition(!attachment.token.isEmpty, "run \(index) is an attachment with an empty token")
      }
    }
  }
}
