#!/usr/bin/env bash
# Renders a post with `emotext render --html --page` and checks, in headless Chromium, what the browser built
# (not the HTML string): every <img> loaded (naturalWidth > 0), no script from the post ran (a window flag
# its payloads would set stays unset), and the post's text content, with each image replaced by its alt
# text, equals the post text. The post has CJK, Korean, Arabic, emoji sequences of every kind (shown as
# images from a local folder of generated SVGs, twemoji names), emoticons with generated PNG images (and
# one whose PNG is missing: its fallback, never a broken image) and <script> payloads as text. The page's checking script writes its findings into the DOM, which
# `chromium --dump-dom` prints. A second page, an Arabic post with a Latin mention, a topic, a link and an
# emoticon, checks direction: the article has dir="auto" and the browser computes rtl for it (ltr for the first),
# each mention, topic and link sits in a <bdi> the browser isolates (unicode-bidi: isolate), and with --locale
# each emoticon has its spoken name as aria-label while alt/text keeps the token. Runs as root (--no-sandbox);
# installs chromium when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)

if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi

timeout 600 swift build --product emotext
binary="$(swift build --show-bin-path)/emotext"
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT

# The post, the emoticon PNGs, the catalog and one SVG per emoji, named by twemoji's rule as written here
# (lowercase hex joined by '-', U+FE0F dropped unless there is a ZWJ), independently of Emotext.
python3 - "$folder" <<'PYTHON'
import json, struct, sys, zlib
folder = sys.argv[1]
emoji = [
    "😀", "❤️", "©️", "👍🏽", "👨‍👩‍👧", "🏳️‍🌈", "🧑🏽‍💻", "🇨🇳", "1️⃣", "#️⃣", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F",
    "👁️‍🗨", "🏻", "🦰",  # minimally-qualified, components
]
post = (
    "//@小明: 今天好开心[哈哈][爱你][愛你] #春天来了# " + "".join(emoji[:4]) + "\n"
    + " ".join(emoji[4:12]) + "\n"
    + emoji[12] + " " + emoji[13] + " not emoji: 1 # © ™\n"
    + "한국어 안녕하세요, العربية مرحبا, 日本語のテキスト, 中文[兔子][无图] https://weibo.com/a?b=1&c=2\n"
    + "<script>window.emotextPwned = 1</script><img src=x onerror=\"window.emotextPwned = 2\"> \"'&amp; [未知]"
)
open(f"{folder}/post.txt", "w", encoding="utf-8").write(post)
# [无图]'s PNG is listed but not shipped: the page shows its fallback as text in a span.emoticon, not a
# broken image, so the text content has the fallback where the post has the token.
json.dump({"post": post.replace("[无图]", "🙈"), "emoji": emoji}, open(f"{folder}/expected.json", "w"))

def png(name, rgb, size=16):
    rows = b"".join(b"\x00" + bytes(rgb + (255,)) * size for _ in range(size))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    open(f"{folder}/{name}", "wb").write(data)
png("haha.png", (255, 200, 40)); png("aini.png", (255, 120, 150)); png("tuzi.png", (200, 200, 255))
json.dump({"version": 1, "packs": [{"id": "faces", "directory": ".", "emoticons": [
    {"code": "[哈哈]", "png": "haha.png", "fallback": "😆"},
    {"code": "[爱你]", "aliases": ["[愛你]"], "png": "aini.png", "fallback": "😍"},
    {"code": "[兔子]", "png": "tuzi.png", "fallback": "🐰"},
    {"code": "[无图]", "png": "missing.png", "fallback": "🙈"}]}]}, open(f"{folder}/catalog.json", "w"))

import os
os.mkdir(f"{folder}/emoji")
for sequence in emoji:
    keep = "\u200d" in sequence
    name = "-".join(format(ord(c), "x") for c in sequence if keep or c != "\ufe0f")
    open(f"{folder}/emoji/{name}.svg", "w").write(
        '<svg xmlns="http://www.w3.org/2000/svg" width="36" height="36"><circle cx="18" cy="18" r="16" fill="#fc3"/></svg>')
PYTHON

"$binary" render --html --page --whole --catalog "$folder/catalog.json" --emoji-images emoji < "$folder/post.txt" \
  > "$folder/page.html"
"$binary" render --html --page --locale en --catalog "$folder/catalog.json" --emoji-images emoji \
  --text 'مرحبا @Ali [哈哈] #春天# https://weibo.com/a 👍🏽 (نص)' > "$folder/rtl.html"

# The checking script, appended after the article: it runs once everything has loaded and writes a JSON report.
python3 - "$folder" <<'PYTHON'
import json, sys
folder = sys.argv[1]
check = """
<script>
window.addEventListener("load", () => {
  const article = document.querySelector("article.post");
  const images = Array.from(document.images).map(img => ({
    cls: img.className, src: img.getAttribute("src"), alt: img.alt, loaded: img.complete && img.naturalWidth > 0 }));
  function text(node) {
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    if (node.nodeName === "IMG") return node.alt;
    return Array.from(node.childNodes).map(text).join("");
  }
  const fallbacks = Array.from(document.querySelectorAll("span.emoticon")).map(span => [span.title, span.textContent]);
  const entities = Array.from(article.querySelectorAll(".mention, .topic, .link")).map(entity => [
    entity.className, entity.parentElement.nodeName, getComputedStyle(entity.parentElement).unicodeBidi]);
  const labels = Array.from(article.querySelectorAll("[aria-label]")).map(e => [e.className, e.getAttribute("aria-label")]);
  const report = { images, fallbacks, pwned: window.emotextPwned === undefined ? null : window.emotextPwned,
    scripts: document.scripts.length, text: text(article), dir: article.getAttribute("dir"),
    direction: getComputedStyle(article).direction, entities, labels };
  const pre = document.createElement("pre");
  pre.id = "emotext-check";
  pre.textContent = JSON.stringify(report);
  document.body.appendChild(pre);
});
</script>
"""
for name in ("page", "rtl"):
    page = open(f"{folder}/{name}.html", encoding="utf-8").read()
    assert page.count("</body>") == 1
    open(f"{folder}/{name}.html", "w", encoding="utf-8").write(page.replace("</body>", check + "</body>"))
PYTHON

for name in page rtl; do
  timeout 120 chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=10000 --dump-dom \
    "file://$folder/$name.html" > "$folder/$name-dom.html" 2> "$folder/chromium.log" || {
    cat "$folder/chromium.log" >&2
    echo "browser: chromium failed on $name.html" >&2
    exit 1
  }
done

python3 - "$folder" <<'PYTHON'
import html, json, re, sys
folder = sys.argv[1]
expected = json.load(open(f"{folder}/expected.json"))
def report_of(name):
    dom = open(f"{folder}/{name}-dom.html", encoding="utf-8").read()
    found = re.search(r'<pre id="emotext-check">(.*?)</pre>', dom, re.S)
    if not found:
        sys.exit(f"browser: the checking script wrote no report on {name}.html (did it load?)\n" + dom[-2000:])
    return json.loads(html.unescape(found.group(1)))
failures = []
report = report_of("page")
for image in report["images"]:
    if not image["loaded"]:
        failures.append(f"image did not load: {image}")
emoji_images = [i["alt"] for i in report["images"] if i["cls"] == "emoji"]
emoticon_images = [i["alt"] for i in report["images"] if i["cls"] == "emoticon"]
if emoji_images != [e for e in expected["emoji"]]:
    failures.append(f"emoji images {emoji_images}, expected {expected['emoji']}")
if emoticon_images != ["[哈哈]", "[爱你]", "[愛你]", "[兔子]"]:
    failures.append(f"emoticon images {emoticon_images}")
if report["fallbacks"] != [["无图", "🙈"]]:
    failures.append(f"emoticon fallbacks {report['fallbacks']}, expected [无图] as 🙈 titled 无图")
if report["pwned"] is not None:
    failures.append(f"a script from the post ran: window.emotextPwned = {report['pwned']}")
if report["scripts"] != 1:
    failures.append(f"{report['scripts']} <script> elements, expected only the checking script")
if report["text"] != expected["post"]:
    failures.append(f"text content differs:\n  got      {report['text']!r}\n  expected {expected['post']!r}")
isolated = [["mention", "BDI", "isolate"], ["topic", "BDI", "isolate"], ["link", "BDI", "isolate"]]
if (report["dir"], report["direction"]) != ("auto", "ltr"):
    failures.append(f"the Chinese post's article: dir={report['dir']!r}, direction {report['direction']}")
if sorted(map(tuple, report["entities"])) != sorted(map(tuple, isolated)):
    failures.append(f"the Chinese post's entities are not each isolated in a <bdi>: {report['entities']}")
rtl = report_of("rtl")
if (rtl["dir"], rtl["direction"]) != ("auto", "rtl"):
    failures.append(f"the Arabic post's article: dir={rtl['dir']!r}, direction {rtl['direction']} (expected rtl)")
if rtl["entities"] != isolated:
    failures.append(f"the Arabic post's entities are not each isolated in a <bdi>: {rtl['entities']}")
if rtl["labels"] != [["emoticon", "哈哈"], ["emoji", "thumbs up: medium skin tone"]]:
    failures.append(f"accessible names (aria-label) on the Arabic page: {rtl['labels']}")
if rtl["text"] != "مرحبا @Ali [哈哈] #春天# https://weibo.com/a 👍🏽 (نص)":
    failures.append(f"the Arabic post's text content (alt keeps the token): {rtl['text']!r}")
if failures:
    sys.exit("browser: " + "\nbrowser: ".join(failures))
print(f"browser: {len(report['images'])} images loaded ({len(emoji_images)} emoji, {len(emoticon_images)} emoticons), "
      "no script ran, text content equals the post; dir=auto (ltr and rtl), entities in isolating <bdi>, aria-labels")
PYTHON
# Several posts on one page (render --html --page without --whole): one <article> per line, in order, as the
# browser builds the DOM (an unclosed element in one post would nest the next article inside it).
printf '%s\n' '第一条[哈哈] #话题#' '<b>second' '第三条 https://weibo.com/x' > "$folder/posts.txt"
"$binary" render --html --page --title Posts --catalog "$folder/catalog.json" "$folder/posts.txt" > "$folder/posts.html"
timeout 120 chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$folder/posts.html" \
  > "$folder/posts-dom.html" 2> "$folder/chromium.log" || {
  cat "$folder/chromium.log" >&2
  echo "browser: chromium failed on the page of several posts" >&2
  exit 1
}
python3 - "$folder" <<'PYTHON'
import sys
from html.parser import HTMLParser
folder = sys.argv[1]
class Articles(HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth, self.texts, self.nested = 0, [], False
    def handle_starttag(self, tag, attrs):
        if tag == "article":
            self.nested |= self.depth > 0
            self.depth += 1
            self.texts.append("")
        elif tag == "img" and self.depth:
            self.texts[-1] += dict(attrs).get("alt", "")
    def handle_endtag(self, tag):
        if tag == "article":
            self.depth -= 1
    def handle_data(self, data):
        if self.depth:
            self.texts[-1] += data
parser = Articles()
parser.feed(open(f"{folder}/posts-dom.html", encoding="utf-8").read())
expected = ["第一条[哈哈] #话题#", "<b>second", "第三条 https://weibo.com/x"]
if parser.nested or parser.texts != expected:
    sys.exit(f"browser: the page of several posts has articles {parser.texts} (nested: {parser.nested}), expected {expected}")
print(f"browser: a page of {len(expected)} posts is {len(parser.texts)} articles in order")
PYTHON

echo "browser: ok ($(($(date +%s) - started)) s)"
