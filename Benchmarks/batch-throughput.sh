#!/usr/bin/env bash
# Batch throughput of the CLI's line commands on 100,000 realistic posts (Benchmarks/posts.py: ~65 scalars,
# mostly CJK, ~2.3 [xx] tokens, @mentions, #topics#, some URLs), release build, --jobs 1 and 2.
# Prints one Markdown table row per command: posts/s by wall clock (best of RUNS) and by CPU time
# (user + sys of that run), and the --jobs 2 / --jobs 1 wall-clock ratio.
# Usage: Benchmarks/batch-throughput.sh [POSTS (default 100000)] [RUNS (default 5)]
set -euo pipefail
cd "$(dirname "$0")/.."
posts=${1:-100000}
runs=${2:-5}
swift build -c release --product emotext >/dev/null
bin="$(swift build -c release --show-bin-path)/emotext"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/posts.py "$posts" >"$work/posts.txt"
python3 Benchmarks/posts.py "$posts" --jsonl >"$work/posts.jsonl"

# best RUNS ARGS...: the best wall-clock seconds of RUNS runs, and the CPU seconds of that run.
best() {
  local runs=$1 best_wall="" best_cpu=""
  shift
  for _ in $(seq "$runs"); do
    local line
    line=$( { /usr/bin/time -f "%e %U %S" "$@" >/dev/null; } 2>&1 | tail -1)
    read -r wall user sys <<<"$line"
    local cpu
    cpu=$(echo "$user + $sys" | bc -l)
    if [ -z "$best_wall" ] || [ "$(echo "$wall < $best_wall" | bc -l)" = 1 ]; then
      best_wall=$wall
      best_cpu=$cpu
    fi
  done
  echo "$best_wall $best_cpu"
}

rate() { echo "scale=0; $posts / $1" | bc -l 2>/dev/null || echo "-"; }

echo "| command | input | --jobs 1 posts/s (wall) | --jobs 1 posts/s (CPU) | --jobs 2 posts/s (wall) | jobs 2 / jobs 1 |"
echo "|---|---|---:|---:|---:|---:|"
while IFS='|' read -r command input; do
  read -r wall1 cpu1 <<<"$(best "$runs" $bin $command --jobs 1 "$work/$input")"
  read -r wall2 _ <<<"$(best "$runs" $bin $command --jobs 2 "$work/$input")"
  ratio=$(echo "scale=2; $wall1 / $wall2" | bc -l)
  echo "| \`$command\` | $input | $(rate "$wall1") | $(rate "$cpu1") | $(rate "$wall2") | ${ratio}× |"
done <<'COMMANDS'
count --jsonl|posts.jsonl
truncate --max 40 --jsonl|posts.jsonl
encode-emoji --jsonl|posts.jsonl
parse --jsonl|posts.jsonl
count|posts.txt
roundtrip|posts.txt
COMMANDS
