#!/usr/bin/env bash
# Captures the README screenshots from a real terminal: runs the browser on the
# demo sessions in tmux (120×40), drives it with keys, saves each screen with
# its colours (media/*.txt), then draws SVGs (scripts/screen-to-svg.mjs) and,
# when rsvg-convert is installed (Debian: librsvg2-bin), PNGs.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build.mjs
S=omp-media-$$
trap 'tmux kill-session -t $S 2>/dev/null || true' EXIT
# Esc is sent alone and followed by a pause: "Esc s" glued together reads as alt+s.
keys() { for k in "$@"; do tmux send-keys -t $S "$k"; if [ "$k" = Escape ]; then sleep 1; else sleep 0.3; fi; done; sleep 1; }
wait_for() { for _ in $(seq 100); do tmux capture-pane -p -t $S | grep -q -- "$1" && return 0; sleep 0.2; done; echo "timed out waiting for $1" >&2; return 1; }
shot() { tmux capture-pane -p -e -t $S > "media/$1.txt"; node scripts/screen-to-svg.mjs "media/$1.txt" "media/$1.svg" "omp-sessions — $2"; }

tmux new-session -d -s $S -x 120 -y 40 "TERM=xterm-256color ./bin/omp-sessions --demo"
wait_for "^› "
sleep 1
shot list "session list"
keys C-p
shot list-paths "session list with file paths (^p)"
keys C-p
# Every printable key on the list searches (as in pi's /resume), best match first.
keys t e s t s
shot list-search "search as you type"
keys Escape
# Open the demo session with the most branches (second oldest by activity): ↑ wraps to the last row.
keys Up Up
keys Enter
wait_for "← leaf"
sleep 1
shot tree "session tree"
keys g ] ]
keys Enter
wait_for "── entry"
sleep 1
shot detail "entry detail"
keys Escape . c
wait_for "── context"
sleep 1
shot context "context view"
keys Escape C-u
shot tree-user-only "user-only filter"
keys C-d ?
shot help "keys (120×40, scrolls with j/k PgUp/PgDn g/G)"
keys G
shot help-end "keys, the end of the help"
keys Escape C-c

if command -v rsvg-convert >/dev/null; then
  for f in media/*.svg; do rsvg-convert "$f" -o "${f%.svg}.png"; done
fi
ls -la media
