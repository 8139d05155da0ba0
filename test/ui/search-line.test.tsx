// The search screen's query line is the shared line editor (^w, alt+backspace,
// Home/End, ^k, ^u), scrolls sideways so the caret (the end, while typing)
// stays in sight, and role:bash finds every agent's shell commands: pi's `!`
// entries and Claude Code's Bash calls. The screen lists the roles.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KEYS, mount, type Mounted } from "./harness.js";

let tmp: string;
let m: Mounted | null = null;
afterEach(() => {
  if (m) m.stores.search.getState().dispose();
  m?.unmount();
  m = null;
});

const SID = "cdcdcdcd-cdcd-4dcd-8dcd-cdcdcdcdcdcd";
let claude: string;
let pi: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "omp-search-line-"));
  const project = join(tmp, "claude", "projects", "-home-dev-sh");
  mkdirSync(project, { recursive: true });
  const base = (uuid: string, parent: string | null, s: number, extra: object) => ({
    parentUuid: parent,
    isSidechain: false,
    userType: "external",
    cwd: "/home/dev/sh",
    sessionId: SID,
    version: "2.1.12",
    uuid,
    timestamp: `2026-11-30T09:00:0${s}.000Z`,
    ...extra,
  });
  const lines = [
    base("cd-1", null, 1, { type: "user", message: { role: "user", content: "Build it please." } }),
    base("cd-2", "cd-1", 2, {
      type: "assistant",
      message: {
        model: "claude-sonnet-4-5-20250929",
        id: "msg_S",
        type: "message",
        role: "assistant",
        usage: { input_tokens: 1, output_tokens: 1 },
        content: [{ type: "tool_use", id: "toolu_S", name: "Bash", input: { command: "npm run zanzibar-build", description: "Build" } }],
      },
    }),
  ];
  claude = join(project, `${SID}.jsonl`);
  writeFileSync(claude, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  const piDir = join(tmp, "pi");
  mkdirSync(piDir);
  pi = join(piDir, "2026-11-30T09-00-00-000Z_pi-bash.jsonl");
  const piLines = [
    { type: "session", version: 3, id: "pi-bash", timestamp: "2026-11-30T09:00:00.000Z", cwd: "/home/dev/sh" },
    { type: "message", id: "p1", parentId: null, timestamp: "2026-11-30T09:00:01.000Z", message: { role: "bashExecution", command: "make zanzibar-clean", output: "ok", exitCode: 0, timestamp: 1 } },
  ];
  writeFileSync(pi, piLines.map((l) => JSON.stringify(l)).join("\n") + "\n");
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const queryLine = () => m!.frame().split("\n")[1];
const query = () => m!.stores.search.getState().query;

describe("the search screen's query line", () => {
  it("edits like every other line: ^w, alt+backspace, Home, End, ^k, ^u", async () => {
    m = await mount({ paths: [pi], width: 100, height: 24 });
    await m.press("5");
    await m.waitFor((f) => f.includes("search ›"), "the search screen");
    await m.type("alpha beta gamma");
    await m.press(KEYS.ctrl("w"));
    expect(query()).toBe("alpha beta ");
    await m.press(KEYS.alt("\u007f"));
    expect(query()).toBe("alpha ");
    await m.press(KEYS.home);
    await m.type("x");
    expect(query()).toBe("xalpha ");
    await m.press(KEYS.ctrl("k"));
    expect(query()).toBe("x");
    await m.press(KEYS.end);
    await m.type("yz");
    expect(query()).toBe("xyz");
    await m.press(KEYS.ctrl("u"));
    expect(query()).toBe("");
  });

  it("a query longer than the line scrolls so its end shows while typing", async () => {
    m = await mount({ paths: [pi], width: 60, height: 20 });
    await m.press("5");
    await m.waitFor((f) => f.includes("search ›"), "the search screen");
    await m.burst("a".repeat(70) + " THE-END");
    await m.waitFor(() => queryLine().includes("THE-END▏"), "the end of the query in sight");
    expect(queryLine()).toContain("search › …");
  });

  it("lists the roles, and role:bash finds Claude Code's Bash call and pi's ! entry", async () => {
    m = await mount({ paths: [pi, claude], width: 120, height: 30 });
    await m.press("5");
    const f = await m.waitFor((x) => x.includes("role:R"), "the syntax help");
    expect(f).toMatch(/user · assistant · bash/);
    expect(f).toContain("Claude Code's Bash");
    await m.type("role:bash zanzibar");
    const hits = await m.waitFor((x) => /2 hits/.test(x), "two hits");
    expect(hits).toContain("npm run zanzibar-build");
    expect(hits).toContain("make zanzibar-clean");
  });
});
