// `doctor` on a home holding sessions with shapes no reader knows: it names
// each shape with its agent, version and file, exits 0, and says so when all
// is recognised.
import { describe, it, expect } from "vitest";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { createEnv, useEnv } from "../../src/core/env.js";
import { nativeScanAvailable, nativeScanStatus } from "../../src/core/session/read/native-scan.js";
import { formatNativeScan } from "../../src/hooks-cli/session/doctor.js";

function home(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), "omps-doctor-"));
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: dir, OMP_SESSIONS_CACHE_DIR: join(dir, "cache"), XDG_CONFIG_HOME: join(dir, "config"), XDG_DATA_HOME: join(dir, "data") };
  delete env.CLAUDE_CONFIG_DIR;
  delete env.CODEX_HOME;
  delete env.GEMINI_CLI_HOME;
  delete env.PI_CODING_AGENT_DIR;
  delete env.OMP_CODING_AGENT_DIR;
  return { dir, env };
}

const SID = "d0c70d0c-0000-4000-8000-000000000000";
const line = (o: Record<string, unknown>): string => JSON.stringify({ sessionId: SID, cwd: "/home/dev/demo", version: "2.9.999", ...o });
const firstPrompt = line({ type: "user", uuid: "u1", parentUuid: null, timestamp: "2026-12-01T10:00:00.000Z", message: { role: "user", content: "hi" } });

/** A home holding one Claude Code transcript of `lines` (joined as given): the file and the env to run in. */
function homeWith(lines: string[], end = "\n"): { file: string; env: NodeJS.ProcessEnv } {
  const { dir, env } = home();
  const project = join(dir, ".claude", "projects", "-home-dev-demo");
  mkdirSync(project, { recursive: true });
  const file = join(project, `${SID}.jsonl`);
  writeFileSync(file, lines.join("\n") + end);
  return { file, env };
}

describe("omp-sessions doctor", () => {
  it("names an invented record type with its agent, version and file, and exits 0", async () => {
    const { file, env } = homeWith([firstPrompt, line({ type: "hologram-snapshot", uuid: "h1", parentUuid: "u1", timestamp: "2026-12-01T10:00:01.000Z", frames: 3 }), line({ type: "mood-ring", color: "teal" })]);
    const r = await runCli(["doctor"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Claude Code 2.9.999");
    expect(r.stdout).toContain('record type "hologram-snapshot"');
    expect(r.stdout).toContain('record type "mood-ring"');
    expect(r.stdout).toContain(file);

    const j = await runCli(["doctor", "--json"], { env });
    expect(j.code).toBe(0);
    const report = JSON.parse(j.stdout);
    expect(report.groups).toEqual([
      {
        agent: "claude",
        version: "2.9.999",
        shapes: [
          { shape: 'record type "hologram-snapshot"', files: [file] },
          { shape: 'record type "mood-ring"', files: [file] },
        ],
      },
    ]);

    // The records are kept, marked unknown in the tree.
    const t = await runCli(["tree", file, "--json"], { env });
    const entries = JSON.parse(t.stdout).entries as { type: string }[];
    expect(entries.map((e) => e.type)).toEqual(["message", "claude_hologram_snapshot", "claude_mood_ring"]);
    const text = await runCli(["tree", file], { env });
    expect(text.stdout).toContain("unknown: claude_hologram_snapshot");
  });

  it("says every record was recognised when none is new", async () => {
    const { env } = homeWith([firstPrompt]);
    const r = await runCli(["doctor"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Every record of every session was recognised.");
    expect(r.stdout).toContain("Claude Code 1");
  });

  it("names the sessions read with damaged lines left out, with the lines (they list as valid)", async () => {
    const { file, env } = homeWith(
      [
        firstPrompt,
        '{"type":"assistant","retryInMs":[REDACTED]312349}',
        line({ type: "user", uuid: "u2", parentUuid: "u1", timestamp: "2026-12-01T10:00:02.000Z", message: { role: "user", content: "again" } }),
        '{"type":"user","uuid":"u3","mess',
      ],
      "",
    );
    const r = await runCli(["doctor"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Sessions read with lines left out`);
    expect(r.stdout).toContain(`  Claude Code  ${file}\n    not valid JSON, skipped — line 2\n    truncated last line (not valid JSON), skipped — line 4\n`);
    const report = JSON.parse((await runCli(["doctor", "--json"], { env })).stdout);
    expect(report.skipped).toEqual([
      {
        agent: "claude",
        file,
        warnings: [
          { line: 2, message: "not valid JSON, skipped" },
          { line: 4, message: "truncated last line (not valid JSON), skipped" },
        ],
      },
    ]);
  });
});

describe("omp-sessions doctor and ls on Google's Antigravity (another agent's data, not read)", () => {
  // Antigravity keeps its conversations under ~/.gemini/ beside Gemini CLI's chats: the CLI's
  // `conversations/<id>.db` (SQLite of protobuf blobs) with its `-wal`, each conversation's `brain/<id>/`,
  // a `history.jsonl` of typed prompts; the desktop app's `conversations/<id>.pb`. None is a Gemini CLI chat.
  function antigravityHome(): { dir: string; env: NodeJS.ProcessEnv } {
    const h = home();
    const cli = join(h.dir, ".gemini", "antigravity-cli");
    const a = "6b284218-0000-4000-8000-000000000001";
    const b = "d580aa81-0000-4000-8000-000000000002";
    const c = "9ab60803-0000-4000-8000-000000000003";
    mkdirSync(join(cli, "conversations"), { recursive: true });
    mkdirSync(join(cli, "brain", a, ".system_generated", "logs"), { recursive: true });
    mkdirSync(join(cli, "brain", c), { recursive: true });
    writeFileSync(join(cli, "conversations", `${a}.db`), "");
    writeFileSync(join(cli, "conversations", `${a}.db-wal`), "");
    writeFileSync(join(cli, "conversations", `${b}.db`), "");
    writeFileSync(join(cli, "history.jsonl"), JSON.stringify({ display: "hello", timestamp: 1781626171042, workspace: "/home/dev", conversationId: a }) + "\n");
    const app = join(h.dir, ".gemini", "antigravity", "conversations");
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, `${b}.pb`), "");
    return h;
  }

  it("doctor names each Antigravity folder found with its conversations counted, in text and --json", async () => {
    const { dir, env } = antigravityHome();
    const r = await runCli(["doctor"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      `Found and not read (another agent's data: omp-sessions has no reader for it, so its conversations are not listed):\n` +
        `  Antigravity CLI  ${join(dir, ".gemini", "antigravity-cli")}  (3 conversations)\n` +
        `  Antigravity (desktop app)  ${join(dir, ".gemini", "antigravity")}  (1 conversation)\n`,
    );
    const report = JSON.parse((await runCli(["doctor", "--json"], { env })).stdout);
    expect(report.notRead).toEqual([
      { agent: "antigravity-cli", label: "Antigravity CLI", dir: join(dir, ".gemini", "antigravity-cli"), conversations: 3 },
      { agent: "antigravity", label: "Antigravity (desktop app)", dir: join(dir, ".gemini", "antigravity"), conversations: 1 },
    ]);
    expect(report.sessions).toEqual({});
  });

  it("an empty ls says the Antigravity folder was found and not read", async () => {
    const { env } = antigravityHome();
    const r = await runCli(["ls", "--all"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("No sessions.");
    expect(r.stdout).toContain("Found and not read: Antigravity CLI: ~/.gemini/antigravity-cli (3 conversations; omp-sessions has no reader for it)");
  });

  it("says nothing of it when no Antigravity folder is there, or when dirs are given", async () => {
    const { env } = homeWith([firstPrompt]);
    expect(JSON.parse((await runCli(["doctor", "--json"], { env })).stdout).notRead).toEqual([]);
    const h = antigravityHome();
    const given = JSON.parse((await runCli(["doctor", "--json", join(h.dir, ".gemini")], { env: h.env })).stdout);
    expect(given.notRead).toEqual([]);
  });
});

describe("omp-sessions doctor on the native line scanner", () => {
  it("says whether it is in use or turned off by OMP_SESSIONS_NATIVE=0, as a line of text and in --json, and exits 0 either way", async () => {
    const { env } = homeWith([firstPrompt]);
    delete env.OMP_SESSIONS_NATIVE;
    const on = await runCli(["doctor", "--json"], { env });
    expect(on.code, on.stderr).toBe(0);
    const state = JSON.parse(on.stdout).nativeScanner;
    // In use where this checkout built it (npm ci does), else not built, saying how to build it.
    if (nativeScanAvailable()) expect(state).toEqual({ state: "in use", file: join(process.cwd(), "build", "Release", "omp_sessions_scan.node") });
    else expect(state).toEqual({ state: "not built", install: join(process.cwd(), "native", "install.mjs") });
    const text = await runCli(["doctor"], { env });
    expect(text.stdout.split("\n")[1]).toBe(
      nativeScanAvailable()
        ? `Native line scanner (a faster tree --json; optional): in use (${state.file})`
        : `Native line scanner (a faster tree --json; optional): not built, the JavaScript reader is used (build it: node ${state.install})`,
    );

    const off = { ...env, OMP_SESSIONS_NATIVE: "0" };
    const j = await runCli(["doctor", "--json"], { env: off });
    expect(j.code, j.stderr).toBe(0);
    expect(JSON.parse(j.stdout).nativeScanner).toEqual({ state: "turned off", by: "OMP_SESSIONS_NATIVE=0" });
    const t = await runCli(["doctor"], { env: off });
    expect(t.code).toBe(0);
    expect(t.stdout).toContain("\nNative line scanner (a faster tree --json; optional): turned off by OMP_SESSIONS_NATIVE=0, the JavaScript reader is used\n");
    expect(t.stdout).toContain("Every record of every session was recognised.");
  });

  it("says a scanner that failed to load (a Node upgrade since it was built), with the error's first line and how to rebuild it", () => {
    const dir = mkdtempSync(join(tmpdir(), "omps-doctor-native-"));
    const file = join(dir, "omp_sessions_scan.node");
    writeFileSync(file, "built for another Node\n");
    const restore = useEnv(createEnv({ nativeScanAddon: file }));
    let status;
    try {
      status = nativeScanStatus();
    } finally {
      restore();
    }
    expect(status.state).toBe("failed to load");
    const line = formatNativeScan(status);
    expect(line).toMatch(/^Native line scanner \(a faster tree --json; optional\): failed to load, the JavaScript reader is used: [^\n]+ \(rebuild it: node native\/install\.mjs in the package's folder\)$/);
    if (status.state === "failed to load") expect(line).toContain(status.error);
  });
});
