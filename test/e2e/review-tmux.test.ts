// The review queue in a real terminal: a hub filled by real `hook` processes,
// then promote / edit-and-promote / dismiss with keys in tmux, and the CLI's
// `feedback list --json` must agree with what the screen showed.
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { hasTmux, keys, tmux, typeText, waitFor } from "../helpers/tmux.js";
import { runBin } from "../helpers/run-bin.js";
import { runCli } from "../helpers/run-cli.js";

const BIN = resolve("bin/omp-sessions");
const sessions: string[] = [];

afterAll(() => {
  for (const s of sessions) spawnSync("tmux", ["kill-session", "-t", s]);
});

describe.skipIf(!hasTmux || !existsSync("dist/cli.js"))("review queue in a real terminal (tmux)", () => {
  it("promote, edit-then-promote and dismiss with keys; feedback list --json agrees with the screen", async () => {
    const base = mkdtempSync(join(tmpdir(), "omp-review-e2e-"));
    const hub = join(base, "hub");
    const env = { PATH: process.env.PATH ?? "", HOME: join(base, "home"), TZ: "UTC", OMP_SESSIONS_HUB: hub, OMP_SESSIONS_NOW: "2026-06-13T18:10:00Z" };
    mkdirSync(env.HOME, { recursive: true });
    mkdirSync(join(hub, "topics", "demo", "raw", "notes"), { recursive: true });
    writeFileSync(join(hub, "topics", "demo", "log.md"), "# Log\n");
    const prompts = [
      ["2026-06-13T18:01:00Z", "t1", "No, that is the wrong file; use config.json instead."],
      ["2026-06-13T18:02:00Z", "t2", "Always run the tests before committing."],
      ["2026-06-13T18:03:00Z", "t3", "Looks good, that fixed it."],
    ];
    for (const [ts, turn, prompt] of prompts) {
      const payload = JSON.stringify({ session_id: "e2e", hook_event_name: "UserPromptSubmit", cwd: base, turn_id: turn, prompt });
      const r = await runBin(["hook", "--harness", "codex"], { input: payload, env: { ...env, OMP_SESSIONS_NOW: ts } });
      expect(r.code).toBe(0);
    }

    const name = `omp-review-e2e-${process.pid}`;
    sessions.push(name);
    const envs = Object.entries({ ...env, NO_COLOR: "1" })
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(" ");
    const cmd = `cd ${JSON.stringify(process.cwd())} && env ${envs} ${BIN} --hub ${JSON.stringify(hub)} --open feedback; rc=$?; echo; echo "EXIT=$rc"; sleep 30`;
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", cmd);

    const first = await waitFor(name, (s) => s.includes("3 new · 0 promoted · 0 dismissed"), "the queue");
    expect(first).toContain("[3 feedback]");
    expect(first.split("\n").find((l) => l.startsWith("›"))).toContain("approval");

    // dismiss the approval (under the cursor), with a reason
    await keys(name, "x");
    await waitFor(name, (s) => s.includes("reason (optional)"), "the reason prompt");
    await typeText(name, "too vague");
    await keys(name, "Enter");
    await waitFor(name, (s) => s.includes("2 new · 0 promoted · 1 dismissed"), "the dismissal");

    // edit the preference, then promote it
    await keys(name, "e");
    await waitFor(name, (s) => s.includes("Distilled lesson for"), "the lesson prompt");
    await keys(name, "C-u");
    await typeText(name, "Run the tests before every commit.");
    await keys(name, "Enter");
    await waitFor(name, (s) => s.includes("lesson edited"), "the edit");
    await keys(name, "p");
    await waitFor(name, (s) => s.includes("to which topic?"), "the picker");
    await keys(name, "Enter");
    await waitFor(name, (s) => s.includes("1 new · 1 promoted · 1 dismissed"), "the first promotion");

    // promote the correction as it is
    await keys(name, "p");
    await waitFor(name, (s) => s.includes("to which topic?"), "the picker");
    await keys(name, "Enter");
    await waitFor(name, (s) => s.includes("0 new · 2 promoted · 1 dismissed"), "the second promotion");

    // everything, as the screen shows it
    await keys(name, "s", "s", "s");
    const all = await waitFor(name, (s) => s.includes("status all"), "status all");
    const rows = all.split("\n").filter((l) => /^[› ] [◉ ] [·✓✗] /.test(l));
    const shown = Object.fromEntries(rows.map((r) => [r.match(/(correction|preference|approval)/)![1], r]));
    expect(Object.keys(shown).sort()).toEqual(["approval", "correction", "preference"]);
    expect(shown.approval).toMatch(/ ✗ +approval/);
    expect(shown.preference).toMatch(/ ✓ +preference/);
    expect(shown.preference).toContain("✎ Run the tests before every commit.");
    expect(shown.correction).toMatch(/ ✓ +correction/);
    await keys(name, "q");
    await waitFor(name, (s) => s.includes("EXIT=0"), "exit");

    const r = await runCli(["feedback", "list", "--json", "--include-dismissed", "--hub", hub], { env });
    expect(r.code).toBe(0);
    const listed = JSON.parse(r.stdout).feedback_candidates as Record<string, any>[];
    const byType = Object.fromEntries(listed.map((c) => [c.feedback_type, c]));
    expect(listed.map((c) => c.feedback_type)).toEqual(["approval", "preference", "correction"]); // the screen's order
    expect(byType.approval.dismissed).toMatchObject({ reason: "too vague" });
    expect(byType.approval.promoted).toBeNull();
    expect(byType.preference.promoted).toMatchObject({ topic: "demo" });
    expect(byType.preference.edited_lesson).toMatchObject({ text: "Run the tests before every commit." });
    expect(byType.correction.promoted).toMatchObject({ topic: "demo" });
    expect(byType.correction.edited_lesson).toBeNull();
    expect(readdirSync(join(hub, "topics", "demo", "raw", "notes")).sort()).toEqual([byType.correction.promoted.path, byType.preference.promoted.path].map((p: string) => p.split("/").pop()).sort());
    // the default listing hides the dismissed one, like the "new"/"promoted" views on screen
    const plain = JSON.parse((await runCli(["feedback", "list", "--json", "--hub", hub], { env })).stdout).feedback_candidates;
    expect(plain.map((c: { feedback_type: string }) => c.feedback_type)).toEqual(["preference", "correction"]);
  });
});
