// import-session over the omp/pi fixtures (§11.1, acceptance 37).
import { describe, expect, it } from "vitest";
import { appendFileSync, copyFileSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { cli, listing, readJson, readLines, REPO, sandbox } from "./helpers.js";
import { classify } from "../../src/core/capture/feedback.js";

const FIXTURES = join(REPO, "test", "fixtures", "sessions");
const files = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".jsonl"))
  .sort();

type Obj = Record<string, any>;
const userText = (c: unknown): string =>
  typeof c === "string"
    ? c
    : Array.isArray(c)
      ? c
          .filter((b: Obj) => b?.type === "text" && typeof b.text === "string")
          .map((b: Obj) => b.text)
          .join("\n")
      : "";

/** Active-path user messages with the assistant text before each, computed by the test from the fixture's expected tree (entries are in file order). */
function activeUserTurns(file: string): { text: string; before: string | null }[] {
  const expected = JSON.parse(readFileSync(join(FIXTURES, file.replace(/\.jsonl$/, ".expected.json")), "utf8"));
  const lines: Obj[] = [];
  for (const line of readFileSync(join(FIXTURES, file), "utf8").split("\n")) {
    try {
      const o = JSON.parse(line);
      if (o && typeof o === "object" && o.type !== "session") lines.push(o);
    } catch {}
  }
  // the full entry for an expected entry: by id, or by position for v1 files without ids
  const byId = new Map<string, Obj>();
  expected.entries.forEach((e: Obj, i: number) => byId.set(e.id, { meta: e, full: expected.positional ? lines[i] : lines.find((l) => l.id === e.id) }));
  const path: Obj[] = [];
  const seen = new Set<string>();
  for (let cur = byId.get(expected.leafId); cur && !seen.has(cur.meta.id); cur = byId.get(cur.meta.parentId)) {
    seen.add(cur.meta.id);
    path.unshift(cur.full ?? {});
  }
  const out: { text: string; before: string | null }[] = [];
  let before: string | null = null;
  for (const e of path) {
    const m = e.message;
    if (e.type !== "message" || !m) continue;
    const text = userText(m.content).replace(/\s+/g, " ").trim();
    if (m.role === "user" && text) out.push({ text, before });
    else if (m.role === "assistant" && text) before = text;
  }
  return out;
}
const activeUserTexts = (file: string): string[] => activeUserTurns(file).map((t) => t.text);

describe("import-session (37)", () => {
  it.each(files)("%s: digest with harness omp|pi, candidates only from active-path user messages, second run unchanged", async (file) => {
    const sb = sandbox();
    const r = await cli(["import-session", join(FIXTURES, file), "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.unchanged).toBe(false);
    const digest = readFileSync(doc.digest_path, "utf8");
    expect(digest).toMatch(/^harness: "(omp|pi)"$/m);
    expect(digest).toContain('capture_trigger: "import"');
    expect(doc.llm_wiki_session_id.startsWith(file.startsWith("omp-") ? "omp:" : file.startsWith("pi-") ? "pi:" : "")).toBe(true);
    const cands = readLines(join(sb.root, "feedback", "candidates.jsonl"));
    const allowed = new Set(activeUserTexts(file).map((t) => createHash("sha256").update(t).digest("hex")));
    for (const c of cands) expect(allowed.has(c.text_sha256)).toBe(true);
    // one candidate per distinct classified text on the active path (the default filters keep medium and high)
    const kept = activeUserTurns(file).filter((t) => {
      const c = classify(t.text, false, t.before);
      return c !== null && c.confidence !== "low";
    });
    expect(cands.length).toBe(new Set(kept.map((t) => t.text)).size);
    expect(doc.candidates_added).toBe(cands.length);
    const state = readJson(join(sb.root, "state", doc.llm_wiki_session_id.split(":")[0], `${doc.llm_wiki_session_id.split(":").slice(1).join(":")}.json`));
    expect(state.import.source_path).toBe(join(FIXTURES, file));
    expect(readLines(join(sb.root, "registry.jsonl")).map((l) => l.event)).toContain("session_imported");
    const before = listing(sb.root);
    const bytes = Object.keys(before).map((p) => readFileSync(join(sb.root, p), "utf8"));
    const again = await cli(["import-session", join(FIXTURES, file)]);
    expect(again.stdout.trim()).toBe("unchanged");
    expect(listing(sb.root)).toEqual(before);
    expect(Object.keys(before).map((p) => readFileSync(join(sb.root, p), "utf8"))).toEqual(bytes);
  });

  it("after a user message is appended to a copy, only its candidate is added", async () => {
    const sb = sandbox();
    const file = files.find((f) => f.startsWith("pi-2026"))!;
    const copy = join(sb.home, "copy.jsonl");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(sb.home, { recursive: true });
    copyFileSync(join(FIXTURES, file), copy);
    expect((await cli(["import-session", copy])).code).toBe(0);
    const before = readLines(join(sb.root, "feedback", "candidates.jsonl"));
    const lastId = JSON.parse(readFileSync(copy, "utf8").trim().split("\n").at(-1)!).id;
    appendFileSync(
      copy,
      JSON.stringify({ type: "message", id: "feedbeef", parentId: lastId, timestamp: "2026-06-13T18:00:00.000Z", message: { role: "user", content: "No, that is the wrong file; use config.json instead.", timestamp: 1781373600000 } }) + "\n",
    );
    const r = await cli(["import-session", copy, "--json"]);
    expect(JSON.parse(r.stdout)).toMatchObject({ candidates_added: 1, unchanged: false });
    const after = readLines(join(sb.root, "feedback", "candidates.jsonl"));
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((c) => [c.turn_id, c.feedback_type])).toEqual([["feedbeef", "correction"]]);
  });

  it("a file that is not a session → exit 3", async () => {
    const sb = sandbox();
    const { writeFileSync, mkdirSync } = await import("node:fs");
    mkdirSync(sb.home, { recursive: true });
    writeFileSync(join(sb.home, "x.jsonl"), "hello\n");
    expect((await cli(["import-session", join(sb.home, "x.jsonl")])).code).toBe(3);
    expect((await cli(["import-session", join(sb.home, "missing.jsonl")])).code).toBe(3);
  });
});
