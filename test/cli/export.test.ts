// `omp-sessions export` through the built binary: formats, the path it
// exports, exit codes, where it writes (never into the session), stdout that
// is safe for a terminal, and --redact.
import { beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, linkSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuilt } from "../capture/helpers.js";
import { runBin } from "../helpers/run-bin.js";
import { runCli } from "../helpers/run-cli.js";
import { fixtureFiles } from "../helpers/fixtures.js";
import { writeHostileSession } from "../helpers/hostile-session.js";
import { writeSecretSession } from "../helpers/secret-session.js";
import { SECRETS } from "../capture/redaction-corpus.js";

// In process; the one case about a pipe closing early runs the bin.
const run = (args: string[]) => runCli(args);

let dir: string;
const branchy = fixtureFiles("sessions").find((f) => f.name.startsWith("pi-2026-01-05T09"))!.file;
const omp = fixtureFiles("sessions").find((f) => f.name.startsWith("omp-2026-03-09T16-09"))!.file;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "omps-export-cli-"));
});

type TreeJson = { leafId: string | null; name: string | null; entries: { id: string; parentId: string | null; type: string; label: string | null }[] };

async function treeJson(file: string): Promise<TreeJson> {
  const r = await run(["tree", file, "--json"]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as TreeJson;
}

/** The path root → id as `tree --json` gives it: ids, parents, types and labels. */
function pathOf(t: TreeJson, id: string) {
  const by = new Map(t.entries.map((e) => [e.id, e]));
  const out = [];
  const seen = new Set<string>();
  for (let e = by.get(id); e && !seen.has(e.id); e = e.parentId === null ? undefined : by.get(e.parentId)) {
    seen.add(e.id);
    out.push({ id: e.id, parentId: e.parentId, type: e.type, label: e.label });
  }
  return out.reverse();
}

describe("omp-sessions export", () => {
  it("--format jsonl loads back in `tree --json` with the same path, at the leaf and on another branch", async () => {
    for (const file of [branchy, omp]) {
      const src = await treeJson(file);
      const otherLeaf = src.entries.find((e) => e.type === "message" && !src.entries.some((c) => c.parentId === e.id) && e.id !== src.leafId)!.id;
      for (const leaf of [undefined, otherLeaf]) {
        const out = join(dir, `copy-${leaf ?? "leaf"}-${Math.random().toString(16).slice(2)}.jsonl`);
        const r = await run(["export", file, "--format", "jsonl", "-o", out, ...(leaf ? ["--leaf", leaf] : [])]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toBe(out + "\n");
        const copy = await treeJson(out);
        const want = leaf ?? src.leafId!;
        expect(copy.leafId).toBe(want);
        expect(pathOf(copy, want)).toEqual(pathOf(src, want));
        expect(copy.name).toBe(src.name);
      }
    }
  });

  it("takes the format from -o's extension (md by default) and writes nothing else next to it", async () => {
    const sub = mkdtempSync(join(dir, "fmt-"));
    for (const [name, start] of [
      ["a.html", "<!doctype html>"],
      ["a.md", "# session 13"],
      ["a.jsonl", '{"type":"session"'],
      ["a.txt", "# session 13"],
    ]) {
      const r = await run(["export", branchy, "-o", join(sub, name)]);
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(join(sub, name), "utf8").startsWith(start), name).toBe(true);
    }
    expect(readdirSync(sub).sort()).toEqual(["a.html", "a.jsonl", "a.md", "a.txt"]);
    const md = await run(["export", branchy]);
    expect(md.code).toBe(0);
    const untimed = (t: string) => t.replace(/(- \*\*exported:\*\* )\S+/, "$1…");
    expect(untimed(md.stdout)).toBe(untimed(readFileSync(join(sub, "a.md"), "utf8")));
  });

  it("never writes into the session it exports, nor over another session file without --force", async () => {
    const copy = join(dir, "self.jsonl");
    copyFileSync(branchy, copy);
    const before = readFileSync(copy);
    const hard = join(dir, "self-hard.jsonl");
    linkSync(copy, hard);
    for (const target of [copy, hard]) {
      const r = await run(["export", copy, "--format", "jsonl", "-o", target, "--force"]);
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/is the session being exported/);
    }
    expect(readFileSync(copy).equals(before)).toBe(true);
    const other = join(dir, "other.jsonl");
    copyFileSync(omp, other);
    const otherBefore = readFileSync(other);
    const refused = await run(["export", copy, "-o", other]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/is a session file; not overwriting it \(--force/);
    expect(readFileSync(other).equals(otherBefore)).toBe(true);
    expect((await run(["export", copy, "-o", other, "--force"])).code).toBe(0);
    expect(JSON.parse(readFileSync(other, "utf8").split("\n")[0]).id).toBe("019b8d62-7a80-7445-a791-54e9f828ce1d"); // .jsonl: a JSONL export
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("exit codes: 2 for bad usage, 3 for a missing file or entry, 1 for a missing directory", async () => {
    expect((await run(["export", "--help"])).code).toBe(0);
    expect((await run(["export"])).code).toBe(2);
    expect((await run(["export", branchy, "--format", "pdf"])).code).toBe(2);
    expect((await run(["export", branchy, "--bogus"])).code).toBe(2);
    const noEntry = await run(["export", branchy, "--leaf", "nope"]);
    expect(noEntry.code).toBe(3);
    expect(noEntry.stderr).toMatch(/no entry nope/);
    expect((await run(["export", join(dir, "missing.jsonl")])).code).toBe(3);
    const noDir = await run(["export", branchy, "-o", join(dir, "no", "such", "x.md")]);
    expect(noDir.code).toBe(1);
    expect(noDir.stderr).toMatch(/no such directory/);
  });

  it("stdout is terminal-safe in every format for a hostile session; the JSONL stays the same JSON", async () => {
    const file = writeHostileSession(mkdtempSync(join(dir, "hostile-")));
    const control = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;
    for (const format of ["md", "html", "jsonl"]) {
      const r = await run(["export", file, "--format", format]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, format).not.toMatch(control);
    }
    const jsonl = (await run(["export", file, "--format", "jsonl"])).stdout.trimEnd().split("\n");
    const source = readFileSync(file, "utf8").trimEnd().split("\n");
    expect(jsonl.map((l) => JSON.parse(l))).toEqual(source.map((l) => JSON.parse(l)));
  });

  it("--redact leaves no secret of the redaction corpus in any format", async () => {
    const file = writeSecretSession(mkdtempSync(join(dir, "secrets-")));
    for (const format of ["md", "html", "jsonl"]) {
      const plain = await run(["export", file, "--format", format]);
      const r = await run(["export", file, "--format", format, "--redact"]);
      expect(r.code, r.stderr).toBe(0);
      for (const [name, secret] of Object.entries(SECRETS)) {
        expect(plain.stdout.includes(secret) || plain.stdout.includes(JSON.stringify(secret).slice(1, -1)), `${name} in the plain ${format}`).toBe(true);
        expect(r.stdout.includes(secret), `${name} in ${format}`).toBe(false);
      }
    }
  });

  it("a reader that stops early (| head) ends the export quietly", async () => {
    // a reader that takes 100 bytes and closes the pipe, as `| head -c 100`
    const r = await runBin(["export", branchy, "--format", "html"], { stdoutBytes: 100 });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
  });
});
