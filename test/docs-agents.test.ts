// The README's table of agents says what the agent registry says: each
// agent's tag, whether it is written, the command that resumes it and how it
// feeds the capture hook.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { AGENTS } from "../src/core/session/agents.js";

describe("the README's agents table", () => {
  const rows = readFileSync("README.md", "utf8")
    .split("\n")
    .filter((l) => /^\| [^|]+ \| `[a-z]+` \|/.test(l));

  it("has one row per agent of the registry, in its order", () => {
    expect(rows.map((r) => /\| `([a-z]+)` \|/.exec(r)![1])).toEqual(AGENTS.map((a) => a.id));
  });

  for (const a of AGENTS) {
    it(`${a.id}: write rule and resume command as the registry has them`, () => {
      const row = rows.find((r) => r.includes(`| \`${a.id}\` |`))!;
      expect(row.includes("read-only"), row).toBe(!a.writable);
      const cmd = [a.id, ...a.resumeArgs({ file: "FILE", id: "ID", cwd: "", agent: a.id })].join(" ");
      expect(row).toContain("`" + cmd);
      // The capture column says how the registry's agent feeds the hook.
      const capture = row.split("|")[6];
      expect(capture, row).toContain({ hooks: "hooks in", extension: "an extension", plugin: "a plugin" }[a.capture]);
    });
  }
});
