#!/usr/bin/env bash
# Drives `emotext compose` end to end in tmux (80×24): placeholder, typing, the emoticon keyboard,
# typing stopped at the limit, Backspace of a whole emoticon, sending, recents persisted, Esc cancels,
# completion candidates for a partial token picked with Enter and Tab, by number and with Right; Home/End
# along the line; the words in English under an English locale (the other cases run under zh_CN); Hebrew and Arabic posts
# with emoticons drawn right to left (tmux, like most terminals, does no bidi of its own) while the caret stays
# logical.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! dpkg -s tmux >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux
fi

timeout 600 swift build --product emotext
binary="$(swift build --show-bin-path)/emotext"

work=$(mktemp -d)
run=0
socket="emotext-compose-$$-$run"
cleanup() {
  tmux -L "$socket" kill-server 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "compose-tmux: $1" >&2
  echo "--- screen:" >&2
  tmux -L "$socket" capture-pane -p -t compose >&2 || true
  exit 1
}

# Waits (at most 10 s) until the screen shows $1.
wait_for() {
  for _ in $(seq 100); do
    tmux -L "$socket" capture-pane -p -t compose | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  fail "timed out waiting for '$1'"
}

# Waits (at most 10 s) until a line of the screen matches the extended regex $1.
wait_for_line() {
  for _ in $(seq 100); do
    tmux -L "$socket" capture-pane -p -t compose | grep -qE -- "$1" && return 0
    sleep 0.1
  done
  fail "timed out waiting for a line matching '$1'"
}

# Starts the composer in a fresh tmux session (80×24, or COLUMNS×ROWS from $size); its stdout and exit
# status go to files.
size="80 24"
lang=zh_CN.UTF-8
limit=10
start() {
  # Note: each run gets its own tmux server; starting one right after killing another on the same socket races.
  tmux -L "$socket" kill-server 2>/dev/null || true
  run=$((run + 1))
  socket="emotext-compose-$$-$run"
  rm -f "$work/out" "$work/status" "$work/stty"
  tmux -L "$socket" new-session -d -s compose -x "${size% *}" -y "${size#* }" \
    "env XDG_STATE_HOME='$work/state' LANG=$lang '$binary' compose --limit $limit $* > '$work/out'; echo \$? > '$work/status'; stty -a > '$work/stty'; sleep 60"
}

# Waits (at most 10 s) for the composer to exit and checks its status.
wait_exit() {
  for _ in $(seq 100); do
    [ -s "$work/status" ] && break
    sleep 0.1
  done
  [ -s "$work/status" ] || fail "the composer did not exit"
  [ "$(cat "$work/status")" = "$1" ] || fail "exit status $(cat "$work/status"), expected $1"
}

keys() { tmux -L "$socket" send-keys -t compose "$@"; }

# 1. Write a post with an emoticon and send it.
start
wait_for "分享新鲜事…"
wait_for "0/10"
keys -l "今天好开心"
wait_for "今天好开心"
wait_for "5/10"
keys Tab
wait_for "默认 │"
wait_for "⌫ 删除"
keys Right Right Right Enter   # the fourth emoticon of the default pack: [哈哈], counted as its text (3)
wait_for "8/10"
keys Tab
keys -l "ok"                   # Latin letters count one half each (Weibo's weighted length)
wait_for "9/10"
keys C-d
wait_exit 0
post=$(cat "$work/out")
[ "$post" = "今天好开心[哈哈]ok" ] || fail "sent '$post'"
grep -qF '"codes":["[哈哈]"]' "$work/state/emotext/recents.json" || fail "recents not saved: $(cat "$work/state/emotext/recents.json")"

# 2. Recents; typing stops at the limit (the editor's length limit); Delete removes an emoticon whole; Esc
#    cancels.
start
wait_for "分享新鲜事…"
keys Tab
wait_for "最近"
keys Up Left                     # the tab bar, then 最近 (the last tab)
wait_for_line '^ 😆 哈哈 *$'         # the recents page holds [哈哈] alone
keys Down Enter
wait_for "3/10"
keys Tab
keys -l "一二三四五六七八"
wait_for "10/10"                 # 八 would be 11: it does not go in
wait_for "😆一二三四五六七"
tmux -L "$socket" capture-pane -p -t compose | grep -qF "七八" && fail "typed past the limit"
keys BSpace
wait_for "9/10"
keys Home Delete               # forward Delete removes the emoticon at the start whole
wait_for "6/10"
tmux -L "$socket" capture-pane -p -t compose | grep -qF "一二三" || fail "the text is gone"
keys Escape
wait_exit 1
[ ! -s "$work/out" ] || fail "a cancelled post printed '$(cat "$work/out")'"

# 3. Resize: the screen redraws to the new width.
start
wait_for "分享新鲜事…"
keys -l "$(printf '好%.0s' $(seq 50))"
tmux -L "$socket" resize-window -t compose -x 40 -y 12 2>/dev/null || tmux -L "$socket" resize-pane -t compose -x 40 -y 12
sleep 0.5
rule=$(tmux -L "$socket" capture-pane -p -t compose | sed -n 2p)
[ "$rule" = "$(printf '─%.0s' $(seq 40))" ] || fail "after resize the rule is not 40 columns: '$rule'"
keys Escape
wait_exit 1

# 5. Candidates: typing `[` and pinyin shows a candidate row; Enter and Tab pick the highlighted one.
start
wait_for "分享新鲜事…"
keys -l "好[哈h"
wait_for "Tab/Enter 选择"
wait_for "1.😆 哈哈"
keys Enter
wait_for "4/10"                  # 好 (1) and [哈哈] (counted as its text, 3)
tmux -L "$socket" capture-pane -p -t compose | grep -qF "Tab/Enter 选择" && fail "candidates still shown after Enter"
keys -l "[xix"
wait_for "1.😁 嘻嘻"
keys Tab
wait_for "7/10"
keys C-d
wait_exit 0
post=$(cat "$work/out")
[ "$post" = "好[哈哈][嘻嘻]" ] || fail "sent '$post' after picking candidates"

# 4. SIGTERM: the terminal is restored (canonical mode, echo) and the status is 128 + 15.
start
wait_for "分享新鲜事…"
shell=$(tmux -L "$socket" display-message -p -t compose '#{pane_pid}')
composer=$(pgrep -P "$shell" -f "compose --limit")
kill -TERM "$composer"
wait_exit 143
for _ in $(seq 50); do [ -s "$work/stty" ] && break; sleep 0.1; done
grep -qE '(^| )icanon( |$)' "$work/stty" && grep -qE '(^| )echo( |$)' "$work/stty" || fail "terminal not restored after SIGTERM: $(cat "$work/stty")"

# 5. At 40 columns: the footer and the page line are shortened, not cut; an inserted emoticon is drawn apart
#    from the same emoji typed (its fallback on the emoticon background).
size="40 16"
start
size="80 24"
wait_for "分享新鲜事…"
keys -l "今天😆"
wait_for "今天😆"
wait_for "Tab表情 ⏎换行 ^D发送 Esc取消"   # the short hint: the long one does not fit beside the counter
keys Tab
wait_for "Tab收起 ⏎插入 ^D发送 Esc取消"
keys Right Right Right
wait_for_line '^ 😆 哈哈  第 1/6 页  PgUp/PgDn 翻页$'
keys Enter
wait_for "今天😆😆"
tmux -L "$socket" capture-pane -e -p -t compose | grep -F "今天😆" | grep -qF $'\e[43m😆' \
  || fail "the inserted emoticon is not drawn apart from the typed emoji"
tmux -L "$socket" capture-pane -e -p -t compose | grep -F "今天😆" | grep -qF $'今天\e[43m' \
  && fail "the typed emoji is drawn as an emoticon"
keys C-d
wait_exit 0
post=$(cat "$work/out")
[ "$post" = "今天😆[哈哈]" ] || fail "sent '$post' at 40 columns"

# 6. An English locale: English words; a candidate picked by its number, another moved to with Right; Home
#    and End go to the start and end of the caret's line, not of the text.
lang=C.UTF-8
start
lang=zh_CN.UTF-8
wait_for "What's happening?"
wait_for "Tab emoticons  Enter new line  Ctrl-D send  Esc cancel"
keys -l "好[哈"
wait_for "1-3/Tab/Enter pick  ←→ move"
wait_for "2.🥱 哈欠"
keys -l "2"                     # the second candidate, [哈欠]
wait_for "4/10"
keys -l "[哈"
wait_for "3.🐺 二哈"
keys Right Right Enter          # the third, [二哈]
wait_for "7/10"
keys Enter
keys -l "ab"
keys Home
keys -l "<"
keys End
keys -l ">"
wait_for "<ab>"
keys C-d
wait_exit 0
post=$(cat "$work/out")
[ "$post" = $'好[哈欠][二哈]\n<ab>' ] || fail "sent '$post' with English words, numbers, Right, Home and End"

# 7. Right-to-left: a Hebrew post with an emoticon is drawn in visual order; the arrow keys and typing stay
#    logical, and the post sent is in logical order. Then an Arabic post with an emoticon and brackets.
start
wait_for "分享新鲜事…"
keys -l "שלום"
wait_for "םולש"
keys Tab
wait_for "默认 │"
keys Right Right Right Enter Tab   # [哈哈]
keys -l "!"
wait_for_line '^ !😆םולש *$'
[ "$(tmux -L "$socket" display-message -p -t compose '#{cursor_x}')" = 1 ] \
  || fail "the caret after the last character of a right-to-left line is not at its left end"
keys Left Left                     # logically back over "!" and the emoticon
keys -l "ב"
wait_for_line '^ !😆בםולש *$'
keys C-d
wait_exit 0
post=$(cat "$work/out")
[ "$post" = "שלוםב[哈哈]!" ] || fail "sent '$post' for the Hebrew post"

limit=140                          # the post is 12 long by Weibo's rule; typing stops at the limit
start
limit=10
wait_for "分享新鲜事…"
keys -l "نص [哈哈] (ب)"             # 8 of the limit's 10
wait_for "(ب) 😆 صن"
keys Escape
wait_exit 1

echo "compose-tmux: ok"
