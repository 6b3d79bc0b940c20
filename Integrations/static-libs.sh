# Sourced by Integrations/c/build-library.sh and Integrations/spark/build-binary.sh, which link Emotext with the
# static archives of ICU 72 (libicu-dev) and libstdc++ (GCC) instead of the shared libraries.
#
#   static_libs_directory NAME   makes .build/static-binary/static-libs/NAME holding only libicuuc.a,
#                                libicui18n.a, libicudata.a (copies, so a script may patch them) and libstdc++.a,
#                                and prints its absolute path
#
# Both scripts build in the scratch directory .build/static-binary (the same modules with the same flags, so CI
# compiles them once for both); each has its own archive folder, so neither sees the other's patches and they
# may run at the same time.
static_binary_scratch=.build/static-binary

static_libs_directory() {
  local directory="$PWD/$static_binary_scratch/static-libs/$1"
  local multiarch
  multiarch=$(gcc -print-multiarch 2>/dev/null || echo "$(uname -m)-linux-gnu")
  rm -rf "$directory"
  mkdir -p "$directory"
  for library in icuuc icui18n icudata; do
    local archive="/usr/lib/$multiarch/lib$library.a"
    [ -e "$archive" ] || { echo "$0: $archive is missing: apt-get install -y libicu-dev" >&2; return 1; }
    cp "$archive" "$directory/lib$library.a"
  done
  local libstdcxx
  libstdcxx=$(gcc -print-file-name=libstdc++.a 2>/dev/null || true)
  if [ -n "$libstdcxx" ] && [ -e "$libstdcxx" ]; then
    ln -s "$(readlink -f "$libstdcxx")" "$directory/libstdc++.a"
  fi
  echo "$directory"
}
