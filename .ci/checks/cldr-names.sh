#!/usr/bin/env bash
# The emoji name table against CLDR: installs Debian's unicode-cldr-core (CLDR's annotations) when missing, then
# runs the test that compares every name of the table, for every emoji of emoji-test.txt, with CLDR's files (which
# skips without them, so a skip here is a failure). That the committed table is its generator's output is
# generated-files.sh's check. About 1 minute after the tests have been built.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)

if [ ! -f /usr/share/unicode/cldr/common/annotations/zh.xml ] || [ ! -f /usr/share/unicode/emoji/emoji-test.txt ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq unicode-cldr-core unicode-data
fi

log=$(mktemp)
timeout 1200 swift test --filter EmojiNamesCLDRTests 2>&1 | tee "$log" | tail -5
grep -q "skipped:" "$log" && { echo "cldr-names: the CLDR comparison was skipped" >&2; exit 1; }
grep -qE "Test run with [1-9][0-9]* tests? .*passed" "$log" || { echo "cldr-names: the CLDR comparison did not pass" >&2; exit 1; }
rm -f "$log"
echo "cldr-names: ok ($(($(date +%s) - started)) s)"
