#!/usr/bin/env bash
# Captures the review screenshots (feedback queue, topic picker, digests) from a
# real terminal, like media/capture.sh: a throwaway hub filled by real `hook`
# calls and an import of the demo's large pi session, the browser in tmux
# (120×40), media/*.txt with colours, then SVG (and PNG with rsvg-convert).
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build.mjs
W=$(mktemp -d)
S=omp-media-review-$$
trap 'tmux kill-session -t $S 2>/dev/null || true' EXIT
export HOME="$W/home" OMP_SESSIONS_HUB="$W/hub"
mkdir -p "$HOME" "$OMP_SESSIONS_HUB/topics/tui/raw/notes" "$OMP_SESSIONS_HUB/topics/release/raw/notes"
BIN=./bin/omp-sessions

$BIN import-session "demo/sessions/--home-demo-project--/2025-11-20T10-00-00-000Z_pi-v1-large-session.jsonl" >/dev/null
hook() { # harness session cwd event [prompt]
  local payload
  payload=$(node -e 'const [s,c,e,p]=process.argv.slice(1); process.stdout.write(JSON.stringify({session_id:s,cwd:c,hook_event_name:e,turn_id:"t"+Date.now(),...(p?{prompt:p}:{})}))' "$2" "$3" "$4" "${5:-}")
  printf '%s' "$payload" | $BIN hook --harness "$1" >/dev/null
}
hook codex 7f3a-api /home/dev/api UserPromptSubmit "No, that's the wrong config file: the hub settings live in config.json, not settings.yaml."
hook codex 7f3a-api /home/dev/api UserPromptSubmit "Always run the unit tests before you push, from now on."
hook codex 7f3a-api /home/dev/api Stop
hook claude c41d-docs /home/dev/docs UserPromptSubmit "I prefer short commit messages in the imperative mood."
hook claude c41d-docs /home/dev/docs UserPromptSubmit "Looks good, that fixed the broken links."
hook claude c41d-docs /home/dev/docs Stop

keys() { for k in "$@"; do tmux send-keys -t $S "$k"; if [ "$k" = Escape ]; then sleep 1; else sleep 0.3; fi; done; sleep 1; }
wait_for() { for _ in $(seq 100); do tmux capture-pane -p -t $S | grep -q -- "$1" && return 0; sleep 0.2; done; echo "timed out waiting for $1" >&2; return 1; }
shot() { tmux capture-pane -p -e -t $S > "media/$1.txt"; node scripts/screen-to-svg.mjs "media/$1.txt" "media/$1.svg" "omp-sessions — $2"; }

tmux new-session -d -s $S -x 120 -y 40 "TERM=xterm-256color HOME='$HOME' $BIN --hub '$OMP_SESSIONS_HUB' --open feedback"
wait_for " new · "
# a candidate from the imported pi session, so the preview shows the turns around it
keys j j j j j j j j j j
wait_for "session file" || tmux capture-pane -p -t $S
sleep 1
shot feedback "feedback queue"
keys p
wait_for "to which topic"
shot feedback-promote "promote to a topic"
keys Escape 4
wait_for "── digest"
sleep 1
shot digests "digests"
keys q

if command -v rsvg-convert >/dev/null; then
  for f in feedback feedback-promote digests; do rsvg-convert "media/$f.svg" -o "media/$f.png"; done
fi
ls -la media/feedback* media/digests*
