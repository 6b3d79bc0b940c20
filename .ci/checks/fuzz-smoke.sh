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
failed=()
for target in $(Fuzz/run.sh --list); do
  # Note: libFuzzer's own limit plus a hard timeout, so a hang cannot stall CI.
  if timeout $((seconds + 60)) Fuzz/run.sh "$target" "$seconds" >"$log" 2>&1; then
    echo "fuzz-smoke: $target: $(grep -m1 '^stat::number_of_executed_units' "$log" | awk '{print $2}') executions, no finding"
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
