// Issue 14 items 5b and 6, end to end through the built binary: one session
// with out-of-range timestamps costs that value, never the listing; 5,000
// levels of nesting do not overflow the stack; escape sequences and bidi
// overrides from a hostile session never reach the terminal.
import { beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { ensureBuilt } from "../capture/helpers.js";
import { listSessions } from "../../src/core/session/list/list.js";
import { catalogSummaries } from "../../src/core/session/list/catalog.js";

beforeAll(ensureBuilt);

let base: string;
const env = (): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, HOME: join(base, "home"), OMP_SESSIONS_CACHE_DIR: join(base, "cache"), NO_COLOR: "1", COLUMNS: "200" };
  for (const k of ["PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "OMP_PROFILE", "PI_PROFILE", "XDG_CACHE_HOME"]) delete e[k];
  return e;
};
const run = (args: string[]) => runCli(args, { cwd: base, env: env() });
const line = (o: unknown): string => JSON.stringify(o);

const E = "\u001b";
const BEL = "\u0007";
// OSC 0 (window title), OSC 52 (clipboard), C1 CSI (0x9b), bidi overrides and isolates, a clear-screen
const EVIL = `${E}]0;PWNED-TITLE${BEL}${E}]52;c;ZXZpbA==${BEL}\u009b31m\u202eevil\u2066x\u2069\u202a${E}[2J`;
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

let agent: string;
let badTime: string;
let goodTime: string;
let deep: string;
let hostilePi: string;
let hostileOmp: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "omp-hostile-"));
  mkdirSync(join(base, "home"), { recursive: true });
  agent = join(base, "agent");
  const dir = join(agent, "sessions", "--home-dev-app--");
  mkdirSync(dir, { recursive: true });
  badTime = join(dir, "2026-01-05T09-00-00-000Z_bad.jsonl");
  writeFileSync(
    badTime,
    [
      line({ type: "session", version: 3, id: "bad-time", timestamp: "+275760-09-13T00:00:00.001Z", cwd: "/home/dev/app" }),
      line({ type: "message", id: "a1", parentId: null, timestamp: "+275760-09-13T00:00:00.001Z", message: { role: "user", content: "timewarp question", timestamp: 9e15 } }),
      line({ type: "message", id: "a2", parentId: "a1", timestamp: "2026-01-05T09:01:00.000Z", message: { role: "assistant", content: [{ type: "text", text: "timewarp answer" }], timestamp: 1e300 } }),
      line({ type: "message", id: "a3", parentId: "a2", timestamp: "not a time", message: { role: "user", content: "timewarp again", timestamp: -1e20 } }),
    ].join("\n") + "\n",
  );
  goodTime = join(dir, "2026-01-04T09-00-00-000Z_good.jsonl");
  writeFileSync(
    goodTime,
    [
      line({ type: "session", version: 3, id: "good-time", timestamp: "2026-01-04T09:00:00.000Z", cwd: "/home/dev/app" }),
      line({ type: "message", id: "g1", parentId: null, timestamp: "2026-01-04T09:01:00.000Z", message: { role: "user", content: "timewarp fine", timestamp: Date.parse("2026-01-04T09:01:00.000Z") } }),
    ].join("\n") + "\n",
  );

  const N = 5000;
  const nestedObj = '{"a":'.repeat(N) + '"x"' + "}".repeat(N);
  const nestedArr = "[".repeat(N) + '"y"' + "]".repeat(N);
  deep = join(base, "deep.jsonl");
  writeFileSync(
    deep,
    [
      line({ type: "session", version: 3, id: "deep", timestamp: "2026-01-05T09:00:00.000Z", cwd: "/home/dev/app" }),
      `{"type":"message","id":"d1","parentId":null,"timestamp":"2026-01-05T09:01:00.000Z","message":{"role":"user","content":[{"type":"text","text":"deep"}],"timestamp":1767603660000,"extra":${nestedObj}}}`,
      `{"type":"message","id":"d2","parentId":"d1","timestamp":"2026-01-05T09:02:00.000Z","message":{"role":"assistant","content":[{"type":"toolCall","id":"t1","name":"","arguments":{"x":${nestedArr}}}],"timestamp":1767603720000}}`,
      `{"type":"custom","id":"d3","parentId":"d2","timestamp":"2026-01-05T09:03:00.000Z","data":${nestedObj}}`,
    ].join("\n") + "\n",
  );

  const entries = [
    { type: "session_info", id: "i1", parentId: null, timestamp: "2026-01-05T09:00:01.000Z", name: "name " + EVIL },
    { type: "message", id: "m1", parentId: "i1", timestamp: "2026-01-05T09:01:00.000Z", message: { role: "user", content: "hi " + EVIL, timestamp: 1767603660000 } },
    {
      type: "message",
      id: "m2",
      parentId: "m1",
      timestamp: "2026-01-05T09:02:00.000Z",
      message: { role: "assistant", content: [{ type: "toolCall", id: "t1", name: "bash" + EVIL, arguments: { command: "ls " + EVIL } }], timestamp: 1767603720000 },
    },
    {
      type: "message",
      id: "m3",
      parentId: "m2",
      timestamp: "2026-01-05T09:03:00.000Z",
      message: { role: "toolResult", toolCallId: "t1", toolName: "tool" + EVIL, content: [{ type: "text", text: "out" + EVIL }], isError: true, timestamp: 1767603780000 },
    },
    { type: "label", id: "l1", parentId: "m3", timestamp: "2026-01-05T09:04:00.000Z", targetId: "m2", label: "lab" + EVIL },
    { type: "branch_summary", id: "b1", parentId: "m1", timestamp: "2026-01-05T09:05:00.000Z", fromId: "m1", summary: "sum" + EVIL },
    { type: "compaction", id: "c1", parentId: "l1", timestamp: "2026-01-05T09:06:00.000Z", summary: "comp" + EVIL, firstKeptEntryId: "m2", tokensBefore: 1234 },
    { type: "custom_message", id: "x1", parentId: "c1", timestamp: "2026-01-05T09:07:00.000Z", customType: "ct" + EVIL, content: "cm" + EVIL, display: true },
    { type: "weird" + EVIL, id: "x3", parentId: "x1", timestamp: "2026-01-05T09:09:00.000Z" },
  ];
  hostilePi = join(dir, "2026-01-05T10-00-00-000Z_hostile.jsonl");
  writeFileSync(hostilePi, [line({ type: "session", version: 3, id: "hostile-pi", timestamp: "2026-01-05T09:00:00.000Z", cwd: "/home/dev/app" + EVIL }), ...entries.map(line), "not json " + EVIL].join("\n") + "\n");
  // omp: the title slot (first line, padded) holds the hostile title
  const slot = line({ type: "title", v: 1, title: "slot " + EVIL, source: "user", updatedAt: "2026-01-05T09:00:00.000Z", pad: "" });
  const padded = slot.replace('"pad":""', `"pad":"${" ".repeat(Math.max(0, 255 - slot.length))}"`);
  hostileOmp = join(dir, "2026-01-05T11-00-00-000Z_hostile-omp.jsonl");
  writeFileSync(hostileOmp, [padded, line({ type: "session", version: 3, id: "hostile-omp", timestamp: "2026-01-05T09:00:00.000Z", cwd: "/home/dev/app", title: "hdr " + EVIL }), ...entries.slice(1).map(line)].join("\n") + "\n");
});

describe("an out-of-range timestamp costs one value, never the listing (issue 14, 5b)", () => {
  const lists = [
    ["ls", "--all"],
    ["ls", "--all", "--json"],
    ["ls", "--cwd", "/home/dev/app"],
    ["search", "timewarp"],
    ["search", "timewarp", "--json"],
  ];
  it.each(lists.map((a) => [a.join(" "), a]))("%s", async (_title, args) => {
    const r = await run([...args, "--agent-dir", agent]);
    expect(r.stderr).not.toContain("Invalid time value");
    expect(r.code, r.stderr).toBe(0);
    // the good session is listed (or found) beside the bad one
    if (args[0] === "ls" && args.includes("--json")) {
      const rows = JSON.parse(r.stdout) as { path: string; modified: string }[];
      expect(rows.map((x) => x.path).sort()).toEqual(expect.arrayContaining([badTime, goodTime]));
      for (const x of rows) expect(Number.isFinite(Date.parse(x.modified)), x.path).toBe(true);
    } else expect(r.stdout).toContain(args[0] === "ls" ? "timewarp fine" : "good.jsonl");
  });

  it("the browser's list (the catalog, cached or not) keeps every session", async () => {
    for (const cache of [true, false]) {
      const rows = await listSessions({ agentDirs: [agent], all: true, cache, cacheDir: join(base, "cache-core") });
      expect(rows.map((x) => x.path)).toEqual(expect.arrayContaining([badTime, goodTime]));
    }
    const sums = await catalogSummaries([badTime, goodTime], [agent], { dir: join(base, "cache-core2") });
    expect(sums.every((x) => x !== null && Number.isFinite(Date.parse(x.modified)))).toBe(true);
  });
});

describe("5,000 levels of nesting (issue 14, 5b)", () => {
  const runs = [["context"], ["context", "--json"], ["show", "d1"], ["show", "d1", "--json"], ["show", "d2"], ["show", "d3", "--json"], ["tree"], ["tree", "--json"]];
  it.each(runs.map((a) => [a.join(" "), a]))("%s", async (_title, [cmd, ...rest]) => {
    const r = await run([cmd, deep, ...rest]);
    expect(r.stderr).not.toContain("Maximum call stack");
    expect(r.code, r.stderr).toBe(0);
    if (rest.includes("--json") || cmd === "show") {
      const doc = JSON.parse(r.stdout);
      if (cmd === "show") {
        // every level is there
        let v = rest[0] === "d2" ? doc.message.content[0].arguments.x : rest[0] === "d3" ? doc.data : doc.message.extra;
        let depth = 0;
        while (v && typeof v === "object") {
          v = Array.isArray(v) ? v[0] : v.a;
          depth++;
        }
        expect(depth).toBe(5000);
      }
    }
  });
});

describe("escape sequences never reach the terminal (issue 14, 6)", () => {
  const cases: [string, () => string[]][] = [
    ["tree pi", () => ["tree", hostilePi]],
    ["tree pi default filter", () => ["tree", hostilePi, "--filter", "default"]],
    ["tree omp (title slot)", () => ["tree", hostileOmp]],
    ["context", () => ["context", hostilePi]],
    ["show", () => ["show", hostilePi, "m3"]],
    ["show a hostile id", () => ["show", hostilePi, "m9" + EVIL]],
    ["ls", () => ["ls", "--all", "--agent-dir", agent]],
    ["search", () => ["search", "PWNED", "--agent-dir", agent]],
    ["tree of a hostile path", () => ["tree", join(base, "no" + EVIL + ".jsonl")]],
  ];
  it.each(cases)("%s", async (_name, args) => {
    const r = await run(args());
    expect([0, 3]).toContain(r.code);
    const bad = (s: string): string[] => s.split("\n").filter((l) => UNSAFE.test(l));
    expect(bad(r.stdout)).toEqual([]);
    expect(bad(r.stderr)).toEqual([]);
    if (args()[0] === "tree" && r.code === 0) {
      // the hostile strings are shown, as visible symbols
      expect(r.stdout).toContain("␛]0;PWNED-TITLE␇");
      expect(r.stdout).toContain("<U+202E>");
      expect(r.stdout).toContain("<9b>");
    }
  });

  it("tree shows the header name, the label and the tool result's name, made inert", async () => {
    const pi = (await run(["tree", hostilePi])).stdout;
    expect(pi.split("\n")[0]).toMatch(/^name ␛\]0;PWNED-TITLE␇␛\]52;c;ZXZpbA==␇<9b>31m<U\+202E>evil/);
    expect(pi).toContain("[lab␛]0;PWNED-TITLE");
    expect(pi).toContain("[tool␛]0;PWNED-TITLE");
    const omp = (await run(["tree", hostileOmp])).stdout;
    expect(omp.split("\n")[0]).toMatch(/^slot ␛\]0;PWNED-TITLE␇/);
  });
});
