#!/usr/bin/env bash
# The GTK 4 composer (Integrations/gtk, emotext-gtk) under a real display server (Xvfb), a private D-Bus session,
# IBus with libpinyin, driven by xdotool and read back through stdout, the clipboard (xclip, and a PyGObject owner
# of several flavours) and the accessibility tree (pyatspi). The scenarios are in gtk-host/scenarios.sh; logs and
# screenshots go to .build/ci-logs/gtk-host. Every process started here is ended by its PID.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

packages=(libgtk-4-dev xvfb xauth x11-utils imagemagick xdotool xclip dbus dbus-x11 ibus ibus-libpinyin ibus-gtk4
  at-spi2-core python3-pyatspi gir1.2-atspi-2.0 fonts-noto-cjk fonts-noto-color-emoji python3-gi gir1.2-gtk-4.0)
missing=()
for package in "${packages[@]}"; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
for tool in Xvfb xdotool xclip import convert dbus-run-session ibus-daemon ibus /usr/bin/python3 pkg-config; do
  command -v "$tool" >/dev/null || { echo "gtk-host: $tool is missing" >&2; exit 1; }
done
/usr/bin/python3 -c "import pyatspi, gi; gi.require_version('Gtk', '4.0')" \
  || { echo "gtk-host: pyatspi or PyGObject GTK 4 is missing" >&2; exit 1; }
ls /usr/share/ibus/component/libpinyin.xml >/dev/null || { echo "gtk-host: ibus-libpinyin is missing" >&2; exit 1; }

logs="$root/.build/ci-logs/gtk-host"
rm -rf "$logs"
mkdir -p "$logs"
build_log="$logs/build.log"
timeout 900 swift build --package-path Integrations/gtk 2>&1 | tee "$build_log" | tail -3
# Note: SwiftPM says "prohibited flag(s)" of the -pthread and -msse flags pkg-config gives for gtk4 (it drops them
# itself); any other warning fails the check.
if grep "warning:" "$build_log" | grep -v "warning: prohibited flag(s):" | grep -q .; then
  echo "gtk-host: the build has warnings" >&2
  exit 1
fi
binary="$(swift build --package-path Integrations/gtk --show-bin-path)/emotext-gtk"
[ -x "$binary" ] || { echo "gtk-host: no $binary" >&2; exit 1; }

work=$(mktemp -d)
xvfb_pid=""
cleanup() {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

export HOME="$work/home" XDG_RUNTIME_DIR="$work/run" XDG_CONFIG_HOME="$work/home/.config"
export XDG_CACHE_HOME="$work/home/.cache" XDG_DATA_HOME="$work/home/.local/share" XDG_STATE_HOME="$work/home/.local/state"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME"
chmod 700 "$XDG_RUNTIME_DIR"

display=:$((90 + $$ % 100))
Xvfb "$display" -screen 0 1024x768x24 -nolisten tcp >"$logs/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do DISPLAY=$display xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
DISPLAY=$display xdpyinfo >/dev/null 2>&1 || { echo "gtk-host: Xvfb did not start" >&2; exit 1; }

start=$(date +%s)
DISPLAY=$display GTK_HOST_BINARY="$binary" GTK_HOST_LOGS="$logs" GTK_HOST_WORK="$work" \
  timeout 300 dbus-run-session -- bash "$root/.ci/checks/gtk-host/scenarios.sh" >"$logs/scenarios.log" \
  2>"$logs/session.log" || { cat "$logs/scenarios.log"; tail -30 "$logs/session.log" >&2; exit 1; }
# Note: into a file, not a pipe: a daemon the session started may keep a pipe open after the session ends.
cat "$logs/scenarios.log"
# Note: checking nothing must not pass: every scenario of scenarios.sh has to have said ok.
expected=$(grep -c '^scenario=' "$root/.ci/checks/gtk-host/scenarios.sh")
passed=$(grep -c '^gtk-host: ok ' "$logs/scenarios.log" || true)
if [ "$passed" -ne "$expected" ] || [ "$expected" -lt 10 ]; then
  echo "gtk-host: $passed of $expected scenarios passed" >&2
  exit 1
fi
echo "gtk-host: all $expected scenarios passed in $(($(date +%s) - start)) s (logs and screenshots in $logs)"
