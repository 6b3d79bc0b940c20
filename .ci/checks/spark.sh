#!/usr/bin/env bash
# The Spark integration end to end: the self-contained binary (no libswift*, libFoundation*, libicu*; same output
# as the dynamic build with an empty environment), the job's restart logic against fake CLIs, then the job on
# PySpark with --master local[2] over ~50,000 posts with bad lines injected, compared with the single-process
# CLI line for line, once with each engine (--engine cli: an emotext process per partition; --engine python: the
# emotext Python package in the executor's Python worker). PySpark and the package go into a virtual environment
# under .build/.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS

if ! command -v java >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jre-headless
fi
venv=.build/spark-venv
if [ ! -x "$venv/bin/spark-submit" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q pyspark==4.3.0
fi
python="$venv/bin/python"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "-- the job's restart logic (fake CLIs)"
"$python" -m unittest discover -s Integrations/spark -p 'test_*.py' 2>&1 | tee "$tmp/unittest.log"
# Note: discover exits 0 when it finds no test; a run that tested nothing fails here.
if ! grep -qE '^Ran [1-9][0-9]* tests? in ' "$tmp/unittest.log"; then
  echo "FAIL unittest discover ran no test in Integrations/spark" >&2
  exit 1
fi

echo "-- the self-contained binary"
swift build --product emotext >/dev/null
dynamic="$(swift build --show-bin-path)/emotext"
binary=.build/spark/emotext
bash Integrations/spark/build-binary.sh "$binary"
if ldd "$binary" | grep -E "libswift|libFoundation|libicu"; then
  echo "FAIL $binary links the libraries above dynamically"
  exit 1
fi
"$python" - Corpus/posts.txt "$tmp/posts.jsonl" <<'EOF'
import json, sys
with open(sys.argv[1], "rb") as source, open(sys.argv[2], "w", encoding="utf-8") as target:
    for line in source.read().split(b"\n")[:-1]:
        print(json.dumps({"text": line.decode("utf-8")}, ensure_ascii=False), file=target)
EOF
"$dynamic" parse --json <Corpus/posts.txt >"$tmp/documents"
failures=0
# same_as_dynamic INPUT ARGUMENTS...: the static binary with an empty environment prints what the dynamic build
# prints, and the dynamic build succeeded with some output (two builds failing alike is no agreement).
same_as_dynamic() {
  local input=$1 static_status=0 dynamic_status=0
  shift
  env -i "$binary" "$@" <"$input" >"$tmp/static.out" 2>&1 || static_status=$?
  "$dynamic" "$@" <"$input" >"$tmp/dynamic.out" 2>&1 || dynamic_status=$?
  if [ "$dynamic_status" -ne 0 ] || [ ! -s "$tmp/dynamic.out" ]; then
    echo "FAIL $dynamic $* exited $dynamic_status with $(wc -c <"$tmp/dynamic.out") bytes of output"
    failures=$((failures + 1))
  elif [ "$static_status" -ne 0 ] || ! cmp -s "$tmp/static.out" "$tmp/dynamic.out"; then
    echo "FAIL env -i $binary $* (exit $static_status) differs from the dynamic build"
    failures=$((failures + 1))
  fi
}
for command in "count --jsonl" "count --jsonl --rule twitter" "truncate --jsonl --max 7 --rule graphemes" \
  "parse --jsonl" "encode-emoji --jsonl" "roundtrip --jsonl"; do
  # shellcheck disable=SC2086
  same_as_dynamic "$tmp/posts.jsonl" $command
done
same_as_dynamic "$tmp/documents" serialize --nfc
printf '%s\n' '//@小明: 今天好开心[哈哈] #春天# 👨‍👩‍👧 https://weibo.com' >"$tmp/post.txt"
same_as_dynamic "$tmp/post.txt" render --width 30
[ "$failures" = 0 ] || exit 1
echo "same output as the dynamic build with an empty environment"

echo "-- the job on Spark"
# ~50,000 text lines (Corpus/posts.txt 176 times) with invalid UTF-8 inserted; JSON Lines records, some of them
# bad (the CLI stops at those: the job restarts it); escaped posts with malformed escapes for decode-emoji.
mkdir -p "$tmp/in" "$tmp/escaped"
"$binary" encode-emoji <Corpus/posts.txt >"$tmp/encoded"
bad=$("$python" - "$tmp" <<'EOF'
import json, sys
tmp = sys.argv[1]
posts = open("Corpus/posts.txt", "rb").read().split(b"\n")[:-1]
lines = posts * 176
bad = []
for number, line in ((1, b"\xff starts badly"), (20000, b"a lone surrogate \xed\xa0\x80"), (20001, b"\xc3"),
                     (len(lines) + 1, b"cut short \xe4\xbd")):
    lines.insert(number - 1, line)
    bad.append("posts.txt:%d" % number)
open(tmp + "/in/posts.txt", "wb").write(b"".join(line + b"\n" for line in lines))

records = [json.dumps({"id": n, "text": p.decode()}, ensure_ascii=False).encode() for n, p in enumerate(posts * 10)]
for number, line in ((1, b'{"text":'), (500, b'{"id":500}'), (501, b'{"text":5}'), (1999, b"not json"),
                     (len(records) + 1, b'{"text": "no closing brace"')):
    records.insert(number - 1, line)
    bad.append("records.jsonl:%d" % number)
open(tmp + "/in/records.jsonl", "wb").write(b"".join(line + b"\n" for line in records))

escaped = open(tmp + "/encoded", "rb").read().split(b"\n")[:-1] * 3
for number, line in ((3, b"a[emoji:zz]"), (400, b"[emoji:110000]"), (401, b"[emoji:1f600"),
                     (len(escaped) + 1, b"[emoji:]")):
    escaped.insert(number - 1, line)
    bad.append("escaped.txt:%d" % number)
open(tmp + "/escaped/escaped.txt", "wb").write(b"".join(line + b"\n" for line in escaped))
print(",".join(bad))
EOF
)
export PYSPARK_PYTHON="$PWD/$python" PYSPARK_DRIVER_PYTHON="$PWD/$python" SPARK_LOCAL_IP=127.0.0.1
cat >"$tmp/log4j2.properties" <<'EOF'
rootLogger.level = warn
rootLogger.appenderRef.stderr.ref = console
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{HH:mm:ss} %p %c{1}: %m%n
logger.native.name = org.apache.hadoop.util.NativeCodeLoader
logger.native.level = error
EOF
submit=("$venv/bin/spark-submit" --master "local[2]" --conf spark.ui.enabled=false
  --driver-java-options "-Dlog4j2.configurationFile=$tmp/log4j2.properties")

job_started=$SECONDS
"${submit[@]}" Integrations/spark/emotext_job.py --binary "$binary" --input "$tmp/in" --output "$tmp/out" \
  --command count -- --rule twitter
echo "count job: $((SECONDS - job_started)) s"
"$python" Integrations/spark/check_output.py --cli "$dynamic" --command count --output "$tmp/out" --bad "$bad" \
  "$tmp/in/posts.txt" "$tmp/in/records.jsonl" -- --rule twitter

job_started=$SECONDS
"${submit[@]}" Integrations/spark/emotext_job.py --binary "$binary" --input "$tmp/escaped" --output "$tmp/out2" \
  --command decode-emoji --partitions 3
echo "decode-emoji job: $((SECONDS - job_started)) s"
"$python" Integrations/spark/check_output.py --cli "$dynamic" --command decode-emoji --output "$tmp/out2" \
  --bad "$bad" "$tmp/escaped/escaped.txt"

echo "-- the job on Spark with --engine python"
# Note: the library is built by .ci/checks/c-abi-python.sh already (the same scratch directory): a relink here.
bash Integrations/c/build-library.sh .build/c-abi/libemotext.so
EMOTEXT_LIBRARY="$PWD/.build/c-abi/libemotext.so" "$venv/bin/pip" install -q --force-reinstall ./Integrations/python
rm -rf Integrations/python/build Integrations/python/emotext.egg-info
job_started=$SECONDS
"${submit[@]}" Integrations/spark/emotext_job.py --engine python --input "$tmp/in" --output "$tmp/out3" \
  --command count -- --rule twitter
echo "count job, --engine python: $((SECONDS - job_started)) s"
"$python" Integrations/spark/check_output.py --cli "$dynamic" --command count --output "$tmp/out3" --bad "$bad" \
  "$tmp/in/posts.txt" "$tmp/in/records.jsonl" -- --rule twitter
# Same objects as the CLI engine, error messages included.
if ! cmp -s <(cat "$tmp"/out/part-*) <(cat "$tmp"/out3/part-*); then
  echo "FAIL the two engines wrote different count objects"
  diff <(cat "$tmp"/out/part-*) <(cat "$tmp"/out3/part-*) | head -n 10
  exit 1
fi
job_started=$SECONDS
"${submit[@]}" Integrations/spark/emotext_job.py --engine python --input "$tmp/escaped" --output "$tmp/out4" \
  --command decode-emoji --partitions 3
echo "decode-emoji job, --engine python: $((SECONDS - job_started)) s"
"$python" Integrations/spark/check_output.py --cli "$dynamic" --command decode-emoji --output "$tmp/out4" \
  --bad "$bad" "$tmp/escaped/escaped.txt"
if ! cmp -s <(cat "$tmp"/out2/part-*) <(cat "$tmp"/out4/part-*); then
  echo "FAIL the two engines wrote different decode-emoji objects"
  diff <(cat "$tmp"/out2/part-*) <(cat "$tmp"/out4/part-*) | head -n 10
  exit 1
fi
echo "spark check: $((SECONDS - started)) s"
