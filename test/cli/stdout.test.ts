// writeParts: many byte parts written in order without joining them, through
// partial writes, past the kernel's per-call limit, and into a closed pipe.
import { describe, expect, it } from "vitest";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeParts } from "../../src/hooks-cli/stdout.js";
import { runBin } from "../helpers/run-bin.js";
import { runCli } from "../helpers/run-cli.js";

describe("writeParts", () => {
  it("writes thousands of parts (empty ones too) in order, as one join would", () => {
    const dir = mkdtempSync(join(tmpdir(), "omp-parts-"));
    try {
      const parts: Uint8Array[] = [];
      for (let i = 0; i < 5000; i++) parts.push(i % 7 === 0 ? new Uint8Array(0) : Buffer.from(`row ${i} ${"é".repeat(i % 13)};`));
      parts.push(Buffer.alloc(3 << 20, 0x61)); // one large part: the kernel may take it in pieces
      const file = join(dir, "out");
      const fd = openSync(file, "w");
      writeParts(parts, fd);
      closeSync(fd);
      expect(readFileSync(file).equals(Buffer.concat(parts))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("ls --json into a pipe closed early ends quietly with status 0", async () => {
    // More rows than a pipe holds (64 KB), so that the writes meet the closed pipe.
    const dir = mkdtempSync(join(tmpdir(), "omp-parts-"));
    try {
      const project = join(dir, "agent", "sessions", "--p--");
      mkdirSync(project, { recursive: true });
      for (let i = 0; i < 400; i++) {
        const ts = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
        writeFileSync(
          join(project, `s${i}.jsonl`),
          JSON.stringify({ type: "session", version: 3, id: `s${i}`, timestamp: ts, cwd: "/p" }) +
            "\n" +
            JSON.stringify({ type: "message", id: `m${i}`, parentId: null, timestamp: ts, message: { role: "user", content: "x".repeat(400) } }) +
            "\n",
        );
      }
      const env = { ...process.env, OMP_SESSIONS_CACHE_DIR: join(dir, "cache") };
      for (let run = 0; run < 2; run++) {
        // cold (scans), then warm (stored rows)
        // a reader that takes one byte and closes the pipe, as `| head -c 1`
        const r = await runBin(["ls", "--all", "--json", "--agent-dir", join(dir, "agent")], { env, stdoutBytes: 1 });
        expect(r.stdout).toBe("[");
        expect(r.stderr).toBe("");
        expect(r.code).toBe(0);
      }
      // The table goes through process.stdout, made on first use with the same quiet EPIPE.
      const table = await runBin(["ls", "--all", "--agent-dir", join(dir, "agent")], { env: { ...env, COLUMNS: "300" }, stdoutBytes: 8 });
      expect(table.stdout).toBe("MODIFIED");
      expect(table.stderr).toBe("");
      expect(table.code).toBe(0);
      const full = await runCli(["ls", "--all", "--json", "--agent-dir", join(dir, "agent")], { env });
      expect(JSON.parse(full.stdout)).toHaveLength(400);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
