// Parallel subagents: an Agent call row whose turn started three subagents.
// `o` opens a chooser listing all three (numbered, named by their calls); each
// can be reached (Enter, its number, or o cycling), and p leads back.
import { afterEach, beforeAll, afterAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cursorRow, KEYS, mount, type Mounted } from "./harness.js";

const SID = "abababab-abab-4bab-8bab-abababababab";
let root: string;
let parentFile: string;
const AGENTS = [
  { id: "a0000000000000001", call: "toolu_A", description: "Read the parser", type: "Explore" },
  { id: "a0000000000000002", call: "toolu_B", description: "Check the tests", type: "general-purpose" },
  { id: "a0000000000000003", call: "toolu_C", description: "Scan the docs", type: "Explore" },
];

const base = (uuid: string, parent: string | null, ts: number, extra: object) => ({
  parentUuid: parent,
  isSidechain: false,
  userType: "external",
  cwd: "/home/dev/par",
  sessionId: SID,
  version: "2.1.12",
  uuid,
  timestamp: new Date(Date.UTC(2026, 10, 30, 9, 0, ts)).toISOString(),
  ...extra,
});

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "omp-par-"));
  const project = join(root, "projects", "-home-dev-par");
  const subs = join(project, SID, "subagents");
  mkdirSync(subs, { recursive: true });
  const u = (n: number) => `abababab-0000-4000-8000-${String(n).padStart(12, "0")}`;
  const usage = { input_tokens: 3, output_tokens: 10 };
  const lines: object[] = [
    base(u(1), null, 1, { type: "user", message: { role: "user", content: "Look at three things at once." } }),
    base(u(2), u(1), 2, {
      type: "assistant",
      requestId: "req_P",
      message: {
        model: "claude-sonnet-4-5-20250929",
        id: "msg_P",
        type: "message",
        role: "assistant",
        usage,
        content: AGENTS.map((a) => ({ type: "tool_use", id: a.call, name: "Agent", input: { description: a.description, prompt: `${a.description}, please.`, subagent_type: a.type } })),
      },
    }),
  ];
  AGENTS.forEach((a, i) => {
    lines.push(
      base(u(3 + i), u(2 + i), 10 + i, {
        type: "user",
        message: { role: "user", content: [{ tool_use_id: a.call, type: "tool_result", content: [{ type: "text", text: `done ${i + 1}` }] }] },
        toolUseResult: { status: "completed", prompt: `${a.description}, please.`, agentId: a.id, agentType: a.type, content: [{ type: "text", text: `done ${i + 1}` }] },
        sourceToolAssistantUUID: u(2),
      }),
    );
    const sub = [
      { ...base(`${a.id}-u`, null, 3, { type: "user", message: { role: "user", content: `${a.description}, please.` } }), isSidechain: true, agentId: a.id },
      {
        ...base(`${a.id}-a`, `${a.id}-u`, 4, {
          type: "assistant",
          message: { model: "claude-haiku-4-5-20251001", id: `msg_${a.id}`, type: "message", role: "assistant", usage, content: [{ type: "text", text: `Answer of subagent ${i + 1}.` }] },
        }),
        isSidechain: true,
        agentId: a.id,
      },
    ];
    writeFileSync(join(subs, `agent-${a.id}.jsonl`), sub.map((l) => JSON.stringify(l)).join("\n") + "\n");
    writeFileSync(join(subs, `agent-${a.id}.meta.json`), JSON.stringify({ agentType: a.type, description: a.description, toolUseId: a.call }));
  });
  parentFile = join(project, `${SID}.jsonl`);
  writeFileSync(parentFile, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
});

async function onTheCall(): Promise<void> {
  m = await mount({ file: parentFile, width: 120, height: 30 });
  for (let i = 0; i < 10 && !cursorRow(m.frame()).includes("[Agent:"); i++) await m.press("k");
  expect(cursorRow(m.frame())).toContain("[Agent:");
}

describe("o on a call that started three subagents", () => {
  it("lists all three; Enter on each (after o cycling) opens that one, and p goes back", async () => {
    await onTheCall();
    for (const [n, a] of AGENTS.entries()) {
      await m!.press("o");
      let f = await m!.waitFor((x) => x.includes("This call started 3 subagents"), "the chooser");
      for (const [k, b] of AGENTS.entries()) expect(f).toContain(`${k + 1}. ${b.type}: ${b.description}`);
      expect(f.split("\n").at(-1)).toContain("Enter open");
      // o cycles to the next one (the chooser opens on the first).
      for (let k = 0; k < n; k++) await m!.press("o");
      expect((f = m!.frame())).toContain(`subagent ${n + 1}/3`);
      await m!.press(KEYS.enter);
      f = await m!.waitFor((x) => x.includes(`Answer of subagent ${n + 1}.`), `subagent ${n + 1}`);
      expect(m!.store.getState().session!.file).toMatch(new RegExp(`agent-${a.id}\\.jsonl$`));
      expect(f).toContain(`subagent ${n + 1}/3: ${a.type}: ${a.description}`);
      await m!.press("p");
      await m!.waitFor(() => m!.store.getState().session!.file === parentFile, "back to the call");
      expect(cursorRow(m!.frame())).toContain("[Agent:");
    }
  });

  it("a number opens that subagent at once; Esc closes the chooser", async () => {
    await onTheCall();
    await m!.press("o");
    await m!.waitFor((x) => x.includes("This call started 3 subagents"), "the chooser");
    await m!.press(KEYS.escape);
    expect(m!.frame()).not.toContain("This call started");
    expect(m!.store.getState().session!.file).toBe(parentFile);
    await m!.press("o", "2");
    await m!.waitFor((x) => x.includes("Answer of subagent 2."), "subagent 2");
  });
});
