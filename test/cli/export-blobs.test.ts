// `export` of an omp session whose images live in the agent dir's blob store
// (<agent>/blobs, as ~/.omp/agent/blobs): the HTML page embeds them as data,
// never "stored apart"; a JSONL copy keeps the references (the session format).
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { runBin } from "../helpers/run-bin.js";
import { tempDir } from "../core/write/helpers.js";
import { loadSession } from "../../src/core/session/tree/load.js";
import { pathTo } from "../../src/core/session/tree/path.js";

const AGENT = join(FIXTURES, "sessions-rich", "omp", "agent");
const SESSIONS = join(AGENT, "sessions", "--home-dev-omp-rich--");

/** A rich omp fixture holding an image blob reference, the entry holding it, and the blob's hash. */
function withImageBlob(): { file: string; id: string; hash: string } {
  for (const f of readdirSync(SESSIONS).filter((n) => n.endsWith(".jsonl"))) {
    const file = join(SESSIONS, f);
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const m = /"type":"image"[^}]*"data":"blob:sha256:([0-9a-f]{64})"|"data":"blob:sha256:([0-9a-f]{64})"[^}]*"type":"image"/.exec(line);
      if (m) return { file, id: (JSON.parse(line) as { id: string }).id, hash: m[1] ?? m[2] };
    }
  }
  throw new Error("no image blob reference in the fixtures");
}

describe("export and omp's blob store", () => {
  it("the HTML page embeds an image whose blob is in <agent dir>/blobs", async () => {
    const { file, id, hash } = withImageBlob();
    const s = await loadSession(file);
    // Export the path through the image's entry (down to its leaf, or the entry itself).
    const leaf = s.leafId && pathTo(s, s.leafId).includes(id) ? s.leafId : id;
    const { dir, done } = tempDir();
    try {
      const out = join(dir, "page.html");
      const r = await runBin(["export", file, "--leaf", leaf, "-o", out]);
      expect(r.code).toBe(0);
      const html = readFileSync(out, "utf8");
      expect(html).not.toContain("stored apart");
      const data = readFileSync(join(AGENT, "blobs", hash)).toString("base64");
      expect(html).toContain(data.slice(0, 120));
    } finally {
      done();
    }
  });
});
