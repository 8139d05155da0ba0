// The built binary on every fixture: tree/context JSON, exit codes, text modes.
import { describe, it, expect } from "vitest";
import { isDeepStrictEqual } from "node:util";
import { ALL_DIRS, comparableContext, fixtureFiles } from "../helpers/fixtures.js";
import { runBin } from "../helpers/run-bin.js";
import { runCli } from "../helpers/run-cli.js";

// The browser's own path check needs the bin; every command runs in process.
const run = (args: string[]) => runCli(args);

describe("a path that does not exist", () => {
  it("the browser (omp-sessions PATH) says no such file and exits 3, as tree does", async () => {
    for (const args of [["/no/such.jsonl"], ["/no/such/dir"], ["tree", "/no/such.jsonl"]]) {
      const r = await (args[0] === "tree" ? run(args) : runBin(args));
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stderr, args.join(" ")).toMatch(/\/no\/such\S*: no such file/);
    }
  });
});

describe("omp-sessions tree/context --json on every fixture", () => {
  for (const { name, file, expected } of ALL_DIRS.flatMap((d) => fixtureFiles(d).map((f) => ({ ...f, name: `${d}/${f.name}` })))) {
    if (!expected) {
      it(`${name}: tree exits 3 with a one-line reason`, async () => {
        const r = await run(["tree", file]);
        expect(r.code).toBe(3);
        expect(r.stdout).toBe("");
        expect(r.stderr.trim().split("\n")).toHaveLength(1);
        expect(r.stderr).toMatch(/not a session file/);
      });
      continue;
    }
    it(`${name}: tree --json and the default context match exactly`, async () => {
      const t = await run(["tree", file, "--json"]);
      expect(t.code).toBe(0);
      const tree = JSON.parse(t.stdout);
      expect(tree.entries).toHaveLength(expected.entries.length);
      if (!expected.positional) {
        expect(tree.leafId).toBe(expected.leafId);
        expect(tree.roots).toEqual(expected.roots);
        const got = tree.entries.map((e: any) => ({ id: e.id, parentId: e.parentId, type: e.type, label: e.label, children: e.children }));
        expect(isDeepStrictEqual(got, expected.entries)).toBe(true);
      }
      expect(tree.name).toBe(expected.name);
      for (const e of tree.entries) expect(e.preview).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      const c = await run(["context", file, "--json"]);
      const want = expected.contexts.find((x) => x.leaf === null)!;
      const ctx = JSON.parse(c.stdout);
      // Strict: no added nulls or undefined-as-null fields.
      expect(isDeepStrictEqual(comparableContext(ctx, expected.contextRule), comparableContext(want.context, expected.contextRule))).toBe(true);
    });
  }

  it("text tree draws without control characters and marks the leaf", async () => {
    const file = fixtureFiles("sessions-edge").find((f) => f.name.startsWith("edge-control-chars"))!.file;
    const r = await run(["tree", file]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/\u001b|\u0007|\r/);
    expect(r.stdout).toContain("␛");
  });

  it("show prints one entry; a missing id exits 3; a missing argument exits 2", async () => {
    const { file, expected } = fixtureFiles("sessions-edge").find((f) => f.name.startsWith("edge-labels"))!;
    const id = expected!.entries[0].id;
    const r = await run(["show", file, id, "--json"]);
    expect(JSON.parse(r.stdout).id).toBe(id);
    expect((await run(["show", file, "nope"])).code).toBe(3);
    expect((await run(["show", file])).code).toBe(2);
    expect((await run(["tree", file, "--bogus"])).code).toBe(2);
  });

  it("every command answers --help", async () => {
    for (const cmd of ["tree", "context", "show"]) {
      const r = await run([cmd, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: omp-sessions/);
    }
  });
});
