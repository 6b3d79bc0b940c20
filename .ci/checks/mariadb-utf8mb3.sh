#!/usr/bin/env bash
# EmojiEscaping against a real MySQL-family `utf8mb3` column (MariaDB, Debian's mariadb-server): a raw emoji post
# is refused in strict mode; every post of Corpus/posts.txt and every emoji-test.txt sequence, escaped with
# `emotext encode-emoji`, is stored, read back, decoded with `emotext decode-emoji` and equal byte for byte.
# The server runs as a child of this script on a socket in a temporary directory (no system service, no TCP port)
# and is stopped and removed on exit. Values go into SQL only as hex literals, never as pasted text.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
emoji_test=/usr/share/unicode/emoji/emoji-test.txt

if ! command -v mariadbd >/dev/null 2>&1 && [ ! -x /usr/sbin/mariadbd ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mariadb-server >/dev/null
fi
PATH="$PATH:/usr/sbin"
[ -e "$emoji_test" ] || { echo "FAIL $emoji_test is missing: apt-get install -y unicode-data"; exit 1; }

swift build --product emotext >/dev/null
emotext="$(swift build --show-bin-path)/emotext"

tmp=$(mktemp -d)
socket="$tmp/mariadbd.sock"
server=""
stop_server() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
    mariadb-admin --no-defaults --socket="$socket" --user=root shutdown 2>/dev/null ||
      kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap stop_server EXIT

mariadb-install-db --no-defaults --datadir="$tmp/data" --user=root --skip-test-db >"$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log"; exit 1; }
mariadbd --no-defaults --datadir="$tmp/data" --socket="$socket" --skip-networking --user=root \
  --pid-file="$tmp/mariadbd.pid" --log-error="$tmp/mariadbd.err" --innodb-buffer-pool-size=32M \
  --open-files-limit=1024 2>>"$tmp/mariadbd.err" &
server=$!
for _ in $(seq 600); do
  mariadb-admin --no-defaults --socket="$socket" --user=root ping >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { echo "FAIL mariadbd did not start:"; cat "$tmp/mariadbd.err"; exit 1; }
  sleep 0.1
done
sql() { mariadb --no-defaults --socket="$socket" --user=root --batch --skip-column-names "$@"; }
sql -e "SELECT VERSION()"

sql <<'EOF'
CREATE DATABASE emotext;
CREATE TABLE emotext.posts (
  id INT PRIMARY KEY,
  body MEDIUMTEXT CHARACTER SET utf8mb3 COLLATE utf8mb3_bin NOT NULL
) ENGINE=InnoDB;
EOF
charset=$(sql -e "SELECT CHARACTER_SET_NAME FROM information_schema.COLUMNS
  WHERE TABLE_SCHEMA = 'emotext' AND TABLE_NAME = 'posts' AND COLUMN_NAME = 'body'")
[ "$charset" = utf8mb3 ] || { echo "FAIL the column's character set is $charset, not utf8mb3"; exit 1; }

# The posts: Corpus/posts.txt, then every emoji-test.txt sequence alone and inside text.
python3 - "$emoji_test" Corpus/posts.txt "$tmp/posts.txt" <<'EOF'
import sys
emoji_test, corpus, out = sys.argv[1:]
posts = open(corpus, "rb").read().split(b"\n")[:-1]
for line in open(emoji_test, encoding="utf-8"):
    fields = line.split("#")[0].split(";")
    if len(fields) == 2 and fields[0].strip():
        sequence = "".join(chr(int(scalar, 16)) for scalar in fields[0].split()).encode("utf-8")
        posts += [sequence, b"[emoji:" + sequence + b"] a" + sequence + b"b"]
open(out, "wb").write(b"".join(post + b"\n" for post in posts))
EOF
"$emotext" encode-emoji <"$tmp/posts.txt" >"$tmp/encoded.txt"
count=$(wc -l <"$tmp/posts.txt")
[ "$(wc -l <"$tmp/encoded.txt")" = "$count" ] || { echo "FAIL encode-emoji did not answer every line"; exit 1; }

# INSERT statements with every value as a hex literal in the utf8mb4 connection character set.
inserts() { # FILE FIRST_ID
  python3 - "$1" "$2" <<'EOF'
import sys
lines = open(sys.argv[1], "rb").read().split(b"\n")[:-1]
first = int(sys.argv[2])
print("SET NAMES utf8mb4; SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION';")
for start in range(0, len(lines), 500):
    batch = lines[start : start + 500]
    rows = ",".join("(%d, _utf8mb4 X'%s')" % (first + start + i, line.hex()) for i, line in enumerate(batch))
    print("INSERT INTO emotext.posts (id, body) VALUES %s;" % rows)
EOF
}

# A raw emoji post is refused in strict mode (error 1366), and nothing is stored.
head -n 1 Corpus/posts.txt >"$tmp/raw.txt"
grep -q "😀" "$tmp/raw.txt" || { echo "FAIL the first post of Corpus/posts.txt has no emoji to refuse"; exit 1; }
if raw_error=$(inserts "$tmp/raw.txt" 0 | sql 2>&1); then
  echo "FAIL a raw emoji post was stored in a utf8mb3 column"
  exit 1
fi
grep -q "ERROR 1366.*Incorrect string value" <<<"$raw_error" || { echo "FAIL unexpected error: $raw_error"; exit 1; }
echo "raw emoji post refused: $(grep "ERROR 1366" <<<"$raw_error")"
[ "$(sql -e "SELECT COUNT(*) FROM emotext.posts")" = 0 ] || { echo "FAIL the raw post left a row"; exit 1; }

# Every escaped post is stored, read back as bytes (hex), decoded and compared.
inserts "$tmp/encoded.txt" 1 | sql
[ "$(sql -e "SELECT COUNT(*) FROM emotext.posts")" = "$count" ] || { echo "FAIL not every post was stored"; exit 1; }
sql -e "SELECT HEX(body) FROM emotext.posts ORDER BY id" >"$tmp/stored.hex"
python3 - "$tmp/stored.hex" "$tmp/stored.txt" <<'EOF'
import sys
hexes = open(sys.argv[1]).read().split("\n")[:-1]
open(sys.argv[2], "wb").write(b"".join(bytes.fromhex(h) + b"\n" for h in hexes))
EOF
cmp "$tmp/encoded.txt" "$tmp/stored.txt" || { echo "FAIL the column did not give back what was stored"; exit 1; }
"$emotext" decode-emoji <"$tmp/stored.txt" >"$tmp/decoded.txt"
if ! cmp "$tmp/posts.txt" "$tmp/decoded.txt"; then
  echo "FAIL decoded posts differ from the originals"
  exit 1
fi
escaped=$(grep -c "\[emoji:" "$tmp/stored.txt")
echo "$count posts ($escaped with escapes) stored in utf8mb3, read back, decoded: equal: $((SECONDS - started)) s"
