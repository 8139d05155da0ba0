// The stats screen counts what `stats` counts: a Claude Code sidechain of
// nothing but its warm-up exchange is left out of the list, but its calls
// were billed, so screen 6 and `stats --json` both count them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mount, type Mounted } from "./harness.js";
import { runBin } from "../helpers/run-bin.js";
import { shortCount } from "../../src/core/stats/format.js";

const SID = "5c1de0a2-0000-4000-8000-00000000beef";
let root: string;
let project: string;
let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
});

const base = (sidechain: boolean) => ({ isSidechain: sidechain, sessionId: SID, cwd: "/x", version: "2.1.1", ...(sidechain ? { agentId: "a0feed1" } : {}) });
function exchange(sidechain: boolean, tag: string, prompt: string, output: number): object[] {
  const b = base(sidechain);
  return [
    { ...b, parentUuid: null, type: "user", uuid: `${tag}-u`, timestamp: "2026-01-07T10:00:00.000Z", message: { role: "user", content: prompt } },
    {
      ...b,
      parentUuid: `${tag}-u`,
      type: "assistant",
      uuid: `${tag}-a`,
      requestId: `req-${tag}`,
      timestamp: "2026-01-07T10:00:05.000Z",
      message: {
        id: `msg-${tag}`,
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [{ type: "text", text: "ok" }],
        stop_reason: "end_turn",
        usage: { input_tokens: 10, output_tokens: output, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      },
    },
  ];
}
const write = (name: string, lines: object[]): void => writeFileSync(join(project, name), lines.map((l) => JSON.stringify(l) + "\n").join(""));

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "omp-stats-warmups-"));
  project = join(root, ".claude", "projects", "-x");
  mkdirSync(project, { recursive: true });
  write(`${SID}.jsonl`, exchange(false, "main", "Fix the parser.", 1000));
  write("agent-a0feed1.jsonl", exchange(true, "warm", "Warmup", 234));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("stats screen and warm-ups", () => {
  it("lists one session but counts the warm-up's tokens, as stats --json does", async () => {
    const r = await runBin(["stats", join(root, ".claude", "projects"), "--json"], { env: { ...process.env, OMP_SESSIONS_CACHE_DIR: join(root, "cache-cli") } });
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as { totalTokens: number }[];
    const total = rows.reduce((a, x) => a + x.totalTokens, 0);
    expect(total).toBe(10 + 1000 + 10 + 234);
    m = await mount({ paths: [join(root, ".claude", "projects")], width: 120, height: 40, statsCacheDir: join(root, "cache-ui") });
    await m.waitFor((f) => f.includes("Fix the parser."), "the list");
    expect(m.store.getState().sessions!.map((s) => s.path)).toEqual([join(project, `${SID}.jsonl`)]);
    await m.press("6");
    const f = await m.waitFor((x) => x.includes("sessions with usage"), "the figures");
    expect(f).toContain(shortCount(total));
  });
});
