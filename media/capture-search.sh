#!/usr/bin/env bash
# Captures the search screen's hits (screen 5) from a real terminal, like
# media/capture.sh: the browser on the demo sessions in tmux (120×40) with a
# throwaway index, a query typed, then media/search.txt with colours, an SVG
# and (with rsvg-convert, Debian: librsvg2-bin) a PNG.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build.mjs
W=$(mktemp -d)
S=omp-media-search-$$
trap 'tmux kill-session -t $S 2>/dev/null || true; rm -rf "$W"' EXIT
wait_for() { for _ in $(seq 100); do tmux capture-pane -p -t $S | grep -q -- "$1" && return 0; sleep 0.2; done; echo "timed out waiting for $1" >&2; return 1; }

tmux new-session -d -s $S -x 120 -y 40 "TERM=xterm-256color OMP_SESSIONS_CACHE_DIR=$W/cache ./bin/omp-sessions --demo --open search"
wait_for "search ›"
wait_for "index up to date"
tmux send-keys -t $S -l "compaction tree"
wait_for "[1-9][0-9]*+* hits"
sleep 1
tmux send-keys -t $S Down Down
sleep 1
tmux capture-pane -p -e -t $S > media/search.txt
node scripts/screen-to-svg.mjs media/search.txt media/search.svg "omp-sessions — search hits"
tmux send-keys -t $S C-c
if command -v rsvg-convert >/dev/null; then rsvg-convert media/search.svg -o media/search.png; fi
ls -la media/search.*
