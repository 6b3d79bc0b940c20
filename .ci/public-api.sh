#!/usr/bin/env bash
# The public API of the Emotext product, one declaration a line, from the compiler's symbol graph: the
# `Emotext` module and the public part of `EmotextUnicode` it re-exports. Compiler-synthesized members
# (`!=`, `hashValue`, …) are left out; each type's conformances are listed with it.
#
#   .ci/public-api.sh            print the listing
#   .ci/public-api.sh --check    fail when it differs from Sources/Emotext/PublicAPI.txt (CI runs this)
#   .ci/public-api.sh --update   rewrite Sources/Emotext/PublicAPI.txt (commit it with the change)
set -euo pipefail
cd "$(dirname "$0")/.."
committed=Sources/Emotext/PublicAPI.txt
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
# Note: the library's modules only (`swift package dump-symbol-graph` also wants the test modules built).
swift build --target Emotext >"$graphs/log" 2>&1 || { cat "$graphs/log" >&2; exit 1; }
build=$(swift build --show-bin-path)
dir="$graphs/symbols"
mkdir -p "$dir"
for module in EmotextUnicode Emotext; do
  swift-symbolgraph-extract -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" \
    -Xcc -fmodule-map-file="$build/CICU.build/module.modulemap" -Xcc -I -Xcc Sources/CICU/include \
    -I "$build/Modules" -minimum-access-level public -output-dir "$dir" >>"$graphs/log" 2>&1 \
    || { cat "$graphs/log" >&2; exit 1; }
done
listing=$(python3 - "$dir" <<'PY'
import json, sys, glob, os
lines = set()
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.symbols.json"))):
    name = os.path.basename(path)
    module = name.split(".")[0].split("@")[0]
    if module not in ("Emotext", "EmotextUnicode"):
        continue
    graph = json.load(open(path))
    by_id = {s["identifier"]["precise"]: s for s in graph["symbols"]}
    conformances = {}
    for r in graph.get("relationships", []):
        if r["kind"] == "conformsTo" and r["source"] in by_id:
            target = r.get("targetFallback") or by_id.get(r["target"], {}).get("names", {}).get("title") or r["target"]
            name = target.split(".")[-1]
            # Note: implicit for every type the compiler sees; listing them is noise.
            if name not in ("Copyable", "Escapable", "SendableMetatype"):
                conformances.setdefault(r["source"], set()).add(name)
    for precise, symbol in by_id.items():
        if "::SYNTHESIZED::" in precise or symbol.get("accessLevel") != "public":
            continue
        declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
        declaration = " ".join(declaration.split())
        extends = symbol.get("swiftExtension", {}).get("extendedModule")
        owner = f"[{extends}] " if extends and extends not in ("Emotext", "EmotextUnicode") else ""
        line = f"{owner}{'.'.join(symbol['pathComponents'])}: {declaration}"
        if precise in conformances:
            line += "  // conforms to " + ", ".join(sorted(conformances[precise]))
        lines.add(line)
print("\n".join(sorted(lines)))
PY
)
case "${1:-}" in
  --check)
    if ! diff -u "$committed" <(printf '%s\n' "$listing"); then
      echo "The public API changed (above: - committed, + now). If that is intended, run .ci/public-api.sh --update" \
        "and commit $committed with the change." >&2
      exit 1
    fi
    echo "public API: $(printf '%s\n' "$listing" | wc -l) declarations, as committed in $committed"
    ;;
  --update) printf '%s\n' "$listing" >"$committed"; echo "wrote $committed" ;;
  *) printf '%s\n' "$listing" ;;
esac
