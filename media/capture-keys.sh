#!/usr/bin/env bash
# Captures the screens of issue 24 from a real terminal (tmux), drawn as SVG
# and PNG like capture.sh: the session list while typing a word that starts
# with an old command letter (it only searches), the stats screen at 80×24
# scrolled to its top models and projects, and the tree's subagent chooser on
# a Claude Code call that started three subagents (made in a temp dir).
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build.mjs
S=omp-media-keys-$$
W=$(mktemp -d)
trap 'tmux kill-session -t $S 2>/dev/null || true; rm -rf "$W"' EXIT
mkdir -p "$W/cache" "$W/home" "$W/stats"
keys() { for k in "$@"; do tmux send-keys -t $S "$k"; if [ "$k" = Escape ]; then sleep 1; else sleep 0.3; fi; done; sleep 1; }
wait_for() { for _ in $(seq 150); do tmux capture-pane -p -t $S | grep -q -- "$1" && return 0; sleep 0.2; done; echo "timed out waiting for $1" >&2; return 1; }
shot() { tmux capture-pane -p -e -t $S > "media/$1.txt"; node scripts/screen-to-svg.mjs "media/$1.txt" "media/$1.svg" "omp-sessions — $2"; }

# 1. The list while typing "refactor" (r was resume): the demo copy, 120×40.
tmux new-session -d -s $S -x 120 -y 40 "HOME=$W/home OMP_SESSIONS_CACHE_DIR=$W/cache TERM=xterm-256color ./bin/omp-sessions --demo"
wait_for "^› "
sleep 1
tmux send-keys -t $S -l "refactor"
wait_for "/ refactor"
sleep 1
shot list-typing "typing on the session list only searches"
keys C-c
tmux kill-session -t $S 2>/dev/null || true

# 2. Stats at 80×24, scrolled: the fixtures with their times moved into the last 30 days.
python3 media/recent-copies.py "$W/stats" test/fixtures/sessions/*.jsonl test/fixtures/sessions-rich/pi/*.jsonl
tmux new-session -d -s $S -x 80 -y 24 "HOME=$W/home OMP_SESSIONS_CACHE_DIR=$W/cache TERM=xterm-256color ./bin/omp-sessions $W/stats"
wait_for "^› "
keys 6
wait_for "sessions with usage"
sleep 1
shot stats-80x24 "stats (6) at 80×24"
keys PageDown G
wait_for "top projects"
sleep 1
shot stats-80x24-scrolled "stats (6) at 80×24, scrolled (j/k, PgDn, G)"
keys q
tmux kill-session -t $S 2>/dev/null || true

# 3. The subagent chooser: a Claude Code turn that started three subagents.
python3 - "$W/claude" <<'PY'
import json, os, sys
root = sys.argv[1]
sid = "abababab-abab-4bab-8bab-abababababab"
project = os.path.join(root, "projects", "-home-dev-parallel")
subs = os.path.join(project, sid, "subagents")
os.makedirs(subs)
agents = [("a0000000000000001", "toolu_A", "Read the parser", "Explore"), ("a0000000000000002", "toolu_B", "Check the failing tests", "general-purpose"), ("a0000000000000003", "toolu_C", "Scan the docs for the old flag", "Explore")]
def base(uuid, parent, s, **extra):
    d = {"parentUuid": parent, "isSidechain": False, "userType": "external", "cwd": "/home/dev/parallel", "sessionId": sid, "version": "2.1.12", "uuid": uuid, "timestamp": "2026-11-30T09:00:%02d.000Z" % s}
    d.update(extra)
    return d
u = lambda n: "abababab-0000-4000-8000-%012d" % n
usage = {"input_tokens": 3, "output_tokens": 10}
lines = [base(u(1), None, 1, type="user", message={"role": "user", "content": "Look at the parser, the tests and the docs at once."}),
         base(u(2), u(1), 2, type="assistant", message={"model": "claude-sonnet-4-5-20250929", "id": "msg_P", "type": "message", "role": "assistant", "usage": usage, "content": [{"type": "tool_use", "id": c, "name": "Agent", "input": {"description": d, "prompt": d + ", please.", "subagent_type": t}} for (_, c, d, t) in agents]})]
for i, (aid, call, desc, typ) in enumerate(agents):
    lines.append(base(u(3 + i), u(2 + i), 10 + i, type="user", message={"role": "user", "content": [{"tool_use_id": call, "type": "tool_result", "content": [{"type": "text", "text": "done %d" % (i + 1)}]}]}, toolUseResult={"status": "completed", "agentId": aid, "agentType": typ, "content": [{"type": "text", "text": "done %d" % (i + 1)}]}, sourceToolAssistantUUID=u(2)))
    sub = [dict(base(aid + "-u", None, 3, type="user", message={"role": "user", "content": desc + ", please."}), isSidechain=True, agentId=aid),
           dict(base(aid + "-a", aid + "-u", 4, type="assistant", message={"model": "claude-haiku-4-5-20251001", "id": "msg_" + aid, "type": "message", "role": "assistant", "usage": usage, "content": [{"type": "text", "text": "Answer of subagent %d." % (i + 1)}]}), isSidechain=True, agentId=aid)]
    open(os.path.join(subs, "agent-%s.jsonl" % aid), "w").write("".join(json.dumps(l) + "\n" for l in sub))
    open(os.path.join(subs, "agent-%s.meta.json" % aid), "w").write(json.dumps({"agentType": typ, "description": desc, "toolUseId": call}))
lines.append(base(u(6), u(5), 20, type="assistant", message={"model": "claude-sonnet-4-5-20250929", "id": "msg_E", "type": "message", "role": "assistant", "usage": usage, "content": [{"type": "text", "text": "All three are done."}]}))
open(os.path.join(project, sid + ".jsonl"), "w").write("".join(json.dumps(l) + "\n" for l in lines))
PY
tmux new-session -d -s $S -x 120 -y 30 "HOME=$W/home OMP_SESSIONS_CACHE_DIR=$W/cache TERM=xterm-256color ./bin/omp-sessions $W/claude/projects/-home-dev-parallel/abababab-abab-4bab-8bab-abababababab.jsonl"
wait_for "← leaf"
for _ in 1 2 3 4 5 6; do tmux capture-pane -p -t $S | grep -q '^› .*\[Agent:' && break; keys k; done
keys o
wait_for "This call started 3 subagents"
keys o
shot subagent-chooser "o on a call that started three subagents"
keys Enter
wait_for "Answer of subagent 2"
sleep 1
shot subagent-opened "the second subagent, opened from the chooser"
keys q

if command -v rsvg-convert >/dev/null; then
  for f in media/list-typing.svg media/stats-80x24.svg media/stats-80x24-scrolled.svg media/subagent-chooser.svg media/subagent-opened.svg; do rsvg-convert "$f" -o "${f%.svg}.png"; done
fi
ls -la media/list-typing.* media/stats-80x24* media/subagent-*
