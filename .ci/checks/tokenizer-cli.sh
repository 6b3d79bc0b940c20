#!/usr/bin/env bash
# The tokenizer's CLI commands end to end: outputs, exit statuses and error messages (a few seconds).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product emotext >/dev/null
bin="$(swift build --show-bin-path)/emotext"
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect NAME EXPECTED_STATUS EXPECTED_OUTPUT COMMAND... (stdout and stderr together)
expect() {
  local name=$1 status=$2 expected=$3
  shift 3
  local output actual=0
  output=$("$@" 2>&1) || actual=$?
  if [ "$actual" != "$status" ] || [ "$output" != "$expected" ]; then
    echo "FAIL $name: status $actual (expected $status)"
    diff <(printf '%s\n' "$expected") <(printf '%s\n' "$output") || true
    failures=$((failures + 1))
  fi
}

for command in parse serialize roundtrip count truncate encode-emoji decode-emoji; do
  "$bin" "$command" --help | grep -q "example:" || { echo "FAIL $command --help has no example"; failures=$((failures + 1)); }
done

expect "parse TEXT" 0 'text "今天好开心"
emoticon "[哈哈]"
emoticon "[愛你]" code "[爱你]"
text " //@某人:[抓狂"
emoticon "[兔子]"
text "]"' "$bin" parse --text '今天好开心[哈哈][愛你] //@某人:[抓狂[兔子]]'

expect "parse stdin" 0 'text "a"
emoticon "[哈哈]"

text "b\r"' bash -c "printf 'a[哈哈]\nb\r\n' | '$bin' parse"

expect "parse --json | serialize" 0 '好[哈哈]' bash -c "'$bin' parse --json --text '好[哈哈]' | '$bin' serialize"

expect "parse --jsonl" 0 '{"text":"好[哈哈]","version":1,"runs":[{"text":"好"},{"emoticon":"[哈哈]"}]}' \
  bash -c "echo '{\"text\": \"好[哈哈]\"}' | '$bin' parse --jsonl"

expect "serialize --nfc" 0 'Café' bash -c "echo '{\"version\":1,\"runs\":[{\"text\":\"Cafe\\u0301\"}]}' | '$bin' serialize --nfc"

expect "serialize error" 1 'a
emotext serialize: <stdin>:2: runs[1].emoticon: unknown emoticon "[xx]"' \
  bash -c "printf '%s\n' '{\"version\":1,\"runs\":[{\"text\":\"a\"}]}' '{\"version\":1,\"runs\":[{\"text\":\"a\"},{\"emoticon\":\"[xx]\"}]}' | '$bin' serialize"

# Note: the token counts are golden values, not read from the binary under test (which would agree with any bug
# of its own); update them when Corpus/generate-posts.py changes the corpus.
corpus_counts="227 tokens, 22 unknown tokens"
expect "roundtrip corpus" 0 "Corpus/posts.txt: $(wc -l < Corpus/posts.txt | tr -d ' ') posts, $corpus_counts, 0 mismatches" \
  "$bin" roundtrip --jobs 2 Corpus/posts.txt

# --jobs keeps the order: the parallel output equals the serial one.
"$bin" parse --json < Corpus/posts.txt > "$tmp/serial.jsonl"
"$bin" parse --json --jobs 3 < Corpus/posts.txt > "$tmp/parallel.jsonl"
cmp -s "$tmp/serial.jsonl" "$tmp/parallel.jsonl" || { echo "FAIL parse --jobs 3 changed the output"; failures=$((failures + 1)); }
"$bin" serialize < "$tmp/serial.jsonl" > "$tmp/back.txt" || true
cmp -s Corpus/posts.txt "$tmp/back.txt" || { echo "FAIL parse --json | serialize is not the corpus"; failures=$((failures + 1)); }

expect "count twitter" 0 "42	30	28	27" bash -c "echo '今天好开心[哈哈]👍🏽 https://example.com' | '$bin' count --rule twitter"
expect "count weibo jsonl" 0 '{"text":"今天[哈哈]ab","rule":"weibo","weighted":6,"utf16":5,"scalars":5,"graphemes":5}' \
  bash -c "echo '{\"text\":\"今天[哈哈]ab\"}' | '$bin' count --jsonl"
expect "truncate" 0 '今天好开…' bash -c "echo '今天好开心[哈哈]👨‍👩‍👧' | '$bin' truncate --max 5 --rule graphemes --ellipsis …"
expect "truncate needs --max" 2 "emotext truncate: --max N is required
run 'emotext truncate --help' for usage" "$bin" truncate

expect "encode-emoji" 0 '一家[emoji:1f468-200d-1f469-200d-1f467] [emoji:1f1e8-1f1f3] [emoji:5b]emoji:1f600]' \
  bash -c "echo '一家👨‍👩‍👧 🇨🇳 [emoji:1f600]' | '$bin' encode-emoji"
expect "encode | decode" 0 '一家👨‍👩‍👧 🇨🇳 [emoji:1f600]' bash -c "echo '一家👨‍👩‍👧 🇨🇳 [emoji:1f600]' | '$bin' encode-emoji | '$bin' decode-emoji"
expect "decode error" 1 "emotext decode-emoji: <stdin>:1:4: malformed emoji escape: 'zz' is not a Unicode scalar in hex" \
  bash -c "echo 'abc[emoji:zz]' | '$bin' decode-emoji"

expect "invalid UTF-8" 1 'emotext roundtrip: <stdin>:2:2: invalid UTF-8 (byte 0xFF)
<stdin>: 1 post, 0 tokens, 0 unknown tokens, 0 mismatches' \
  bash -c "printf 'ok\na\xffb\n' | '$bin' roundtrip"
expect "jsonl input error" 1 'emotext count: <stdin>:1:1: not a record {"text": …}: expected a JSON object, found '"'"'not'"'"'' \
  bash -c "echo 'not json' | '$bin' count --jsonl"
expect "missing file" 1 "emotext roundtrip: /nonexistent/posts.txt: No such file or directory" "$bin" roundtrip /nonexistent/posts.txt
expect "roundtrip goes on past a missing file" 1 "emotext roundtrip: /nonexistent/posts.txt: No such file or directory
Corpus/posts.txt: $(wc -l < Corpus/posts.txt | tr -d ' ') posts, $corpus_counts, 0 mismatches" \
  "$bin" roundtrip /nonexistent/posts.txt Corpus/posts.txt
# Note: a golden value for both, not one read from the binary under test (which would agree with any bug of its own).
printf '%s\n' '今天[哈哈]ab' > "$tmp/one.txt"
expect "count FILE" 0 "6	5	5	5" "$bin" count "$tmp/one.txt"
expect "count --text" 0 "6	5	5	5" "$bin" count --text '今天[哈哈]ab'
expect "answers before a bad line" 1 '{"text":"好[哈哈]","rule":"weibo","weighted":4,"utf16":2,"scalars":2,"graphemes":2}
emotext count: <stdin>:2:9: not a record {"text": …}: expected a JSON value, found end of line' \
  bash -c "printf '%s\n' '{\"text\":\"好[哈哈]\"}' '{\"text\":' '{\"text\":\"c\"}' | '$bin' count --jsonl"

if [ "$failures" -gt 0 ]; then
  echo "tokenizer-cli: $failures failures"
  exit 1
fi
echo "tokenizer-cli: ok"
