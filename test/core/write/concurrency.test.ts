// Two writers at once: a child process appends entries in a loop (as an agent
// would, one write per line) while we write labels. Afterwards no line is torn
// or merged and both writers' entries are all there.
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { applyWrite } from "../../../src/core/session/write/index.js";
import { copyFixture, fixtureNames, tempDir } from "./helpers.js";

const CHILD = `
const fs = require("node:fs");
const [file, stop, parent] = process.argv.slice(1);
let prev = parent, n = 0;
const pause = new Int32Array(new SharedArrayBuffer(4));
while (!fs.existsSync(stop) || n < 50) {
  const id = (0x10000000 + n).toString(16);
  const e = { type: "message", id, parentId: prev, timestamp: new Date().toISOString(),
    message: { role: "user", content: "agent line " + n + " " + "x".repeat(n % 300), timestamp: Date.now() } };
  fs.appendFileSync(file, JSON.stringify(e) + "\\n");
  prev = id; n++;
  if (n % 4 === 0) Atomics.wait(pause, 0, 0, 1);
}
process.stdout.write(String(n));
`;

describe("concurrent appends", () => {
  it("an agent appending in a loop and our label writes never tear or merge a line", async () => {
    const { dir, done } = tempDir();
    try {
      const file = copyFixture(fixtureNames("pi-2026")[0], dir);
      const stop = join(dir, "stop");
      let s = await loadSession(file);
      const size0 = statSync(file).size;
      const child = spawn(process.execPath, ["-e", CHILD, file, stop, s.leafId!], { stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number>((res) => child.on("exit", (code) => res(code ?? -1)));
      while (statSync(file).size === size0) await new Promise((r) => setTimeout(r, 2));
      const ours: string[] = [];
      const targets = s.entries.slice(0, 30).map((e) => e.id);
      for (const [i, t] of targets.entries()) {
        const r = await applyWrite(s, { op: "label", targetId: t, label: `ours ${i}` }, { force: true });
        ours.push(r.appended[0].id as string);
        s = r.session;
      }
      writeFileSync(stop, "");
      expect(await exited).toBe(0);
      const childCount = Number(out);
      expect(childCount).toBeGreaterThanOrEqual(50);
      expect(existsSync(stop)).toBe(true);

      const lines = readFileSync(file, "utf8").split("\n");
      expect(lines.pop()).toBe("");
      const parsed = lines.map((l, i) => {
        try {
          return JSON.parse(l) as Record<string, unknown>;
        } catch {
          throw new Error(`line ${i + 1} is torn or merged: ${l.slice(0, 120)}`);
        }
      });
      const ids = new Set(parsed.map((e) => e.id));
      for (let n = 0; n < childCount; n++) expect(ids.has((0x10000000 + n).toString(16))).toBe(true);
      for (const id of ours) expect(ids.has(id)).toBe(true);
      const after = await loadSession(file);
      expect(after.warnings).toEqual([]);
      targets.forEach((t, i) => expect(after.labels.get(t)).toBe(`ours ${i}`));
    } finally {
      done();
    }
  });
});
