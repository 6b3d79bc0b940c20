import Emotext
import Foundation

let usage = """
  usage: swift run -c release emotext-bench [--quick] [--profile mixed|realistic|all] [--json PATH] [--filter TEXT]

  Times Emotext against the baselines users would otherwise pick (NSRegularExpression, Swift Regex,
  ICU uregex, memchr, NSAttributedString), on the same deterministic inputs, in one process.

    --quick        smaller inputs (64 KB and 1 MB) and shorter budgets: a few minutes
    --profile P    the generated input text: mixed (synthetic, every kind of content), realistic (posts
                   with the statistics of real Weibo posts, joined by LF) or all (default)
    --check        run every contender once on small inputs and check that they agree; no timing
                   (what CI runs, in a debug build)
    --json PATH    also write every measurement, with its samples, to PATH
    --filter TEXT  only the tasks whose name contains TEXT (e.g. tokenize, keystroke)
    --contender TEXT  only the contenders whose name contains TEXT (for profiling one; skips the checks
                   of the others against Emotext)

  example: swift run -c release emotext-bench --quick --json bench.json
  """

var quick = false
var checkOnly = false
var jsonPath: String?
var filter: String?
var contenderFilter: String?
var profiles = BenchmarkSuite.Profile.allCases
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--quick": quick = true
  case "--check": checkOnly = true
  case "--json": jsonPath = arguments.popFirst()
  case "--filter": filter = arguments.popFirst()
  case "--contender": contenderFilter = arguments.popFirst()
  case "--profile":
    let name = arguments.popFirst() ?? ""
    if name == "all" {
      profiles = BenchmarkSuite.Profile.allCases
    } else if let profile = BenchmarkSuite.Profile(rawValue: name) {
      profiles = [profile]
    } else {
      FileHandle.standardError.write(Data("unknown profile \(name): expected mixed, realistic or all\n".utf8))
      exit(2)
    }
  case "--memory-probe":
    let size = Int(arguments.popFirst() ?? "") ?? 64 << 20
    BenchmarkSuite.memoryProbe(
      utf8Count: size, profile: BenchmarkSuite.Profile(rawValue: arguments.popFirst() ?? "") ?? .mixed)
    exit(0)
  case "--help", "-h":
    say(usage)
    exit(0)
  default:
    FileHandle.standardError.write(Data("unknown argument \(argument)\n\(usage)\n".utf8))
    exit(2)
  }
}
for option in ["--json", "--filter", "--contender", "--profile"] where CommandLine.arguments.last == option {
  FileHandle.standardError.write(Data("\(option) needs a value\n\(usage)\n".utf8))
  exit(2)
}

#if DEBUG
  let debugWarning = """

    ************************************************************************
    **  WARNING: emotext-bench was built in DEBUG. These figures are      **
    **  meaningless. Run: swift run -c release emotext-bench              **
    ************************************************************************

    """
  FileHandle.standardError.write(Data(debugWarning.utf8))
  say(debugWarning)
#endif

var suite = BenchmarkSuite(quick: quick, filter: filter, contenderFilter: contenderFilter)
suite.checkOnly = checkOnly
suite.profiles = profiles
let started = ContinuousClock.now
say(
  "emotext-bench: \(checkOnly ? "output check" : quick ? "quick" : "full") run, Unicode \(unicodeVersion), \(ProcessInfo.processInfo.activeProcessorCount) cores, profiles \(profiles.map(\.rawValue).joined(separator: ", "))"
)
suite.runProfileStatistics()
say(BenchmarkSuite.header)
suite.runTokenize()
suite.runPosts()
suite.runSerialize()
suite.runDocumentJSON()
suite.runRenderHTML()
suite.runRecognizeEntities()
suite.runGraphemes()
suite.runWeightedLength()
suite.runCountPosts()
suite.dropInputs(largerThan: 1 << 20)
suite.runCompose()
suite.runKeystroke()
suite.runHostUnits()
suite.runRoundTrip()
suite.runPathological()
suite.runMemory()
suite.printTargetSummary()
say(String(format: "finished in %.0f s", (ContinuousClock.now - started).seconds))

if let jsonPath {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  do {
    try encoder.encode(suite.measurements).write(to: URL(fileURLWithPath: jsonPath))
  } catch {
    FileHandle.standardError.write(Data("could not write \(jsonPath): \(error)\n".utf8))
    exit(1)
  }
}
if !suite.mismatches.isEmpty {
  say("\nOUTPUT MISMATCHES (these contenders were not timed):")
  for mismatch in suite.mismatches { say("  \(mismatch)") }
  exit(1)
}
