#!/usr/bin/env bash
# Byte-identity of `emotext count` between two binaries (say main's and a branch's release builds): stdout, stderr
# and exit status on POSTS (a `posts.py N --jsonl` file) and ADVERSARIAL (`count-adversarial.py`), with and
# without --jsonl, --keep-going, --rule weibo|twitter, --jobs 1|2, from a file and from stdin. Exits 1 on a difference.
# Usage: Benchmarks/count-identity.sh BEFORE AFTER POSTS ADVERSARIAL
set -uo pipefail
[ $# -eq 4 ] || { echo "usage: $0 BEFORE AFTER POSTS ADVERSARIAL" >&2; exit 2; }
before=$1 after=$2 posts=$3 adversarial=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0 compared=0
# same TAG STDIN ARGS...: runs both binaries on ARGS (stdin from the file STDIN) and compares.
same() {
  local tag=$1 input=$2
  shift 2
  local b
  for b in before after; do
    local bin=$before
    [ $b = after ] && bin=$after
    "$bin" "$@" <"$input" >"$work/$b.out" 2>"$work/$b.err"
    echo $? >"$work/$b.rc"
  done
  compared=$((compared + 1))
  if cmp -s "$work/before.out" "$work/after.out" && cmp -s "$work/before.err" "$work/after.err" &&
    cmp -s "$work/before.rc" "$work/after.rc"; then
    echo "same: $tag (status $(cat "$work/after.rc"), $(wc -l <"$work/after.out") lines out, $(wc -l <"$work/after.err") err)"
  else
    echo "DIFFERENT: $tag"
    fail=1
  fi
}
for jobs in 1 2; do
  same "posts --jsonl --jobs $jobs" /dev/null count --jsonl --jobs $jobs "$posts"
  same "posts --jobs $jobs" /dev/null count --jobs $jobs "$posts"
  for keep in "" --keep-going; do
    for jsonl in "" --jsonl; do
      for rule in weibo twitter; do
        same "adversarial $jsonl $keep --rule $rule --jobs $jobs" /dev/null count $jsonl $keep --rule $rule --jobs $jobs "$adversarial"
      done
      same "adversarial from stdin $jsonl $keep --jobs $jobs" "$adversarial" count $jsonl $keep --jobs $jobs -
    done
  done
done
echo "$compared comparisons, $([ $fail = 0 ] && echo "all the same" || echo "some DIFFERENT")"
exit $fail
