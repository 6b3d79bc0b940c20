#!/usr/bin/env bash
# emotext-bench --check: every benchmark contender (Emotext, NSRegularExpression, Swift Regex, ICU uregex,
# NSAttributedString, NSMutableAttributedString, ICU break iterator, String.count) runs once on small
# inputs and must give Emotext's output; nothing is timed, so a debug build will do (a few seconds).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product emotext-bench >/dev/null
timeout 300 "$(swift build --show-bin-path)/emotext-bench" --check >/dev/null
