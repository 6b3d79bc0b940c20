#!/usr/bin/env bash
# Executions per second of each fuzz target, as Fuzz/README.md states them: `Fuzz/run.sh TARGET SECONDS` from
# the committed corpus (new inputs go to a fresh Fuzz/.build/measure/TARGET/, so earlier runs do not count and a
# campaign running meanwhile is not disturbed), one process, one core.
#
#   Fuzz/measure.sh [SECONDS] [TARGET...]      (default: 60 seconds, every target)
#
# Prints a Markdown table: executions, libFuzzer's executions per wall-clock second, the CPU seconds the process
# had (user + system) and executions per CPU second, which a machine shared with other work changes far less
# than the wall-clock rate; and the load average at the end of each run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${1:-60}
shift $(($# > 0 ? 1 : 0))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(Fuzz/run.sh --list)
[ -n "${EMOTEXT_FUZZ_BINARY:-}" ] || Fuzz/run.sh --build
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "| target | executions | exec/s (wall) | CPU s | exec/s (CPU) | load |"
echo "|---|---:|---:|---:|---:|---:|"
for target in "${targets[@]}"; do
  rm -rf "Fuzz/.build/measure/$target"
  status=0
  EMOTEXT_FUZZ_CORPUS="Fuzz/.build/measure/$target" /usr/bin/time -f 'cpu %U %S' -o "$log.time" \
    Fuzz/run.sh "$target" "$seconds" >"$log" 2>&1 || status=$?
  executions=$(awk '/^stat::number_of_executed_units/ { print $2 }' "$log")
  rate=$(awk '/^stat::average_exec_per_sec/ { print $2 }' "$log")
  cpu=$(awk '/^cpu / { printf "%.1f", $2 + $3 }' "$log.time")
  per_cpu=$(awk -v n="${executions:-0}" -v c="$cpu" 'BEGIN { printf "%d", (c > 0) ? n / c : 0 }')
  load=$(cut -d' ' -f1 /proc/loadavg)
  note=""
  [ "$status" -eq 0 ] || note=" (exit $status: a finding, see Corpus/fuzz/regressions/)"
  echo "| $target$note | ${executions:-0} | ${rate:-0} | $cpu | $per_cpu | $load |"
  rm -f "$log.time"
done
