// `r`: hand the terminal back to the session's agent. The browser asks to be
// left (run.ts clears the screen and unmounts Ink, which turns raw mode off)
// and run.ts starts the agent once the terminal is restored. When it cannot
// start (the agent not on PATH, the session's folder gone) the browser is
// left all the same and says why, with the command to run by hand: a status
// line is too short to copy a command from. In
// the tree, an entry other than the current leaf is first made the position
// with the usual continue-from-here write (its preview and yes), then the
// agent starts there.
import { resumeCommand, resumeRefusal, type ResumeTarget } from "../../core/agents/resume-command.js";
import { resumeProblem } from "../../core/agents/run-agent.js";
import { resumeTargetOf } from "../../core/agents/resume-target.js";
import type { Session } from "../../core/session/index.js";
import { agentLabel, agentOf, isWritable } from "../../core/session/index.js";
import type { AppStore } from "./store.js";
import type { Stores } from "./stores.js";
import type { ResumeRequest } from "./resume-store.js";
import { startWrite } from "./write-actions.js";

/** The request for a target, or null (no agent known: said in the status line). */
function requestFor(app: AppStore, t: ResumeTarget): ResumeRequest | null {
  const cmd = resumeCommand(t);
  if (!cmd) {
    app.getState().setStatus(resumeRefusal(t) ?? "no agent is known for this session", "error");
    return null;
  }
  return { cmd, problem: resumeProblem(cmd, process.env, t.file) };
}

/** Leaves the browser for the agent on this session (at its current position). */
export function requestResume(ui: Stores, t: ResumeTarget): void {
  const r = requestFor(ui.app, t);
  if (r) ui.resume.setState({ request: r });
}

const targetOf = (s: Session): ResumeTarget => resumeTargetOf(s);

/** `r` in the tree: resume at the entry under the cursor. */
export function resumeFromTree(ui: Stores): void {
  const app = ui.app;
  const { session: s, rows, cursor } = app.getState();
  if (!s) {
    app.getState().setStatus("no session open", "error");
    return;
  }
  const t = targetOf(s);
  const r = requestFor(app, t);
  if (!r) return;
  const id = rows && cursor < rows.count ? rows.row(cursor).id : null;
  // A command that cannot start writes nothing: say so (and how to run it) first.
  if (!id || id === s.leafId || r.problem) {
    ui.resume.setState({ request: r });
    return;
  }
  // A read-only format cannot be given a new position: the agent resumes where it left off.
  if (!isWritable(s)) {
    app.getState().setStatus(`${agentLabel(agentOf(s))} resumes at its own last position (the position of a read-only session cannot move)`);
    ui.resume.setState({ request: r });
    return;
  }
  // Not the current position: continue from here first; the agent starts once that is written.
  startWrite("continue", ui);
  ui.write.getState().setThen(() => requestResume(ui, targetOf(app.getState().session ?? s)));
  app.getState().setStatus(`resume at ${id}: the position moves here first, then ${r.cmd.agent} starts`);
}
