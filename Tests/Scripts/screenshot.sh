#!/usr/bin/env bash
# Visual check (not part of swift test): renders a sample post as a standalone HTML page with
# `emotext render --html --page` and screenshots it with headless Chromium.
#   Tests/Scripts/screenshot.sh [OUTPUT.png]     (default: .build/screenshot/sample.png)
# Installs chromium, fonts-noto-color-emoji and fonts-noto-cjk when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=()
for package in chromium fonts-noto-color-emoji fonts-noto-cjk; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

output="${1:-.build/screenshot/sample.png}"
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
mkdir -p "$(dirname "$output")"

timeout 600 swift build --product emotext
binary="$(swift build --show-bin-path)/emotext"

# A small catalog whose images are drawn here (smiley PNGs). (Catalog loading already refuses image paths
# that are not plain file names, so the unsafe-URL cases live in the XSS tests.)
python3 - "$folder" <<'PYTHON'
import math, struct, sys, zlib
folder = sys.argv[1]
def face(name, rgb):
    size = 64
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            dx, dy = x - 31.5, y - 31.5
            r = math.hypot(dx, dy)
            eye = math.hypot(abs(dx) - 11, dy + 8) < 5
            mouth = 14 < math.hypot(dx, dy + 2) < 19 and dy > 4
            if r > 30: row += bytes([0, 0, 0, 0])
            elif eye or mouth: row += bytes([60, 40, 20, 255])
            else: row += bytes(rgb + (255,))
        rows.append(bytes(row))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b"")
    open(f"{folder}/{name}", "wb").write(png)
face("haha.png", (255, 200, 40))
face("aini.png", (255, 120, 150))
face("tuzi.png", (200, 200, 255))
PYTHON
cat > "$folder/catalog.json" <<'JSON'
{"version":1,"packs":[
{"id":"com.example.faces","displayName":"脸","displayOnly":false,"directory":".","emoticons":[
{"code":"[哈哈]","png":"haha.png","fallback":"😆"},
{"code":"[爱你]","aliases":["[愛你]"],"png":"aini.png","fallback":"😍"},
{"code":"[兔子]","png":"tuzi.png","fallback":"🐰"}]}]}
JSON

"$binary" render --html --page --whole --catalog "$folder/catalog.json" --title "Emotext 视觉检查" > "$folder/sample.html" <<'POST'
//@小明: 今天好开心[哈哈][爱你][愛你] 周末去看花 #春天来了# 👍🏽👨‍👩‍👧🇨🇳
详情见 https://weibo.com/1234567890/AbCdEf?from=page&x=1 ，一起来吧[兔子]
Tiếng Việt, العربية, 한국어, 日本語のテキスト、[抓狂] (not in this catalog: text)
<script>alert("xss")</script> [未知] "quoted" & 'single'
POST

timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=800,400 \
  --screenshot="$folder/sample.png" "file://$folder/sample.html" 2>/dev/null
cp "$folder/sample.png" "$output"
echo "screenshot: $output"
