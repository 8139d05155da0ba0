import { appendFileSync, copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeChanged, refreshRows } from "../../src/ui/state/live-sessions.js";
import { createAppStore } from "../../src/ui/state/store.js";
import { fixtureFiles } from "../helpers/fixtures.js";
import { KEYS, mount } from "./harness.js";

/** Appends a session_info line naming the session, hung from the file's last entry. */
function rename(file: string, name: string): void {
  const lines = readFileSync(file, "utf8").trimEnd().split("\n");
  const last = JSON.parse(lines[lines.length - 1]) as { id: string };
  appendFileSync(file, JSON.stringify({ type: "session_info", id: `n${name.length}x${Date.now() % 1000}`, parentId: last.id, timestamp: new Date().toISOString(), name }) + "\n");
}

describe("the list after the browser's own writes", () => {
  it("two refreshes started from the same list both reach it (writes in a row, each read again)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "omp-live-refresh-"));
    const pis = fixtureFiles("sessions").filter((f) => f.name.startsWith("pi-2026"));
    const [a, b] = pis.slice(0, 2).map((f) => {
      const to = join(dir, f.name);
      copyFileSync(f.file, to);
      return to;
    });
    const app = createAppStore({ cwd: dir, list: { paths: [dir] } });
    app.getState().setSessions(await mergeChanged([], [a, b]));
    rename(a, "first renamed");
    rename(b, "second renamed");
    await Promise.all([refreshRows(app, [a]), refreshRows(app, [b])]);
    const names = new Map(app.getState().sessions!.map((s) => [s.path, s.name]));
    expect(names.get(a)).toBe("first renamed");
    expect(names.get(b)).toBe("second renamed");
  });
});

describe("the list after another screen", () => {
  it("shows the sessions made or grown while the tree was open as soon as the list is back (the watcher starts from what it saw)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "omp-live-return-"));
    const pis = fixtureFiles("sessions").filter((f) => f.name.startsWith("pi-2026"));
    const [a, b, c] = pis.slice(0, 3).map((f) => join(dir, f.name));
    copyFileSync(pis[0].file, a);
    copyFileSync(pis[1].file, b);
    const m = await mount({ paths: [dir] });
    try {
      await m.waitFor((f) => f.includes("[1 sessions]"), "the list");
      // The list's watcher is running (and has made its first pass) once a change made now shows.
      rename(a, "renamed while listed");
      await m.waitFor((f) => f.includes("renamed while listed"), "a change made while the list is shown");
      await m.press(KEYS.enter);
      await m.waitFor((f) => f.includes("[2 tree]"), "the tree");
      // Away from the list: an agent names a session and starts another.
      rename(b, "renamed while away");
      copyFileSync(pis[2].file, c);
      rename(c, "made while away");
      await m.press("1");
      await m.waitFor((f) => f.includes("[1 sessions]"), "back on the list");
      await m.waitFor((f) => f.includes("renamed while away") && f.includes("made while away"), "the changes made while away", 20_000);
      expect(
        m.store
          .getState()
          .sessions!.map((s) => s.path)
          .sort(),
      ).toEqual([a, b, c].sort());
    } finally {
      m.unmount();
    }
  });
});
