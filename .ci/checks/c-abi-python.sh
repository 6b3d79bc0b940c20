#!/usr/bin/env bash
# The C ABI and the Python package end to end: the self-contained libemotext.so (ldd shows only the C runtime;
# Integrations/c/build-library.sh fails otherwise), the C test calling every function of emotext.h compiled with
# AddressSanitizer (leak detection on) and run under valgrind --leak-check=full; then the wheel, built once from
# that library (`pip wheel ./Integrations/python`), whose name must carry the manylinux tag `auditwheel show` finds
# the library earns; the wheel installed into a fresh virtual environment and pytest run there with no Swift
# toolchain on PATH (its tests include a thread pool and 10,000 corpus inputs compared with the CLI byte for byte);
# and an editable install (`pip install -e`), which must load the library from the source folder.
# The Spark engine choice is checked by .ci/checks/spark.sh. The release build shares its scratch directory with
# Integrations/spark/build-binary.sh, so the modules are compiled once for both checks.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
started=$SECONDS

for tool in valgrind cc; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind gcc
  fi
done

echo "-- the shared library"
out=.build/c-abi
mkdir -p "$out"
bash Integrations/c/build-library.sh "$out/libemotext.so"
echo "library: $((SECONDS - started)) s"

echo "-- the C test with AddressSanitizer"
# The one version number of the package: Version.swift (the CLI, emotext_version() and the wheel report it).
version=$(sed -n 's/^package let emotextVersion: StaticString = "\(.*\)"$/\1/p' Sources/EmotextCLISupport/Answers/Version.swift)
[ -n "$version" ] || { echo "FAIL no emotextVersion in Version.swift" >&2; exit 1; }
flags=(-std=c11 -g -Wall -Wextra -Werror -I Sources/EmotextC/include -DEMOTEXT_EXPECTED_VERSION="\"$version\""
  Integrations/c/emotext_test.c -L "$out" -lemotext -lpthread)
cc "${flags[@]}" -fsanitize=address -fno-omit-frame-pointer -Wl,-rpath,"$PWD/$out" -o "$out/emotext_test-asan"
ASAN_OPTIONS=detect_leaks=1 "$out/emotext_test-asan" Tests/Fixtures/catalogs/tutorial-quirks

echo "-- the C test under valgrind"
# Note: valgrind reads the library's symbols (not its DWARF 5 debug information) to match the suppressions.
mkdir -p "$out/symbols"
strip --strip-debug -o "$out/symbols/libemotext.so" .build/static-binary/libemotext.so
cc "${flags[@]}" -O1 -L "$out/symbols" -Wl,-rpath,"$PWD/$out/symbols" -o "$out/emotext_test"
valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite,possible --error-exitcode=1 \
  --suppressions=Integrations/c/valgrind.supp "$out/emotext_test" Tests/Fixtures/catalogs/tutorial-quirks
echo "C test: $((SECONDS - started)) s"

echo "-- the wheel: pip wheel ./Integrations/python with the library above, auditwheel show"
fail() { echo "FAIL $*" >&2; exit 1; }
tools=.build/python-tools
[ -x "$tools/bin/python" ] || python3 -m venv "$tools"
"$tools/bin/python" -c "import auditwheel" 2>/dev/null || "$tools/bin/pip" install -q auditwheel
dist=.build/python-dist
rm -rf "$dist"
EMOTEXT_LIBRARY="$PWD/$out/libemotext.so" "$tools/bin/pip" wheel -q --no-deps -w "$dist" ./Integrations/python
rm -rf Integrations/python/build Integrations/python/emotext.egg-info
wheels=("$dist"/*.whl)
[ "${#wheels[@]}" -eq 1 ] && [ -f "${wheels[0]}" ] || fail "pip wheel made ${#wheels[@]} wheels: ${wheels[*]}"
wheel=$PWD/${wheels[0]}
name=$(basename "$wheel")
echo "wheel: $name"
[[ $name =~ ^emotext-${version//./\\.}-py3-none-(manylinux_2_[0-9]+_[a-z0-9_]+)\.whl$ ]] \
  || fail "the wheel $name is not emotext-$version-py3-none-manylinux_2_N_ARCH.whl"
tag=${BASH_REMATCH[1]}
shown=$("$tools/bin/auditwheel" show "$wheel")
sed 's/^/  /' <<<"$shown"
# auditwheel wraps its lines: "… is consistent with\nthe following platform tag: "manylinux_2_36_x86_64"."
earned=$(tr '\n' ' ' <<<"$shown" | grep -oE 'following platform tag: +"[^"]+"' | cut -d'"' -f2 || true)
[ "$earned" = "$tag" ] || fail "the wheel is tagged $tag; auditwheel show finds it earns ${earned:-nothing}"

echo "-- the wheel in a fresh virtual environment, pytest with no Swift toolchain on PATH"
# Note: only /usr/bin and /bin, so neither the toolchain nor the Python of the build above is found.
clean=(env -i PATH=/usr/bin:/bin HOME="$HOME" LANG=C.UTF-8)
for tool in swift swiftc; do
  ! "${clean[@]}" sh -c "command -v $tool" >/dev/null || fail "$tool is on the clean PATH /usr/bin:/bin"
done
swift build --product emotext >/dev/null
cli="$(swift build --show-bin-path)/emotext"
venv=$PWD/.build/python-venv
rm -rf "$venv"
"${clean[@]}" python3 -m venv "$venv"
"$venv/bin/pip" install -q pytest
"${clean[@]}" "$venv/bin/pip" install -q --no-index --no-deps "$wheel"
installed=$(cd /tmp && "${clean[@]}" "$venv/bin/python" -c "import emotext, os; print(os.path.dirname(emotext.__file__))")
[ "$installed" = "$("$venv/bin/python" -c "import sysconfig; print(sysconfig.get_path('platlib'))")/emotext" ] \
  || fail "emotext is imported from $installed, not from the virtual environment"
[ -e "$installed/libemotext.so" ] || fail "the installed package has no libemotext.so"
log=$(mktemp)
status=0
(cd /tmp && "${clean[@]}" EMOTEXT_CLI="$cli" "$venv/bin/python" -m pytest -p no:cacheprovider -q -rs \
  "$root/Integrations/python/tests") 2>&1 | tee "$log" || status=$?
if [ "$status" -ne 0 ] || grep -q "skipped" "$log" || ! grep -qE "^[0-9]+ passed" "$log"; then
  fail "pytest failed, skipped a test or ran none"
fi
rm -f "$log"

echo "-- pip install -e ./Integrations/python"
editable=.build/python-editable
rm -rf "$editable"
python3 -m venv "$editable"
EMOTEXT_LIBRARY="$PWD/$out/libemotext.so" "$editable/bin/pip" install -q -e ./Integrations/python
loaded=$(cd /tmp && "$root/$editable/bin/python" -c "import emotext; print(emotext.__file__, emotext.version())")
rm -rf Integrations/python/build Integrations/python/emotext.egg-info Integrations/python/emotext/libemotext.so
[ "$loaded" = "$root/Integrations/python/emotext/__init__.py $version" ] \
  || fail "the editable install answers '$loaded', not the source folder's package and version $version"
echo "c-abi-python check: $((SECONDS - started)) s"
