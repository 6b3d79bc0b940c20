#!/usr/bin/env bash
# The C ABI and the Python package end to end: the self-contained libemotext.so (ldd shows only the C runtime;
# Integrations/c/build-library.sh fails otherwise), the C test calling every function of emotext.h compiled with
# AddressSanitizer (leak detection on) and run under valgrind --leak-check=full, then `pip install
# ./Integrations/python` into a virtual environment (which builds the library again through the script: a relink)
# and pytest, whose tests include a thread pool and 10,000 corpus inputs compared with the CLI byte for byte.
# The Spark engine choice is checked by .ci/checks/spark.sh. The release build shares its scratch directory with
# Integrations/spark/build-binary.sh, so the modules are compiled once for both checks.
set -euo pipefail
cd "$(dirname "$0")/../.."
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
flags=(-std=c11 -g -Wall -Wextra -Werror -I Sources/EmotextC/include Integrations/c/emotext_test.c
  -L "$out" -lemotext -lpthread)
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

echo "-- pip install ./Integrations/python, pytest"
venv=.build/python-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import pytest" 2>/dev/null || "$venv/bin/pip" install -q pytest
"$venv/bin/pip" install -q --force-reinstall ./Integrations/python
rm -rf Integrations/python/build Integrations/python/emotext.egg-info
python_path="$PWD/$venv/bin/python"
installed=$(cd /tmp && "$python_path" -c "import emotext, os; print(os.path.dirname(emotext.__file__))")
[ -e "$installed/libemotext.so" ] || { echo "FAIL the installed package has no libemotext.so" >&2; exit 1; }
swift build --product emotext >/dev/null
log=$(mktemp)
status=0
EMOTEXT_CLI="$(swift build --show-bin-path)/emotext" "$venv/bin/python" -m pytest -p no:cacheprovider -q -rs \
  Integrations/python/tests 2>&1 | tee "$log" || status=$?
if [ "$status" -ne 0 ] || grep -q "skipped" "$log" || ! grep -qE "^[0-9]+ passed" "$log"; then
  echo "FAIL pytest failed, skipped a test or ran none" >&2
  exit 1
fi
rm -f "$log"
echo "c-abi-python check: $((SECONDS - started)) s"
