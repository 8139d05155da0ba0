// Runs once per `vitest run`, before any test file: every temporary file and
// directory the tests (and the processes they start) make goes under one
// directory of this run, removed when the run ends, so repeated runs do not
// fill the machine's /tmp. Test files still clean up after themselves where
// they can; this catches what a failing or killed test leaves behind.
//
// The tmux suites get a tmux server of this run's own (its socket under the
// same directory): they never share the user's server or its environment, and
// whatever they leave running is ended with the run.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "omr-"));
  process.env.TMPDIR = dir;
  process.env.TMUX_TMPDIR = dir;
  delete process.env.TMUX; // inside the user's tmux, tmux would talk to that server
  return () => {
    spawnSync("tmux", ["kill-server"], { stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  };
}
