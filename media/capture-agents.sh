#!/usr/bin/env bash
# Captures the "Agents read" screenshots: a home holding the test fixtures of
# every other agent in its default places (Claude Code, Codex, Gemini CLI,
# OpenCode), the browser run there with no arguments in tmux (120×40): the
# list with each row's agent, then a Claude Code session with a fork.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build.mjs
S=omp-media-agents-$$
H=$(mktemp -d)
trap 'tmux kill-session -t $S 2>/dev/null || true; rm -rf "$H"' EXIT
F=test/fixtures/agents
mkdir -p "$H/.claude" "$H/.codex" "$H/.gemini" "$H/.local/share/opencode"
cp -r $F/claude/projects "$H/.claude/projects"
cp -r $F/codex/sessions $F/codex/archived_sessions "$H/.codex/"
cp -r $F/gemini/tmp $F/gemini/projects.json "$H/.gemini/"
node $F/opencode/make-db.mjs "$H/.local/share/opencode" > /dev/null
keys() { for k in "$@"; do tmux send-keys -t $S "$k"; sleep 0.3; done; sleep 1; }
wait_for() { for _ in $(seq 100); do tmux capture-pane -p -t $S | grep -q -- "$1" && return 0; sleep 0.2; done; echo "timed out waiting for $1" >&2; return 1; }
shot() { tmux capture-pane -p -e -t $S > "media/$1.txt"; node scripts/screen-to-svg.mjs "media/$1.txt" "media/$1.svg" "omp-sessions — $2"; }
tmux new-session -d -s $S -x 120 -y 40 "cd '$H' && env -u CLAUDE_CONFIG_DIR -u CODEX_HOME -u XDG_DATA_HOME -u XDG_CONFIG_HOME -u GEMINI_CLI_HOME HOME='$H' TERM=xterm-256color $PWD/bin/omp-sessions"
wait_for "^› "
sleep 1
shot agents-list "every agent's sessions"
# The Claude Code session whose prompt was edited: two branches.
keys "Rename the config"
keys Enter
wait_for "← leaf"
sleep 1
shot claude-tree "a Claude Code session's tree"
if command -v rsvg-convert > /dev/null; then
  for n in agents-list claude-tree; do rsvg-convert "media/$n.svg" -o "media/$n.png"; done
fi
echo "captured media/agents-list.* and media/claude-tree.*"
