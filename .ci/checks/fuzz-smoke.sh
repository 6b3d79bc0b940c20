#!/usr/bin/env bash
# Fuzz smoke test: builds the libFuzzer binary once, then fuzzes every target for a short, bounded time
# (FUZZ_SMOKE_SECONDS each, default 30) starting from its seed corpus. Fails on any finding: a crash, a
# failed property, a timeout or running out of memory; the input is saved in Corpus/fuzz/regressions/.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SMOKE_SECONDS:-30}

# The toolchain's clang compiles the ICU shim with the sanitizers; libicu-dev comes from .ci/run.
command -v clang >/dev/null || { echo "fuzz-smoke: clang (from the Swift toolchain) is not on PATH" >&2; exit 1; }

timeout 600 Fuzz/run.sh --build
log=$(mktemp)
trap 'rm -f "$log"' EXIT
mapfile -t targets < <(Fuzz/run.sh --list)
# Note: the targets as the built binary names them from FuzzTarget.allCases (its answer to an unknown target),
# not parsed from the source as --list does, so a list that lost targets (or all of them) fails instead of
# fuzzing nothing.
declared=$(EMOTEXT_FUZZ_TARGET=no-such-target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
  timeout 120 Fuzz/.build/emotext-fuzz -runs=0 2>&1 \
  | sed -n "s/.*set EMOTEXT_FUZZ_TARGET to one of: \(.*\) (not 'no-such-target').*/\1/p" | tr -d ' ' | tr ',' '\n' \
  | sort) || true
listed=$(printf '%s\n' "${targets[@]}" | sort)
if [ "${#targets[@]}" -eq 0 ] || [ -z "$declared" ] || [ "$listed" != "$declared" ]; then
  echo "fuzz-smoke: Fuzz/run.sh --list printed ${#targets[@]} targets; the binary's FuzzTarget.allCases:" \
    "$(echo $declared)" >&2
  exit 1
fi
failed=()
# The saved timeouts, each within 10 CPU seconds (swift test replays them for their properties only). Note: CPU
# time, not libFuzzer's wall-clock -timeout, which a loaded machine exceeds with an input of half a CPU second.
# The targets split off TARGET (FuzzTarget.splitOff), which replay its findings too, as FuzzRegressionTests does.
split_off() {
  sed -n "/var splitOff/,/^  }/s/^    case \.$1: \[\(.*\)\]\$/\1/p" Tests/EmotextTests/Fuzz/Properties/FuzzTarget.swift | tr -d '.,'
}
for file in Corpus/fuzz/regressions/*-timeout-*; do
  [ -e "$file" ] || continue
  named=$(basename "$file")
  named=${named%%-*}
  for target in "$named" $(split_off "$named"); do
    if ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no EMOTEXT_FUZZ_TARGET="$target" \
      /usr/bin/time -f 'cpu %U %S' -o "$log.time" timeout 300 Fuzz/.build/emotext-fuzz -timeout=300 -rss_limit_mb=2048 \
      "$file" >"$log" 2>&1 && awk '/^cpu / { exit !($2 + $3 < 10) }' "$log.time"; then
      echo "fuzz-smoke: $file runs in $(awk '/^cpu / { print $2 + $3 }' "$log.time") CPU s as $target"
    else
      echo "fuzz-smoke: $file failed or took 10 CPU s or more as $target ($(cat "$log.time" 2>/dev/null)); the end of its log:" >&2
      tail -20 "$log" >&2
      failed+=("$file ($target)")
    fi
  done
done
rm -f "$log.time"
for target in "${targets[@]}"; do
  # Note: libFuzzer's own limit plus a hard timeout, so a hang cannot stall CI.
  if timeout $((seconds + 60)) Fuzz/run.sh "$target" "$seconds" >"$log" 2>&1; then
    executions=$(awk '/^stat::number_of_executed_units/ { print $2 }' "$log")
    if [ "${executions:-0}" -eq 0 ]; then
      echo "fuzz-smoke: $target ran no input" >&2
      failed+=("$target")
      continue
    fi
    echo "fuzz-smoke: $target: $executions executions, no finding"
  else
    echo "fuzz-smoke: $target FAILED; the end of its log:" >&2
    grep -v '^    #' "$log" | tail -40 >&2
    failed+=("$target")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz-smoke: findings in ${failed[*]}; replay with: swift test --filter FuzzRegressionTests" >&2
  exit 1
fi
