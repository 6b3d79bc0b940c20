#!/usr/bin/env bash
# The helpers of gtk-host's scenarios (sourced by scenarios.sh, inside gtk-host.sh's private D-Bus session, with
# DISPLAY, GTK_HOST_BINARY, GTK_HOST_LOGS and GTK_HOST_WORK set): IBus started and switched, the app started and
# its window focused, its text read through AT-SPI, its exit checked. Every process started is killed by its PID.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
binary=$GTK_HOST_BINARY
logs=$GTK_HOST_LOGS
work=$GTK_HOST_WORK
python=/usr/bin/python3
export GTK_IM_MODULE=ibus GSK_RENDERER=cairo EMOTEXT_GTK_DEBUG=1 LANG=C.UTF-8 LC_ALL=C.UTF-8
export IBUS_ENABLE_SYNC_MODE=1 GDK_BACKEND=x11 GTK_A11Y=atspi

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

scenario=""
fail() {
  echo "gtk-host [$scenario]: $1" >&2
  [ -n "${app_pid:-}" ] && import -window root "$logs/failure-$scenario.png" 2>/dev/null || true
  [ -f "$work/$scenario.err" ] && tail -20 "$work/$scenario.err" >&2
  exit 1
}
pass() { echo "gtk-host: ok   $scenario ($1)"; }

ibus-daemon --panel disable --replace --daemonize=false >"$logs/ibus.log" 2>&1 &
ibus_pid=$!
pids+=("$ibus_pid")
scenario=ibus
for _ in $(seq 100); do ibus list-engine >/dev/null 2>&1 && break; sleep 0.1; done

# Switches the IBus engine; `ibus engine NAME` exits 1 even when it worked, so `ibus engine` says.
engine() {
  ibus engine "$1" >/dev/null 2>&1 || true
  for _ in $(seq 50); do [ "$(ibus engine 2>/dev/null)" = "$1" ] && return 0; sleep 0.1; done
  fail "ibus engine is $(ibus engine 2>/dev/null), not $1"
}
engine xkb:us::eng

atspi() { "$python" "$here/atspi.py" "$@"; }

# Starts the app with the arguments given, waits for its window and focuses it.
app_pid=""
start_app() {
  env ${app_environment:-} "$binary" "$@" >"$work/$scenario.out" 2>"$work/$scenario.err" &
  app_pid=$!
  pids+=("$app_pid")
  window=""
  for _ in $(seq 100); do
    window=$(xdotool search --pid "$app_pid" --onlyvisible --name . 2>/dev/null | head -1 || true)
    [ -n "$window" ] && break
    sleep 0.1
  done
  [ -n "$window" ] || fail "no window"
  xdotool windowactivate --sync "$window" >/dev/null 2>&1 || xdotool windowfocus --sync "$window" || true
  for _ in $(seq 50); do atspi text >/dev/null 2>"$work/atspi.err" && return 0; sleep 0.2; done
  cat "$work/atspi.err" >&2
  fail "not on the accessibility bus"
}

# The text view's state as the accessibility tree reads it: JSON [text without emoticons, caret, emoticon names].
text() { atspi text; }

# Waits (5 s) until the text view's state is $1 (JSON as text prints it).
expect_text() {
  local actual=""
  for _ in $(seq 25); do
    actual=$(text)
    [ "$actual" = "$1" ] && return 0
    sleep 0.2
  done
  fail "text is $actual, expected $1"
}

# Waits for the app to exit; checks its status ($1) and its stdout ($2, exactly, LF included when not empty).
expect_exit() {
  local status=0
  for _ in $(seq 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
  wait "$app_pid" || status=$?
  [ "$status" = "$1" ] || fail "exit status $status, expected $1"
  local expected=$2
  [ -n "$expected" ] && expected="$expected"$'\n'
  [ "$(cat "$work/$scenario.out"; echo x)" = "${expected}x" ] || fail "printed $(cat "$work/$scenario.out"), expected $2"
  app_pid=""
}

type_latin() { xdotool type --delay 40 "$1"; }
