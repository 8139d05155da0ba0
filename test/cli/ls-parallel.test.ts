// A cold listing scans whole files in a worker thread too (catalog-parallel.ts,
// dist/scan-worker.cjs): the listing, and the catalog it leaves, are the same
// as a scan in one thread. OMP_SESSIONS_SCAN_WORKER picks the route: "off"
// one thread; "worker" the worker first, this thread only what it left;
// "fail" a worker that cannot start (this thread scans everything); "on" both
// at once, however little there is to read.
import { describe, it, expect } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { runBin } from "../helpers/run-bin.js";

const DIRS = ["sessions", "sessions-edge", "sessions-rich", "sessions-pi16", "agents"].map((d) => join(FIXTURES, d));

async function listing(mode: string, args: string[]): Promise<{ cold: string; warm: string; table: string; stderr: string }> {
  const home = mkdtempSync(join(tmpdir(), "omps-ls-parallel-"));
  try {
    const env = { ...process.env, HOME: home, OMP_SESSIONS_CACHE_DIR: join(home, "cache"), OMP_SESSIONS_SCAN_WORKER: mode, OMP_SESSIONS_STATS: "1", NO_COLOR: "1", TZ: "UTC" };
    const cold = await runBin(["ls", "--all", "--json", ...args], { env });
    expect(cold.code, cold.stderr).toBe(0);
    // The catalog this route wrote, read back by a warm listing in one thread.
    const warm = await runBin(["ls", "--all", "--json", ...args], { env: { ...env, OMP_SESSIONS_SCAN_WORKER: "off" } });
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stderr).toMatch(/^read 0 bytes from 0 files$/m);
    // The table takes the rows as objects (listSessions), not as stored text: a cold run of its own.
    rmSync(join(home, "cache"), { recursive: true, force: true });
    const table = await runBin(["ls", "--all", ...args], { env: { ...env, COLUMNS: "160" } });
    expect(table.code, table.stderr).toBe(0);
    // Without the MODIFIED column: an age is relative to the moment of the run.
    const rows = table.stdout.split("\n").map((l) => l.split(/\s+/).slice(1).join(" "));
    return { cold: cold.stdout, warm: warm.stdout, table: rows.join("\n"), stderr: cold.stderr };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe("ls: scanning in a worker thread", () => {
  it("lists the fixtures as one thread does, by every route, and leaves the same catalog", async () => {
    const one = await listing("off", DIRS);
    expect(one.stderr).not.toMatch(/worker thread/);
    expect(JSON.parse(one.cold).length).toBeGreaterThan(40);
    expect(one.warm).toBe(one.cold);
    for (const mode of ["worker", "on", "fail"]) {
      const r = await listing(mode, DIRS);
      expect(r.cold, mode).toBe(one.cold);
      expect(r.warm, mode).toBe(one.cold);
      expect(r.table, mode).toBe(one.table);
      if (mode === "worker") expect(r.stderr).toMatch(/^[1-9]\d* of them in a worker thread$/m);
      // A worker that cannot start: everything scanned here, the listing the same.
      if (mode === "fail") expect(r.stderr).not.toMatch(/worker thread/);
    }
  });
});
