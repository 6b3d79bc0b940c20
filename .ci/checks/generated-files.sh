#!/usr/bin/env bash
# Every generated source file against its committed generator: regenerates each into a temporary file and fails on
# any difference from the committed one (the diff's first lines are printed).
#   Sources/Emotext/Spoken/EmojiNameTable.swift  generate-emoji-names.py, from Debian's unicode-cldr-core (CLDR's
#                                                annotations) and unicode-data (emoji-test.txt), installed when missing
#   Sources/Emotext/Entities/TLDs.swift          generate-tlds.py, from the committed copy of twitter-text's
#                                                tld_lib.yml beside it (GitHub is out of reach here)
# A missing input fails the check; it never passes having compared nothing. A few seconds once the packages are in.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ ! -f /usr/share/unicode/cldr/common/annotations/zh.xml ] || [ ! -f /usr/share/unicode/emoji/emoji-test.txt ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq unicode-cldr-core unicode-data
fi
for input in /usr/share/unicode/cldr/common/annotations/zh.xml /usr/share/unicode/emoji/emoji-test.txt \
  Sources/Emotext/Entities/tld_lib.yml; do
  [ -f "$input" ] || { echo "generated-files: $input is missing" >&2; exit 1; }
done

generated=$(mktemp)
trap 'rm -f "$generated"' EXIT
failed=0
# compare FILE COMMAND...: runs COMMAND and requires its output to equal FILE.
compare() {
  local file=$1
  shift
  "$@" > "$generated"
  if cmp -s "$generated" "$file"; then
    echo "generated-files: $file ok"
  else
    diff "$generated" "$file" | head -20 >&2 || true
    echo "generated-files: $file is not what ${2##*/} writes" >&2
    failed=1
  fi
}

compare Sources/Emotext/Spoken/EmojiNameTable.swift python3 Sources/Emotext/Spoken/generate-emoji-names.py \
  /usr/share/unicode/cldr/common /usr/share/unicode/emoji/emoji-test.txt
compare Sources/Emotext/Entities/TLDs.swift python3 Sources/Emotext/Entities/generate-tlds.py
exit "$failed"
