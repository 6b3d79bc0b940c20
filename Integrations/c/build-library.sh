#!/usr/bin/env bash
# Builds the self-contained C ABI library, libemotext.so (header: Sources/EmotextC/include/emotext.h): release,
# the Swift runtime and Foundation linked statically, ICU 72 from libicu-dev's static archives and libstdc++
# statically, so the library needs only the C runtime. Fails unless `ldd` shows nothing else. Build it on the
# oldest distribution the library must run on (it needs the build machine's glibc or newer).
#
#   Integrations/c/build-library.sh OUT      # e.g. Integrations/c/build-library.sh dist/libemotext.so
#
# SwiftPM cannot link this itself: with --static-swift-stdlib it compiles the modules for the static runtime but
# links a dynamic library product without the static runtime's search path (`cannot find -lCoreFoundation`). So
# SwiftPM compiles (swift build --target EmotextC) and swiftc -emit-library -static-stdlib links the objects.
# Its static-stdlib-args.lnk hides every archive's symbols (--exclude-libs ALL): only the emotext_* functions are
# exported, and ICU's code, compiled by Debian as position-independent *executable* code, can then be linked into
# a shared object, except for two references to glibc's time zone data (see icu-host-timezone.c), which are
# renamed in a copy of the archive.
#
# What ldd may show, and why: libc, libm, ld-linux and linux-vdso (the C runtime itself); libgcc_s (the unwinder
# libstdc++ and the Swift runtime use; GCC ships no position-independent libgcc_eh for shared objects); and on
# glibc older than 2.34 libpthread, libdl, librt and libutil (merged into libc since). Anything else fails.
set -euo pipefail

if [ $# -ne 1 ] || [ "$1" = "--help" ]; then
  echo "usage: $0 OUT" >&2
  exit 2
fi
out=$1
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

source Integrations/static-libs.sh
scratch=$static_binary_scratch
static_libs=$(static_libs_directory c)
mkdir -p "$static_libs/putil"
(
  cd "$static_libs/putil"
  ar x ../libicuuc.a putil.ao
  objcopy --redefine-sym __timezone=emotext_icu_host_timezone --redefine-sym tzname=emotext_icu_host_tzname putil.ao
  ar r ../libicuuc.a putil.ao
)
cc -O2 -fPIC -c Integrations/c/icu-host-timezone.c -o "$static_libs/icu-host-timezone.o"

swift build -c release --target EmotextC --static-swift-stdlib --scratch-path "$scratch" 2>&1 \
  | { grep -v "the use of \`mktemp' is dangerous" || true; } >&2
objects=$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)
library="$scratch/libemotext.so"
# Note: the targets the C ABI depends on, bottom up (Package.swift); a missing one fails the link.
swiftc -emit-library -static-stdlib -o "$library" \
  "$objects"/{CICU,EmotextUnicode,Emotext,EmotextCLISupport,EmotextC}.build/*.o "$static_libs/icu-host-timezone.o" \
  -L"$static_libs" -licui18n -licuuc -licudata -lstdc++ -lm -Xlinker -soname=libemotext.so 2>&1 \
  | { grep -v "the use of \`mktemp' is dangerous" || true; } >&2
[ -e "$library" ] || { echo "$0: linking $library failed" >&2; exit 1; }

mkdir -p "$(dirname "$out")"
strip --strip-unneeded -o "$out" "$library"

dependencies=$(ldd "$out")
unexpected=$(grep -vE "^\s*(linux-vdso\.so|/lib.*/ld-linux|libc\.so|libm\.so|libgcc_s\.so|libpthread\.so|libdl\.so|librt\.so|libutil\.so)" <<<"$dependencies" || true)
if [ -n "$unexpected" ]; then
  echo "$unexpected" >&2
  echo "$0: $out depends on the libraries above; only the C runtime is allowed" >&2
  exit 1
fi
missing=$(nm -D --defined-only "$out" | grep -c " T emotext_" || true)
glibc=$(objdump -T "$out" | grep -o "GLIBC_[0-9.]*" | sort -Vu | tail -n 1)
echo "$out: $(du -h "$out" | cut -f1), $missing emotext_* functions, needs only ${glibc/_/ } or newer and:" >&2
sed 's/^/  /' <<<"$dependencies" >&2
