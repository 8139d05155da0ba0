// The run's temporary directory (test/global-setup.ts): what tests and the
// processes they start make goes there, and the run removes it at its end.
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { basename } from "node:path";
import { expect, test } from "vitest";

test("temporary files of tests and of the processes they start go under the run's own directory", () => {
  expect(basename(tmpdir())).toMatch(/^omr-/);
  const child = execFileSync(process.execPath, ["-e", "process.stdout.write(require('node:os').tmpdir())"], { encoding: "utf8" });
  expect(child).toBe(tmpdir());
  expect(process.env.TMUX_TMPDIR).toBe(tmpdir());
});
