#!/usr/bin/env bash
# Captures the compare view (m, then =) from a real terminal: the browser on
# the compare fixture in tmux (120×32), two branches of one pi session side by
# side from their branch point. Saves media/compare.{txt,svg} (and .png when
# rsvg-convert is installed).
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build.mjs
S=omp-media-compare-$$
trap 'tmux kill-session -t $S 2>/dev/null || true' EXIT
keys() { for k in "$@"; do tmux send-keys -t $S "$k"; sleep 0.3; done; sleep 1; }
wait_for() { for _ in $(seq 100); do tmux capture-pane -p -t $S | grep -q -- "$1" && return 0; sleep 0.2; done; echo "timed out waiting for $1" >&2; return 1; }
shot() { tmux capture-pane -p -e -t $S > "media/$1.txt"; node scripts/screen-to-svg.mjs "media/$1.txt" "media/$1.svg" "omp-sessions — $2"; }

tmux new-session -d -s $S -x 120 -y 32 "TERM=xterm-256color ./bin/omp-sessions test/fixtures/compare/pi-compare.jsonl"
wait_for "← leaf"
# The tree lists the leaf's branch first: the other branch's last answer is the last row.
keys G
wait_for "› .*Patched, tests pass"
keys m
wait_for "\[m\]"
keys .
keys =
wait_for "common point"
keys j
sleep 1
shot compare "compare two branches (m, then =)"

if command -v rsvg-convert >/dev/null; then rsvg-convert media/compare.svg -o media/compare.png; fi
