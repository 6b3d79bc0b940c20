#!/usr/bin/env bash
# Builds the libFuzzer binary and fuzzes one target with its seed corpus.
#
#   Fuzz/run.sh TARGET [SECONDS] [LIBFUZZER_FLAG...]   fuzz TARGET for SECONDS (default 60)
#   Fuzz/run.sh --build                                 only build Fuzz/.build/emotext-fuzz
#   Fuzz/run.sh --list                                  print the target names
#
# The binary is compiled with swiftc from the library's layers (Sources/EmotextUnicode, Emotext, …, one
# module each), the shared property checks (Tests/EmotextTests/Fuzz/Properties and the oracle, with
# -D EMOTEXT_FUZZ, without libFuzzer's comparison hooks) and Fuzz/Targets, plus the CICU shim compiled with
# clang; the C ABI (Sources/EmotextC) is a layer too, importing its header (Sources/EmotextC/include/emotext.h) as
# the clang module EmotextCHeader, as SwiftPM does; everything lives in Fuzz/.build, apart from SwiftPM's .build.
# Seeds are read from Corpus/fuzz/TARGET/ (never written); new coverage goes to Fuzz/.build/corpus/TARGET/.
# A finding (crash, failed property, timeout, out of memory) is saved as
# Corpus/fuzz/regressions/TARGET-KIND-SHA1, which `swift test --filter FuzzRegressionTests` replays.
# EMOTEXT_FUZZ_BINARY=PATH fuzzes with that binary instead, without building (Fuzz/campaign.sh uses a copy);
# EMOTEXT_FUZZ_CORPUS=DIR puts new coverage in DIR instead of Fuzz/.build/corpus/TARGET/ (Fuzz/measure.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/Fuzz/.build"
binary="$build/emotext-fuzz"

# The longest input each target gets: the targets over short inputs (text, JSON, a catalog file) 512 bytes, which
# holds any post and every token, so they run thousands of inputs a second; the editing targets, whose inputs are
# scripts of commands (cABI: of C calls), 4096.
max_len() {
  case "$1" in
    edit | editscript | storage | storageDocuments | storageFull | cABI) echo 4096 ;;
    *) echo 512 ;;
  esac
}

# The dictionary a target fuzzes with, Fuzz/NAME.dict: a target split off another shares its inputs' dictionary.
dictionary() {
  case "$1" in
    tokenizedDocument) echo tokenize ;;
    urlLength) echo urls ;;
    *) echo "$1" ;;
  esac
}

targets() {
  sed -n 's/^  case \([a-z][a-zA-Z]*\)$/\1/p' "$root/Tests/EmotextTests/Fuzz/Properties/FuzzTarget.swift"
}

build() {
  mkdir -p "$build/cicu" "$build/cheader" "$build/modules"
  local layers=(EmotextUnicode EmotextTestSupport Emotext EmotextCLISupport EmotextC)
  local fuzz_sources=()
  while IFS= read -r file; do fuzz_sources+=("$file"); done < <(
    find "$root/Tests/EmotextTests/Fuzz/Properties" "$root/Tests/EmotextTests/Oracle" "$root/Fuzz/Targets" -name '*.swift' | sort)
  local c_sources=("$root"/Sources/CICU/*.c)
  local layer_dirs=()
  for layer in "${layers[@]}"; do layer_dirs+=("$root/Sources/$layer"); done
  if [ -x "$binary" ] && [ -z "$(find "${layer_dirs[@]}" "${fuzz_sources[@]}" "${c_sources[@]}" \
    "$root"/Sources/CICU/include "$0" -newer "$binary" | head -1)" ]; then
    return 0
  fi
  echo "building $binary" >&2
  cat > "$build/cicu/module.modulemap" <<MAP
module CICU {
  umbrella "$root/Sources/CICU/include"
  export *
}
MAP
  cat > "$build/cheader/module.modulemap" <<MAP
module EmotextCHeader {
  header "$root/Sources/EmotextC/include/emotext.h"
  export *
}
MAP
  rm -f "$build"/cicu/*.o "$build"/modules/*
  for c in "${c_sources[@]}"; do
    clang -c -O1 -g -fsanitize=address,fuzzer-no-link -I "$root/Sources/CICU/include" \
      -o "$build/cicu/$(basename "$c" .c).o" "$c"
  done
  # Each layer is its own module, as in Package.swift (same package name, so `package` declarations are
  # visible), built with testing enabled for the properties' `@testable import`.
  local swift_flags=(-package-name Emotext -parse-as-library -swift-version 6 -O -g -enable-testing
    -D DEBUG -D EMOTEXT_FUZZ -D EMOTEXT_INTERNAL_CHECKS -sanitize=fuzzer,address
    -Xcc -fmodule-map-file="$build/cicu/module.modulemap" -Xcc -fmodule-map-file="$build/cheader/module.modulemap"
    -I "$root/Sources/CICU/include" -I "$root/Sources/EmotextC/include" -I "$build/modules")
  local objects=()
  for layer in "${layers[@]}"; do
    local sources=()
    while IFS= read -r file; do sources+=("$file"); done < <(find "$root/Sources/$layer" -name '*.swift' | sort)
    swiftc "${swift_flags[@]}" -module-name "$layer" -wmo -emit-module \
      -emit-module-path "$build/modules/$layer.swiftmodule" -c -o "$build/modules/$layer.o" "${sources[@]}"
    objects+=("$build/modules/$layer.o")
  done
  # The checking side (the properties, the oracles, the entry point) keeps AddressSanitizer and libFuzzer's edge
  # coverage but not its comparison hooks (trace-cmp): those feed the fuzzer the operands of every comparison, which
  # guides it through the library's branches, while in the checks they only cost (a third of the CPU of `storage`,
  # whose oracles compare all the time, a sixth of `html`'s) and offer the fuzzer values that are the library's
  # own answers. Then everything is linked with libFuzzer's driver.
  local check_flags=()
  for flag in "${swift_flags[@]}"; do
    [ "$flag" = -sanitize=fuzzer,address ] && flag=-sanitize=address
    check_flags+=("$flag")
  done
  swiftc "${check_flags[@]}" -sanitize-coverage=edge,inline-8bit-counters,pc-table -module-name EmotextFuzz -wmo \
    -c -o "$build/modules/EmotextFuzz.o" "${fuzz_sources[@]}"
  swiftc -sanitize=fuzzer,address -use-ld=lld "$build/modules/EmotextFuzz.o" "${objects[@]}" "$build"/cicu/*.o \
    -licuuc -licui18n -o "$binary.tmp"
  mv "$binary.tmp" "$binary"
}

case "${1:-}" in
  "" | -h | --help)
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
    echo "targets: $(targets | tr '\n' ' ')"
    exit 2
    ;;
  --list) targets; exit 0 ;;
  --build) build; exit 0 ;;
esac

target=$1
seconds=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))
if ! targets | grep -qx "$target"; then
  echo "Fuzz/run.sh: unknown target '$target'; targets: $(targets | tr '\n' ' ')" >&2
  exit 2
fi
[ -n "${EMOTEXT_FUZZ_BINARY:-}" ] || build
work=${EMOTEXT_FUZZ_CORPUS:-$build/corpus/$target}
mkdir -p "$work" "$root/Corpus/fuzz/$target" "$root/Corpus/fuzz/regressions"
flags=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len "$target")" -print_final_stats=1
  -detect_leaks=0 -artifact_prefix="$root/Corpus/fuzz/regressions/$target-")
dict="$root/Fuzz/$(dictionary "$target").dict"
[ -f "$dict" ] && flags+=(-dict="$dict")
status=0
# Note: the Swift runtime's backtracer fights ASan's handler; libFuzzer prints the stack itself.
# Foundation keeps caches alive until exit, which LeakSanitizer would report as leaks. A smaller quarantine, one
# frame per allocation stack and no filling of new memory (Swift initializes it) cost a fifth less CPU per input;
# replay a finding with ASAN_OPTIONS=detect_leaks=0 for full allocation stacks.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:quarantine_size_mb=16:malloc_context_size=1:max_malloc_fill_size=0} SWIFT_BACKTRACE=enable=no EMOTEXT_FUZZ_TARGET="$target" "${EMOTEXT_FUZZ_BINARY:-$binary}" "${flags[@]}" "$@" "$work" "$root/Corpus/fuzz/$target" || status=$?
if [ "$status" -ne 0 ]; then
  echo "Fuzz/run.sh: $target found a failing input (exit $status), saved in Corpus/fuzz/regressions/$target-*;" \
    "replay it with: swift test --filter FuzzRegressionTests" >&2
fi
exit "$status"
