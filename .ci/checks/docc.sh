#!/usr/bin/env bash
# The documentation: Sources/Emotext/Emotext.docc (the articles) and the library's doc comments, built with
# the toolchain's `docc` and warnings as errors, so a symbol link (``RichText``, ``Editor/insert(_:)-(String)``)
# or an article link (<doc:CommandLine>) that does not resolve fails CI.
#
#   .ci/checks/docc.sh                  build into a temporary folder, then remove it
#   DOCC_OUTPUT=DIR .ci/checks/docc.sh  keep the archive in DIR (serve it, or open DIR/index.html with a server)
#
# About 15 seconds after `swift build` (the symbol graphs need the library's modules built).
set -euo pipefail
cd "$(dirname "$0")/../.."
catalog=Sources/Emotext/Emotext.docc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log="$work/log"

# The library's symbol graph, as .ci/public-api.sh extracts it (no test modules needed): the Emotext module with
# the EmotextUnicode symbols it re-exports (`@_exported import`), so ``BackspaceMode`` resolves as a host sees
# it, and extension blocks, so the Foundation extensions (AttributeScopes.EmotextAttributes) have pages.
swift build --target Emotext >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
build=$(swift build --show-bin-path)
graphs="$work/symbols"
mkdir -p "$graphs"
swift-symbolgraph-extract -module-name Emotext -target "$(uname -m)-unknown-linux-gnu" \
  -Xcc -fmodule-map-file="$build/CICU.build/module.modulemap" -Xcc -I -Xcc Sources/CICU/include \
  -I "$build/Modules" -minimum-access-level public -experimental-allowed-reexported-modules=EmotextUnicode \
  -emit-extension-block-symbols -output-dir "$graphs" >>"$log" 2>&1 || { cat "$log" >&2; exit 1; }
# Note: checking nothing must not pass: the graph has to hold the library's types and the catalog its articles.
if ! grep -q '"RichText"' "$graphs/Emotext.symbols.json" || ! grep -q '"BackspaceMode"' "$graphs/Emotext.symbols.json"; then
  echo "docc: the symbol graph lacks RichText or BackspaceMode (see $graphs)" >&2
  exit 1
fi
articles=$(find "$catalog" -name '*.md' | wc -l)
if [ "$articles" -lt 2 ]; then
  echo "docc: $catalog holds $articles articles" >&2
  exit 1
fi

output="${DOCC_OUTPUT:-$work/Emotext.doccarchive}"
status=0
docc convert "$catalog" --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name Emotext --fallback-bundle-identifier org.emotext.Emotext \
  --warnings-as-errors --output-path "$output" >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ] || grep -qE '^(warning|error):' "$log"; then
  cat "$log" >&2
  echo "docc: the documentation has warnings or errors (above; run .ci/checks/docc.sh)" >&2
  exit 1
fi
pages=$(find "$output/data/documentation" -name '*.json' | wc -l)
if [ ! -f "$output/data/documentation/emotext.json" ] || [ "$pages" -lt "$articles" ]; then
  echo "docc: the archive in $output has no root page or too few pages ($pages)" >&2
  exit 1
fi

# The check must be able to fail: the same build with one broken symbol link added must report it and fail.
broken="$work/Broken.docc"
cp -R "$catalog" "$broken"
printf '\nSee ``RichText/noSuchMember``.\n' >>"$broken/Emotext.md"
if docc convert "$broken" --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name Emotext --fallback-bundle-identifier org.emotext.Emotext \
  --warnings-as-errors --output-path "$work/broken-archive" >"$log" 2>&1 \
  || ! grep -q "noSuchMember" "$log"; then
  cat "$log" >&2
  echo "docc: a broken symbol link did not fail the build: the check cannot fail" >&2
  exit 1
fi
echo "docc: $articles articles, $pages pages, no warnings (and a broken link fails, as it must)"
