#!/usr/bin/env bash
# Line coverage of the library and of the command-line tool by `swift test`, which replays every committed
# fuzz input (Corpus/fuzz/TARGET/ and Corpus/fuzz/regressions/, through FuzzRegressionTests) besides the tests.
#
#   Fuzz/coverage.sh [--library-floor PERCENT] [--cli-floor PERCENT] [--c-abi-floor PERCENT]
#
# Builds with `swift test --enable-code-coverage` in its own scratch path (.build-coverage, so SwiftPM's .build
# is untouched), merges the profiles of the test bundle and of every `emotext` the CLI tests ran (each writes
# its own .profraw) with llvm-profdata, and reports with llvm-cov: lines per folder of Sources/, the library
# (EmotextUnicode, Emotext, EmotextTestSupport, CICU), the command-line tool (Sources/emotext and its
# EmotextCLISupport) and the C ABI (Sources/EmotextC, which the CABI tests and the cABI corpus call through its
# entry points) in all. Fails when a figure is under its floor, or when a group has no lines measured. Tests and generated files are not counted.
#   COVERAGE_REPORT_ONLY=1 Fuzz/coverage.sh …   reports on the last run's profiles without running the tests again
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
library_floor=0
cli_floor=0
c_abi_floor=0
while [ $# -gt 0 ]; do
  case "$1" in
    --library-floor) library_floor=$2; shift 2 ;;
    --cli-floor) cli_floor=$2; shift 2 ;;
    --c-abi-floor) c_abi_floor=$2; shift 2 ;;
    *) echo "usage: Fuzz/coverage.sh [--library-floor PERCENT] [--cli-floor PERCENT] [--c-abi-floor PERCENT]" >&2; exit 2 ;;
  esac
done
scratch="$root/.build-coverage"
toolchain=$(dirname "$(command -v swift)")
profdata_tool=$toolchain/llvm-profdata
cov_tool=$toolchain/llvm-cov
[ -x "$profdata_tool" ] || profdata_tool=llvm-profdata
[ -x "$cov_tool" ] || cov_tool=llvm-cov

log="$scratch/test.log"
mkdir -p "$scratch"
if [ -z "${COVERAGE_REPORT_ONLY:-}" ]; then
  rm -f "$scratch"/*/debug/codecov/*.profraw
  status=0
  swift test --enable-code-coverage --scratch-path "$scratch" >"$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ] || ! grep -qE "Test run with [0-9]+ tests? in [0-9]+ suites? passed" "$log"; then
    grep -E "^✘|error:" "$log" | head -40 >&2 || true
    echo "coverage: swift test --enable-code-coverage failed (log: $log)" >&2
    exit 1
  fi
fi
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
bundle="$bin/EmotextPackageTests.xctest"
cli="$bin/emotext"
[ -x "$bundle" ] && [ -x "$cli" ] || { echo "coverage: no $bundle or $cli" >&2; exit 1; }
profiles=("$bin"/codecov/*.profraw)
[ -e "${profiles[0]}" ] || { echo "coverage: swift test wrote no .profraw in $bin/codecov" >&2; exit 1; }
merged="$scratch/coverage.profdata"
"$profdata_tool" merge -sparse -o "$merged" "${profiles[@]}"

report="$scratch/coverage.txt"
"$cov_tool" report -instr-profile "$merged" "$bundle" -object "$cli" \
  -ignore-filename-regex '(^|/)(Tests|\.build[^/]*|Benchmarks)/' >"$report"

# Note: llvm-cov report's columns: Filename, Regions, Missed Regions, Cover, Functions, Missed Functions,
# Executed, Lines, Missed Lines, Cover, Branches…; file names are relative to the common prefix or absolute.
awk -v root="$root/" -v library_floor="$library_floor" -v cli_floor="$cli_floor" -v c_abi_floor="$c_abi_floor" '
  $1 ~ /\.swift$|\.c$/ && NF >= 10 {
    file = $1
    sub("^" root, "", file)
    if (file !~ /^Sources\//) file = "Sources/" file
    n = split(file, part, "/")
    folder = (n > 3) ? part[1] "/" part[2] "/" part[3] : part[1] "/" part[2]
    lines[folder] += $8; missed[folder] += $9
    group = (part[2] == "emotext" || part[2] == "EmotextCLISupport") ? "cli" : (part[2] == "EmotextC") ? "cabi" : "library"
    glines[group] += $8; gmissed[group] += $9
  }
  function pct(l, m) { return l == 0 ? 100 : 100 * (l - m) / l }
  END {
    printf "%-44s %8s %8s %8s\n", "folder", "lines", "missed", "cover"
    count = 0
    for (f in lines) names[++count] = f
    for (i = 2; i <= count; i++) { key = names[i]; j = i - 1; while (j > 0 && names[j] > key) { names[j + 1] = names[j]; j-- } names[j + 1] = key }
    for (i = 1; i <= count; i++) { f = names[i]; printf "%-44s %8d %8d %7.2f%%\n", f, lines[f], missed[f], pct(lines[f], missed[f]) }
    printf "%-44s %8d %8d %7.2f%%\n", "library", glines["library"], gmissed["library"], pct(glines["library"], gmissed["library"])
    printf "%-44s %8d %8d %7.2f%%\n", "CLI (emotext, EmotextCLISupport)", glines["cli"], gmissed["cli"], pct(glines["cli"], gmissed["cli"])
    printf "%-44s %8d %8d %7.2f%%\n", "C ABI (EmotextC)", glines["cabi"], gmissed["cabi"], pct(glines["cabi"], gmissed["cabi"])
    tl = glines["library"] + glines["cli"] + glines["cabi"]; tm = gmissed["library"] + gmissed["cli"] + gmissed["cabi"]
    printf "%-44s %8d %8d %7.2f%%\n", "total", tl, tm, pct(tl, tm)
    if (glines["library"] == 0 || glines["cli"] == 0 || glines["cabi"] == 0) { print "coverage: no library, CLI or C ABI lines measured" > "/dev/stderr"; exit 1 }
    failed = 0
    if (pct(glines["library"], gmissed["library"]) < library_floor) { printf "coverage: the library is under its floor of %s%%\n", library_floor > "/dev/stderr"; failed = 1 }
    if (pct(glines["cli"], gmissed["cli"]) < cli_floor) { printf "coverage: the CLI is under its floor of %s%%\n", cli_floor > "/dev/stderr"; failed = 1 }
    if (pct(glines["cabi"], gmissed["cabi"]) < c_abi_floor) { printf "coverage: the C ABI is under its floor of %s%%\n", c_abi_floor > "/dev/stderr"; failed = 1 }
    exit failed
  }' "$report"
