#!/usr/bin/env bash
# Line coverage of the library and of the CLI by `swift test`, which also replays the committed fuzz corpora
# (Fuzz/coverage.sh: a build with coverage in .build-coverage, a few minutes). Fails under the floors, set a
# little below the figures measured when they were last raised (the Benchmarks and Fuzzing article shows them).
set -euo pipefail
cd "$(dirname "$0")/../.."
Fuzz/coverage.sh --library-floor "${COVERAGE_LIBRARY_FLOOR:-96}" --cli-floor "${COVERAGE_CLI_FLOOR:-89}"
