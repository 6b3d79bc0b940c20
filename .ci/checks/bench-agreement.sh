#!/usr/bin/env bash
# emotext-bench --check: every benchmark contender (Emotext, NSRegularExpression, Swift Regex, ICU uregex,
# NSAttributedString, NSMutableAttributedString, ICU break iterator, String.count) runs once on small
# inputs of both profiles (mixed, realistic) and must give Emotext's output (posts one by one: every post's
# document); the realistic profile's measured statistics must fall in issue 10's ranges; nothing is timed,
# so a debug build will do (under a minute with the build).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product emotext-bench >/dev/null
timeout 300 "$(swift build --show-bin-path)/emotext-bench" --check >/dev/null
