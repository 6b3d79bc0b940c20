#!/usr/bin/env bash
# The scenarios of gtk-host.sh, run inside its private D-Bus session. Each starts emotext-gtk, drives it with real
# key events (xdotool) or the accessibility API, and asserts what it reads back.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"


# --- Latin typing; [haha] (an alias of [哈哈]) becomes one emoticon when ] is typed; Backspace removes it whole;
# Send prints the post text. Typed through IBus's xkb engine.
scenario=latin-emoticon
start_app --recents "$work/recents-latin.json"
[ "$(atspi enabled Send)" = false ] || fail "Send is enabled with no text"
type_latin "hi [haha"
expect_text '["hi [haha", 8, []]'
type_latin "]"
expect_text '["hi ", 4, ["haha"]]'
type_latin "ok"
expect_text '["hi ok", 6, ["haha"]]'
xdotool key Left Left BackSpace
expect_text '["hi ok", 3, []]'
xdotool key ctrl+z
expect_text '["hi ok", 4, ["haha"]]'
[ "$(atspi enabled Send)" = true ] || fail "Send is not enabled with text that fits"
xdotool key ctrl+Return
expect_exit 0 "hi [haha]ok"
pass "Send off when empty; typed, emoticon at ], Backspace whole, undo, Send on, sent"

# --- Pinyin through IBus libpinyin: the preedit shows in the text (marked text) before the commit, is never in a
# sent post, and space commits 你好.
scenario=pinyin
start_app --recents "$work/recents-pinyin.json"
type_latin "a"
expect_text '["a", 1, []]'
engine libpinyin
xdotool type --delay 80 "nihao"
# Note: libpinyin's preedit is its best conversion (你好), drawn in the text as the engine's marked text.
preedit=""
for _ in $(seq 25); do
  preedit=$(text)
  [ "$preedit" != '["a", 1, []]' ] && break
  sleep 0.2
done
[ "$preedit" != '["a", 1, []]' ] || fail "no preedit shown in the text view"
xdotool key space
expect_text '["a你好", 3, []]'
xdotool type --delay 80 "ni"
second=""
for _ in $(seq 25); do
  second=$(text)
  [ "$second" != '["a你好", 3, []]' ] && break
  sleep 0.2
done
[ "$second" != '["a你好", 3, []]' ] || fail "no preedit shown for ni"
xdotool key ctrl+Return
engine xkb:us::eng
expect_exit 0 "a你好"
pass "preedit $preedit shown first, 你好 committed; preedit $second not sent"

# --- An input-method commit at the length limit is cut after composition (limit 3 by scalars).
scenario=limit
start_app --rule scalars --limit 3 --recents "$work/recents-limit.json"
type_latin "ab"
expect_text '["ab", 2, []]'
engine libpinyin
xdotool type --delay 80 "nihao"
sleep 0.5
xdotool key space
engine xkb:us::eng
expect_text '["ab你", 3, []]'
xdotool key ctrl+Return
expect_exit 0 "ab你"
pass "commit 你好 at 2/3 kept 你"

# --- A key of the emoticon keyboard pressed through AT-SPI inserts at the caret and enters recents (and the file).
scenario=keyboard
recents="$work/recents-keyboard.json"
start_app --recents "$recents"
type_latin "xy"
xdotool key Left
xdotool key ctrl+e
labels=$(atspi names label)
grep -qx "page 1/6" <<<"$labels" || fail "no page indicator 'page 1/6': $labels"
xdotool key Next
for _ in $(seq 25); do labels=$(atspi names label); grep -qx "page 2/6" <<<"$labels" && break; sleep 0.2; done
grep -qx "page 2/6" <<<"$labels" || fail "Page Down did not turn to page 2/6: $labels"
atspi press "Previous page" >/dev/null
for _ in $(seq 25); do labels=$(atspi names label); grep -qx "page 1/6" <<<"$labels" && break; sleep 0.2; done
grep -qx "page 1/6" <<<"$labels" || fail "the previous-page button did not turn back: $labels"
# A long press on the first key (最右) shows it enlarged with its name in a popover while held, and inserts nothing.
before=$(atspi names label | grep -cx "最右" || true)
read -r key_x key_y < <(xdotool getwindowgeometry --shell "$window" | awk -F= '/^X=/{x=$2} /^Y=/{y=$2} END{print x+40, y+266}')
xdotool mousemove "$key_x" "$key_y" mousedown 1 sleep 1.2
after=$before
for _ in $(seq 25); do
  after=$(atspi names label | grep -cx "最右" || true)
  [ "$after" -gt "$before" ] && break
  sleep 0.2
done
[ "$after" -gt "$before" ] || fail "a long press on 最右 showed no preview ($before labels named 最右, then $after)"
import -window root "$logs/long-press.png"
xdotool mouseup 1
expect_text '["xy", 1, []]'
atspi press "哈哈" >/dev/null
expect_text '["xy", 2, ["哈哈"]]'
atspi press "Recent" >/dev/null
buttons=$(atspi names "push button")
grep -qx "哈哈" <<<"$buttons" || fail "哈哈 not on the recents tab"
xdotool key Escape
expect_exit 1 ""
grep -q '\[哈哈\]' "$recents" || fail "recents file has no [哈哈]: $(cat "$recents" 2>/dev/null)"
pass "pages by key and button; inserted at the caret, in recents and $recents"

# --- Copy offers the post text, the engine's HTML and the document JSON; undo and redo.
scenario=copy-undo
start_app --recents "$work/recents-copy.json"
type_latin "a[haha]b"
expect_text '["ab", 3, ["haha"]]'
xdotool key ctrl+a ctrl+c
sleep 0.3
plain=$(xclip -selection clipboard -o -t UTF8_STRING)
html=$(xclip -selection clipboard -o -t text/html)
json=$(xclip -selection clipboard -o -t application/x-emotext-document+json)
[ "$plain" = "a[haha]b" ] || fail "text/plain is $plain"
case "$html" in *"<img"*"[haha]"*) ;; *) fail "text/html has no emoticon image: $html" ;; esac
case "$json" in *'[haha]'*) ;; *) fail "document JSON has no [haha]: $json" ;; esac
xdotool key End
type_latin "cd"
expect_text '["abcd", 5, ["haha"]]'
xdotool key ctrl+z
expect_text '["ab", 3, ["haha"]]'
xdotool key ctrl+shift+z
expect_text '["abcd", 5, ["haha"]]'
xdotool key ctrl+z
expect_text '["ab", 3, ["haha"]]'
xdotool key ctrl+y
expect_text '["abcd", 5, ["haha"]]'
xdotool key Escape
expect_exit 1 ""
pass "three flavours read back; undo, redo by Ctrl+Shift+Z and Ctrl+Y"

# --- Paste of HTML offered by another program (text/html and text/plain): the HTML wins, its <img alt> emoticon kept.
scenario=paste-html
owner_log="$work/owner.log"
"$python" "$here/clipboard-owner.py" '<p>x<img alt="[哈哈]" src="h.png">y</p>' 'PLAIN' >"$owner_log" 2>&1 &
owner_pid=$!
pids+=("$owner_pid")
for _ in $(seq 50); do grep -q ready "$owner_log" && break; sleep 0.1; done
grep -q ready "$owner_log" || fail "the clipboard owner did not start: $(cat "$owner_log")"
start_app --recents "$work/recents-paste.json"
xdotool key ctrl+v
expect_text '["xy", 3, ["哈哈"]]'
xdotool key ctrl+Return
expect_exit 0 "x[哈哈]y"
kill "$owner_pid" 2>/dev/null || true
pass "foreign HTML pasted with its emoticon"

# --- An Arabic post (inserted through AT-SPI's editable text, which reaches the buffer's insert-text) is laid out
# right to left, with an emoticon in place; a screenshot is kept.
scenario=arabic
start_app --recents "$work/recents-arabic.json"
atspi insert "مرحبا بالعالم" >/dev/null
expect_text '["مرحبا بالعالم", 13, []]'
type_latin " [haha]"
expect_text '["مرحبا بالعالم ", 15, ["haha"]]'
import -window root -crop 480x420+0+0 +repage "$logs/arabic.png"
# Note: GTK 4.8's accessible text gives no character extents, so the layout is read from the screenshot: the first
# line's ink (dark pixels in the text view's top strip) starts right of the view's middle when laid out right to left.
ink=$(convert "$logs/arabic.png" -crop 440x24+12+8 +repage -colorspace gray -threshold 60% -negate -trim \
  -format '%X %w' info: 2>/dev/null || true)
ink_left=${ink%% *}
ink_left=${ink_left#+}
[ -n "$ink_left" ] && [ "$ink_left" -gt 200 ] || fail "not laid out right to left: the first line's ink at $ink"
direction="ink from x=$ink_left"
xdotool key ctrl+Return
expect_exit 0 "مرحبا بالعالم [haha]"
pass "right to left ($direction), sent"

# --- A catalog with an image of a known colour: the emoticon is drawn (pixel check on a screenshot).
scenario=image
catalog="$work/catalog"
mkdir -p "$catalog/images"
convert -size 64x64 xc:'#00c853' "$catalog/images/green.png"
cat >"$catalog/catalog.json" <<'JSON'
{"version":1,"packs":[
{"id":"test.green","displayName":"Green","displayOnly":false,"directory":"images","emoticons":[
{"code":"[green]","png":"green.png","fallback":"🟩"}]}
]}
JSON
start_app --catalog "$catalog/catalog.json" --recents "$work/recents-image.json"
type_latin "go [green] go"
expect_text '["go  go", 7, ["green"]]'
sleep 0.3
shot="$logs/image-emoticon.png"
import -window root "$shot"
green=$(convert "$shot" -fill black -fuzz 3% +opaque '#00c853' -fill white -fuzz 3% -opaque '#00c853' \
  -format '%[fx:round(mean*w*h)]' info:)
[ "$green" -ge 200 ] || fail "the emoticon's image is not drawn: $green pixels of #00c853 in $shot"
xdotool key Escape
expect_exit 1 ""
pass "$green pixels of the image's colour in $shot"

# --- Chinese words under a zh locale; the window title and the Send button's name.
scenario=chinese
app_environment="LANG=zh_CN.UTF-8 LC_ALL=zh_CN.UTF-8" start_app --recents "$work/recents-zh.json"
buttons=$(atspi names "push button")
grep -qx "发送" <<<"$buttons" || fail "no 发送 button under zh_CN"
xdotool key Escape
expect_exit 1 ""
pass "发送"

# --- Completion: while a partial token is before the caret, up to five candidates; Tab picks the first, a digit
# that candidate.
scenario=completion
start_app --recents "$work/recents-completion.json"
type_latin "[hah"
buttons=""
for _ in $(seq 25); do
  buttons=$(atspi names "push button")
  [ "$(grep -c . <<<"$buttons")" -gt 2 ] && break
  sleep 0.2
done
xdotool key Tab
state=$(text)
case "$state" in '["", 1, ["'*'"]]') ;; *) fail "Tab did not put the first candidate in place of [hah: $state" ;; esac
type_latin " [hah"
sleep 0.5
xdotool key 2
state2=$(text)
case "$state2" in '[" ", 3, ["'*'", "'*'"]]') ;; *) fail "2 did not pick the second candidate: $state2" ;; esac
xdotool key Escape
expect_exit 1 ""
pass "Tab gave $state, 2 gave $state2"

# --- A recents file that does not load is reported and kept as it is, never overwritten.
scenario=recents-kept
bad="$work/recents-bad.json"
printf '{not json' >"$bad"
start_app --recents "$bad"
xdotool key ctrl+e
atspi press "哈哈" >/dev/null
xdotool key Escape
expect_exit 1 ""
[ "$(cat "$bad")" = '{not json' ] || fail "the recents file that did not load was overwritten: $(cat "$bad")"
grep -q "$bad" "$work/$scenario.err" || fail "not reported: $(cat "$work/$scenario.err")"
pass "reported, kept"
