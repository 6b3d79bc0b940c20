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

# The default catalog has no image files here, so emoticons show as their emoji fallbacks (--no-images);
# the last line has an unknown token and a hostile one, which must stay text.
"$binary" render --html --page --no-images --title "Emotext 视觉检查" > "$folder/sample.html" <<'POST'
//@小明: 今天好开心[哈哈][爱你] 周末去看花 #春天来了# 👍🏽👨‍👩‍👧🇨🇳
详情见 https://weibo.com/1234567890/AbCdEf?from=page&x=1 ，一起来吧[兔子]
Tiếng Việt, العربية, हिन्दी, ไทย, 한국어, 日本語のテキスト、[抓狂][微笑]
<script>alert("xss")</script> [未知] "quoted" & 'single'
POST

timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=800,400 \
  --screenshot="$folder/sample.png" "file://$folder/sample.html" 2>/dev/null
cp "$folder/sample.png" "$output"
cp "$folder/sample.html" "${output%.png}.html"
echo "screenshot: $output"
