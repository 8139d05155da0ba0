// `show` puts omp's blob data back from the agent dir's store; a missing blob
// (or a file outside any agent dir) keeps its reference, noted on stderr, and
// the command still succeeds.
import { describe, expect, it } from "vitest";
import { copyFileSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import { tempDir } from "../core/write/helpers.js";

const run = runCli;

const AGENT = join(FIXTURES, "sessions-rich", "omp", "agent");
const SESSIONS = join(AGENT, "sessions", "--home-dev-omp-rich--");

/** A session of the rich omp fixtures, one of its entries holding a blob reference, and that blob's hash. */
function withBlob(): { file: string; id: string; hash: string } {
  for (const f of readdirSync(SESSIONS).filter((n) => n.endsWith(".jsonl"))) {
    const file = join(SESSIONS, f);
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const m = /"data":"blob:sha256:([0-9a-f]{64})"/.exec(line);
      if (m) return { file, id: (JSON.parse(line) as { id: string }).id, hash: m[1] };
    }
  }
  throw new Error("no blob reference in the fixtures");
}

describe("show and omp's blob store", () => {
  it("resolves a reference from <agent dir>/blobs", async () => {
    const { file, id, hash } = withBlob();
    const r = await run(["show", file, id, "--json"]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(`blob:sha256:${hash}`);
    expect(r.stdout).toContain(
      readFileSync(join(AGENT, "blobs", hash))
        .toString("base64")
        .slice(0, 200),
    );
    expect(r.stderr).toBe("");
  });

  it("a blob missing from the store, or no store at all: the reference stays, a note says why, exit 0", async () => {
    const { file, id, hash } = withBlob();
    const { dir, done } = tempDir();
    try {
      const sessions = join(dir, "agent", "sessions", "p");
      mkdirSync(sessions, { recursive: true });
      mkdirSync(join(dir, "agent", "blobs"));
      const inAgent = join(sessions, "s.jsonl");
      copyFileSync(file, inAgent);
      const a = await run(["show", inAgent, id]);
      expect(a.code).toBe(0);
      expect(a.stdout).toContain(`blob:sha256:${hash}`);
      expect(a.stderr).toContain(`note: blob:sha256:${hash} is not in the blob store`);
      const loose = join(dir, "loose.jsonl");
      copyFileSync(file, loose);
      const b = await run(["show", loose, id, "--json"]);
      expect(b.code).toBe(0);
      expect(b.stdout).toContain(`blob:sha256:${hash}`);
      expect(b.stderr).toMatch(/not in an agent dir/);
    } finally {
      done();
    }
  });
});
