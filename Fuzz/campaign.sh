#!/usr/bin/env bash
# A fuzzing campaign that accumulates: every target in turn, each for its share of MINUTES, then what it
# found is merged into the committed corpus and one line per target is appended to Fuzz/ledger.tsv.
#
#   Fuzz/campaign.sh MINUTES [TARGET...]     (default: every target of Fuzz/run.sh --list)
#
#   CAMPAIGN_JOBS=N   libFuzzer -fork=N workers per target (default: the cores there are, nproc)
#   CAMPAIGN_NICE=N   nice level of the fuzzing and merging (default 10)
#   CAMPAIGN_TIMEOUT=N libFuzzer's per-input limit in wall-clock seconds (default 60; see below)
#
# Each target runs `Fuzz/run.sh TARGET SECONDS -fork=N -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
# -timeout=60 -report_slow_units=60` (libFuzzer's default of 10 s for a slow unit saved an input of 0.4 CPU
# seconds as a finding when the nice'd worker was starved), so a finding does not end the campaign: it is saved as
# Corpus/fuzz/regressions/TARGET-KIND-SHA1 (replayed by
# FuzzRegressionTests) and counted. The new inputs (Fuzz/.build/corpus/TARGET/) are then merged into
# Corpus/fuzz/TARGET/ with -merge=1: an input is kept only if it adds coverage, so the corpus grows by coverage,
# not by size. The ledger line (tab-separated) is: date, commit, target, seconds, jobs, executions, inputs added,
# new features, new edges, findings, corpus inputs, corpus bytes, CPU seconds, wall seconds. Commit the ledger and
# the corpora afterwards; the ledger has no other writer (rows run any other way are not campaigns).
# The CPU seconds are the user + system time of the target's fuzzing (libFuzzer's parent and every worker it
# waited for, from /usr/bin/time), not of the merge; the wall seconds are the time it took, measured the same way
# (the `seconds` column is the budget asked for): on a shared machine the wall seconds say how long it ran, the
# CPU seconds how much core time it had.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
minutes=${1:?usage: Fuzz/campaign.sh MINUTES [TARGET...]}
shift
jobs=${CAMPAIGN_JOBS:-$(nproc)}
niceness=${CAMPAIGN_NICE:-10}
# Note: libFuzzer's -timeout is wall-clock; nice'd on a machine at load 20 an input of half a CPU second took 10–16 s,
# so the campaign's limit is 60 s (CAMPAIGN_TIMEOUT), not Fuzz/run.sh's 10: a timeout saved here is a real one.
timeout=${CAMPAIGN_TIMEOUT:-60}
ledger="$root/Fuzz/ledger.tsv"
logs="$root/Fuzz/.build/campaign"
mkdir -p "$logs"

targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(Fuzz/run.sh --list)
[ ${#targets[@]} -gt 0 ] || { echo "campaign: Fuzz/run.sh --list printed no target" >&2; exit 1; }
seconds=$((minutes * 60 / ${#targets[@]}))
[ "$seconds" -ge 10 ] || { echo "campaign: $minutes minutes is under 10 s per target" >&2; exit 2; }

# Note: the commit is read before the build, which is what the binary is made of (a commit made while it
# builds would otherwise be recorded for code the binary does not have).
commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Tests Fuzz/Targets || echo "+")
nice -n "$niceness" Fuzz/run.sh --build
# Note: a copy, so editing the sources while the campaign runs neither rebuilds nor changes what it fuzzes.
cp Fuzz/.build/emotext-fuzz "$logs/emotext-fuzz"
export EMOTEXT_FUZZ_BINARY="$logs/emotext-fuzz"
[ -f "$ledger" ] || printf 'date\tcommit\ttarget\tseconds\tjobs\texecutions\tinputs_added\tnew_features\tnew_edges\tfindings\tcorpus_inputs\tcorpus_bytes\tcpu_seconds\twall_seconds\n' >"$ledger"

findings_of() { find Corpus/fuzz/regressions -name "$1-*" | sort; }

total_executions=0
total_findings=0
total_cpu=0
for target in "${targets[@]}"; do
  log="$logs/$target.log"
  before=$(findings_of "$target")
  echo "campaign: $target for ${seconds}s on $jobs job(s), log $log"
  status=0
  # Note: the hard timeout only guards against a hang of libFuzzer's parent; it stops by itself.
  timeout $((seconds + 300)) /usr/bin/time -f 'cpu %U %S %e' -o "$log.time" nice -n "$niceness" \
    Fuzz/run.sh "$target" "$seconds" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -timeout="$timeout" -report_slow_units="$timeout" >"$log" 2>&1 || status=$?
  cpu=$(awk '/^cpu / { printf "%.0f", $2 + $3 }' "$log.time" 2>/dev/null)
  cpu=${cpu:-0}
  wall=$(awk '/^cpu / { printf "%.0f", $4 }' "$log.time" 2>/dev/null)
  wall=${wall:-0}
  # Note: in fork mode the parent prints "#EXECUTIONS: cov: … ft: … corp: …" lines; the last is the total.
  executions=$(grep -aoE '^#[0-9]+:' "$log" | tail -1 | tr -dc '0-9')
  executions=${executions:-0}
  [ "$status" -eq 0 ] || echo "campaign: $target: Fuzz/run.sh exited $status (see $log)" >&2

  merge_log="$logs/$target.merge.log"
  mkdir -p "Fuzz/.build/corpus/$target"
  ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no EMOTEXT_FUZZ_TARGET="$target" \
    nice -n "$niceness" "$EMOTEXT_FUZZ_BINARY" -merge=1 -max_len=4096 -timeout="$timeout" -rss_limit_mb=2048 \
    "Corpus/fuzz/$target" "Fuzz/.build/corpus/$target" >"$merge_log" 2>&1 \
    || echo "campaign: $target: merging failed (see $merge_log)" >&2
  # "MERGE-OUTER: 12 new files with 34 new features added; 56 new coverage edges"
  read -r added features edges < <(sed -nE \
    's/^MERGE-OUTER: ([0-9]+) new files with ([0-9]+) new features added; ([0-9]+) new coverage edges.*/\1 \2 \3/p' \
    "$merge_log" | tail -1; echo "0 0 0")
  rm -rf "Fuzz/.build/corpus/$target"

  after=$(findings_of "$target")
  found=$(comm -13 <(printf '%s\n' "$before" | sed '/^$/d') <(printf '%s\n' "$after" | sed '/^$/d') | wc -l)
  inputs=$(find "Corpus/fuzz/$target" -type f | wc -l)
  bytes=$(find "Corpus/fuzz/$target" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$commit" \
    "$target" "$seconds" "$jobs" "$executions" "$added" "$features" "$edges" "$found" "$inputs" "$bytes" "$cpu" \
    "$wall" >>"$ledger"
  echo "campaign: $target: $executions executions in $cpu CPU s ($wall s wall), $added inputs added ($features features, $edges edges)," \
    "$found finding(s), corpus $inputs inputs / $bytes bytes"
  total_executions=$((total_executions + executions))
  total_findings=$((total_findings + found))
  total_cpu=$((total_cpu + cpu))
done
echo "campaign: $total_executions executions in $total_cpu CPU seconds in all, $total_findings finding(s); ledger: $ledger"
[ "$total_findings" -eq 0 ]
