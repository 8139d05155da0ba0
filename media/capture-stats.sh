#!/usr/bin/env bash
# Captures screen 6 (stats) and the session list's cost column: the fixture
# sessions copied into a temp dir with their times moved into the last 30
# days (each file keeps its own spacing; copies only, the fixtures stay as
# they are), browsed in tmux at 120×40, then drawn as SVG and PNG like
# capture.sh does.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build.mjs
S=omp-media-stats-$$
W=$(mktemp -d)
trap 'tmux kill-session -t $S 2>/dev/null || true; rm -rf "$W"' EXIT
mkdir -p "$W/sessions" "$W/cache" "$W/home"
python3 media/recent-copies.py "$W/sessions" test/fixtures/sessions/*.jsonl test/fixtures/sessions-rich/pi/*.jsonl
keys() { for k in "$@"; do tmux send-keys -t $S "$k"; sleep 0.3; done; sleep 1; }
wait_for() { for _ in $(seq 150); do tmux capture-pane -p -t $S | grep -q -- "$1" && return 0; sleep 0.2; done; echo "timed out waiting for $1" >&2; return 1; }
shot() { tmux capture-pane -p -e -t $S > "media/$1.txt"; node scripts/screen-to-svg.mjs "media/$1.txt" "media/$1.svg" "omp-sessions — $2"; }

tmux new-session -d -s $S -x 120 -y 40 "HOME=$W/home OMP_SESSIONS_CACHE_DIR=$W/cache TERM=xterm-256color ./bin/omp-sessions $W/sessions"
wait_for "^› "
keys 6
wait_for "top projects"
sleep 1
shot stats "stats (6): totals, cost and tokens per day, top models and projects"
keys 1
wait_for " cost"
sleep 1
shot list-cost "session list with the cost column"
keys C-c

if command -v rsvg-convert >/dev/null; then
  for f in media/stats.svg media/list-cost.svg; do rsvg-convert "$f" -o "${f%.svg}.png"; done
fi
ls -la media/stats.* media/list-cost.*
