// The hook stays light (no UI or YAML modules) and O(1) in the store's size.
import { beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureBuilt, REPO, payload, readJson, sandbox } from "./helpers.js";
import { runBin } from "../helpers/run-bin.js";
import { jsonFileText } from "../../src/core/capture/serialize.js";

beforeAll(ensureBuilt);

describe("hook import graph (34)", () => {
  it("dist/hook.cjs (and its feedback classifier and keep's archiving, dist/hook-feedback.cjs and dist/hook-keep.cjs) reaches only node built-ins, core/capture, core/fs, the core error base, the environment, the headless rule, the memory-note rule, the global-option splitter, the hook's own files and keep's per-file run (no listing code)", () => {
    const meta = JSON.parse(readFileSync(join(REPO, "dist", "meta-cjs.json"), "utf8"));
    const seen = new Set<string>();
    const externals = new Set<string>();
    const walk = (out: string): void => {
      if (seen.has(out)) return;
      seen.add(out);
      for (const i of meta.outputs[out].imports) {
        if (i.external) externals.add(i.path);
        else walk(i.path);
      }
    };
    // the hook's feedback classifier is a bundle of its own (hooks-cli/capture/hook.ts loads it for user prompts)
    walk("dist/hook.cjs");
    walk("dist/hook-feedback.cjs");
    walk("dist/hook-keep.cjs");
    const inputs = [...seen].flatMap((o) => Object.keys(meta.outputs[o].inputs));
    expect(inputs.length).toBeGreaterThan(5);
    for (const p of inputs) {
      expect(p, p).toMatch(
        /^src\/(core\/capture\/|core\/fs\/|hooks-cli\/hook-entry\.ts$|global-args\.ts$|core\/errors\.ts$|core\/env\.ts$|core\/headless\.ts$|core\/memory-note\.ts$|hooks-cli\/capture\/(hook|stdin)\.ts$|core\/config-dir\.ts$|core\/code-cache\.ts$|core\/keep\/(paths|config|state|mirror|run-files|hook)\.ts$)/,
      );
      expect(p).not.toMatch(/ink|react|zustand|gray-matter|yaml/);
    }
    for (const e of externals) expect(e, e).toMatch(/^node:|^\.\/hook-(feedback|keep)\.cjs$/);
    // a tool event reads none of the classifier (dist/hook-feedback.cjs) nor keep's archiving (dist/hook-keep.cjs)
    const own = Object.keys(meta.outputs["dist/hook.cjs"].inputs);
    expect(own).toContain("src/core/capture/redact.ts");
    for (const p of ["src/core/capture/feedback-detect.ts", "src/core/capture/feedback.ts", "src/core/capture/feedback-candidate.ts", "src/core/keep/hook.ts", "src/core/keep/mirror.ts"]) expect(own).not.toContain(p);
    expect(Object.keys(meta.outputs["dist/hook-feedback.cjs"].inputs)).toContain("src/core/capture/feedback-detect.ts");
  });
});

describe("O(1) in store size (35)", () => {
  it("against 5,000 sessions the hook opens no file under state/ other than its own", async () => {
    const sb = sandbox();
    for (let h = 0; h < 5; h++) {
      const dir = join(sb.root, "state", h === 0 ? "codex" : `h${h}`);
      mkdirSync(dir, { recursive: true });
      for (let i = 0; i < 1000; i++) {
        const id = `s${h}-${i}`;
        writeFileSync(join(dir, `${id}.json`), jsonFileText({ llm_wiki_session_id: `x:${id}`, native_session_id: id, event_count: 1, cwd: "/w", last_seen_at: "2026-06-13T18:00:00Z" }));
      }
    }
    const log = join(sb.home, "spy.log");
    mkdirSync(sb.home, { recursive: true });
    const ev = payload({ session_id: "me", hook_event_name: "UserPromptSubmit", cwd: "/w", prompt: "no, use the other file" });
    for (const round of [1, 2]) {
      const { code } = await runBin(["hook", "--harness", "codex"], { nodeArgs: ["--import", join(REPO, "test", "capture", "fs-spy.mjs")], env: { ...sb.env, FS_SPY_LOG: log }, input: ev });
      expect(code).toBe(0);
      const paths = readFileSync(log, "utf8").split("\n").filter(Boolean);
      expect(paths.length, `round ${round}`).toBeGreaterThan(3);
      const stateHits = paths.filter((l) => l.includes(join(sb.root, "state")));
      expect(stateHits.length).toBeGreaterThan(0);
      // its own state (and lock), plus the lstat of the two directories on the way (no link followed)
      for (const l of stateHits) expect(l, l).toMatch(/state\/codex\/\.?me\.json|^lstatSync .*\/state(\/codex)?$/);
      // never lists a directory (but the small staging directory of temp files), never reads
      // the indexes, registry, candidates or the day's queue
      const forbidden = /^readdir(Sync)? (?!.*\/\.sessions\/\.tmp$)|indexes\/(by-cwd|by-topic|sessions|feedback)\.json$|^readFile(Sync)? .*(registry|candidates|queue\/[^/]*)\.jsonl$/;
      for (const l of paths) expect(l, l).not.toMatch(forbidden);
    }
    expect(readJson(join(sb.root, "state", "codex", "me.json")).event_count).toBe(2);
  }, 120_000);
});
