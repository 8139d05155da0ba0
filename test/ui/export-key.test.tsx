// `E` in the tree with real keys: the path to the entry under the cursor
// becomes an HTML page in the export directory, the status line says where,
// a second `E` picks a free name, and the session file is left as it was.
import { describe, expect, it } from "vitest";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mount, type Mounted } from "./harness.js";
import { copyFixture, tempDir } from "../core/write/helpers.js";
import { pathTo } from "../../src/core/session/tree/path.js";

const NAME = "pi-2026-01-05T09-00-00-000Z_019b8d62-7a80-7445-a791-54e9f828ce1d.jsonl";

/** The browser on a copy of the branchy fixture, exporting into a fresh directory; everything goes when body ends. */
async function withBranchy(body: (m: Mounted, file: string, out: string) => Promise<void>): Promise<void> {
  const t = tempDir();
  const file = copyFixture(NAME, t.dir);
  const out = join(t.dir, "exports");
  mkdirSync(out);
  process.env.OMP_SESSIONS_EXPORT_DIR = out;
  const m = await mount({ file, width: 200, height: 30 });
  try {
    await body(m, file, out);
  } finally {
    m.unmount();
    t.done();
    delete process.env.OMP_SESSIONS_EXPORT_DIR;
  }
}

describe("E in the tree", () => {
  it("writes the path to the entry under the cursor as HTML and says where in the status line", () =>
    withBranchy(async (m, file, out) => {
      const before = readFileSync(file);
      await m.press("g", "j", "j", "j", "j");
      const st = m.store.getState();
      const id = st.rows!.row(st.cursor).id;
      await m.press("E");
      const frame = await m.waitFor((f) => f.includes("exported the path to"), "the export's status line");
      const base = NAME.replace(/\.jsonl$/, "");
      const want = join(out, `${base}-${id}.html`);
      expect(frame).toContain(`exported the path to ${id} (${pathTo(st.session!, id).length} entries) as HTML:`);
      expect(readdirSync(out)).toEqual([`${base}-${id}.html`]);
      const html = readFileSync(want, "utf8");
      expect(html.startsWith("<!doctype html>")).toBe(true);
      expect(html).toContain(`root → ${id} · ${pathTo(st.session!, id).length} of`);
      expect(m.store.getState().status?.text).toContain(want);
      // Again: a new name, nothing replaced; the session is untouched.
      await m.press("E");
      await m.waitFor(() => readdirSync(out).length === 2 && (m.store.getState().status?.text ?? "").includes("-2.html"), "the second export");
      expect(readdirSync(out).sort()).toEqual([`${base}-${id}-2.html`, `${base}-${id}.html`]);
      expect(readFileSync(file).equals(before)).toBe(true);
    }));

  it("a directory it cannot write to is an error in the status line, and nothing is written", () =>
    withBranchy(async (m, _file, out) => {
      process.env.OMP_SESSIONS_EXPORT_DIR = join(out, "missing");
      await m.press("E");
      const frame = await m.waitFor((f) => f.includes("export failed"), "the error");
      expect(frame).toContain("✗ export failed:");
      expect(frame).toContain("no such directory");
      expect(readdirSync(out)).toEqual([]);
    }));
});
