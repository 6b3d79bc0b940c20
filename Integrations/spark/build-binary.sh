#!/usr/bin/env bash
# Builds a self-contained release `emotext` for cluster executors: the Swift runtime, Foundation, ICU 72 and
# libstdc++ linked statically, so the binary needs only glibc (the build machine's version or newer: 2.36 when
# built on Debian 12), libm and libgcc_s. Build it on the oldest distribution your executors run.
#
#   Integrations/spark/build-binary.sh OUT      # e.g. Integrations/spark/build-binary.sh dist/emotext
#
# The normal build links ICU dynamically (Package.swift: -licuuc -licui18n). This one builds in its own scratch
# directory and adds a search directory holding only the static archives from libicu-dev and GCC; the linker
# searches it before the system directories, so each -l resolves to the .a there. Foundation's bundled ICU
# (_FoundationICU, ICU 76) and the system ICU 72 do not clash: ICU versions every symbol (`ubrk_open_72`,
# `icu_72::…`, `icudt72_dat`).
set -euo pipefail

if [ $# -ne 1 ] || [ "$1" = "--help" ]; then
  echo "usage: $0 OUT" >&2
  exit 2
fi
out=$1
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

source Integrations/static-libs.sh
scratch=$static_binary_scratch
static_libs=$(static_libs_directory spark)

# SwiftPM does not track the archives: remove the old executable so that it is linked again.
rm -f "$scratch/release/emotext"
swift build -c release --product emotext --static-swift-stdlib --scratch-path "$scratch" \
  -Xlinker -L"$static_libs" \
  -Xlinker -licui18n -Xlinker -licuuc -Xlinker -licudata -Xlinker -lstdc++ -Xlinker -lm \
  2>&1 | { grep -v "the use of \`mktemp' is dangerous" || true; } >&2

mkdir -p "$(dirname "$out")"
strip -o "$out" "$scratch/release/emotext"

dependencies=$(ldd "$out" || true)
if grep -E "libswift|libFoundation|libicu|libstdc\+\+|libdispatch|libBlocksRuntime" <<<"$dependencies"; then
  echo "$0: $out still depends on the libraries above" >&2
  exit 1
fi
glibc=$(objdump -T "$out" | grep -o "GLIBC_[0-9.]*" | sort -Vu | tail -n 1)
echo "$out: $(du -h "$out" | cut -f1), needs only ${glibc/_/ } or newer and:" >&2
sed 's/^/  /' <<<"$dependencies" >&2
