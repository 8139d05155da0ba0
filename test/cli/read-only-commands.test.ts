// The write commands on a session of a read-only format (a dialect registered
// the way Claude Code's, Codex's, Gemini's and OpenCode's are): each refuses
// with one line naming the agent (exit 4), before it looks at its other
// arguments, and leaves the source as it was; export still writes its file.
// In process, because the toy dialect is registered only in tests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEnv, useEnv } from "../../src/core/env.js";
import { runCommand } from "../../src/hooks-cli/main.js";
import { labelCommand } from "../../src/hooks-cli/session/label.js";
import { continueCommand } from "../../src/hooks-cli/session/continue.js";
import { forkCommand } from "../../src/hooks-cli/session/fork.js";
import { renameCommand } from "../../src/hooks-cli/session/rename.js";
import { exportCommand } from "../../src/hooks-cli/session/export.js";
import { parseAgentList } from "../../src/core/session/agents.js";
import { toyDialect } from "../core/session/toy-dialect.js";
import { importSession } from "../../src/core/capture/import-session.js";
import { sandbox } from "../capture/helpers.js";

let tmp: string;
let file: string;
let restoreEnv: () => void;
const rec = (o: object) => JSON.stringify(o) + "\n";

beforeAll(() => {
  restoreEnv = useEnv(createEnv({ extraDialects: [toyDialect] }));
  tmp = mkdtempSync(join(tmpdir(), "omp-ro-"));
  file = join(tmp, "talk.toy.jsonl");
  writeFileSync(
    file,
    rec({ k: "meta", sid: "toy-1", dir: "/home/u/toy", title: "Toy talk", at: "2026-03-01T10:00:00.000Z" }) +
      rec({ k: "msg", uid: "u1", up: null, who: "human", text: "hello", at: "2026-03-01T10:01:00.000Z" }) +
      rec({ k: "msg", uid: "a1", up: "u1", who: "bot", text: "hi", at: "2026-03-01T10:02:00.000Z" }),
  );
});
afterAll(() => {
  restoreEnv();
  rmSync(tmp, { recursive: true, force: true });
});

describe("write commands on a read-only format", () => {
  it("label, continue, fork and rename exit 4 with one line naming the agent; nothing is written, no fork appears", async () => {
    const before = readFileSync(file);
    const line = `${file}: read-only: Toy sessions are not written by omp-sessions (export and resume still work)`;
    for (const [cmd, args] of [
      [labelCommand, [file, "u1", "good"]],
      [continueCommand, [file, "u1"]],
      [forkCommand, [file, "u1"]],
      [renameCommand, [file, "new name", "--yes"]],
      // refused before the entry is even looked up
      [labelCommand, [file, "no-such-entry", "x"]],
    ] as const) {
      const err = await runCommand(cmd, [...args]).then(
        () => null,
        (e: { exitCode?: number; message?: string }) => e,
      );
      expect(err?.exitCode, cmd.name).toBe(4);
      expect(err?.message, cmd.name).toBe(line);
    }
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(tmp)).toEqual(["talk.toy.jsonl"]);
  });

  it("export still writes the path to a new file", async () => {
    const out = join(tmp, "talk.md");
    expect(await runCommand(exportCommand, [file, "-o", out])).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect(readFileSync(out, "utf8")).toContain("hello");
  });

  it("ls --agent takes a registered dialect's agent too", () => {
    expect(parseAgentList(["toy,pi"])).toEqual({ agents: ["toy", "pi"] });
  });
});

describe("import-session on another agent's session", () => {
  it("records it under that agent (the sid its hook gives it), reading it through its dialect", async () => {
    const sb = sandbox();
    const r = await importSession(sb.root, file);
    expect(r.llm_wiki_session_id).toBe("toy:toy-1");
    expect((await importSession(sb.root, file)).unchanged).toBe(true);
  });
});
