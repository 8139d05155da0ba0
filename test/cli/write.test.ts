// The write commands through the built binary: output, --json, exit codes
// (0 done, 2 bad usage, 3 no such file/entry, 4 refused) and --force.
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { runCli } from "../helpers/run-cli.js";
import { age, copyFixture, fixtureNames, tempDir } from "../core/write/helpers.js";
import { loadSession } from "../../src/core/session/tree/load.js";

const run = runCli;

let dir: string;
let done: () => void;
let pi: string;
let omp: string;
beforeEach(() => {
  ({ dir, done } = tempDir());
  pi = copyFixture(fixtureNames("pi-2026")[0], dir);
  omp = copyFixture(fixtureNames("omp-")[0], dir);
});
afterEach(() => done());

describe("omp-sessions label / continue / rename / fork", () => {
  it("label FILE ID TEXT appends a label; --json prints exactly what was appended", async () => {
    const s = await loadSession(pi);
    const before = readFileSync(pi);
    const r = await run(["label", pi, s.entries[0].id, "two", "words", "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { appended: Record<string, unknown>[]; leafId: string };
    expect(out.appended).toHaveLength(1);
    expect(out.appended[0]).toMatchObject({ type: "label", targetId: s.entries[0].id, label: "two words", parentId: s.leafId });
    expect(readFileSync(pi).subarray(before.length).toString()).toBe(JSON.stringify(out.appended[0]) + "\n");
    expect(out.leafId).toBe(out.appended[0].id);
  });

  it("refuses a live session with exit 4 and writes with --force", async () => {
    const s = await loadSession(pi);
    const now = new Date();
    utimesSync(pi, now, now);
    const before = readFileSync(pi);
    const r = await run(["label", pi, s.entries[0].id, "x"]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/looks live.*--force/);
    expect(readFileSync(pi).equals(before)).toBe(true);
    const f = await run(["label", pi, s.entries[0].id, "x", "--force"]);
    expect(f.code).toBe(0);
    expect(f.stdout).toMatch(/label .* "x"/);
  });

  it("label without TEXT clears; unknown entry exits 3; missing ID exits 2", async () => {
    const s = await loadSession(pi);
    const [target] = [...s.labels.keys()];
    const r = await run(["label", pi, target, "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).appended[0]).not.toHaveProperty("label");
    age(pi);
    expect((await run(["label", pi, "nosuchid", "x"])).code).toBe(3);
    expect((await run(["label", pi])).code).toBe(2);
    expect((await run(["label", join(dir, "missing.jsonl"), "a", "b"])).code).toBe(3);
  });

  it("continue --summary / --auto-summary / neither; both is a usage error", async () => {
    const s = await loadSession(pi);
    const x = s.entries[2].id;
    expect((await run(["continue", pi, x, "--summary", "t", "--auto-summary"])).code).toBe(2);
    const a = await run(["continue", pi, x, "--summary", "my summary", "--json"]);
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout).appended[0]).toMatchObject({ type: "branch_summary", parentId: x, fromId: x, summary: "my summary" });
    const b = await run(["continue", pi, x, "--auto-summary", "--json", "--force"]);
    expect(JSON.parse(b.stdout).appended[0].summary).toMatch(/branch left behind/);
    const c = await run(["continue", pi, x, "--json", "--force"]);
    expect(JSON.parse(c.stdout).appended[0].summary).toBe("");
    expect((await loadSession(pi)).leafId).toBe(JSON.parse(c.stdout).appended[0].id);
  });

  it("rename: pi appends session_info, omp rewrites the title slot and appends title_change", async () => {
    const p = await run(["rename", pi, "New", "name", "--json"]);
    expect(p.code).toBe(0);
    expect(JSON.parse(p.stdout)).toMatchObject({ appended: [{ type: "session_info", name: "New name" }], slotRewritten: false });
    const o = await run(["rename", omp, "Omp name"]);
    expect(o.code).toBe(0);
    expect(o.stdout).toMatch(/title slot/);
    expect((await loadSession(omp)).name).toBe("Omp name");
    expect(readFileSync(omp).indexOf(0x0a)).toBe(255);
    expect((await run(["rename", omp])).code).toBe(2);
  });

  it("rename of an omp file without a title slot: the preview first, the rewrite only with --yes", async () => {
    const legacy = join(dir, "2026-04-02T10-52-01-697Z_legacy.jsonl");
    writeFileSync(legacy, readFileSync(join("test/fixtures/sessions-rich/omp/legacy", "omp-noslot-1-2.jsonl")));
    age(legacy);
    const before = readFileSync(legacy);
    const dry = await run(["rename", legacy, "From", "the", "CLI", "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/rewritten whole/);
    expect(dry.stdout).toMatch(/title slot becomes its first line\n\+ \{"type":"title","v":1,"title":"From the CLI","source":"user"/);
    const no = await run(["rename", legacy, "From", "the", "CLI"]);
    expect(no.code).toBe(4);
    expect(no.stderr).toMatch(/--yes/);
    expect(readFileSync(legacy).equals(before)).toBe(true);
    const yes = await run(["rename", legacy, "From", "the", "CLI", "--yes", "--json"]);
    expect(yes.code).toBe(0);
    expect(JSON.parse(yes.stdout)).toMatchObject({ rewritten: true, slotTitle: "From the CLI", appended: [{ type: "title_change", title: "From the CLI" }] });
    expect(readFileSync(legacy).indexOf(0x0a)).toBe(255);
    expect((await loadSession(legacy)).name).toBe("From the CLI");
  });

  it("fork prints the new file's path and leaves the source alone", async () => {
    const s = await loadSession(omp);
    const before = readFileSync(omp);
    const r = await run(["fork", omp, s.entries[5].id]);
    expect(r.code).toBe(0);
    const file = r.stdout.trim();
    expect(existsSync(file)).toBe(true);
    expect((await loadSession(file)).header.parentSession).toBe(s.file);
    expect(readFileSync(omp).equals(before)).toBe(true);
    const j = await run(["fork", omp, s.entries[5].id, "--json"]);
    expect(JSON.parse(j.stdout)).toMatchObject({ parentSession: s.file, leafId: expect.any(String) });
  });

  it(".jsonl.gz files are refused with exit 4", async () => {
    const gz = join(dir, "a.jsonl.gz");
    writeFileSync(gz, gzipSync(readFileSync(pi)));
    age(gz);
    const s = await loadSession(gz);
    const r = await run(["label", gz, s.leafId!, "x"]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/read-only/);
  });

  it("every write command answers --help", async () => {
    for (const c of ["label", "continue", "fork", "rename"]) {
      const r = await run([c, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: omp-sessions ${c} FILE`));
    }
  });
});
